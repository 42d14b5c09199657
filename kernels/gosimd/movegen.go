//go:build goexperiment.simd && amd64

package gosimd

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"

	"bitlab/board"
	"bitlab/kernels/amd64"
)

// The move generator's entry points of serialize/archsimd-vbmi2 and
// popcount/archsimd-vpopcnt (package movegen's serialize=archsimd-vbmi2 and
// count=archsimd-vpopcnt). The serialization's are the twins of package
// amd64's entry points of serialize/avx512-vbmi2, on the same move lists
// (amd64.ListLen: their index wraps at amd64.ListMoves, with room for
// whole vectors past it) and the same 16-bit moves; unlike assembly they
// inline into the generator, so no call is made and no register spilled.
// Each ends with archsimd.ClearAVXUpperBits (VZEROUPPER): the compiler
// inserts none, and the generator's own code after it uses legacy SSE.
// They execute their kernels' features (kernels.Info): a caller checks
// kernels.Supported first. They are generic, as amd64's are, so that
// package movegen's Move needs no conversion; being inlined there, they
// are compiled in movegen's copies and never in this package.

// moveSquares holds the words s | s<<6 for s in 0..63: the move from
// each square to itself, from which a pawn's move to s from s-delta is
// moveSquares[s] - delta<<6 with the bits above the squares cleared.
var moveSquares = func() (t [64]uint16) {
	for s := range t {
		t[s] = uint16(s | s<<6)
	}
	return t
}()

// SerializeArchsimdVbmi2Append appends to list[:*n] (at index *n mod
// amd64.ListMoves) the moves from square from to every square of targets,
// ascending, of the given kind, and adds their number to *n: the words
// 0..31 and 32..63 ORed with the from-square and the kind, compressed
// under each half of targets (Uint16x32.Compress: VPCOMPRESSW) and stored
// whole, the high half's at the low half's count.
func SerializeArchsimdVbmi2Append[M ~uint16](list *[amd64.ListLen]M, n *int, targets uint64, from board.Square, kind int) {
	aspect := archsimd.BroadcastUint16x32(uint16(from)<<6 | uint16(kind)<<12)
	lo := archsimd.LoadUint16x32((*[32]uint16)(wordIndices[:32])).Or(aspect)
	hi := archsimd.LoadUint16x32((*[32]uint16)(wordIndices[32:])).Or(aspect)
	appendHalves(unsafe.Pointer(list), n, targets, lo, hi)
}

// SerializeArchsimdVbmi2AppendPawns appends to list[:*n] (at index *n mod
// amd64.ListMoves) the pawn moves to every square of targets, ascending,
// each from the square delta below its target (mod 64), of the given
// kind, and adds their number to *n. No target may be on the first or last
// rank: the caller lists promotions itself.
func SerializeArchsimdVbmi2AppendPawns[M ~uint16](list *[amd64.ListLen]M, n *int, targets uint64, delta int, kind int) {
	back, squares, aspect := archsimd.BroadcastUint16x32(uint16(delta)<<6), archsimd.BroadcastUint16x32(1<<12-1), archsimd.BroadcastUint16x32(uint16(kind)<<12)
	lo := archsimd.LoadUint16x32((*[32]uint16)(moveSquares[:32])).Sub(back).And(squares).Or(aspect)
	hi := archsimd.LoadUint16x32((*[32]uint16)(moveSquares[32:])).Sub(back).And(squares).Or(aspect)
	appendHalves(unsafe.Pointer(list), n, targets, lo, hi)
}

// appendHalves stores the moves lo and hi (to the squares 0..31 and
// 32..63) that targets selects at index *n of the list at out, wrapped
// below amd64.ListMoves, and adds their number to *n.
func appendHalves(out unsafe.Pointer, n *int, targets uint64, lo, hi archsimd.Uint16x32) {
	i := *n
	low := bits.OnesCount32(uint32(targets))
	lo.Compress(archsimd.Mask16x32FromBits(uint32(targets))).Store((*[32]uint16)(unsafe.Add(out, 2*(i&(amd64.ListMoves-1)))))
	hi.Compress(archsimd.Mask16x32FromBits(uint32(targets >> 32))).Store((*[32]uint16)(unsafe.Add(out, 2*((i+low)&(amd64.ListMoves-1)))))
	archsimd.ClearAVXUpperBits()
	*n = i + bits.OnesCount64(targets)
}

// PopcountArchsimdVpopcntSum returns the total population count of the
// eight bitboards of sets: one Uint64x8.OnesCount (VPOPCNTQ), the counts
// narrowed to words (TruncateToUint16: VPMOVQW) and summed in a general
// register (each at most 64, their sum at most 512: no word carries).
func PopcountArchsimdVpopcntSum(sets *[8]uint64) int {
	w := archsimd.LoadUint64x8(sets).OnesCount().TruncateToUint16().AsUint64x2()
	s := w.GetElem(0) + w.GetElem(1)
	archsimd.ClearAVXUpperBits()
	return int(s * 0x0001_0001_0001_0001 >> 48)
}
