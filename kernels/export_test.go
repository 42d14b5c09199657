package kernels

import "unsafe"

// OutputOffset returns the distance in bytes from a []uint64 input to the
// output buffer of a batch bound to it.
func OutputOffset(b Batch, src []uint64) uintptr {
	type addresser interface{ dstAddr() uintptr }
	return b.(addresser).dstAddr() - uintptr(unsafe.Pointer(&src[0]))
}

func (b *batch[In, Out]) dstAddr() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b.dst))) }

// SameOutputBuffer reports whether two bound batches' outputs overlap in
// memory: they are written into one buffer (separate allocations never
// overlap).
func SameOutputBuffer(a, b Batch) bool {
	type spanner interface{ dstSpan() (uintptr, uintptr) }
	a0, a1 := a.(spanner).dstSpan()
	b0, b1 := b.(spanner).dstSpan()
	return a0 < b1 && b0 < a1
}

// dstSpan returns the addresses of the first output and just past the last.
func (b *batch[In, Out]) dstSpan() (uintptr, uintptr) {
	return b.dstAddr(), b.dstAddr() + uintptr(len(b.dst))*unsafe.Sizeof(*new(Out))
}
