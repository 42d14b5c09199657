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

// posReversed keeps Ryan Mack's reversed bitboards ([mack-hyperbola]): each
// side's occupancy reversed (bit 63-x for square x), for Hyperbola
// Quintessence on all four lines with no reversal of the occupancy. (The
// paper's king-in-check test, on the sides' sliders reversed, has no
// place here: the generator's pin scan finds the checking sliders, see
// masks.)
type posReversed struct {
	Position
	Rev [2]uint64 // [board.Color]: the side's occupancy, reversed
}

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

// keep follows a toggle of side c's piece on s in the reversed
// bitboards: the bit 63-s of the side's reversed occupancy.
func (p *posReversed) keep(c board.Color, _ board.Piece, s board.Square) {
	p.Rev[c] ^= generic.ReversedBit(s)
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

func rookReversed(s board.Square, o occReversed) uint64 {
	return generic.SlidingReversedRook(s, o.bb, o.rev)
}

func bishopReversed(s board.Square, o occReversed) uint64 {
	return generic.SlidingReversedBishop(s, o.bb, o.rev)
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
