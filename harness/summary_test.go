package harness

import (
	"math"
	"testing"

	"bitlab/kernels"
	"bitlab/schema"
)

// TestSummaryLeavesOutLearningCurve plants a serialize run on the stream
// whose learning curve (d4-rep256) favours the baseline: with it the two
// implementations would tie (20 cycles each, 1.00x); the summary ranks them
// on the headline distribution alone (40 against 20 cycles, 2.00x).
func TestSummaryLeavesOutLearningCurve(t *testing.T) {
	planted := func(impl, dist string, cycles float64) *Case {
		k, ok := kernels.Lookup("serialize/" + impl)
		if !ok {
			t.Fatalf("no kernel serialize/%s", impl)
		}
		c := &Case{Kernel: k, Workload: Workload{Dist: dist, Size: schema.StreamElements}, Class: schema.Stream, Mode: schema.Throughput}
		for round := range 5 {
			c.Samples = append(c.Samples, Sample{NsPerOp: cycles / 4, CyclesPerOp: cycles, Round: round})
		}
		return c
	}
	rows := Summarize([]*Case{
		planted("forward", "d8", 40), planted("forward", "d4-rep256", 10),
		planted("reverse", "d8", 20), planted("reverse", "d4-rep256", 20),
	})
	got := map[string]SummaryRow{}
	for _, r := range rows {
		got[r.Impl] = r
	}
	near := func(x, want float64) bool { return math.Abs(x-want) < 1e-9*want }
	if f, r := got["forward"], got["reverse"]; !near(f.Cycles, 40) || !near(f.Ns, 10) || !near(r.Cycles, 20) || !near(r.Speedup, 2) || !r.Fastest {
		t.Errorf("summary %+v, want forward at 40 cycles (10 ns) and reverse at 20 cycles, 2.00x, the fastest", rows)
	}
}
