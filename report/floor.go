package report

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"bitlab/harness"
	"bitlab/kernels"
	"bitlab/schema"
	"bitlab/uarch"
)

// A Floor is a family's floor (kernels.Floor) on a configuration's core:
// the instruction's cycles as the self-check of the configuration's runs
// measured them, times what an element of each headline distribution
// needs of it.
type Floor struct {
	kernels.Floor
	Measured float64 // the instruction's measured cycles per instruction
	// Need is the instructions an element needs, by headline distribution
	// (kernels.Floor.Need over the distribution's batch).
	Need map[string]float64
}

// Cycles returns the floor on a distribution in cycles per element.
func (f Floor) Cycles(dist string) float64 { return f.Measured * f.Need[dist] }

// Dists returns the floor's distributions in table order.
func (f Floor) Dists() []string { return slices.SortedFunc(maps.Keys(f.Need), schema.CompareDists) }

// Over returns the floor over those of dists it has: a table's rows.
func (f Floor) Over(dists []string) Floor {
	need := map[string]float64{}
	for _, d := range dists {
		if n, ok := f.Need[d]; ok {
			need[d] = n
		}
	}
	f.Need = need
	return f
}

// Geomean returns the geometric mean of the distributions' floors.
func (f Floor) Geomean() float64 {
	var floors []float64
	for _, d := range f.Dists() {
		floors = append(floors, f.Cycles(d))
	}
	return geomean(floors)
}

// OverFloor returns an implementation's distance to a family's floor in
// throughput mode at the headline size: the geometric mean, over the
// floor's distributions it measured in cycles, of its median cost over the
// distribution's floor, which is its geomean over the geomean of those
// floors; 0 where it measured none.
func (s *Set) OverFloor(cfg, family, impl string, f Floor) float64 {
	var ratios []float64
	for _, d := range f.Dists() {
		k := Key{Config: cfg, Family: family, Impl: impl, Dist: d, Size: s.Headline(family), Mode: schema.Throughput, Unit: schema.Cost(true, false).Read}
		if sm, found := s.Summary(k); found && sm.Center > 0 {
			ratios = append(ratios, sm.Center/f.Cycles(d))
		}
	}
	if len(ratios) == 0 {
		return 0
	}
	return geomean(ratios)
}

// Floor returns a family's floor on a configuration's core over its
// headline distributions in throughput mode (HeadlineDists): of the
// family's floors whose instruction the self-check in the headers of the
// configuration's runs measured and uarch's tables vouch for on the core
// (uarch.FixedCost), the lowest geomean. Of several runs it takes the
// median figure: without cycle counters the self-check's cycles are a
// ratio to the ADD chain's time, so a disturbance can move them either
// way, and the fastest run's is its luckiest error (0.968 cycles for Zen
// 4's VPOPCNTQ zmm, which issues one a cycle). A floor whose need depends
// on the inputs takes it from the batches the runs timed, drawn again
// with their seeds (harness.Inputs). A core the tables do not know has no
// floor, nor has a run under an emulator; ok is false where there is none.
func (s *Set) Floor(cfg, family string) (f Floor, ok bool) {
	c, found := s.Config(cfg)
	i := slices.IndexFunc(kernels.Families(), func(f kernels.AnyFamily) bool { return f.Name() == family })
	dists := s.HeadlineDists(cfg, family, schema.Throughput)
	if !found || i < 0 || len(dists) == 0 {
		return Floor{}, false
	}
	fam := kernels.Families()[i]
	measured := map[string][]float64{}
	var seeds []uint64
	for _, file := range c.Files {
		for instr, v := range selfCheckThroughputs(s.header[file]) {
			measured[instr] = append(measured[instr], v)
		}
		if seed, err := strconv.ParseUint(s.files[file].seed, 10, 64); err == nil && !slices.Contains(seeds, seed) {
			seeds = append(seeds, seed)
		}
	}
	core := uarch.Core{Name: c.Uarch}
	for _, fl := range fam.Floors() {
		runs := measured[fl.Instr]
		if len(runs) == 0 || !uarch.FixedCost(core, fl.Instr) {
			continue
		}
		cand := Floor{fl, schema.Summarize(runs).Center, map[string]float64{}}
		for _, d := range dists {
			need, err := fl.Need(func() (any, error) { return batches(fam, d, s.Headline(family), seeds) })
			if err != nil || need <= 0 {
				return Floor{}, false
			}
			cand.Need[d] = need
		}
		if !ok || cand.Geomean() < f.Geomean() {
			f, ok = cand, true
		}
	}
	return f, ok
}

// batches returns the inputs of a family's distribution at a size that the
// runs of the given seeds timed, one batch after the other.
func batches(fam kernels.AnyFamily, dist string, size int, seeds []uint64) (any, error) {
	if len(seeds) == 0 {
		return nil, fmt.Errorf("no seed line: the runs' %s batches are unknown", dist)
	}
	var all reflect.Value
	for i, seed := range seeds {
		b, err := harness.Inputs(fam, harness.Workload{Dist: dist, Size: size, Seed: seed})
		if err != nil {
			return nil, err
		}
		if i == 0 {
			all = reflect.ValueOf(b)
		} else {
			all = reflect.AppendSlice(all, reflect.ValueOf(b))
		}
	}
	return all.Interface(), nil
}

// selfCheckThroughputs returns the measured throughputs, in cycles per
// instruction, of the self-check lines among a results file's comment
// lines (harness.FormatSelfCheck's, indented by two spaces), by
// instruction; none for a run under an emulator, whose figures measure
// the emulation.
func selfCheckThroughputs(header []string) map[string]float64 {
	m := map[string]float64{}
	for _, l := range header {
		if strings.HasPrefix(l, "emulator:") {
			return nil
		}
		row, indented := strings.CutPrefix(l, "  ")
		if instr, v, ok := harness.ParseSelfCheck(row); indented && ok && plausible(v) {
			m[instr] = v
		}
	}
	return m
}
