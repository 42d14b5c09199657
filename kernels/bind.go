package kernels

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Batch is an implementation bound to one input batch, ready to be timed.
type Batch interface {
	// Run executes the form over the whole batch reps times.
	Run(reps int)
	// Len returns the number of input elements in the batch.
	Len() int
	// Outputs returns the outputs one throughput pass writes (the total
	// list length for the list families, Len otherwise).
	Outputs() int
	// Verify checks both forms against the reference on the batch, or on
	// its first [VerifyLimit] elements when it is longer.
	Verify() error
}

// Bind ties the implementation to src, a []In, for timing in mode, its
// outputs written into a buffer lent by out (nil: a buffer of its own). It
// fails for a missing form, a wrong input type, an element outside the
// family's domain (checked once here, outside timing), or a CPU without
// the features.
func (k *Impl[In, Out]) Bind(src any, mode Mode, out *Outputs) (Batch, error) {
	in, ok := src.([]In)
	if !ok {
		return nil, fmt.Errorf("%s: inputs are %T, want %T", k.info.ID(), src, in)
	}
	if err := k.Supported(); err != nil {
		return nil, fmt.Errorf("%s: %v", k.info.ID(), err)
	}
	if err := k.family.Validate(in); err != nil {
		return nil, fmt.Errorf("%s: %v", k.info.ID(), err)
	}
	b := &batch[In, Out]{k: k, src: in, dst: placed[In, Out](in, k.family.spec.MaxOut*len(in), out)}
	switch {
	case mode == Throughput:
	case mode == Latency && k.latency != nil:
		b.latency = true
	default:
		return nil, fmt.Errorf("%s: no %s form", k.info.ID(), mode)
	}
	b.outputs = k.throughput(b.dst, in)
	return b, nil
}

// placed returns an output buffer of n elements that starts half a page
// (2048 bytes modulo 4096) away from the input, in a buffer lent by out
// (nil: a new one). Where the two start at the same offset in their pages,
// as large allocations do, a kernel whose input and output pointers
// advance alike (serialization at 8 bits per word, 8 bytes in and 8 out)
// sees its loads falsely depend on its stores ("4K aliasing"): on the
// development VM that cost serialize/avx512-vbmi2 up to 2.5x, differently
// in every process. A fixed placement makes runs reproducible.
func placed[In, Out any](src []In, n int, out *Outputs) []Out {
	size := int(unsafe.Sizeof(*new(Out)))
	if size == 0 || len(src) == 0 {
		return make([]Out, n)
	}
	buf := lend[Out](out, placedLen[Out](n))
	from := uintptr(unsafe.Pointer(unsafe.SliceData(src)))
	to := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	skip := int((from+2048-to)%4096) / size
	return buf[skip : skip+n : skip+n]
}

// PlacedOutput returns an output buffer of n elements placed half a page
// from src, as a bound batch's: for loops timed beside the kernels.
func PlacedOutput[Out, In any](src []In, n int) []Out { return placed[In, Out](src, n, nil) }

// placedLen is the length of the buffer placed slices n elements from:
// room for any placement.
func placedLen[Out any](n int) int {
	if size := int(unsafe.Sizeof(*new(Out))); size > 0 {
		return n + 4096/size + 1
	}
	return n
}

// Outputs lends output buffers to batches that never run at the same time,
// such as the cases of a run, timed one at a time: one buffer per output
// type, where a buffer of its own per batch would hold them all at once
// (the 121 stream cases of serialize, 64 MiB each, held 7.6 GiB). Reserve
// every batch's outputs before the first is bound, so that the buffers are
// allocated once, at their longest. The zero Outputs lends nothing yet.
type Outputs struct {
	lent map[reflect.Type]*lentBuffer
}

// A lentBuffer is the buffer of one output type: its reserved length in
// elements, the element size, and the buffer (a []Out) once allocated.
type lentBuffer struct {
	n    int
	size int64
	buf  any
}

// Reserve makes room for the outputs of a batch of n inputs of family f.
func (o *Outputs) Reserve(f AnyFamily, n int) { f.reserve(o, n) }

func (f *Family[In, Out]) reserve(o *Outputs, n int) {
	l := o.buffer(reflect.TypeFor[Out](), int64(unsafe.Sizeof(*new(Out))))
	l.n = max(l.n, placedLen[Out](f.spec.MaxOut*n))
}

// Bytes returns the size of the buffers, as reserved or lent.
func (o *Outputs) Bytes() int64 {
	var total int64
	for _, l := range o.lent {
		total += int64(l.n) * l.size
	}
	return total
}

func (o *Outputs) buffer(t reflect.Type, size int64) *lentBuffer {
	if o.lent == nil {
		o.lent = map[reflect.Type]*lentBuffer{}
	}
	l, ok := o.lent[t]
	if !ok {
		l = &lentBuffer{size: size}
		o.lent[t] = l
	}
	return l
}

// lend returns out's buffer of at least n elements of type Out (allocated
// at its reserved length, or longer when n exceeds it), or a new buffer
// for a nil out.
func lend[Out any](out *Outputs, n int) []Out {
	if out == nil {
		return make([]Out, n)
	}
	l := out.buffer(reflect.TypeFor[Out](), int64(unsafe.Sizeof(*new(Out))))
	buf, _ := l.buf.([]Out)
	if len(buf) < n {
		l.n = max(l.n, n)
		buf = make([]Out, l.n)
		l.buf = buf
	}
	return buf
}

type batch[In any, Out comparable] struct {
	k       *Impl[In, Out]
	src     []In
	dst     []Out
	latency bool
	outputs int
	sink    Out // keeps the latency chain's result alive
}

func (b *batch[In, Out]) Run(reps int) {
	if b.latency {
		for range reps {
			b.sink = b.k.latency(b.src)
		}
		return
	}
	for range reps {
		b.k.throughput(b.dst, b.src)
	}
}

func (b *batch[In, Out]) Len() int     { return len(b.src) }
func (b *batch[In, Out]) Outputs() int { return b.outputs }

// VerifyLimit bounds the elements Batch.Verify checks: beyond it, the
// reference outputs and their offsets would cost more memory than the batch.
const VerifyLimit = 1 << 20

func (b *batch[In, Out]) Verify() error {
	src := b.src[:min(len(b.src), VerifyLimit)]
	return b.k.Check(src, b.k.family.Expect(src))
}
