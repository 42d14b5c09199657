// Package adapt turns the signatures of assembly kernels, which take
// pointers and lengths, into the slice signatures of package kernels. Every
// architecture's assembly package registers through it; the adapters run
// once per batch, never per element.
package adapt

import (
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
)

// Bytes views a slice of a byte-sized type as []byte.
func Bytes[T ~uint8](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// Squares adapts a byte kernel to the families whose outputs are squares.
func Squares(tp func([]byte, []uint64) int) func([]board.Square, []uint64) int {
	return func(dst []board.Square, src []uint64) int { return tp(Bytes(dst), src) }
}

// SquareChain adapts a byte latency kernel to square outputs.
func SquareChain(lat func([]uint64) byte) func([]uint64) board.Square {
	return func(src []uint64) board.Square { return board.Square(lat(src)) }
}

// SliderThroughput adapts a kernel over [kernels.Query] to its table t.
func SliderThroughput[T any](tp func(dst, src *uint64, n int, t *byte) int, t *T) func([]uint64, []kernels.Query) int {
	return func(dst []uint64, src []kernels.Query) int {
		if len(src) == 0 {
			return 0
		}
		return tp(&dst[0], &src[0].Occ, len(src), (*byte)(unsafe.Pointer(t)))
	}
}

// SliderLatency adapts a latency kernel over [kernels.Query] to its table t.
func SliderLatency[T any](lat func(src *uint64, n int, t *byte) uint64, t *T) func([]kernels.Query) uint64 {
	return func(src []kernels.Query) uint64 {
		if len(src) == 0 {
			return 0
		}
		return lat(&src[0].Occ, len(src), (*byte)(unsafe.Pointer(t)))
	}
}

// Quad adapts a kernel over n elements at src writing to dst.
func Quad[In, Out any](f func(dst *Out, src *uint64, n int)) func([]Out, []In) int {
	return func(dst []Out, src []In) int {
		if len(src) > 0 {
			f(&dst[0], (*uint64)(unsafe.Pointer(&src[0])), len(src))
		}
		return len(src)
	}
}
