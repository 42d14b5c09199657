package movegen

import (
	"math/bits"

	"bitlab/board"
	"bitlab/kernels/generic"
)

// The board representations of the repr factor: what a configuration
// keeps up to date beside the piece bitboards, move by move, for its
// slider. The generator asks its position for the occupancies its sliders
// read and tells it of every toggle of a piece through the hooks below,
// which the plain Position (repr=none) answers from its bitboards and
// which each representation's type (posReversed, posRotated) declares for
// its own occupancy values; internal/configs copies the generator (Play
// included) onto the representation's type, where the hooks are its
// methods.

// occupied returns the occupancy the sliders read: the bitboard.
func (p *Position) occupied() uint64 { return p.Occupied }

// occupiedBy returns side c's occupancy as the sliders read it.
func (p *Position) occupiedBy(c board.Color) uint64 { return p.Colors[c] }

// withoutKing returns the occupancy o without side us's king, which
// stands on k.
func (p *Position) withoutKing(o uint64, us board.Color, _ board.Square) uint64 {
	return o ^ p.Pieces[us][board.King]
}

// toggled returns the occupancy o with square s toggled.
func (*Position) toggled(o uint64, s board.Square) uint64 { return o ^ s.Bitboard() }

// keep follows a toggle of side c's piece pc on s in what the position
// keeps beyond its bitboards: nothing.
func (*Position) keep(board.Color, board.Piece, board.Square) {}

// slidersChecking returns the enemy sliders checking the king on k:
// attacks, the rook attacks from k on occ ANDed with rq (the enemy rooks
// and queens) ORed with its bishop attacks ANDed with bq. A representation
// with a king-in-check test of its own answers from k, occ, rq and bq
// alone: with repr=reversed and its slider, internal/configs calls
// posReversed.sliderCheckers instead, and attacks is never computed.
func (*Position) slidersChecking(_ board.Square, _, _, _ uint64, attacks uint64) uint64 {
	return attacks
}

// posReversed keeps Ryan Mack's reversed bitboards ([mack-hyperbola]): each
// side's occupancy reversed (bit 63-x for square x), for Hyperbola
// Quintessence on all four lines with no reversal of the occupancy, and
// each side's rooks and queens, bishops and queens reversed, "the four
// reverse bitboards" of the paper's king-in-check test.
type posReversed struct {
	Position
	Rev        [2]uint64    // [board.Color]: the side's occupancy, reversed
	RevSliders [2][2]uint64 // [board.Color][0: rooks and queens, 1: bishops and queens], reversed
}

// sliderLines[pc] selects, for the reversed slider bitboards, whether
// piece pc moves along rook lines ([0]) and bishop lines ([1]).
var sliderLines = [6][2]uint64{board.Bishop: {0, ^uint64(0)}, board.Rook: {^uint64(0), 0}, board.Queen: {^uint64(0), ^uint64(0)}}

// keptReversed returns p with its reversed bitboards computed from scratch
// (at the root of a perft).
func keptReversed(p Position) posReversed {
	q := posReversed{Position: p}
	for c := range 2 {
		for pc := range 6 {
			for b := p.Pieces[c][pc]; b != 0; b &= b - 1 {
				q.keep(board.Color(c), board.Piece(pc), board.Square(bits.TrailingZeros64(b)))
			}
		}
	}
	return q
}

// keep follows a toggle of side c's piece pc on s in the reversed
// bitboards: one bit each, at 63-s, in the side's occupancy and in its
// slider bitboards where pc slides (no branch, no table beyond
// sliderLines).
func (p *posReversed) keep(c board.Color, pc board.Piece, s board.Square) {
	r := generic.ReversedBit(s)
	p.Rev[c] ^= r
	p.RevSliders[c][0] ^= r & sliderLines[pc][0]
	p.RevSliders[c][1] ^= r & sliderLines[pc][1]
}

// occReversed is an occupancy with its bit reversal.
type occReversed struct{ bb, rev uint64 }

func (o occReversed) toggle(s board.Square) occReversed {
	return occReversed{o.bb ^ s.Bitboard(), o.rev ^ generic.ReversedBit(s)}
}

func (p *posReversed) occupied() occReversed {
	return occReversed{p.Occupied, p.Rev[board.White] | p.Rev[board.Black]}
}

func (p *posReversed) occupiedBy(c board.Color) occReversed {
	return occReversed{p.Colors[c], p.Rev[c]}
}

