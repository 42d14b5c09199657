package movegen

import (
	"math/bits"

	"bitlab/board"
	"bitlab/kernels/generic"
)

// MaxMoves bounds the moves a MoveList holds: a power of two, since the
// generated serializers wrap their index below it (which spares them a
// bounds check), above the most legal moves any position FromBoard
// accepts can have: 323 by its piece counts (a king, 9 queens, 2 rooks, 2
// bishops and 2 knights at their most mobile, and 2 castlings;
// TestMoveListBound works it out). A position reachable in a game has at
// most 218 ([max-moves]), but FromBoard cannot tell reachable positions.
const MaxMoves = 512

// listSlack is the room a MoveList has past MaxMoves for the vector
// serializer (serialize=avx512-vbmi2), which stores whole 64-byte vectors
// at the list's end: a call writes up to 64 moves from the index it
// starts at (the moves, then scratch), which it wraps below MaxMoves as the
// other generated serializers wrap theirs, so that no store leaves the
// array whatever the position. A position's moves never reach MaxMoves,
// so no index wraps.
const listSlack = 64

// MoveList is a fixed-capacity list of moves, kept on the stack. Moves
// has listSlack entries past MaxMoves, scratch for vector stores.
type MoveList struct {
	Moves [MaxMoves + listSlack]Move
	N     int
}

// Slice returns the list's moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// count is the generator's population count ([DefaultConfig]'s
// count=mathbits: POPCNT from GOAMD64=v2); the count factor's
// configurations call countKernel instead.
func count(b uint64) int { return bits.OnesCount64(b) }

// countKernel is count by a popcount kernel: the family's baseline,
// [generic.PopcountKernighan], here, and each count configuration's
// kernel in its copy (internal/configs).
func countKernel(b uint64) int { return int(generic.PopcountKernighan(b)) }

// setCounter is how the generator counts the target sets of a ply it does
// not expand: one count per set as it comes ([DefaultConfig]'s; empty, so
// that the generator keeps its count in a register). A batch technique's
// copies count on their own type (count=archsimd-vpopcnt's batchCounter)
// through the same two methods: what a set adds to the count now, and what
// is left at the end. (The promotions' word, counted three times, and the
// castlings' and en-passant captures' squares are counted by count on
// their own.)
type setCounter struct{}

// count returns the moves to the squares of one target set: count's
// POPCNT, written here rather than by a call of count, which would be one
// more inlined call in the generator, and leave its mark (a NOP) in the
// generator's loops; the count factor's configurations call countKernel
// instead.
func (setCounter) count(b uint64) int { return bits.OnesCount64(b) }

// countByKernel is count by a popcount kernel, as the function countKernel
// is (and, for the same reason as count, not by a call of it).
func (setCounter) countByKernel(b uint64) int { return int(generic.PopcountKernighan(b)) }

// rest returns the moves of the sets counted but not yet returned: none.
func (setCounter) rest() int { return 0 }

// add appends a move from one square to each square of targets, serialized
// in place by TZCNT and BLSR ([DefaultConfig]'s serialize=inline); the
// serialize and order factors' configurations call a kernel's version
// (lists.go) instead.
func (l *MoveList) add(from board.Square, targets uint64, kind int) {
	for ; targets != 0; targets &= targets - 1 {
		l.Moves[l.N] = newMove(from, board.Square(bits.TrailingZeros64(targets)), kind)
		l.N++
	}
}

// addLeaper appends the quiet moves of side us's king or knight (piece)
// from the square from to each square of targets: serialized like every
// other piece's ([DefaultConfig]'s moves=serialize). The moves factor's
// configurations list them by a movelist kernel (addListed) instead, and
// the serialize and order factors' call their version of add in its place.
func (l *MoveList) addLeaper(us board.Color, piece board.Piece, from board.Square, targets uint64) {
	l.add(from, targets, Quiet)
}

