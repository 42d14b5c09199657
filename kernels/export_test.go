package kernels

import "unsafe"

// OutputOffset returns the distance in bytes from a []uint64 input to the
// output buffer of a batch bound to it.
func OutputOffset(b Batch, src []uint64) uintptr {
	type addresser interface{ dstAddr() uintptr }
	return b.(addresser).dstAddr() - uintptr(unsafe.Pointer(&src[0]))
}

func (b *batch[In, Out]) dstAddr() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b.dst))) }
