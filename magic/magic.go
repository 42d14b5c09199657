// Package magic holds the magic bitboards of the sliding kernels
// ([cpw-magic]): the magic numbers, found by the generator in
// internal/search from a fixed seed and committed in magics.go, and the
// attack tables they index, filled once at start-up. Plain magics give
// every square a table of 2^12 (rook) or 2^9 (bishop) entries, fancy magics
// pack the squares' tables of 2^n entries end to end (n the square's
// relevant squares), and black magics hash occupancy | ^mask with a fixed
// shift into one table whose squares overlap wherever they agree.
//
// Accessors such as [FancyAttacks] return the tables by address, so that
// the kernels index them in place and declare their sizes
// ([bitlab/kernels.TableBytes]); callers read them and never write to them.
package magic

import (
	"math/bits"

	"bitlab/board"
)

//go:generate go run ./internal/search -o magics.go

// Black is one square's black magic and the offset of its entries in
// [BlackAttacks].
type Black struct {
	Magic  uint64
	Offset uint32
}

// Fancy is one square's fancy magic lookup: its relevant squares, the
// magic, the shift (64 minus their number) and the offset of its part of
// [FancyAttacks]. The offset and the shift are 32-bit words: amd64 loads
// each from the square's entry in one instruction, zero-extended (a byte
// shift needs its address computed first, a 32-bit sum of the offset and
// the index one more zero extension).
type Fancy struct {
	Mask, Magic   uint64
	Offset, Shift uint32
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

// The tables, filled by init.
var (
	rookPlain              [64][1 << (64 - RookShift)]uint64
	bishopPlain            [64][1 << (64 - BishopShift)]uint64
	rookFancy, bishopFancy [64]Fancy
	fancyAttacks           [RookFancyLen + BishopFancyLen]uint64
	rookNotMasks           [64]uint64
	bishopNotMasks         [64]uint64
	blackAttacks           [BlackLen]uint64
)

// RookPlain returns the rook's plain tables, indexed by square and
// ((occupancy & mask) * magic) >> [RookShift] with the mask and magic of
// [RookFancy]; most of their entries are unused.
func RookPlain() *[64][1 << (64 - RookShift)]uint64 { return &rookPlain }

// BishopPlain returns the bishop's plain tables, as [RookPlain] with
// BishopShift.
func BishopPlain() *[64][1 << (64 - BishopShift)]uint64 { return &bishopPlain }

// RookFancy returns the rook's fancy lookups by square; their magics serve
// the plain tables too, with the fixed shift.
func RookFancy() *[64]Fancy { return &rookFancy }

// BishopFancy returns the bishop's fancy lookups by square, as
// [RookFancy].
func BishopFancy() *[64]Fancy { return &bishopFancy }

// FancyAttacks returns the attack sets of the fancy lookups, every square's
// part of 2^n entries end to end, rook squares first.
func FancyAttacks() *[RookFancyLen + BishopFancyLen]uint64 { return &fancyAttacks }

// RookNotMasks returns the squares outside each square's rook-relevant
// ones, which black magics set.
func RookNotMasks() *[64]uint64 { return &rookNotMasks }

// BishopNotMasks returns [RookNotMasks] for bishops.
func BishopNotMasks() *[64]uint64 { return &bishopNotMasks }

// RookBlack returns the rook's black magics and their offsets into
// [BlackAttacks], by square.
func RookBlack() *[64]Black { return &rookBlack }

// BishopBlack returns the bishop's black magics and their offsets into
// [BlackAttacks], by square.
func BishopBlack() *[64]Black { return &bishopBlack }

// BlackAttacks returns the shared table of the black magics, the squares'
// entries laid over each other wherever they agree.
func BlackAttacks() *[BlackLen]uint64 { return &blackAttacks }

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
		{board.RookRelevant(), &rookMagics, &rookFancy, &rookBlack, &rookNotMasks, board.RookAttacks,
			func(s board.Square, i uint64) *uint64 { return &rookPlain[s][i] }, RookShift},
		{board.BishopRelevant(), &bishopMagics, &bishopFancy, &bishopBlack, &bishopNotMasks, board.BishopAttacks,
			func(s board.Square, i uint64) *uint64 { return &bishopPlain[s][i] }, BishopShift},
	} {
		for s := range board.Square(64) {
			mask, magic := p.relevant[s], p.magics[s]
			shift := uint8(64 - bits.OnesCount64(mask))
			p.fancy[s] = Fancy{Mask: mask, Magic: magic, Offset: off, Shift: uint32(shift)}
			p.notMask[s] = ^mask
			b := p.black[s]
			board.Subsets(mask, func(occ uint64) {
				a := p.attacks(s, occ)
				fancyAttacks[off+uint32((occ*magic)>>shift)] = a
				*p.plain(s, (occ*magic)>>p.shift) = a
				blackAttacks[b.Offset+uint32(((occ|^mask)*b.Magic)>>p.shift)] = a
			})
			off += 1 << (64 - shift)
		}
	}
}
