package amd64

import (
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
)

// The assembly table sliders one query at a time, for the move generator's
// configurations (package movegen): rook and bishop attacks of a square on
// an occupancy, by sliding/pext, pext-split, magic-fancy-asm and
// magic-black-asm. Each is a call of the kernel's Query entry point (for
// pext-split its RookQuery or BishopQuery), which Go does not inline.
// They execute their kernel's features ([kernels.Sliding]'s Info): a caller
// checks [kernels.Supported] first.

// SlidingPextRook returns a rook's attacks by sliding/pext (BMI2).
func SlidingPextRook(s board.Square, occ uint64) uint64 {
	return slidingPextQuery(occ, uint64(sliderIndex(s, kernels.Orthogonal)), (*byte)(unsafe.Pointer(&pext)))
}

// SlidingPextBishop returns a bishop's attacks by sliding/pext (BMI2).
func SlidingPextBishop(s board.Square, occ uint64) uint64 {
	return slidingPextQuery(occ, uint64(sliderIndex(s, kernels.Diagonal)), (*byte)(unsafe.Pointer(&pext)))
}

// SlidingPextSplitRook returns a rook's attacks by sliding/pext-split
// (BMI2): one PEXT and one load, where SlidingPextRook looks up the
// bishop line under a zero mask too.
func SlidingPextSplitRook(s board.Square, occ uint64) uint64 {
	return slidingPextSplitRookQuery(occ, uint64(sliderIndex(s, kernels.Orthogonal)), (*byte)(unsafe.Pointer(&pext)))
}

// SlidingPextSplitBishop returns a bishop's attacks by sliding/pext-split
// (BMI2): one PEXT and one load.
func SlidingPextSplitBishop(s board.Square, occ uint64) uint64 {
	return slidingPextSplitBishopQuery(occ, uint64(sliderIndex(s, kernels.Diagonal)), (*byte)(unsafe.Pointer(&pext)))
}

// SlidingMagicFancyAsmRook returns a rook's attacks by sliding/magic-fancy-asm (BMI2).
func SlidingMagicFancyAsmRook(s board.Square, occ uint64) uint64 {
	return slidingFancyQuery(occ, uint64(sliderIndex(s, kernels.Orthogonal)), (*byte)(unsafe.Pointer(&fancy)))
}

// SlidingMagicFancyAsmBishop returns a bishop's attacks by sliding/magic-fancy-asm (BMI2).
func SlidingMagicFancyAsmBishop(s board.Square, occ uint64) uint64 {
	return slidingFancyQuery(occ, uint64(sliderIndex(s, kernels.Diagonal)), (*byte)(unsafe.Pointer(&fancy)))
}

// SlidingMagicBlackAsmRook returns a rook's attacks by sliding/magic-black-asm.
func SlidingMagicBlackAsmRook(s board.Square, occ uint64) uint64 {
	return slidingBlackQuery(occ, uint64(sliderIndex(s, kernels.Orthogonal)), (*byte)(unsafe.Pointer(&black)))
}

// SlidingMagicBlackAsmBishop returns a bishop's attacks by sliding/magic-black-asm.
func SlidingMagicBlackAsmBishop(s board.Square, occ uint64) uint64 {
	return slidingBlackQuery(occ, uint64(sliderIndex(s, kernels.Diagonal)), (*byte)(unsafe.Pointer(&black)))
}
