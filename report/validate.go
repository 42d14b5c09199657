package report

import (
	"cmp"
	"math"
	"path/filepath"
	"slices"

	"bitlab/schema"
)

// Estimates beside measurements: each measured configuration's estimates
// paired with its measurements, the kind of each form's loop, and per kind
// the band of estimate / measured that the estimates of cores never
// measured carry.

// LoopKind is what bounds a kernel form's loop, as far as the error of a
// static model's estimate of it goes. It is known of every estimated form,
// measured or not: from the kernel's declared mode and its lookup tables.
type LoopKind string

const (
	// throughputLoop runs independent elements from the core alone (its
	// tables, if any, fit the L1 with room to spare).
	throughputLoop LoopKind = "throughput"
	// latencyChain runs each element after the previous one's result,
	// from the core alone.
	latencyChain LoopKind = "latency chain"
	// tableThroughput and tableLatency are the two with lookup tables
	// beyond SmallTables, which the model serves from the L1 and a core,
	// on random queries, from further away: in a chain the core waits
	// for every miss, with independent queries it overlaps them.
	tableThroughput LoopKind = "table-bound throughput"
	tableLatency    LoopKind = "table-bound latency chain"
)

// LoopKinds returns the kinds of loop in the pages' order.
func LoopKinds() []LoopKind {
	return []LoopKind{throughputLoop, latencyChain, tableThroughput, tableLatency}
}

// SmallTables bounds the lookup tables of a loop that runs from the core
// alone: they stay in any L1 data cache beside the batch.
const SmallTables = 8 << 10

// apart is how far an estimate may be from its measurement, as a share of
// it, before the pages seek the reason: beyond it the two part.
const apart = 0.15

// KindOf returns the kind of loop of a form in mode whose implementation
// reads tables bytes of lookup tables.
func KindOf(mode schema.Mode, tables int) LoopKind {
	switch {
	case tables > SmallTables && mode == schema.Latency:
		return tableLatency
	case tables > SmallTables:
		return tableThroughput
	case mode == schema.Latency:
		return latencyChain
	}
	return throughputLoop
}

// Agreement is one form's estimate beside its measurement.
type Agreement struct {
	Form
	EstimatedForm
	Measured float64 // cycles per element, median of the L1 batch of random inputs
	Tables   int     // the implementation's lookup-table bytes
	Kind     LoopKind
	// CoreBound says the form runs from the core alone: assembly, no
	// branch on the input, tables of at most SmallTables.
	CoreBound bool
}

// Ratio returns estimate / measurement.
func (a Agreement) Ratio() float64 { return a.Cycles / a.Measured }

// Parts says whether estimate and measurement part by more than apart.
func (a Agreement) Parts() bool { return math.Abs(a.Ratio()-1) > apart }

// agreements pairs the estimates e with configuration cfg's measurements
// of the same forms (cycles per element, L1 batch, random inputs), in
// family, implementation and mode order.
func (s *Set) agreements(cfg string, e *Estimates) []Agreement {
	var out []Agreement
	for f, est := range e.Forms {
		k := Key{Config: cfg, Family: f.Family, Impl: f.Impl, Dist: "random", Size: schema.L1Elements, Mode: f.Mode, Unit: schema.CyclesPerOp().Read}
		sum, ok := s.Summary(k)
		if !ok {
			continue
		}
		a := Agreement{Form: f, EstimatedForm: est, Measured: sum.Center, Tables: s.Tables(f.Family, f.Impl)}
		a.Kind = KindOf(f.Mode, a.Tables)
		a.CoreBound = est.Asm && est.Path == "" && a.Tables <= SmallTables
		out = append(out, a)
	}
	order := s.AllFamilies()
	slices.SortFunc(out, func(a, b Agreement) int {
		return cmp.Or(cmp.Compare(slices.Index(order, a.Family), slices.Index(order, b.Family)),
			cmp.Compare(a.Impl, b.Impl), cmp.Compare(a.Mode, b.Mode))
	})
	return out
}

// Validation is one measured configuration's estimates by one model beside
// its measurements.
type Validation struct {
	Config     *Config
	Estimates  *Estimates
	Agreements []Agreement
}

// Validate pairs every configuration of s with the estimates of ests of
// its build (GOARCH and level) and core; a pair without a common form is
// left out.
func (s *Set) Validate(ests []*Estimates) []Validation {
	var out []Validation
	for _, c := range s.Configs {
		for _, e := range ests {
			if e.GOARCH != c.GOARCH || e.Level != c.Level || e.Uarch != c.Uarch {
				continue
			}
			if ag := s.agreements(c.Label, e); len(ag) > 0 {
				out = append(out, Validation{Config: c, Estimates: e, Agreements: ag})
			}
		}
	}
	return out
}

