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

// inEights runs eights, a kernel's main loop over a multiple of eight
// elements, on src, and on its last len(src)%8 elements through a zeroed
// scratch block of eight: the tail needs no masked loads and stores (a
// mask of eight lanes is KMOVB, AVX-512 DQ, which no kernel declares) and
// no second loop. It returns len(src).
func inEights[In, Out any](dst []Out, src []In, eights func(dst []Out, src []In)) int {
	whole := len(src) &^ 7
	eights(dst[:whole], src[:whole])
	if whole < len(src) {
		var in [8]In
		var out [8]Out
		n := copy(in[:], src[whole:])
		eights(out[:], in[:])
		copy(dst[whole:len(src)], out[:n])
	}
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
