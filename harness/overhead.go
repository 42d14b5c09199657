package harness

import (
	"math"
	"time"

	"bitlab/kernels"
	"bitlab/schema"
)

//go:generate go run ../kernels/generic/internal/gen -overhead -o overhead_gen.go

// empty is the element function of the empty kernel (overhead_gen.go,
// written by the template of every portable kernel's loops): it loads an
// element and stores a byte, with no work between.
func empty(x uint64) uint8 { return uint8(x) }

// Overhead is the cost of an empty kernel's loop per element.
type Overhead struct{ Throughput, Latency Sample }

// MeasureOverhead times the empty kernels on an L1-resident batch, its
// output placed as a bound kernel's: the fastest of 31 samples of about a
// millisecond each, the clock calibrated just before. An interruption or a
// busy neighbour only adds time, and the empty loop's figure is a floor,
// measured once: the median of a short burst of samples took a disturbed
// stretch whole (3.5 cycles where the build's loop runs at 2.0).
//
// The loop's cost depends on where the linker puts it: the same five
// instructions took 1.0 cycles per element on Zen 4 within one 64-byte
// line of code and 2.0 across two, so one build's floor can be a cycle
// from another's, and so can a portable kernel's tight loop.
func MeasureOverhead(cyc *Cycles) Overhead {
	const d = time.Millisecond
	src := make([]uint64, schema.L1Elements)
	for i := range src {
		src[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	dst := kernels.PlacedOutput[uint8](src, len(src))
	var sink uint8
	measure := func(pass func()) Sample {
		pass()
		t := time.Now()
		pass()
		reps := max(1, int(d/max(time.Since(t), 1)))
		ops := float64(reps * len(src))
		return fastest(31, func() Sample {
			begin := cyc.start()
			t := time.Now()
			for range reps {
				pass()
			}
			el := float64(time.Since(t))
			c, _ := cyc.stop(begin, el)
			return Sample{NsPerOp: el / ops, CyclesPerOp: c / ops}
		})
	}
	cyc.recalibrate()
	o := Overhead{
		Throughput: measure(func() { emptyThroughput(dst, src) }),
		Latency:    measure(func() { sink ^= emptyLatency(src) }),
	}
	_ = sink
	return o
}

// fastest returns the fewest ns and the fewest cycles per op of n samples
// taken by sample.
func fastest(n int, sample func() Sample) Sample {
	best := Sample{NsPerOp: math.Inf(1), CyclesPerOp: math.Inf(1)}
	for range n {
		s := sample()
		best.NsPerOp, best.CyclesPerOp = min(best.NsPerOp, s.NsPerOp), min(best.CyclesPerOp, s.CyclesPerOp)
	}
	return best
}
