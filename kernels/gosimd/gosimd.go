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

// blocks views s, whose length is a multiple of eight, as blocks of eight
// elements: a loop over them needs no bounds checks and no masking of the
// advanced pointers that re-slicing s by eight costs.
func blocks[T any](s []T) [][8]T {
	return unsafe.Slice((*[8]T)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/8)
}
