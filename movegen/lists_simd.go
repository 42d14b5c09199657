//go:build goexperiment.simd && amd64

package movegen

import (
	"math/bits"
	"unsafe"

	"bitlab/board"
	"bitlab/kernels/amd64"
	"bitlab/kernels/gosimd"
)

// The techniques of the values whose kernels are Go with simd/archsimd
// (GOEXPERIMENT=simd, amd64), which inline into the generator as Go does,
// unlike assembly: no call, no registers spilled around one (but for the
// pawns' entry point, a call as the default's addPawns is).

// addArchsimd is add by serialize/archsimd-vbmi2: the target set's moves
// appended whole by a vector compress (VPCOMPRESSB) inlined in place, the
// list's Moves passed as the 16-bit words they are; the stores may write
// up to 64 moves from the list's end, into MoveList's slack.
func (l *MoveList) addArchsimd(from board.Square, targets uint64, kind int) {
	gosimd.SerializeArchsimdVbmi2Append((*[amd64.ListLen]uint16)(unsafe.Pointer(&l.Moves)), &l.N, targets, from, kind)
}

// addPawnsArchsimd is addPawns by serialize/archsimd-vbmi2: a set without
// promotions compressed as addArchsimd's, one with them (rare) listed in a
// scalar loop; the kernel's entry point is over Go's inlining budget, so
// this is a call, as the default's addPawns is.
func (l *MoveList) addPawnsArchsimd(targets uint64, delta int, kind int) {
	gosimd.SerializeArchsimdVbmi2AppendPawns((*[amd64.ListLen]uint16)(unsafe.Pointer(&l.Moves)), &l.N, targets, delta, kind)
}

// batchCounter is setCounter by popcount/archsimd-vpopcnt: the target
// sets are collected eight at a time and counted by one VPOPCNTQ each
// eight, inlined in place, the last (fewer) with the rest of the block
// zero.
type batchCounter struct {
	sets [8]uint64
	n    int // the sets collected since the last count
}

// count collects b and returns the moves of the eight sets it completes, or
// none.
func (c *batchCounter) count(b uint64) int {
	c.sets[c.n&7] = b
	c.n++
	if c.n < 8 {
		return 0
	}
	c.n = 0
	return gosimd.PopcountArchsimdVpopcntSum(&c.sets)
}

// rest returns the moves of the sets collected since the last count.
func (c *batchCounter) rest() int {
	if c.n == 0 {
		return 0
	}
	clear(c.sets[c.n&7:])
	return gosimd.PopcountArchsimdVpopcntSum(&c.sets)
}

// countAlone is count=archsimd-vpopcnt's count of the words the generator
// counts on their own, outside the batches: the promotions' (mostly none,
// counted three times over) and the castlings' and en-passant captures'
// single squares, by POPCNT.
func countAlone(b uint64) int { return bits.OnesCount64(b) }
