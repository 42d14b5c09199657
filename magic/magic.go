// Package magic holds the magic bitboards of the sliding kernels
// ([cpw-magic]): the magic numbers, found by the generator in
// internal/search from a fixed seed and committed in magics.go, and the
// attack tables they index, filled once at start-up. Plain magics give
// every square a table of 2^12 (rook) or 2^9 (bishop) entries, fancy magics
// pack the squares' tables of 2^n entries end to end (n the square's
// relevant squares), and black magics hash occupancy | ^mask with a fixed
// shift into one table whose squares overlap wherever they agree.
package magic

import (
	"math/bits"

	"bitlab/board"
)

//go:generate go run ./internal/search -o magics.go

// Black is one square's black magic and the offset of its entries in
// BlackAttacks.
type Black struct {
	Magic  uint64
	Offset uint32
}

// Fancy is one square's fancy magic lookup: its relevant squares, the
// magic, the shift (64 minus their number) and the offset of its part of
// FancyAttacks.
type Fancy struct {
	Mask, Magic uint64
	Shift       uint8
	Offset      uint32
}

// The fixed shifts of plain and black magics: 12 rook and 9 bishop index
// bits, the most relevant squares of either.
const (
	RookShift   = 64 - 12
	BishopShift = 64 - 9
)

// The lengths of the fancy tables: every relevant occupancy of every
// square, rook squares first.
const (
	RookFancyLen   = 102400
	BishopFancyLen = 5248
)

var (
	// RookPlain and BishopPlain are the plain tables, most of their
	// entries unused.
	RookPlain   [64][1 << (64 - RookShift)]uint64
	BishopPlain [64][1 << (64 - BishopShift)]uint64
	// RookFancy and BishopFancy are the fancy lookups; their magics serve
	// the plain tables too, with the fixed shifts.
	RookFancy, BishopFancy [64]Fancy
	FancyAttacks           [RookFancyLen + BishopFancyLen]uint64
	// RookNotMask and BishopNotMask are the squares outside each square's
	// relevant ones, which black magics set.
	RookNotMask, BishopNotMask [64]uint64
	BlackAttacks               [BlackLen]uint64
)

func init() {
	off := uint32(0)
	for _, p := range []struct {
		relevant *[64]uint64
		magics   *[64]uint64
		fancy    *[64]Fancy
		black    *[64]Black
		notMask  *[64]uint64
		attacks  func(board.Square, uint64) uint64
		plain    func(s board.Square, i uint64) *uint64
		shift    uint8
	}{
		{&board.RookRelevant, &RookMagics, &RookFancy, &RookBlack, &RookNotMask, board.RookAttacks,
			func(s board.Square, i uint64) *uint64 { return &RookPlain[s][i] }, RookShift},
		{&board.BishopRelevant, &BishopMagics, &BishopFancy, &BishopBlack, &BishopNotMask, board.BishopAttacks,
			func(s board.Square, i uint64) *uint64 { return &BishopPlain[s][i] }, BishopShift},
	} {
		for s := range board.Square(64) {
			mask, magic := p.relevant[s], p.magics[s]
			shift := uint8(64 - bits.OnesCount64(mask))
			p.fancy[s] = Fancy{Mask: mask, Magic: magic, Shift: shift, Offset: off}
			p.notMask[s] = ^mask
			b := p.black[s]
			board.Subsets(mask, func(occ uint64) {
				a := p.attacks(s, occ)
				FancyAttacks[off+uint32((occ*magic)>>shift)] = a
				*p.plain(s, (occ*magic)>>p.shift) = a
				BlackAttacks[b.Offset+uint32(((occ|^mask)*b.Magic)>>p.shift)] = a
			})
			off += 1 << (64 - shift)
		}
	}
}