// addPawns appends a pawn move to each square of targets, from the square
// delta below it (mod 64); to the last rank as four promotions.
func (l *MoveList) addPawns(targets uint64, delta int, kind int) {
	for ; targets != 0; targets &= targets - 1 {
		to := board.Square(bits.TrailingZeros64(targets))
		from := (to - board.Square(delta)) & 63
		if to.Bitboard()&(rank1|rank8) == 0 {
			l.Moves[l.N] = newMove(from, to, kind)
			l.N++
			continue
		}
		for k := PromoKnight; k <= PromoQueen; k++ {
			l.Moves[l.N] = newMove(from, to, k)
			l.N++
		}
	}
}

// masks are what legality needs beyond the position, for the side to move
// (generate computes them).
type masks struct {
	checkers uint64 // enemy pieces giving check
	check    uint64 // squares a move other than the king's must land on
	pinHV    uint64 // rank and file pin rays: king to pinner, pinner included
	pinD     uint64 // diagonal pin rays
}

// rookLines[s] and bishopLines[s] are the squares a rook and a bishop on s
// attack on the empty board: board's line masks, ORed into one table each.
var rookLines, bishopLines = func() (rook, bishop [64]uint64) {
	for s := range rook {
		rook[s] = board.FileMasks()[s] | board.RankMasks()[s]
		bishop[s] = board.DiagonalMasks()[s] | board.AntiDiagonalMasks()[s]
	}
	return rook, bishop
}()

// reach is where the enemy's pieces can attack a set of squares from: the
// squares from which a knight, a bishop or a rook on the empty board
// attacks one of them (a queen's are the bishop's and the rook's).
type reach struct{ knight, bishop, rook uint64 }

// reachOf returns the reach of the squares of b.
func reachOf(b uint64) reach {
	var r reach
	for ; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		r.knight |= board.KnightAttacks()[s]
		r.bishop |= bishopLines[s]
		r.rook |= rookLines[s]
	}
	return r
}

// kingReach[s] is the reach of the squares a king on s steps to: the
// enemy pieces the danger map looks at when the king does not castle.
var kingReach = func() (r [64]reach) {
	for s := range r {
		r[s] = reachOf(board.KingAttacks()[s])
	}
	return r
}()

// Moves writes the legal moves of the position to l, with the default
// slider.
func (p *Position) Moves(l *MoveList) {
	l.N = 0
	p.generateAny(l)
}

// Count returns the number of legal moves of the position: the moves
// Moves would write, counted set-wise (a popcount per piece) without
// listing them.
func (p *Position) Count() int { return p.generateAny(nil) }

// generateAny is generate for the side to move.
func (p *Position) generateAny(l *MoveList) int {
	switch {
	case l == nil && p.Side == board.White:
		return generate[white, black, counts](p, nil)
	case l == nil:
		return generate[black, white, counts](p, nil)
	case p.Side == board.White:
		return generate[white, black, lists](p, l)
	}
	return generate[black, white, lists](p, l)
}

// Pawn geometry per side, as functions the side-specialized generator
// folds to constants (tables would be loads).

// pushStep returns the rotation (left, mod 64) of side c's pawn push: 8 or
// -8.
func pushStep(c board.Color) int { return 8 - 16*int(c) }

// captureA returns the rotation of side c's pawn capture toward the a-file.
func captureA(c board.Color) int { return 7 - 16*int(c) }

// captureH returns the rotation of side c's pawn capture toward the h-file.
func captureH(c board.Color) int { return 9 - 16*int(c) }

// doubleRank returns the rank side c's single pushes reach from which a
// double push continues: the third.
func doubleRank(c board.Color) uint64 { return 0xFF << (16 + 24*c) }

// promotionRank returns the rank from which side c's pawns promote: the
// seventh.
func promotionRank(c board.Color) uint64 { return 0xFF << (48 - 40*c) }