// Validations reads the estimates folders of the CPU folders that hold the
// configurations' results files and pairs them with the measurements
// (Validate).
func (s *Set) Validations() ([]Validation, error) {
	var dirs []string
	for _, c := range s.Configs {
		for _, f := range c.Files {
			d := filepath.Dir(f)
			if filepath.Base(d) == schema.PerftFolder {
				d = filepath.Dir(d)
			}
			if !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
	}
	var ests []*Estimates
	for _, d := range dirs {
		es, err := ReadEstimatesFolder(filepath.Join(d, schema.EstimatesFolder))
		if err != nil {
			return nil, err
		}
		ests = append(ests, es...)
	}
	return s.Validate(ests), nil
}

// ValidatedCore is a measured core of a band, the core whose LLVM model
// estimated it (itself, or the one whose model it borrows), and the
// median of its ratios in the band.
type ValidatedCore struct {
	Core, Model string
	Median      float64
}

// Band is the spread of estimate / measured over one kind of loop on the
// measured cores of one architecture, all on their own models or all on
// borrowed ones: how far to trust an estimate of that kind where no run
// can check it.
type Band struct {
	Kind     LoopKind
	GOARCH   string
	Borrowed bool
	N        int     // ratios: forms times configurations
	Median   float64 // of estimate / measured
	P10, P90 float64 // its 10th and 90th percentiles
	Cores    []ValidatedCore
}

// BandOf returns the band of kind k over the validations of architecture
// goarch whose models are borrowed (or, borrowed false, their cores' own);
// false where there is no such ratio.
func BandOf(vs []Validation, goarch string, k LoopKind, borrowed bool) (Band, bool) {
	b := Band{Kind: k, GOARCH: goarch, Borrowed: borrowed}
	var ratios []float64
	per := map[ValidatedCore][]float64{} // by core and model
	for _, v := range vs {
		e := v.Estimates
		if v.Config.GOARCH != goarch || (e.Borrowed != "") != borrowed {
			continue
		}
		vc := ValidatedCore{Core: e.Uarch, Model: cmp.Or(e.Borrowed, e.Uarch)}
		for _, a := range v.Agreements {
			if a.Kind != k {
				continue
			}
			if per[vc] == nil {
				b.Cores = append(b.Cores, vc)
			}
			per[vc] = append(per[vc], a.Ratio())
			ratios = append(ratios, a.Ratio())
		}
	}
	if len(ratios) == 0 {
		return b, false
	}
	for i, vc := range b.Cores {
		b.Cores[i].Median = Median(per[vc])
	}
	slices.Sort(ratios)
	b.N, b.Median, b.P10, b.P90 = len(ratios), percentile(ratios, 0.5), percentile(ratios, 0.1), percentile(ratios, 0.9)
	return b, true
}

// percentile returns the q-quantile of sorted values, interpolated
// linearly between the closest ranks (the sample quantile of type 7).
func percentile(sorted []float64, q float64) float64 {
	h := q * float64(len(sorted)-1)
	lo := int(h)
	if lo+1 >= len(sorted) {
		return sorted[lo]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// NativeRatios returns estimate / measured of form f on the measured cores
// of the core whose model e borrows, estimated by that core's own model, at
// e's build: whether the model itself, on its own core, shows what e's
// estimate shows. None where e's model is its core's own or no such core
// was measured.
func NativeRatios(vs []Validation, e *Estimates, f Form) []float64 {
	var out []float64
	for _, v := range vs {
		ne := v.Estimates
		if e.Borrowed == "" || ne.Borrowed != "" || ne.Uarch != e.Borrowed || ne.GOARCH != e.GOARCH || ne.Level != e.Level {
			continue
		}
		for _, a := range v.Agreements {
			if a.Form == f {
				out = append(out, a.Ratio())
			}
		}
	}
	return out
}

// BlameBorrowing says whether the departure of a, estimated by a borrowed
// model, may be blamed on the borrowing: only where the lender's own model,
// on a measured core of the lender, does not part the same way (native
// holds those ratios, NativeRatios). Without such a measurement nothing
// says it may.
func BlameBorrowing(a Agreement, native []float64) bool {
	if len(native) == 0 || !a.Parts() {
		return false
	}
	above := a.Ratio() > 1
	for _, r := range native {
		if math.Abs(r-1) > apart && (r > 1) == above {
			return false
		}
	}
	return true
}
