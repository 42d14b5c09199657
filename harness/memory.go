package harness

import (
	"fmt"
	"slices"

	"bitlab/kernels"
)

// A MemoryLimit bounds the memory this process can still allocate.
type MemoryLimit struct {
	Bytes int64
	What  string // where the bound comes from, such as "MemAvailable in /proc/meminfo"
}

func (l MemoryLimit) String() string { return fmt.Sprintf("%s (%s)", approxBytes(l.Bytes), l.What) }

// approxBytes writes a size in bytes, KiB, MiB or GiB to three significant
// digits (bytesText writes exact sizes).
func approxBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.3g GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.3g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.3g KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// A footprint is the memory a suite's cases take.
type footprint struct {
	// inputs, outputs and evictors are held through the run: each
	// workload's inputs once, the output buffers the cases share, and the
	// eviction buffers of the cache pressures.
	inputs, outputs, evictors int64
	// checking is the most that preparing one case allocates for a while
	// beside them: its inputs as they are drawn, and what checking it
	// against the reference takes (the kernel's outputs and the reference's,
	// the latter in a slice grown by appending, and their offsets).
	checking int64
}

// footprintOf returns the footprint of cases, whose output buffers
// outputs has reserved.
func footprintOf(cases []*Case, outputs *kernels.Outputs) footprint {
	f := footprint{outputs: outputs.Bytes()}
	inputs := map[inputKey]bool{}
	var evictors []*Evictor
	for _, c := range cases {
		fam, n := c.Kernel.FamilyOf(), c.Workload.Size
		in := int64(n) * int64(fam.InputType().Size())
		if key := inputKeyOf(fam, c.Workload); !inputs[key] {
			inputs[key] = true
			f.inputs += in
		}
		if e := c.Evict; e != nil && !slices.Contains(evictors, e) {
			evictors = append(evictors, e)
			f.evictors += e.Bytes
		}
		checked := min(n, kernels.VerifyLimit)
		f.checking = max(f.checking, in+3*fam.OutputBytes(checked)+8*int64(checked+1))
	}
	return f
}

// held is the memory held through the run.
func (f footprint) held() int64 { return f.inputs + f.outputs + f.evictors }

// peak is the most the process may take: what it holds twice over (Go's
// collector lets the heap grow to twice what was live at its last
// collection before it collects again), and one case's checking.
func (f footprint) peak() int64 { return 2*f.held() + f.checking }

// fits returns nil if the footprint's peak fits in limit, and otherwise
// an error with the figures needed and available.
func (f footprint) fits(limit MemoryLimit) error {
	if f.peak() <= limit.Bytes {
		return nil
	}
	held := fmt.Sprintf("inputs %s, output buffers %s", approxBytes(f.inputs), approxBytes(f.outputs))
	if f.evictors > 0 {
		held += fmt.Sprintf(", eviction buffers %s", approxBytes(f.evictors))
	}
	return fmt.Errorf("the selected batches do not fit in memory: they need about %s at the peak, more than the %s available: "+
		"%s held through the run (%s), as much again for Go's collector, and %s while one case is checked; "+
		"select smaller sizes, or fewer sizes, families or distributions",
		approxBytes(f.peak()), limit, approxBytes(f.held()), held, approxBytes(f.checking))
}