// generate counts the legal moves of side Us, which is to move (Them the
// other), and with J = lists writes them to l (with J = counts, l is nil);
// with J = expands it returns the sum of the legal moves of the children
// instead, each move played in place and taken back (leaf.go), no list
// written (l is nil), each child's count a direct call of generate for
// Them.
func generate[Us, Them side, J job](p *Position, l *MoveList) int {
	us := sideOf[Us]()
	them := us ^ 1
	own, opp := p.Colors[us], p.Colors[them]
	mine := &p.Pieces[us]
	k := p.king(us)
	// The checkers, the check mask and the pin rays. One scan finds the
	// checking sliders and the pinners: the enemy rooks, bishops and
	// queens the king sees through our own pieces (the sliders read the
	// enemy's occupancy as a representation keeps it: occupiedBy,
	// repr.go), a checker with none of ours between, a pinner with
	// exactly one. A slider is looked up only when an enemy slider stands
	// on one of the king's lines on the empty board (rookLines,
	// bishopLines): mostly none does.
	//
	// This section and the danger map below are written in place, not as
	// functions: Go's register ABI saves no register across a call, so a
	// call here spills every live value of the generator (perft measured
	// 3-8% slower with the two as functions).
	e := &p.Pieces[them]
	rq, bq := e[board.Rook]|e[board.Queen], e[board.Bishop]|e[board.Queen]
	m := masks{checkers: board.KnightAttacks()[k]&e[board.Knight] | pawnAttacks[us][k]&e[board.Pawn]}
	enemy := p.occupiedBy(them)
	if rq&rookLines[k] != 0 {
		for s := rookAttacks(k, enemy) & rq; s != 0; s &= s - 1 {
			ray := between[k][bits.TrailingZeros64(s)]
			switch ours := ray & own; {
			case ours == 0:
				m.checkers |= s & -s
			case ours&(ours-1) == 0:
				m.pinHV |= ray | s&-s
			}
		}
	}
	if bq&bishopLines[k] != 0 {
		for s := bishopAttacks(k, enemy) & bq; s != 0; s &= s - 1 {
			ray := between[k][bits.TrailingZeros64(s)]
			switch ours := ray & own; {
			case ours == 0:
				m.checkers |= s & -s
			case ours&(ours-1) == 0:
				m.pinD |= ray | s&-s
			}
		}
	}
	switch {
	case m.checkers == 0:
		m.check = ^uint64(0)
	case m.checkers&(m.checkers-1) == 0:
		m.check = m.checkers | between[k][bits.TrailingZeros64(m.checkers)&63]
	}
	n := 0
	var sets setCounter // the target sets counted into n
	// What the moves of our piece from from to targets add to n: their
	// number, or with J = expands their children's moves (leaf.go).
	// (A piece or pawn set without moves has no children: no call.)
	tally := func(piece board.Piece, from board.Square, targets uint64) int {
		if expanding[J]() {
			if targets == 0 {
				return 0
			}
			return childMoves[Us, Them](p, piece, from, targets)
		}
		return sets.count(targets)
	}
	pawnChildren := func(targets uint64, delta int) int {
		if targets == 0 {
			return 0
		}
		return childPawns[Us, Them](p, targets, delta)
	}
	// The sliders' moves.
	slider := func(piece board.Piece, from board.Square, targets uint64) {
		if listing[J]() {
			l.add(from, targets, Quiet)
		}
		n += tally(piece, from, targets)
	}
	// The king's and the knights' quiet moves (addLeaper).
	leaper := func(piece board.Piece, from board.Square, targets uint64) {
		if listing[J]() {
			l.addLeaper(us, piece, from, targets)
		}
		n += tally(piece, from, targets)
	}
	// A castling or an en-passant capture, from from to to: rare, one
	// move, expanded by play.
	special := func(from, to board.Square, kind int) {
		if listing[J]() {
			l.add(from, to.Bitboard(), kind)
		}
		if expanding[J]() {
			n += childPlayed[Us, Them](p, from, to, kind)
		} else {
			n++
		}
	}
	// The king's moves and castlings. The danger map is computed only
	// when the king has a square to step to or a castling whose squares
	// are empty: a king boxed in by its own pieces needs none.
	//
	// The side's two castlings, kingside and queenside, are written out
	// rather than looped over: a loop's index and the rights found would
	// live on the stack (the generator keeps more values than there are
	// registers).
	occ := p.Occupied
	kingMoves := board.KingAttacks()[k] &^ own
	var castlings uint8 // rights whose squares are empty, to test for attacks
	kingside, queenside := &castles[p.setup][2*us], &castles[p.setup][2*us+1]
	if m.checkers == 0 && p.Castling&sideRights(us) != 0 {
		castlings = p.Castling & (emptyRights(occ, kingside) | emptyRights(occ, queenside))
	}
	if kingMoves != 0 || castlings != 0 {
		// The danger map: the squares of targets the enemy attacks through
		// our king, which is removed from the occupancy the sliders read
		// (withoutKing, repr.go) so that it cannot step back along a
		// checking ray. Only the knights and sliders that reach the king's
		// squares (and the castlings', castleReach) on the empty board are
		// looked at, and a slider is looked up only when its lines meet
		// targets.
		targets, r := kingMoves, &kingReach[k]
		if castlings != 0 {
			targets |= kingside.safe | queenside.safe
			r = &castleReach[p.setup][us]
		}
		attacked := board.KingAttacks()[p.king(them)]
		if pawns := e[board.Pawn]; them == board.White {
			attacked |= (pawns<<7)&^fileH | (pawns<<9)&^fileA
		} else {
			attacked |= (pawns>>9)&^fileH | (pawns>>7)&^fileA
		}
		for b := e[board.Knight] & r.knight; b != 0; b &= b - 1 {
			attacked |= board.KnightAttacks()[bits.TrailingZeros64(b)]
		}
		kingless := p.withoutKing(p.occupied(), us, k)
		for b := bq & r.bishop; b != 0; b &= b - 1 {
			if s := board.Square(bits.TrailingZeros64(b)); bishopLines[s]&targets != 0 {
				attacked |= bishopAttacks(s, kingless)
			}
		}
		for b := rq & r.rook; b != 0; b &= b - 1 {
			if s := board.Square(bits.TrailingZeros64(b)); rookLines[s]&targets != 0 {
				attacked |= rookAttacks(s, kingless)
			}
		}
		attacked &= targets
		leaper(board.King, k, kingMoves&^attacked)
		// (Chess960's xray square, beyond the castling rook, never holds
		// a bit in standard chess.)
		castle := func(c *castle) {
			if castlings&c.rights != 0 && attacked&c.safe == 0 && c.xray&rq == 0 {
				special(k, c.to, Castle)
			}
		}
		if castlings != 0 {
			castle(kingside)
			castle(queenside)
		}
	}
	if m.check == 0 {
		return n + sets.rest() // double check: only the king moves
	}
	sliding := p.occupied() // occ as the sliders read it
	movable := ^own & m.check
	pinned := m.pinHV | m.pinD
	for b := mine[board.Knight] &^ pinned; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		leaper(board.Knight, s, board.KnightAttacks()[s]&movable)
	}
	// The sliders no pin holds, then the pinned ones (rare), each along its
	// pin ray only: the rooks and queens pinned on a rank or file as
	// rooks, the bishops and queens pinned on a diagonal as bishops (a
	// bishop pinned on a rank or file, or a rook on a diagonal, cannot
	// move). A queen's rook and bishop moves are one target set (the two
	// never share a square), counted once.
	for b := mine[board.Bishop] &^ pinned; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		slider(board.Bishop, s, bishopAttacks(s, sliding)&movable)
	}
	for b := mine[board.Rook] &^ pinned; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		slider(board.Rook, s, rookAttacks(s, sliding)&movable)
	}
	for b := mine[board.Queen] &^ pinned; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		slider(board.Queen, s, (rookAttacks(s, sliding)|bishopAttacks(s, sliding))&movable)
	}
	if pinned != 0 {
		queens := mine[board.Queen]
		for b := (mine[board.Rook] | queens) & m.pinHV; b != 0; b &= b - 1 {
			s := board.Square(bits.TrailingZeros64(b))
			slider(pinnedAs(board.Rook, queens, b), s, rookAttacks(s, sliding)&movable&m.pinHV)
		}
		for b := (mine[board.Bishop] | queens) & m.pinD; b != 0; b &= b - 1 {
			s := board.Square(bits.TrailingZeros64(b))
			slider(pinnedAs(board.Bishop, queens, b), s, bishopAttacks(s, sliding)&movable&m.pinD)
		}
	}
	// Pawns, set-wise: the pawns no pin holds push and capture; a pinned
	// pawn (rare: tested for) moves along its pin ray only, pushing when
	// pinned on a file and capturing its pinner when pinned on a diagonal
	// (its other moves leave the ray; none lands on another pin ray).
	pawns := mine[board.Pawn]
	empty := ^occ
	free := pawns &^ pinned
	single := bits.RotateLeft64(free, pushStep(us))
	capA, capH := bits.RotateLeft64(free, captureA(us)), bits.RotateLeft64(free, captureH(us))
	if held := pawns & pinned; held != 0 {
		single |= bits.RotateLeft64(held&m.pinHV, pushStep(us)) & m.pinHV
		capA |= bits.RotateLeft64(held&m.pinD, captureA(us)) & m.pinD
		capH |= bits.RotateLeft64(held&m.pinD, captureH(us)) & m.pinD
	}
	single &= empty
	double := bits.RotateLeft64(single&doubleRank(us), pushStep(us)) & empty & m.check
	single &= m.check
	capA &= opp & m.check &^ fileH
	capH &= opp & m.check &^ fileA
	// Counted with three popcounts rather than seven: a single push never
	// lands on the two ranks behind the side's pawns, so the double pushes
	// are moved there (from the fourth rank to the second: a rotation by
	// two pushes back). The promotions, only while a pawn stands on the
	// seventh rank, with one more: those of the three sets (each on the
	// last rank, one byte) are moved to three bytes of one word, counted
	// three more times since each promotion is four moves.
	if expanding[J]() {
		n += pawnChildren(single, pushStep(us)) + pawnChildren(double, 2*pushStep(us)) +
			pawnChildren(capA, captureA(us)) + pawnChildren(capH, captureH(us))
	} else {
		n += sets.count(single|bits.RotateLeft64(double, -2*pushStep(us))) + sets.count(capA) + sets.count(capH)
		if pawns&promotionRank(us) != 0 {
			promo := uint64(rank1 | rank8)
			n += 3 * count(single&promo|bits.RotateLeft64(capA&promo, 8)|bits.RotateLeft64(capH&promo, 16))
		}
	}
	if listing[J]() {
		l.addPawns(single, pushStep(us), Quiet)
		l.addPawns(double, 2*pushStep(us), DoublePush)
		l.addPawns(capA, captureA(us), Quiet)
		l.addPawns(capH, captureH(us), Quiet)
	}
	if p.EP != board.NoSquare {
		for b := pawnAttacks[them][p.EP&63] & pawns; b != 0; b &= b - 1 {
			from := board.Square(bits.TrailingZeros64(b))
			if enPassantLegal[Us](p, from, k) {
				special(from, p.EP, EnPassant)
			}
		}
	}
	return n + sets.rest()
}

