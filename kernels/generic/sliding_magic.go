package generic

import (
	"bitlab/board"
	"bitlab/magic"
)

// The magic bitboard lookups ([cpw-magic]) over package magic's tables.
// The shifts are masked to 63, which they never exceed, so that Go emits
// no shift-range check.

// rookMagicPlain looks the attacks up in the square's own 4,096-entry
// table: (occupancy & mask) * magic >> 52.
//
//bitlab:kernel sliding/magic-plain rook
//bitlab:source [cpw-magic], Plain Magic Bitboards
//bitlab:tables magic.RookPlain(), magic.BishopPlain(), magic.RookFancy(), magic.BishopFancy()
func rookMagicPlain(s board.Square, occ uint64) uint64 {
	m := &magic.RookFancy()[s]
	return magic.RookPlain()[s][((occ&m.Mask)*m.Magic)>>magic.RookShift]
}

//bitlab:kernel sliding/magic-plain bishop
func bishopMagicPlain(s board.Square, occ uint64) uint64 {
	m := &magic.BishopFancy()[s]
	return magic.BishopPlain()[s][((occ&m.Mask)*m.Magic)>>magic.BishopShift]
}

// rookMagicFancy looks the attacks up in one table of all squares, each
// square's part as long as its relevant occupancies: (occupancy & mask) *
// magic >> (64 - n) plus the square's offset.
//
//bitlab:kernel sliding/magic-fancy rook
//bitlab:source [cpw-magic], Fancy Magic Bitboards
//bitlab:tables magic.RookFancy(), magic.BishopFancy(), magic.FancyAttacks()
func rookMagicFancy(s board.Square, occ uint64) uint64 {
	m := &magic.RookFancy()[s]
	// The offset added last: without BMI2, the compiler then loads the
	// shift straight into CL.
	return magic.FancyAttacks()[((occ&m.Mask)*m.Magic)>>(m.Shift&63)+uint64(m.Offset)]
}

//bitlab:kernel sliding/magic-fancy bishop
func bishopMagicFancy(s board.Square, occ uint64) uint64 {
	m := &magic.BishopFancy()[s]
	return magic.FancyAttacks()[((occ&m.Mask)*m.Magic)>>(m.Shift&63)+uint64(m.Offset)]
}

// rookMagicBlack sets the squares outside the mask instead of clearing
// them, (occupancy | ^mask) * magic >> 52, and looks up one table that all
// squares share: their parts overlap wherever they agree.
//
//bitlab:kernel sliding/magic-black rook
//bitlab:source [cpw-magic], Black Magic Bitboards
//bitlab:tables magic.RookBlack(), magic.BishopBlack(), magic.RookNotMasks(), magic.BishopNotMasks(), magic.BlackAttacks()
func rookMagicBlack(s board.Square, occ uint64) uint64 {
	b := &magic.RookBlack()[s]
	return magic.BlackAttacks()[b.Offset+uint32(((occ|magic.RookNotMasks()[s])*b.Magic)>>magic.RookShift)]
}

//bitlab:kernel sliding/magic-black bishop
func bishopMagicBlack(s board.Square, occ uint64) uint64 {
	b := &magic.BishopBlack()[s]
	return magic.BlackAttacks()[b.Offset+uint32(((occ|magic.BishopNotMasks()[s])*b.Magic)>>magic.BishopShift)]
}
