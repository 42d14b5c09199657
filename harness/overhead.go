package harness

import (
	"slices"
	"time"

	"bitlab/schema"
)

//go:generate go run ../kernels/generic/internal/gen -overhead -o overhead_gen.go

// empty is the element function of the empty kernel (overhead_gen.go,
// written by the template of every portable kernel's loops): it loads an
// element and stores a byte, with no work between.
func empty(x uint64) uint8 { return uint8(x) }

// Overhead is the cost of an empty kernel's loop per element.
type Overhead struct{ Throughput, Latency Sample }

// MeasureOverhead times the empty kernels on an L1-resident batch: the
// median of 31 samples of about a millisecond each.
func MeasureOverhead(cyc *Cycles) Overhead {
	const d = time.Millisecond
	src := make([]uint64, schema.L1Elements)
	for i := range src {
		src[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	dst := make([]uint8, len(src))
	var sink uint8
	measure := func(pass func()) Sample {
		pass()
		t := time.Now()
		pass()
		reps := max(1, int(d/max(time.Since(t), 1)))
		var ns, cy []float64
		for range 31 {
			begin := cyc.start()
			t := time.Now()
			for range reps {
				pass()
			}
			el := float64(time.Since(t))
			ops := float64(reps * len(src))
			c, _ := cyc.stop(begin, el)
			ns, cy = append(ns, el/ops), append(cy, c/ops)
		}
		slices.Sort(ns)
		return Sample{NsPerOp: median(ns), CyclesPerOp: median(cy)}
	}
	o := Overhead{
		Throughput: measure(func() { emptyThroughput(dst, src) }),
		Latency:    measure(func() { sink ^= emptyLatency(src) }),
	}
	_ = sink
	return o
}
