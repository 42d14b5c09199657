package harness

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"bitlab/kernels"
	"bitlab/schema"
)

// TestFootprintBoundsTheHeap prepares the quick stream cases of serialize,
// 64 outputs per input, at 65,536 elements: what they keep live is their
// inputs, once per workload, and one output buffer for all of them, within
// the footprint's estimate (a buffer per case held 4 MiB each).
func TestFootprintBoundsTheHeap(t *testing.T) {
	s := Suite{Family: regexp.MustCompile("^serialize$"), Modes: []kernels.Mode{kernels.Throughput}, Sizes: []schema.SizeClass{"65536"}, Quick: true}
	cases, _, err := s.Cases(ThisMachine())
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases: too few to tell shared buffers from a buffer each", len(cases))
	}
	f := footprintOf(cases, cases[0].outputs)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cache := InputCache{}
	for _, c := range cases {
		if err := c.Prepare(cache); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	const slack = 1 << 20 // the cases' batches and the collector's own
	if grown > f.held()+slack || 2*grown < f.held() {
		t.Errorf("%d cases hold %s, their footprint says %s (inputs %s, outputs %s)", len(cases), approxBytes(grown), approxBytes(f.held()), approxBytes(f.inputs), approxBytes(f.outputs))
	}
	runtime.KeepAlive(cases)
}

// TestSuiteMemoryCheck refuses a suite whose batches do not fit, before
// allocating anything, with the memory needed and the memory available,
// and accepts it where it fits.
func TestSuiteMemoryCheck(t *testing.T) {
	s := Suite{Family: regexp.MustCompile("^popcount$"), Modes: []kernels.Mode{kernels.Throughput}, Sizes: []schema.SizeClass{"134217728"}}
	limit := MemoryLimit{Bytes: 4 << 30, What: "the address-space limit (ulimit -v)"}
	_, _, err := s.cases(ThisMachine(), func() (MemoryLimit, bool) { return limit, true })
	if err == nil {
		t.Fatal("134,217,728-element batches of every popcount distribution accepted within 4 GiB")
	}
	for _, want := range []string{"do not fit in memory", "need about ", "more than the 4 GiB (the address-space limit (ulimit -v)) available", "inputs "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	limit.Bytes = 1 << 50
	if cases, _, err := s.cases(ThisMachine(), func() (MemoryLimit, bool) { return limit, true }); err != nil || len(cases) == 0 {
		t.Errorf("within a PiB: %d cases, %v", len(cases), err)
	}
	if _, _, err := s.cases(ThisMachine(), func() (MemoryLimit, bool) { return MemoryLimit{}, false }); err != nil {
		t.Errorf("no limit known: %v", err)
	}
}
