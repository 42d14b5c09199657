package kernels

import (
	"fmt"
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

// Bind ties the implementation to src, a []In, for timing in mode. It fails
// for a missing form, a wrong input type, an element outside the family's
// domain (checked once here, outside timing), or a CPU without the features.
func (k *Impl[In, Out]) Bind(src any, mode Mode) (Batch, error) {
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
	b := &batch[In, Out]{k: k, src: in, dst: placed[In, Out](in, k.family.spec.MaxOut*len(in))}
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
// (2048 bytes modulo 4096) away from the input. Where the two start at the
// same offset in their pages, as large allocations do, a kernel whose
// input and output pointers advance alike (serialization at 8 bits per
// word, 8 bytes in and 8 out) sees its loads falsely depend on its stores
// ("4K aliasing"): on the development VM that cost serialize/avx512-vbmi2
// up to 2.5x, differently in every process. A fixed placement makes runs
// reproducible.
func placed[In, Out any](src []In, n int) []Out {
	var out Out
	size := int(unsafe.Sizeof(out))
	if size == 0 || len(src) == 0 {
		return make([]Out, n)
	}
	buf := make([]Out, n+4096/size+1)
	from := uintptr(unsafe.Pointer(unsafe.SliceData(src)))
	to := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	skip := int((from+2048-to)%4096) / size
	return buf[skip : skip+n : skip+n]
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
