package movegen

import (
	"bitlab/board"
	"bitlab/kernels/generic"
)

// rookAttacks and bishopAttacks are the hand-written generator's sliding
// attacks, DefaultSlider's; internal/configs replaces these calls in its
// copies.
func rookAttacks(s board.Square, occ uint64) uint64 { return generic.SlidingMagicFancyRook(s, occ) }

func bishopAttacks(s board.Square, occ uint64) uint64 {
	return generic.SlidingMagicFancyBishop(s, occ)
}
