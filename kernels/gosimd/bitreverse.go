//go:build goexperiment.simd && amd64

package gosimd

import (
	"simd/archsimd"

	"bitlab/kernels"
)

func init() {
	loop(kernels.BitReverse().Register(kernels.Info{
		Impl: "archsimd-gfni", Arch: kernels.ArchSIMD, Usage: kernels.SIMDBatch,
		Features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI},
		Source:   "Intel GFNI: GF2P8AFFINEQB with the bit-reversal matrix 0x8040201008040201 (Wojciech Mula, Geoff Langdale), in Go with simd/archsimd",
		Doc:      "Reverses eight bitboards at a time: Uint8x64.GaloisFieldAffineTransform (GF2P8AFFINEQB) reverses each byte, PermuteOrZeroGrouped (VPSHUFB) each quadword's bytes; the tail through a scratch block",
	}, bitReverseGFNI, nil), "bitReverseEights", 8)
}

// bitReversal is the GF(2) matrix that reverses the bits of a byte.
const bitReversal = 0x8040201008040201

// quadwordBytesReversed are the VPSHUFB indices that reverse the bytes of
// each quadword of a 16-byte group.
var quadwordBytesReversed = func() (t [64]int8) {
	for i := range t {
		t[i] = int8(i%16&^7 + 7 - i%8) // the group's quadword, its bytes reversed
	}
	return t
}()

// bitReverseGFNI is the twin of bitreverse/gfni.
func bitReverseGFNI(dst, src []uint64) int {
	var s scratch[uint64, uint64]
	bitReverseEights(dst, src)
	bitReverseEights(s.tail(src))
	return s.untail(dst, src)
}

// bitReverseEights is bitReverseGFNI's main loop over the whole blocks of
// eight of src, kept out of line (as Loops names it).
//
//go:noinline
func bitReverseEights(dst, src []uint64) {
	bitRev, byteRev := archsimd.BroadcastUint64x8(bitReversal), archsimd.LoadInt8x64(&quadwordBytesReversed)
	dst = dst[:len(src)]
	for i := range len(src) / 8 {
		reverse8(archsimd.LoadUint64x8(block(src, i)), bitRev, byteRev).Store(block(dst, i))
	}
	archsimd.ClearAVXUpperBits()
}

// reverse8 reverses the bits of eight bitboards: each byte's bits by the
// affine transform with bitRev, then each quadword's bytes by byteRev.
func reverse8(x, bitRev archsimd.Uint64x8, byteRev archsimd.Int8x64) archsimd.Uint64x8 {
	return x.AsUint8x64().GaloisFieldAffineTransform(bitRev, 0).PermuteOrZeroGrouped(byteRev).AsUint64x8()
}
