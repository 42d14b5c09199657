package generic

import (
	"math/bits"

	"bitlab/board"
)

//go:generate go run ./internal/slidermagics -o sliding_magics.go

// The magic bitboard tables ([cpw-magic]), filled at start-up from the
// magics sliding_magics.go holds: each relevant occupancy's attacks at its
// hashed index.

// blackMagic is one square's black magic and its offset into blackAttacks.
type blackMagic struct {
	magic  uint64
	offset uint32
}

// fancySquare is one square's fancy magic lookup: the relevant squares,
// the magic, the shift (64 minus their number) and the offset of its part
// of fancyAttacks.
type fancySquare struct {
	mask, magic uint64
	shift       uint8
	offset      uint32
}

// The sizes of the fancy tables: every relevant occupancy of every square.
const (
	rookFancyLen   = 102400
	bishopFancyLen = 5248
)

var (
	// Plain magics: a fixed-size table per square, 2^12 rook and 2^9
	// bishop entries, most of them unused.
	rookPlain   [64][1 << 12]uint64
	bishopPlain [64][1 << 9]uint64
	// Fancy magics: the squares' tables packed end to end.
	rookFancy, bishopFancy [64]fancySquare
	fancyAttacks           [rookFancyLen + bishopFancyLen]uint64
	// Black magics: (occupancy | ^mask) * magic >> 52 or >> 55 indexes
	// one table the squares share wherever their entries agree.
	blackNotMask [2][64]uint64 // rook, bishop: the squares that are not relevant
	blackAttacks [blackTableLen]uint64
)

func init() {
	off := uint32(0)
	for _, p := range []struct {
		relevant   *[64]uint64
		magics     *[64]uint64
		fancy      *[64]fancySquare
		black      *[64]blackMagic
		notMask    *[64]uint64
		attacks    func(board.Square, uint64) uint64
		plain      func(s board.Square, i uint64) *uint64
		fixedShift uint8
	}{
		{&board.RookRelevant, &rookMagics, &rookFancy, &rookBlack, &blackNotMask[0], board.RookAttacks,
			func(s board.Square, i uint64) *uint64 { return &rookPlain[s][i] }, 52},
		{&board.BishopRelevant, &bishopMagics, &bishopFancy, &bishopBlack, &blackNotMask[1], board.BishopAttacks,
			func(s board.Square, i uint64) *uint64 { return &bishopPlain[s][i] }, 55},
	} {
		for s := range board.Square(64) {
			mask, magic := p.relevant[s], p.magics[s]
			shift := uint8(64 - bits.OnesCount64(mask))
			p.fancy[s] = fancySquare{mask: mask, magic: magic, shift: shift, offset: off}
			p.notMask[s] = ^mask
			b := p.black[s]
			board.Subsets(mask, func(occ uint64) {
				a := p.attacks(s, occ)
				fancyAttacks[off+uint32((occ*magic)>>shift)] = a
				*p.plain(s, (occ*magic)>>p.fixedShift) = a
				blackAttacks[b.offset+uint32(((occ|^mask)*b.magic)>>p.fixedShift)] = a
			})
			off += 1 << (64 - shift)
		}
	}
}

// rookMagicPlain looks the attacks up in the square's own 4,096-entry
// table: (occupancy & mask) * magic >> 52.
//
//bitlab:kernel sliding/magic-plain rook
//bitlab:source [cpw-magic], Plain Magic Bitboards
//bitlab:tables rookPlain, bishopPlain, rookFancy, bishopFancy
func rookMagicPlain(s board.Square, occ uint64) uint64 {
	m := &rookFancy[s]
	return rookPlain[s][((occ&m.mask)*m.magic)>>52]
}

//bitlab:kernel sliding/magic-plain bishop
func bishopMagicPlain(s board.Square, occ uint64) uint64 {
	m := &bishopFancy[s]
	return bishopPlain[s][((occ&m.mask)*m.magic)>>55]
}

// rookMagicFancy looks the attacks up in one table of all squares, each
// square's part as long as its relevant occupancies: (occupancy & mask) *
// magic >> (64 - n) plus the square's offset.
//
//bitlab:kernel sliding/magic-fancy rook
//bitlab:source [cpw-magic], Fancy Magic Bitboards
//bitlab:tables rookFancy, bishopFancy, fancyAttacks
func rookMagicFancy(s board.Square, occ uint64) uint64 {
	m := &rookFancy[s]
	return fancyAttacks[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

//bitlab:kernel sliding/magic-fancy bishop
func bishopMagicFancy(s board.Square, occ uint64) uint64 {
	m := &bishopFancy[s]
	return fancyAttacks[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// rookMagicBlack sets the squares outside the mask instead of clearing
// them, (occupancy | ^mask) * magic >> 52, and looks up one table that all
// squares share: their parts overlap wherever they agree.
//
//bitlab:kernel sliding/magic-black rook
//bitlab:source [cpw-magic], Black Magic Bitboards
//bitlab:tables rookBlack, bishopBlack, blackNotMask, blackAttacks
func rookMagicBlack(s board.Square, occ uint64) uint64 {
	b := &rookBlack[s]
	return blackAttacks[b.offset+uint32(((occ|blackNotMask[0][s])*b.magic)>>52)]
}

//bitlab:kernel sliding/magic-black bishop
func bishopMagicBlack(s board.Square, occ uint64) uint64 {
	b := &bishopBlack[s]
	return blackAttacks[b.offset+uint32(((occ|blackNotMask[1][s])*b.magic)>>55)]
}
