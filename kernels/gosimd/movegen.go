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
// count=archsimd-vpopcnt). The serialization's do the work of package
// amd64's entry points of serialize/avx512-vbmi2 (VPCOMPRESSW of the
// moves' words in two halves there, VPCOMPRESSB of the squares' bytes here,
// which the Go inliner's budget admits), on the same move lists
// (amd64.ListLen: their index wraps at amd64.ListMoves, with room for
// whole vectors past it) and the same 16-bit moves. Unlike assembly, Append
// and the sum inline into the generator, so no call is made and no
// register spilled; AppendPawns, over the inlining budget with its
// promotions loop, is a call, as the generator's own addPawns is.
// Each ends with archsimd.ClearAVXUpperBits (VZEROUPPER): the compiler
// inserts none, and the generator's own code after it uses legacy SSE.
// They execute their kernels' features (kernels.Info): a caller checks
// kernels.Supported first. Unlike amd64's they are not generic: a generic
// function called from a generic one (movegen's generator, compiled per
// shape) is called through its shape's instantiation, which costs too much
// to inline; movegen passes its list of Moves as 16-bit words.

// halves are 64 words by square, as VPERMI2W gathers them (indices 0..31
// from lo, 32..63 from hi).
type halves struct{ lo, hi [32]uint16 }

// pawnMoves[delta&63] holds the pawn moves of kind 0 to every square s
// from the square delta below it: s | ((s-delta)&63)<<6 (which depends on
// delta mod 64 only).
var pawnMoves = func() (t [64]halves) {
	for d := range t {
		for s := range 32 {
			t[d].lo[s], t[d].hi[s] = uint16(s|(s-d)&63<<6), uint16(s+32|(s+32-d)&63<<6)
		}
	}
	return t
}()

// aspects[s | k<<6] holds 32 words s<<6 | k<<12: the from-square s and
// the kind k (0..3, those of moves that are not promotions) of a move in
// every word of a vector, loaded where a broadcast from a general register
// would cost Go's inliner more. Indexed by a byte, it needs no bounds
// check.
var aspects = func() (t [256][32]uint16) {
	for a := range t {
		for i := range 32 {
			t[a][i] = uint16(a&63<<6 | a>>6<<12)
		}
	}
	return t
}()

// SerializeArchsimdVbmi2Append appends to list[:*n] (at index *n mod
// amd64.ListMoves) the moves from square from to every square of targets,
// ascending, of the given kind (0..3: no promotion), and adds their number
// to *n: the bytes 0..63 compressed under targets (Uint8x64.Compress:
// VPCOMPRESSB), widened to words (ExtendToUint16: VPMOVZXBW) 32 at a time
// and ORed with the from-square and the kind.
func SerializeArchsimdVbmi2Append(list *[amd64.ListLen]uint16, n *int, targets uint64, from board.Square, kind int) {
	to := archsimd.LoadUint8x64(&byteIndices).Compress(archsimd.Mask8x64FromBits(targets))
	aspect := archsimd.LoadUint16x32(&aspects[uint8(from)|uint8(kind)<<6])
	storeMoves(list, n, targets, to.GetLo().ExtendToUint16().Or(aspect), to.GetHi().ExtendToUint16().Or(aspect))
}

// SerializeArchsimdVbmi2AppendPawns appends to list[:*n] (at index *n mod
// amd64.ListMoves) the pawn moves to every square of targets, ascending,
// each from the square delta below its target (mod 64), of the given kind
// (0..3), or on the first or last rank as four promotions of kinds 4..7
// (movegen's PromoKnight..PromoQueen), and adds their number to *n. A set
// without promotions: the target squares compressed as Append's, which
// index pawnMoves' row of delta (Uint16x32.ConcatPermute: VPERMI2W); one
// with them (rare) in a scalar loop. Over the inlining budget, it is a
// call, as the generator's own addPawns is.
func SerializeArchsimdVbmi2AppendPawns(list *[amd64.ListLen]uint16, n *int, targets uint64, delta int, kind int) {
	if targets&promotionRanks != 0 {
		for ; targets != 0; targets &= targets - 1 {
			to := bits.TrailingZeros64(targets)
			move := uint16(to | (to-delta)&63<<6)
			if uint64(1)<<to&promotionRanks == 0 {
				list[*n&(amd64.ListMoves-1)] = move | uint16(kind)<<12
				*n++
				continue
			}
			for k := range uint16(4) {
				list[*n&(amd64.ListMoves-1)] = move | (4+k)<<12
				*n++
			}
		}
		return
	}
	to := archsimd.LoadUint8x64(&byteIndices).Compress(archsimd.Mask8x64FromBits(targets))
	moves := &pawnMoves[delta&63]
	lo, hi := archsimd.LoadUint16x32(&moves.lo), archsimd.LoadUint16x32(&moves.hi)
	aspect := archsimd.LoadUint16x32(&aspects[uint8(kind)<<6])
	storeMoves(list, n, targets, lo.ConcatPermute(hi, to.GetLo().ExtendToUint16()).Or(aspect), lo.ConcatPermute(hi, to.GetHi().ExtendToUint16()).Or(aspect))
}

// promotionRanks are the first and the last rank.
const promotionRanks uint64 = 0xFF000000000000FF

// storeMoves stores the moves to the first 32 and the next 32 squares of
// targets at index *n of the list, wrapped below amd64.ListMoves (the
// second 32 in the list's slack past it), and adds their number to *n.
func storeMoves(list *[amd64.ListLen]uint16, n *int, targets uint64, first, next archsimd.Uint16x32) {
	at := unsafe.Add(unsafe.Pointer(list), 2*(*n&(amd64.ListMoves-1)))
	first.Store((*[32]uint16)(at))
	next.Store((*[32]uint16)(unsafe.Add(at, 64)))
	archsimd.ClearAVXUpperBits()
	*n += bits.OnesCount64(targets)
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
