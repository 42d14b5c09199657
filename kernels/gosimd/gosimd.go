//go:build goexperiment.simd && amd64

package gosimd

import (
	"slices"
	"unsafe"

	"bitlab/kernels"
)

// loops are the main loops of the registered kernels, in registration order.
var loops []kernels.Loop

// Loops returns the main loop of every kernel of the package (its
// throughput form; none has a latency form), for package explain.
func Loops() []kernels.Loop { return slices.Clone(loops) }

// loop declares the main loop of a kernel's throughput form: the outermost
// loop of the Go function symbol, handling elements inputs per iteration.
func loop(k kernels.Kernel, symbol string, elements int) {
	loops = append(loops, kernels.Loop{Kernel: k.Info().ID(), Mode: kernels.Throughput, Symbol: symbol, Elements: elements})
}

// scratch is the zeroed block of eight through which a kernel's main
// loop, which handles whole blocks of eight elements, runs the last
// len(src)%8: the tail needs no masked loads and stores (a mask of eight
// lanes is KMOVB, AVX-512 DQ, which no kernel declares) and no second
// loop. A kernel declares it on its stack and calls its main loop once on
// src and once on tail's block; the main loop's arguments do not escape,
// so neither does the block. (Zeroing it takes legacy-SSE stores, before
// any vector code.)
type scratch[In, Out any] struct {
	in  [8]In
	out [8]Out
}

// tail copies the elements of src after its whole blocks of eight into the
// block and returns the block's output and input, or nothing when there
// are none.
func (s *scratch[In, Out]) tail(src []In) ([]Out, []In) {
	rest := src[len(src)&^7:]
	if len(rest) == 0 {
		return nil, nil
	}
	copy(s.in[:], rest)
	return s.out[:], s.in[:]
}

// untail copies the block's outputs after the outputs of src's whole
// blocks in dst and returns len(src).
func (s *scratch[In, Out]) untail(dst []Out, src []In) int {
	copy(dst[len(src)&^7:len(src)], s.out[:])
	return len(src)
}

// block returns block i of eight elements of s; i must be below len(s)/8.
// A loop over the blocks this way has no bounds checks, none of the masked
// advanced pointers of re-slicing s by eight, and none of the length checks
// of unsafe.Slice, whose panic paths the compiler lays out as jumps back
// (which package explain would take for a second loop).
func block[T any](s []T, i int) *[8]T {
	var x T
	return (*[8]T)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), i*8*int(unsafe.Sizeof(x))))
}
