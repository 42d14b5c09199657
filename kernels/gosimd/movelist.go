//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"

	"bitlab/kernels"
)

func init() {
	loop(kernels.MoveList().Register(kernels.Info{
		Impl: "archsimd-vbmi2", Arch: kernels.ArchSIMD, Usage: kernels.LoopOnly,
		Features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2, kernels.POPCNT},
		Source:   "Daniel Lemire: VPCOMPRESSB bitset decoding (AVX-512 VBMI2), as VPCOMPRESSW on 16-bit moves (movegen's serialize=avx512-vbmi2); in Go with simd/archsimd",
		Doc:      "Compresses the moves to squares 0..31 and 32..63 (the words 0..63 ORed with the from-square aspect) under the target set's halves (Uint16x32.Compress: VPCOMPRESSW), stores eight words of each",
	}, moveListVBMI2, nil), "moveListVBMI2", 1)
}

// wordIndices holds the words 0..63: ORed with a from-square aspect they
// are the moves to every square.
var wordIndices = func() (t [64]uint16) {
	for i := range t {
		t[i] = uint16(i)
	}
	return t
}()

// moveListVBMI2 is the twin of the move-list entry points of
// serialize/avx512-vbmi2 for the movelist family: a king or a knight has
// at most eight targets, so eight words of each compressed half are
// stored, the high half's at the low half's count. dst holds eight moves
// per target set: the stores of every set but the last fit (they end by
// word 8i+16 of the set i), and go through pointers, which need neither
// bounds checks nor the masked pointers of slice expressions; the last
// set's go through a scratch list.
func moveListVBMI2(dst []kernels.Move, src []kernels.Targets) int {
	if len(src) == 0 {
		return 0
	}
	out := unsafe.Pointer(unsafe.SliceData(dst[:8*len(src)]))
	// Zeroed before the vector code: Go zeroes with legacy-SSE stores,
	// which after it would pay for the dirty upper halves of the registers
	// (an AVX-SSE transition on Intel cores).
	var last [16]kernels.Move
	lo, hi := archsimd.LoadUint16x32Slice(wordIndices[:32]), archsimd.LoadUint16x32Slice(wordIndices[32:])
	n := 0
	for _, t := range src[:len(src)-1] {
		n = appendMoves(out, n, t, lo, hi)
	}
	m := appendMoves(unsafe.Pointer(&last), 0, src[len(src)-1], lo, hi)
	archsimd.ClearAVXUpperBits()
	copy(dst[n:], last[:m])
	return n + m
}

// appendMoves stores the moves of t at move n of the list at out (eight
// words from the index of each half's first move) and returns the index
// after them.
func appendMoves(out unsafe.Pointer, n int, t kernels.Targets, lo, hi archsimd.Uint16x32) int {
	from := archsimd.BroadcastUint16x32(uint16(t.From) << 6)
	low := bits.OnesCount32(uint32(t.BB))
	lo.Or(from).Compress(archsimd.Mask16x32FromBits(uint32(t.BB))).GetLo().GetLo().Store((*[8]uint16)(unsafe.Add(out, 2*n)))
	hi.Or(from).Compress(archsimd.Mask16x32FromBits(uint32(t.BB >> 32))).GetLo().GetLo().Store((*[8]uint16)(unsafe.Add(out, 2*(n+low))))
	return n + bits.OnesCount64(t.BB)
}
