package kernels_test

import (
	"fmt"
	"testing"

	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

// chunkSizes are the batch lengths the checks cycle through: small odd ones
// reach the tail handling of unrolled loops.
var chunkSizes = []int{4096, 1, 7, 64, 3, 1000, 15, 33}

// expected holds a family's reference outputs for an input set.
type expected[Out any] struct {
	out []Out // all outputs, concatenated
	off []int // outputs of src[i] are out[off[i]:off[i+1]]
}

func reference[In, Out any](f *kernels.Family[In, Out], src []In) expected[Out] {
	e := expected[Out]{off: make([]int, 1, len(src)+1)}
	for _, x := range src {
		e.out = f.Reference(e.out, x)
		e.off = append(e.off, len(e.out))
	}
	return e
}

// check runs every implementation of f over src and compares it with the
// reference: throughput outputs exactly (as multisets per element for
// Unordered implementations), latency chains by their final output.
func check[In any, Out comparable](t *testing.T, f *kernels.Family[In, Out], src []In) {
	t.Helper()
	want := reference(f, src)
	for _, k := range f.Impls() {
		if err := k.Supported(); err != nil {
			t.Logf("%s: skipped: %v", k.Info().ID(), err)
			continue
		}
		if err := checkImpl(k, src, want); err != nil {
			t.Errorf("%s: %v", k.Info().ID(), err)
		}
	}
}

func checkImpl[In any, Out comparable](k *kernels.Impl[In, Out], src []In, want expected[Out]) error {
	f := k.Family()
	dst := make([]Out, f.MaxOut()*chunkSizes[0])
	for lo, c := 0, 0; lo < len(src); c++ {
		hi := min(lo+chunkSizes[c%len(chunkSizes)], len(src))
		n := k.Throughput(dst, src[lo:hi])
		if err := compare(k.Info().Unordered, dst[:n], src[lo:hi], want, lo); err != nil {
			return err
		}
		if k.HasLatency() {
			if got, exp := k.Latency(src[lo:hi]), f.ReferenceLatency(src[lo:hi]); got != exp {
				return fmt.Errorf("latency chain over inputs %d..%d = %v, want %v", lo, hi-1, got, exp)
			}
		}
		lo = hi
	}
	return nil
}

// compare checks the outputs of src (which starts at input index base)
// against the reference.
func compare[In any, Out comparable](unordered bool, got []Out, src []In, want expected[Out], base int) error {
	exp := want.out[want.off[base]:want.off[base+len(src)]]
	if len(got) != len(exp) {
		return fmt.Errorf("inputs %d..%d: wrote %d outputs, want %d", base, base+len(src)-1, len(got), len(exp))
	}
	for i := range src {
		lo, hi := want.off[base+i]-want.off[base], want.off[base+i+1]-want.off[base]
		if !equal(unordered, got[lo:hi], exp[lo:hi]) {
			return fmt.Errorf("input %d = %+v: got %v, want %v", base+i, src[i], got[lo:hi], exp[lo:hi])
		}
	}
	return nil
}

func equal[Out comparable](unordered bool, a, b []Out) bool {
	if len(a) != len(b) {
		return false
	}
	if !unordered {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	count := map[Out]int{}
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
