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

// masks are what legality needs beyond the position, for the side to move.
type masks struct {
	checkers uint64 // enemy pieces giving check
	check    uint64 // squares a move other than the king's must land on
	pinHV    uint64 // rank and file pin rays: king to pinner, pinner included
	pinD     uint64 // diagonal pin rays
	danger   uint64 // squares the enemy attacks through our king
}

// masks computes the checkers, the check mask, the pin rays and the king
// danger squares of the side to move. The sliders read the occupancy a
// representation keeps (occupied, occupiedBy, withoutKing: repr.go).
func (p *Position) masks() masks {
	us, them := p.Side, p.Side^1
	e := &p.Pieces[them]
	k := p.king(us)
	occ := p.occupied()
	var m masks
	rq, bq := e[board.Rook]|e[board.Queen], e[board.Bishop]|e[board.Queen]
	m.checkers = board.KnightAttacks()[k]&e[board.Knight] | pawnAttacks[us][k]&e[board.Pawn] |
		p.slidersChecking(k, occ, rq, bq, rookAttacks(k, occ)&rq|bishopAttacks(k, occ)&bq)
	switch bits.OnesCount64(m.checkers) {
	case 0:
		m.check = ^uint64(0)
	case 1:
		m.check = m.checkers | between[k][bits.TrailingZeros64(m.checkers)]
	}
	// Pins: the enemy sliders seen from the king through our pieces, with
	// exactly one of ours between.
	own := p.Colors[us]
	for s := rookAttacks(k, p.occupiedBy(them)) & rq; s != 0; s &= s - 1 {
		ray := between[k][bits.TrailingZeros64(s)]
		if ray&own != 0 && (ray&own)&(ray&own-1) == 0 {
			m.pinHV |= ray | s&-s
		}
	}
	for s := bishopAttacks(k, p.occupiedBy(them)) & bq; s != 0; s &= s - 1 {
		ray := between[k][bits.TrailingZeros64(s)]
		if ray&own != 0 && (ray&own)&(ray&own-1) == 0 {
			m.pinD |= ray | s&-s
		}
	}
	// Danger: every square the enemy attacks, our king removed so that it
	// cannot step back along a checking ray.
	occ = p.withoutKing(occ, us, k)
	pawns := e[board.Pawn]
	if them == board.White {
		m.danger = (pawns<<7)&^fileH | (pawns<<9)&^fileA
	} else {
		m.danger = (pawns>>9)&^fileH | (pawns>>7)&^fileA
	}
	m.danger |= board.KingAttacks()[p.king(them)]
	for b := e[board.Knight]; b != 0; b &= b - 1 {
		m.danger |= board.KnightAttacks()[bits.TrailingZeros64(b)]
	}
	for b := bq; b != 0; b &= b - 1 {
		m.danger |= bishopAttacks(board.Square(bits.TrailingZeros64(b)), occ)
	}
	for b := rq; b != 0; b &= b - 1 {
		m.danger |= rookAttacks(board.Square(bits.TrailingZeros64(b)), occ)
	}
	return m
}

// Moves writes the legal moves of the position to l, with the default
// slider.
func (p *Position) Moves(l *MoveList) {
	l.N = 0
	p.generate(l)
}

// Count returns the number of legal moves of the position: the moves
// Moves would write, counted set-wise (a popcount per piece) without
// listing them.
func (p *Position) Count() int { return p.generate(nil) }

// Pawn geometry per side: the shift (as a left rotation) of a push and of
// the captures toward the a- and the h-file, and the rank a single push
// reaches from which a double push continues.
var (
	pushStep   = [2]int{8, -8}
	captureA   = [2]int{7, -9}
	captureH   = [2]int{9, -7}
	doubleRank = [2]uint64{0xFF << 16, 0xFF << 40}
)

