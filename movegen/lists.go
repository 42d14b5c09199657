package movegen

import (
	"bitlab/board"
	"bitlab/kernels"
	"bitlab/kernels/generic"
)

// The move lists of the factors whose techniques are kernels: add,
// addPawns and addLeaper written around a kernel's call, each calling its
// family's baseline here and, in a configuration's copy
// (internal/configs), the configuration's kernel. Their lists are written
// at l.N mod MaxMoves, which spares a bounds check.

// addSquares is add by a serialize kernel, which writes the target
// squares ([generic.SerializeForward] here): the serialize factor's.
func (l *MoveList) addSquares(from board.Square, targets uint64, kind int) {
	var sq [64]board.Square
	n := generic.SerializeForward(&sq, targets)
	for _, to := range sq[:n&63] {
		l.push(newMove(from, to, kind))
	}
}

// addPawnsSquares is addPawns by a serialize kernel. (The loop over the
// squares is written out here and in addPawnsColored: a function for it
// would be over Go's inlining budget, and a call per square would be part
// of what the factors compare.)
func (l *MoveList) addPawnsSquares(targets uint64, delta int, kind int) {
	var sq [64]board.Square
	n := generic.SerializeForward(&sq, targets)
	for _, to := range sq[:n&63] {
		from := (to - board.Square(delta)) & 63
		if to.Bitboard()&(rank1|rank8) == 0 {
			l.push(newMove(from, to, kind))
			continue
		}
		for k := PromoKnight; k <= PromoQueen; k++ {
			l.push(newMove(from, to, k))
		}
	}
}

// addColored is add by a serialize-color kernel, which writes the target
// squares in an order that depends on the side to move
// ([generic.SerializeColorFlipBranchy] here): the order factor's.
func (l *MoveList) addColored(side board.Color, from board.Square, targets uint64, kind int) {
	var sq [64]board.Square
	n := generic.SerializeColorFlipBranchy(&sq, kernels.ColoredBB{BB: targets, Side: side})
	for _, to := range sq[:n&63] {
		l.push(newMove(from, to, kind))
	}
}

// addPawnsColored is addPawns by a serialize-color kernel.
func (l *MoveList) addPawnsColored(side board.Color, targets uint64, delta int, kind int) {
	var sq [64]board.Square
	n := generic.SerializeColorFlipBranchy(&sq, kernels.ColoredBB{BB: targets, Side: side})
	for _, to := range sq[:n&63] {
		from := (to - board.Square(delta)) & 63
		if to.Bitboard()&(rank1|rank8) == 0 {
			l.push(newMove(from, to, kind))
			continue
		}
		for k := PromoKnight; k <= PromoQueen; k++ {
			l.push(newMove(from, to, k))
		}
	}
}

// addListed is addLeaper by a movelist kernel ([generic.MovelistLoop]
// here), which writes the target set's quiet moves (kernels.Move's bits
// are a quiet Move's): all eight slots are copied, no loop over the
// targets (magic-hash's precomputed lists, [cpw-serialization]): the moves
// factor's.
func (l *MoveList) addListed(piece board.Piece, from board.Square, targets uint64) {
	var d [8]kernels.Move
	n := generic.MovelistLoop(&d, kernels.Targets{BB: targets, From: from, Piece: piece})
	for i, m := range d {
		l.Moves[(l.N+i)&(MaxMoves-1)] = Move(m)
	}
	l.N += n
}

// push appends a move.
func (l *MoveList) push(m Move) {
	l.Moves[l.N&(MaxMoves-1)] = m
	l.N++
}
