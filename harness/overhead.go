package harness

import (
	"slices"
	"time"

	"bitlab/kernels"
	"bitlab/schema"
)

// emptyThroughput is the loop every one-output kernel runs, with no work:
// load an element, store a byte.
//
//go:noinline
func emptyThroughput(dst []uint8, src []uint64) int {
	dst = dst[:len(src)]
	for i, x := range src {
		dst[i] = uint8(x)
	}
	return len(src)
}

// emptyLatency is the latency chain with no work: only the chain's XOR.
//
//go:noinline
func emptyLatency(src []uint64) uint8 {
	var y uint8
	for _, x := range src {
		y = uint8(kernels.NextCount(x, y))
	}
	return y
}

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
