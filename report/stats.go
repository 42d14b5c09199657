package report

import (
	"cmp"
	"slices"

	"bitlab/schema"
)

// Summary returns the median and 95% confidence interval of a key's
// samples; ok is false if it has none.
func (s *Set) Summary(k Key) (schema.Summary, bool) {
	v := s.Values[k]
	if len(v) == 0 {
		return schema.Summary{}, false
	}
	return schema.Summarize(v), true
}

// Cost returns the key's preferred unit for cost: cycles where measured,
// else time. It returns the key in that unit, the scale that turns its values
// into the unit as written (seconds into nanoseconds), and the unit's name.
func (s *Set) Cost(k Key, perOutput bool) (Key, float64, string) {
	u := schema.Cost(true, perOutput)
	k.Unit = u.Read
	if _, ok := s.Values[k]; !ok {
		u = schema.Cost(false, perOutput)
		k.Unit = u.Read
	}
	scale, name := u.Scale()
	return k, scale, name
}

// Families returns the families measured in a configuration, in the order
// the results files first list them.
func (s *Set) Families(cfg string) []string {
	return s.distinct(func(k Key) (string, bool) { return k.Family, k.Config == cfg }, func(a, b string) int {
		return cmp.Compare(slices.Index(s.families, a), slices.Index(s.families, b))
	})
}

// Impls returns the implementations of a family in a configuration.
func (s *Set) Impls(cfg, family string) []string {
	return s.distinct(func(k Key) (string, bool) { return k.Impl, k.Config == cfg && k.Family == family }, nil)
}

// Dists returns the distributions of a family in a configuration and mode
// at one size, k<N> in numeric order first.
func (s *Set) Dists(cfg, family string, mode schema.Mode, size int) []string {
	return s.distinct(func(k Key) (string, bool) {
		return k.Dist, k.Config == cfg && k.Family == family && k.Mode == mode && k.Size == size
	}, schema.CompareDists)
}

// Sizes returns the batch sizes of a family, smallest first.
func (s *Set) Sizes(cfg, family string) []int {
	var out []int
	for k := range s.Values {
		if k.Config == cfg && k.Family == family && k.Pressure == schema.NoPressure && !slices.Contains(out, k.Size) {
			out = append(out, k.Size)
		}
	}
	slices.Sort(out)
	return out
}

// distinct lists the values pick returns for the keys it accepts among the
// ordinary results (those without cache pressure), in order.
func (s *Set) distinct(pick func(Key) (string, bool), order func(a, b string) int) []string {
	var out []string
	for k := range s.Values {
		if k.Pressure != schema.NoPressure {
			continue
		}
		if v, ok := pick(k); ok && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	if order == nil {
		order = cmp.Compare[string]
	}
	slices.SortFunc(out, order)
	return out
}

// K returns N for a k<N> distribution.
func K(dist string) (int, bool) {
	d, err := schema.ParseDist(dist)
	if err != nil || d.Base != "k" || d.Period > 0 {
		return 0, false
	}
	return d.N, true
}

// Headline returns the batch length of a family's summary figures as the
// results name it: the never-repeating stream for the families whose cost
// depends on the branch predictor, L1 otherwise and in older results.
func (s *Set) Headline(family string) int {
	if h, ok := s.headline[family]; ok {
		return h
	}
	return schema.L1Elements
}

// InheritBaselines takes the baselines of families whose results do not
// name one (files from before the baseline line) from another set.
func (s *Set) InheritBaselines(from *Set) {
	for fam, b := range from.baseline {
		if _, ok := s.baseline[fam]; !ok {
			s.baseline[fam] = b
		}
	}
}

// Tables returns the bytes of lookup tables an implementation reads, as
// the results' tables line gives them (0 for none or where not given).
func (s *Set) Tables(family, impl string) int { return s.tables[family][impl] }

// Baseline returns a family's baseline implementation as the results name
// it, "" if they do not.
func (s *Set) Baseline(family string) string { return s.baseline[family] }

// HeadlineDists returns the distributions of a family's headline figures in
// a configuration and mode: those measured at its headline size, the
// learning curve's repeated inputs left out (schema.HeadlineDist).
func (s *Set) HeadlineDists(cfg, family string, mode schema.Mode) []string {
	return slices.DeleteFunc(s.Dists(cfg, family, mode, s.Headline(family)), func(d string) bool { return !schema.HeadlineDist(d) })
}

// Standing returns an implementation's schema.HeadlineStanding over the
// given distributions at the family's headline size (the learning curve's
// among them left out), in the cost unit's raw values, against the family's
// baseline. Over HeadlineDists in throughput mode it is the one figure of
// an implementation's standing: runbench's summary (harness.Summarize, over
// the same round medians), the geomean rows of the CPU pages' headline
// tables and the verdict's micro throughput; the cells of the page across
// CPUs take the distributions every CPU measured.
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
	return schema.HeadlineStanding(values(impl), values(s.Baseline(family)))
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

// AllFamilies returns the families of every configuration in the order the
// results first list them.
func (s *Set) AllFamilies() []string { return slices.Clone(s.families) }

// AllImpls returns a family's implementations in any configuration.
func (s *Set) AllImpls(fam string) []string {
	var out []string
	for _, c := range s.Configs {
		for _, im := range s.Impls(c.Label, fam) {
			if !slices.Contains(out, im) {
				out = append(out, im)
			}
		}
	}
	slices.Sort(out)
	return out
}
