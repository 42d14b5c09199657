package kernels_test

import (
	"testing"

	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

// chunkSizes are the batch lengths the checks cycle through: small odd ones
// reach the tail handling of unrolled loops.
var chunkSizes = []int{4096, 1, 7, 64, 3, 1000, 15, 33}

// check runs every implementation of f over src, in batches of the varied
// chunk sizes, and compares it with the reference (kernels.Impl.Check).
func check[In any, Out comparable](t *testing.T, f *kernels.Family[In, Out], src []In) {
	t.Helper()
	recordProof(t, f.Name())
	want := f.Expect(src)
	for _, k := range f.Impls() {
		if err := k.Supported(); err != nil {
			t.Logf("%s: skipped: %v", k.Info().ID(), err)
			continue
		}
		for lo, c := 0, 0; lo < len(src); c++ {
			hi := min(lo+chunkSizes[c%len(chunkSizes)], len(src))
			if err := k.Check(src[lo:hi], want.Sub(lo, hi)); err != nil {
				t.Errorf("inputs %d..%d: %v", lo, hi-1, err)
				break
			}
			lo = hi
		}
	}
}
