package kernels

import "fmt"

// Mode is a form of an implementation.
type Mode string

// The two forms.
const (
	Throughput Mode = "throughput" // independent elements
	Latency    Mode = "latency"    // a dependent chain
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
	// its first VerifyLimit elements when it is longer.
	Verify() error
}

// Bind ties the implementation to src, a []In, for timing in mode. It fails
// for a missing form, a wrong input type, or a CPU without the features.
func (k *Impl[In, Out]) Bind(src any, mode Mode) (Batch, error) {
	in, ok := src.([]In)
	if !ok {
		return nil, fmt.Errorf("%s: inputs are %T, want %T", k.info.ID(), src, in)
	}
	if err := k.Supported(); err != nil {
		return nil, fmt.Errorf("%s: %v", k.info.ID(), err)
	}
	b := &batch[In, Out]{k: k, src: in, dst: make([]Out, k.family.maxOut*len(in))}
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