// pinnedAs returns the piece on the lowest square of b: a queen if queens
// holds it, else pc.
func pinnedAs(pc board.Piece, queens, b uint64) board.Piece {
	if queens&(b&-b) != 0 {
		return board.Queen
	}
	return pc
}

// enPassantLegal reports whether the en-passant capture from from leaves
// our king on k unattacked: with both pawns gone and ours on the target
// square, no enemy slider sees the king (this covers pins, the rank on
// which both pawns stood, and checks the capture does not answer), and a
// check by the captured pawn itself is answered.
func enPassantLegal[Us side](p *Position, from, k board.Square) bool {
	us := sideOf[Us]()
	them := us ^ 1
	e := &p.Pieces[them]
	capSq := board.NewSquare(p.EP.File(), from.Rank())
	captured := capSq.Bitboard()
	occ := p.toggled(p.toggled(p.toggled(p.occupied(), from), capSq), p.EP) // the target square was empty
	if rookAttacks(k, occ)&(e[board.Rook]|e[board.Queen]) != 0 ||
		bishopAttacks(k, occ)&(e[board.Bishop]|e[board.Queen]) != 0 {
		return false
	}
	// Knights and pawns still attacking the king give check the capture
	// does not answer (the captured pawn is gone from e only in effect).
	return board.KnightAttacks()[k]&e[board.Knight] == 0 && pawnAttacks[us][k]&e[board.Pawn]&^captured == 0
}
