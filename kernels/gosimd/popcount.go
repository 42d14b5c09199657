//go:build goexperiment.simd && amd64

package gosimd

import (
	"encoding/binary"
	"simd/archsimd"

	"bitlab/kernels"
)

func init() {
	loop(kernels.Popcount().Register(kernels.Info{
		Impl: "archsimd-vpopcnt", Arch: kernels.ArchSIMD, Usage: kernels.SIMDBatch,
		Features: []kernels.Feature{kernels.AVX512F, kernels.AVX512VPOPCNTDQ},
		Source:   "Intel AVX-512 VPOPCNTDQ (VPOPCNTQ); Mula's sse-popcount avx512-vpopcnt, in Go with simd/archsimd",
		Doc:      "Counts eight bitboards per iteration with Uint64x8.OnesCount (VPOPCNTQ), narrows the counts to bytes (TruncateToUint8: VPMOVQB) and stores them as one quadword; the tail through a scratch block",
	}, popcountVPOPCNT, nil), "popcountEights", 8)
}

// popcountVPOPCNT is the twin of popcount/avx512-vpopcnt with the packing
// left to VPMOVQB: eight counts per iteration rather than 64.
func popcountVPOPCNT(dst []uint8, src []uint64) int {
	var s scratch[uint64, uint8]
	popcountEights(dst, src)
	popcountEights(s.tail(src))
	return s.untail(dst, src)
}

// popcountEights is popcountVPOPCNT's main loop over the whole blocks of
// eight of src, kept out of line (as Loops names it).
//
//go:noinline
func popcountEights(dst []uint8, src []uint64) {
	dst = dst[:len(src)]
	for i := range len(src) / 8 {
		counts := archsimd.LoadUint64x8(block(src, i)).OnesCount().TruncateToUint8()
		binary.LittleEndian.PutUint64(block(dst, i)[:], counts.AsUint64x2().GetElem(0))
	}
	archsimd.ClearAVXUpperBits()
}
