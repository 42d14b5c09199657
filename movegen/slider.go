package movegen

import (
	"bitlab/board"
	"bitlab/kernels/generic"
)

// rookAttacks and bishopAttacks are the hand-written generator's sliding
// attacks, [DefaultConfig]'s slider=magic-fancy:
// [generic.SlidingMagicFancyRook] and [generic.SlidingMagicFancyBishop].
// Each slider configuration's copy of the generator (internal/configs)
// calls its kernel's functions in their place, and each representation's
// its slider's on its occupancy values (repr.go).
func rookAttacks(s board.Square, occ uint64) uint64 { return generic.SlidingMagicFancyRook(s, occ) }

func bishopAttacks(s board.Square, occ uint64) uint64 {
	return generic.SlidingMagicFancyBishop(s, occ)
}