func (*posReversed) withoutKing(o occReversed, _ board.Color, k board.Square) occReversed {
	return o.toggle(k)
}

func (*posReversed) toggled(o occReversed, s board.Square) occReversed { return o.toggle(s) }

// slidersChecking is Position's: posReversed's king-in-check test is
// sliderCheckers, which its slider's configuration calls instead.
func (*posReversed) slidersChecking(_ board.Square, _ occReversed, _, _ uint64, attacks uint64) uint64 {
	return attacks
}

func rookReversed(s board.Square, o occReversed) uint64 {
	return generic.SlidingReversedRook(s, o.bb, o.rev)
}

func bishopReversed(s board.Square, o occReversed) uint64 {
	return generic.SlidingReversedBishop(s, o.bb, o.rev)
}

// sliderCheckers returns the enemy sliders rq (rooks and queens) and bq
// (bishops and queens) that attack the king on k, by Mack's king-in-check
// test ([mack-hyperbola]): the attacks from the king's square in both
// halves, the lower half left reversed and ANDed with the reversed enemy
// sliders, all ORed together, one branch. Only when a slider gives check
// (rarely) are the attacks brought back to name the checkers.
func (p *posReversed) sliderCheckers(k board.Square, o occReversed, rq, bq uint64) uint64 {
	rev := &p.RevSliders[p.Side^1]
	rookUp, rookDown := generic.ReversedRookHalves(k, o.bb, o.rev)
	bishopUp, bishopDown := generic.ReversedBishopHalves(k, o.bb, o.rev)
	if rookUp&rq|rookDown&rev[0]|bishopUp&bq|bishopDown&rev[1] == 0 {
		return 0
	}
	return rookReversed(k, o)&rq | bishopReversed(k, o)&bq
}

// posRotated keeps Robert Hyatt's rotated bitboards ([cpw-sliding],
// Rotated Bitboards): each side's occupancy in the three rotated frames.
type posRotated struct {
	Position
	Rot [2]board.Rotated // [board.Color]
}

// keptRotated returns p with its rotated bitboards computed from scratch.
func keptRotated(p Position) posRotated {
	return posRotated{Position: p, Rot: [2]board.Rotated{board.Rotate(p.Colors[0]), board.Rotate(p.Colors[1])}}
}

// keep follows a toggle of side c's piece on s in the rotated
// bitboards: three table look-ups.
func (p *posRotated) keep(c board.Color, _ board.Piece, s board.Square) {
	p.Rot[c] = p.Rot[c].Toggle(s)
}

// occRotated is an occupancy with its rotations.
type occRotated struct {
	bb  uint64
	rot board.Rotated
}

func (o occRotated) toggle(s board.Square) occRotated {
	return occRotated{o.bb ^ s.Bitboard(), o.rot.Toggle(s)}
}

func (p *posRotated) occupied() occRotated {
	return occRotated{p.Occupied, p.Rot[board.White].Or(p.Rot[board.Black])}
}

func (p *posRotated) occupiedBy(c board.Color) occRotated { return occRotated{p.Colors[c], p.Rot[c]} }

func (*posRotated) withoutKing(o occRotated, _ board.Color, k board.Square) occRotated {
	return o.toggle(k)
}

func (*posRotated) toggled(o occRotated, s board.Square) occRotated { return o.toggle(s) }

func (*posRotated) slidersChecking(_ board.Square, _ occRotated, _, _ uint64, attacks uint64) uint64 {
	return attacks
}

func rookRotated(s board.Square, o occRotated) uint64 {
	return generic.SlidingRotatedRook(s, o.bb, o.rot)
}

func bishopRotated(s board.Square, o occRotated) uint64 {
	return generic.SlidingRotatedBishop(s, o.bb, o.rot)
}

// The default slider on the representations' occupancies, which it does
// not read: the configurations that keep a representation without using
// it measure what keeping it costs.

func rookUnreadReversed(s board.Square, o occReversed) uint64   { return rookAttacks(s, o.bb) }
func bishopUnreadReversed(s board.Square, o occReversed) uint64 { return bishopAttacks(s, o.bb) }
func rookUnreadRotated(s board.Square, o occRotated) uint64     { return rookAttacks(s, o.bb) }
func bishopUnreadRotated(s board.Square, o occRotated) uint64   { return bishopAttacks(s, o.bb) }
