package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"bitlab/schema"
)

// cell formats a summary as benchstat does: the median and the confidence
// interval's larger half-width in percent.
func cell(sum schema.Summary, scale float64) string {
	c := sum.Center * scale
	if sum.N < 2 || c == 0 {
		return format(c)
	}
	w := math.Max(sum.Hi-sum.Center, sum.Center-sum.Lo) / sum.Center
	if math.IsInf(w, 0) || math.IsNaN(w) {
		return format(c) + " ±∞"
	}
	return fmt.Sprintf("%s ±%.0f%%", format(c), 100*w)
}

// format prints three significant digits (schema.Figure).
func format(v float64) string { return schema.Figure(v) }

// Table writes a family's Markdown table in one configuration and mode at
// the L1 size: a row per distribution (those in dists, or all if nil), a
// column per implementation, median cost and 95% interval; then each
// implementation's geometric mean and speed-up over the baseline.
func (s *Set) Table(w io.Writer, cfg, family string, mode schema.Mode, dists []string) error {
	return s.TableAt(w, cfg, family, mode, s.Headline(family), dists)
}

// TableAt is Table at another batch size; the summary rows are left out
// away from the L1 size.
func (s *Set) TableAt(w io.Writer, cfg, family string, mode schema.Mode, size int, dists []string) error {
	impls := s.Impls(cfg, family)
	if dists == nil {
		dists = s.Dists(cfg, family, mode, size)
	}
	impls = slices.DeleteFunc(impls, func(im string) bool { return !s.measured(cfg, family, im, mode, size) })
	if len(impls) == 0 || len(dists) == 0 {
		return noData("no %s results for %s in %s at size %d", mode, family, cfg, size)
	}
	_, scale, unit := s.Cost(Key{Config: cfg, Family: family, Impl: impls[0], Dist: dists[0], Size: size, Mode: mode}, false)
	fmt.Fprintf(w, "%s, %s, %d elements, %s: median, ±95%% confidence interval\n\n", family, mode, size, unit)
	fmt.Fprintf(w, "| dist | %s |\n|---|%s\n", strings.Join(impls, " | "), strings.Repeat("---:|", len(impls)))
	for _, d := range dists {
		row := []string{d}
		for _, im := range impls {
			k, sc, _ := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: size, Mode: mode}, false)
			if sum, ok := s.Summary(k); ok {
				row = append(row, cell(sum, sc))
			} else {
				row = append(row, "")
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	if size != s.Headline(family) {
		return nil
	}
	geo, speed := []string{"**geomean**"}, []string{"**vs " + s.Baseline(family) + "**"}
	for _, im := range impls {
		st := s.Standing(cfg, family, im, mode, dists)
		geo, speed = append(geo, format(st.Geomean*scale)), append(speed, ratio(st.Speedup))
	}
	fmt.Fprintf(w, "| %s |\n| %s |\n", strings.Join(geo, " | "), strings.Join(speed, " | "))
	return nil
}

// measured reports whether an implementation has results in a mode at a size.
func (s *Set) measured(cfg, family, impl string, mode schema.Mode, size int) bool {
	for k := range s.Values {
		if k.Config == cfg && k.Family == family && k.Impl == impl && k.Mode == mode && k.Size == size && k.Pressure == schema.NoPressure {
			return true
		}
	}
	return false
}

func ratio(r float64) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", r)
}

// Standing returns an implementation's schema.Stand over the given
// distributions at the family's headline size, in the cost unit's raw values, against the
// family's baseline. Over every distribution of the headline size in
// throughput mode it is the one figure of an implementation's standing:
// runbench's summary (harness.Summarize, over the same round medians), the
// geomean rows of the CPU pages' headline tables, the cells of the page
// across CPUs and the verdict's micro throughput.
func (s *Set) Standing(cfg, family, impl string, mode schema.Mode, dists []string) schema.Standing {
	values := func(im string) map[string][]float64 {
		m := map[string][]float64{}
		for _, d := range dists {
			k, _, _ := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: s.Headline(family), Mode: mode}, false)
			if v := s.Values[k]; len(v) > 0 {
				m[d] = v
			}
		}
		return m
	}
	return schema.Stand(values(impl), values(s.Baseline(family)))
}

// Relative returns an implementation's standing in configuration cfg against
// itself in configuration base: Speedup is base cost / cost with its
// interval, the geometric mean over the distributions both measured at the
// L1 size in throughput mode. ok is false when they share none.
func (s *Set) Relative(cfg, base, family, impl string) (st schema.Standing, ok bool) {
	now, then := map[string][]float64{}, map[string][]float64{}
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.L1Elements) {
		k, _, _ := s.Cost(Key{Config: cfg, Family: family, Impl: impl, Dist: d, Size: schema.L1Elements, Mode: schema.Throughput}, false)
		bk := k
		bk.Config = base
		if len(s.Values[k]) > 0 && len(s.Values[bk]) > 0 {
			now[d], then[d] = s.Values[k], s.Values[bk]
		}
	}
	st = schema.Stand(now, then)
	return st, st.Speedup > 0
}