// generate counts the legal moves, and writes them to l unless l is nil.
func (p *Position) generate(l *MoveList) int {
	us, them := p.Side, p.Side^1
	own, opp := p.Colors[us], p.Colors[them]
	mine := &p.Pieces[us]
	k := p.king(us)
	m := p.masks()
	n := 0
	emit := func(from board.Square, targets uint64, kind int) {
		if l != nil {
			l.add(from, targets, kind)
		}
		n += count(targets)
	}
	// The king's and the knights' quiet moves (addLeaper).
	leaper := func(piece board.Piece, from board.Square, targets uint64) {
		if l != nil {
			l.addLeaper(us, piece, from, targets)
		}
		n += count(targets)
	}
	leaper(board.King, k, board.KingAttacks()[k]&^own&^m.danger)
	if m.check == 0 {
		return n // double check: only the king moves
	}
	occ := p.Occupied
	sliding := p.occupied() // occ as the sliders read it
	if m.checkers == 0 {
		// Chess960's xray square, beyond the castling rook, never holds
		// a bit in standard chess: the test stops at c.xray == 0.
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			c := &castles[p.setup][i]
			if p.Castling&c.rights != 0 && occ&c.empty == 0 && m.danger&c.safe == 0 &&
				(c.xray == 0 || c.xray&(p.Pieces[them][board.Rook]|p.Pieces[them][board.Queen]) == 0) {
				emit(k, c.to.Bitboard(), Castle)
			}
		}
	}
	movable := ^own & m.check
	pinned := m.pinHV | m.pinD
	for b := mine[board.Knight] &^ pinned; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		leaper(board.Knight, s, board.KnightAttacks()[s]&movable)
	}
	for b := (mine[board.Bishop] | mine[board.Queen]) &^ m.pinHV; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		a := bishopAttacks(s, sliding) & movable
		if m.pinD&(b&-b) != 0 {
			a &= m.pinD
		}
		emit(s, a, Quiet)
	}
	for b := (mine[board.Rook] | mine[board.Queen]) &^ m.pinD; b != 0; b &= b - 1 {
		s := board.Square(bits.TrailingZeros64(b))
		a := rookAttacks(s, sliding) & movable
		if m.pinHV&(b&-b) != 0 {
			a &= m.pinHV
		}
		emit(s, a, Quiet)
	}
	// Pawns, set-wise: pushes by pawns not pinned diagonally (a rank or
	// file pin lets them push along it), captures by pawns not pinned on a
	// rank or file (a diagonal pin lets them capture along it).
	pawns := mine[board.Pawn]
	empty := ^occ
	push := pawns &^ m.pinD
	single := (bits.RotateLeft64(push&^m.pinHV, pushStep[us]) | bits.RotateLeft64(push&m.pinHV, pushStep[us])&m.pinHV) & empty
	double := bits.RotateLeft64(single&doubleRank[us], pushStep[us]) & empty & m.check
	single &= m.check
	capturers := pawns &^ m.pinHV
	capture := func(step int, edge uint64) uint64 {
		free := bits.RotateLeft64(capturers&^m.pinD, step) | bits.RotateLeft64(capturers&m.pinD, step)&m.pinD
		return free &^ edge & opp & m.check
	}
	capA, capH := capture(captureA[us], fileH), capture(captureH[us], fileA)
	promo := uint64(rank1 | rank8)
	// Each promotion is four moves.
	n += count(single) + count(double) + count(capA) + count(capH) +
		3*(count(single&promo)+count(capA&promo)+count(capH&promo))
	if l != nil {
		l.addPawns(single, pushStep[us], Quiet)
		l.addPawns(double, 2*pushStep[us], DoublePush)
		l.addPawns(capA, captureA[us], Quiet)
		l.addPawns(capH, captureH[us], Quiet)
	}
	if p.EP != board.NoSquare {
		for b := pawnAttacks[them][p.EP] & pawns; b != 0; b &= b - 1 {
			from := board.Square(bits.TrailingZeros64(b))
			if p.enPassantLegal(from, k) {
				emit(from, p.EP.Bitboard(), EnPassant)
			}
		}
	}
	return n
}

// enPassantLegal reports whether the en-passant capture from from leaves
// our king on k unattacked: with both pawns gone and ours on the target
// square, no enemy slider sees the king (this covers pins, the rank on
// which both pawns stood, and checks the capture does not answer), and a
// check by the captured pawn itself is answered.
func (p *Position) enPassantLegal(from, k board.Square) bool {
	them := p.Side ^ 1
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
	return board.KnightAttacks()[k]&e[board.Knight] == 0 && pawnAttacks[p.Side][k]&e[board.Pawn]&^captured == 0
}
