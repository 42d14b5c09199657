//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
)

func init() {
	loop(kernels.Serialize().Register(kernels.Info{
		Impl: "archsimd-vbmi2", Arch: kernels.ArchSIMD, Usage: kernels.PerQuery, // the generator's entry points: movegen.go
		Features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2, kernels.POPCNT},
		Source:   "Daniel Lemire: VPCOMPRESSB bitset decoding (AVX-512 VBMI2), as in simdjson; in Go with simd/archsimd",
		Doc:      "Compresses the bytes 0..63 under the bitboard as a mask (Mask8x64FromBits, Uint8x64.Compress: VPCOMPRESSB) into a register, stores its 64 bytes, advances by the bit count",
	}, serializeVBMI2, nil), "serializeVBMI2", 1)
}

// byteIndices holds the bytes 0..63: compressed under a bitboard they are
// its square indices in ascending order.
var byteIndices = func() (t [64]uint8) {
	for i := range t {
		t[i] = uint8(i)
	}
	return t
}()

// serializeVBMI2 is the twin of serialize/avx512-vbmi2. dst holds 64
// squares per bitboard, so the whole vector fits at every list's start: the
// stores go through a pointer, which needs neither the bounds check nor the
// masked pointer of a slice expression.
func serializeVBMI2(dst []board.Square, src []uint64) int {
	out := unsafe.Pointer(unsafe.SliceData(dst[:64*len(src)]))
	squares := archsimd.LoadUint8x64(&byteIndices)
	n := 0
	for _, bb := range src {
		squares.Compress(archsimd.Mask8x64FromBits(bb)).Store((*[64]uint8)(unsafe.Add(out, n))) // n <= 64*i
		n += bits.OnesCount64(bb)
	}
	archsimd.ClearAVXUpperBits()
	return n
}
