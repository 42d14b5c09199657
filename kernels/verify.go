package kernels

import (
	"errors"
	"fmt"
	"slices"
)

// Expected holds the reference outputs of an input batch: the outputs of
// src[i] are Out[Off[i]:Off[i+1]].
type Expected[Out any] struct {
	Out []Out
	Off []int
}

// Expect computes the reference outputs of src, whose elements must be in
// the family's domain.
func (f *Family[In, Out]) Expect(src []In) Expected[Out] {
	e := Expected[Out]{Off: make([]int, 1, len(src)+1)}
	for _, x := range src {
		e.Out = f.spec.Reference(e.Out, x)
		e.Off = append(e.Off, len(e.Out))
	}
	return e
}

// Sub returns the expected outputs of inputs lo..hi-1.
func (e Expected[Out]) Sub(lo, hi int) Expected[Out] {
	off := make([]int, hi-lo+1)
	for i := range off {
		off[i] = e.Off[lo+i] - e.Off[lo]
	}
	return Expected[Out]{Out: e.Out[e.Off[lo]:e.Off[hi]], Off: off}
}

// Check runs the implementation over src and compares it with want, the
// reference outputs of src: the throughput outputs exactly (reversed for
// Reversed implementations, as multisets for Unordered ones) and, where
// offered, the final output of the latency chain.
func (k *Impl[In, Out]) Check(src []In, want Expected[Out]) error {
	if len(want.Off) != len(src)+1 {
		return errors.New("kernels: Check: expected outputs do not match the inputs")
	}
	if err := k.family.Validate(src); err != nil {
		return fmt.Errorf("%s: %w", k.info.ID(), err)
	}
	dst := make([]Out, k.family.spec.MaxOut*len(src))
	got := dst[:k.Throughput(dst, src)]
	if len(got) != len(want.Out) {
		return fmt.Errorf("%s: wrote %d outputs for %d inputs, want %d", k.info.ID(), len(got), len(src), len(want.Out))
	}
	for i := range src {
		g, w := got[want.Off[i]:want.Off[i+1]], want.Out[want.Off[i]:want.Off[i+1]]
		if !equalOutputs(k.info.Order, g, w) {
			return fmt.Errorf("%s: input %d = %+v: got %v, want %v", k.info.ID(), i, src[i], g, w)
		}
	}
	if k.latency != nil {
		if got, exp := k.Latency(src), k.family.ReferenceLatency(src); got != exp {
			return fmt.Errorf("%s: latency chain over %d inputs ends in %v, want %v", k.info.ID(), len(src), got, exp)
		}
	}
	return nil
}

func equalOutputs[Out comparable](order Order, a, b []Out) bool {
	if len(a) != len(b) {
		return false
	}
	switch order {
	case InOrder:
		return slices.Equal(a, b)
	case Reversed:
		for i := range a {
			if a[i] != b[len(b)-1-i] {
				return false
			}
		}
		return true
	}
	count := make(map[Out]int, len(a))
	for i := range a {
		count[a[i]]++
		count[b[i]]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}
