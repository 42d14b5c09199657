package report

import (
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strings"

	"bitlab/schema"
)

// PressureCosts is a family's throughput cost under every cache pressure it
// ran under: for each implementation and pressure, the geometric mean over
// the distributions of the median cost per element.
type PressureCosts struct {
	Pressures []schema.Pressure // weakest first
	Impls     []string
	Cost      [][]float64 // [impl][pressure] in Unit, 0 where not measured
	Unit      string
	Size      int // the batch length between walks
	Dists     []string
}

// Pressure returns a family's costs under cache pressure in a
// configuration; ok is false when it did not run under pressure.
func (s *Set) Pressure(cfg, family string) (pc PressureCosts, ok bool) {
	size := 0
	for k := range s.Values {
		if k.Config == cfg && k.Family == family && k.Mode == schema.Throughput && k.Pressure != schema.NoPressure && (size == 0 || k.Size < size) {
			size = k.Size
		}
	}
	if size == 0 {
		return pc, false
	}
	pc.Size = size
	for k := range s.Values {
		if k.Config != cfg || k.Family != family || k.Mode != schema.Throughput || k.Size != size || k.Pressure == schema.NoPressure {
			continue
		}
		if !slices.Contains(pc.Pressures, k.Pressure) {
			pc.Pressures = append(pc.Pressures, k.Pressure)
		}
		if !slices.Contains(pc.Impls, k.Impl) {
			pc.Impls = append(pc.Impls, k.Impl)
		}
		if !slices.Contains(pc.Dists, k.Dist) {
			pc.Dists = append(pc.Dists, k.Dist)
		}
	}
	slices.SortFunc(pc.Pressures, func(a, b schema.Pressure) int {
		return slices.Index(schema.Pressures(), a) - slices.Index(schema.Pressures(), b)
	})
	slices.Sort(pc.Impls)
	slices.SortFunc(pc.Dists, schema.CompareDists)
	for _, im := range pc.Impls {
		row := make([]float64, len(pc.Pressures))
		for j, p := range pc.Pressures {
			var lg float64
			n := 0
			for _, d := range pc.Dists {
				k, scale, unit := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: size, Mode: schema.Throughput, Pressure: p}, false)
				if sum, ok := s.Summary(k); ok && sum.Center > 0 {
					lg, n = lg+math.Log(sum.Center*scale), n+1
					pc.Unit = unit
				}
			}
			if n == len(pc.Dists) {
				row[j] = math.Exp(lg / float64(n))
			}
		}
		pc.Cost = append(pc.Cost, row)
	}
	return pc, true
}

// PressureFamilies yields the families run under cache pressure in a
// configuration, in the order the results first list them.
func (s *Set) PressureFamilies(cfg string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, fam := range s.families {
			if _, ok := s.Pressure(cfg, fam); ok && !yield(fam) {
				return
			}
		}
	}
}

// WriteTable writes the costs as Markdown, as the pages and runbench's
// summary of a pressure run show them: a row per implementation, a column
// per pressure, and each cost's ratio to the same implementation at
// pressure "none" (no walk) where that ran.
func (pc PressureCosts) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "Under cache pressure (%s, geometric mean over %s; batches of %d elements, each after an untimed walk of a buffer the size of the named cache; in brackets the ratio to none):\n\n",
		pc.Unit, strings.Join(pc.Dists, ", "), pc.Size)
	head := []string{"implementation"}
	for _, p := range pc.Pressures {
		head = append(head, string(p))
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
	for i, im := range pc.Impls {
		cells := []string{im}
		for j, c := range pc.Cost[i] {
			cell := "-"
			if c > 0 {
				cell = schema.Figure(c)
				if pc.Pressures[0] == schema.PressureNone && j > 0 && pc.Cost[i][0] > 0 {
					cell += fmt.Sprintf(" (%.2fx)", c/pc.Cost[i][0])
				}
			}
			cells = append(cells, cell)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
}
