package harness

import (
	"fmt"
	"slices"
	"strings"

	"bitlab/kernels"
	"bitlab/schema"
)

// A Selector selects names, such as a *regexp.Regexp; String describes
// the selection for the results header.
type Selector interface {
	MatchString(name string) bool
	String() string
}

// A Suite selects what a run measures: families, implementations and
// distributions by name, modes, and the size classes.
type Suite struct {
	Family, Impl, Dist Selector // nil matches everything
	Modes              []kernels.Mode
	Sizes              []schema.SizeClass
	Quick              bool // fewer distributions
	Seed               uint64
	// Pressures lists the cache pressures each case runs under; nil runs
	// the ordinary cases ([schema.NoPressure]).
	Pressures []schema.Pressure
}

// Elements returns the batch length of a size class on machine m.
func Elements(class schema.SizeClass, m Machine) (int, error) {
	return class.Elements(m.Caches.L2, m.Caches.LLC())
}

// Skip names a kernel the suite leaves out and why.
type Skip struct {
	ID     string
	Reason string
}

// Cases returns the suite's cases on machine m, and the kernels it skips.
// It refuses a suite whose batches do not fit in the memory available
// ([AvailableMemory]), before allocating any, with what they need and what
// is available. The cases share one output buffer per output type: they
// are timed one at a time.
func (s Suite) Cases(m Machine) ([]*Case, []Skip, error) {
	return s.cases(m, AvailableMemory)
}

// cases is Cases with the memory available from available.
func (s Suite) cases(m Machine, available func() (MemoryLimit, bool)) ([]*Case, []Skip, error) {
	for _, class := range s.Sizes {
		if _, err := Elements(class, m); err != nil {
			return nil, nil, err
		}
	}
	evictors, err := s.evictors(m)
	if err != nil {
		return nil, nil, err
	}
	var cases []*Case
	var skipped []Skip
	for _, k := range kernels.All() {
		info := k.Info()
		if !match(s.Family, info.Family) || !match(s.Impl, info.Impl) {
			continue
		}
		if err := k.Supported(); err != nil {
			skipped = append(skipped, Skip{info.ID(), err.Error()})
			continue
		}
		for _, class := range s.Sizes {
			cases = append(cases, s.classCases(k, class, m, evictors)...)
		}
	}
	outputs := new(kernels.Outputs)
	for _, c := range cases {
		c.outputs = outputs
		outputs.Reserve(c.Kernel.FamilyOf(), c.Workload.Size)
	}
	if limit, ok := available(); ok {
		if err := footprintOf(cases, outputs).fits(limit); err != nil {
			return nil, nil, err
		}
	}
	for _, e := range evictors {
		if e != nil {
			e.fill()
		}
	}
	return cases, skipped, nil
}

// evictors returns one eviction buffer per pressure of the suite, which
// its cases share, not yet allocated, or a nil one for a suite without
// pressures.
func (s Suite) evictors(m Machine) ([]*Evictor, error) {
	if s.Pressures == nil {
		return []*Evictor{nil}, nil
	}
	var evictors []*Evictor
	for _, p := range s.Pressures {
		e, err := sizedEvictor(p, m)
		if err != nil {
			return nil, err
		}
		evictors = append(evictors, e)
	}
	return evictors, nil
}

// classCases returns kernel k's cases of one size class: those of its
// family's plan for the class (a size given as a number runs the plan of
// the family's headline size) that the suite selects, each under every
// eviction buffer.
func (s Suite) classCases(k kernels.Kernel, class schema.SizeClass, m Machine, evictors []*Evictor) []*Case {
	plans := k.FamilyOf().Plans()
	_, fixed := class.Fixed()
	p, ok := plans[class]
	if fixed {
		p, ok = plans[k.FamilyOf().Headline()]
	}
	if !ok {
		return nil
	}
	n, _ := Elements(class, m)
	dists := p.Dists
	if s.Quick {
		if class != schema.L1 && class != k.FamilyOf().Headline() && !fixed {
			return nil
		}
		if s.Dist == nil { // an explicit -dist chooses among all of them
			dists = p.QuickDists
		}
	}
	var cases []*Case
	for _, d := range dists {
		if !match(s.Dist, d) {
			continue
		}
		for _, mode := range s.Modes {
			if (p.Modes != nil && !slices.Contains(p.Modes, mode)) || (mode == kernels.Latency && !k.HasLatency()) {
				continue
			}
			for _, e := range evictors {
				cases = append(cases, &Case{Kernel: k, Workload: Workload{Dist: d, Size: n, Seed: s.Seed}, Class: class, Mode: mode, Evict: e})
			}
		}
	}
	return cases
}

func match(sel Selector, s string) bool { return sel == nil || sel.MatchString(s) }

// Describe returns the suite's selection in words, for the results header.
func (s Suite) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sizes=%s modes=%v quick=%v", joinClasses(s.Sizes), s.Modes, s.Quick)
	if s.Pressures != nil {
		ps := make([]string, len(s.Pressures))
		for i, p := range s.Pressures {
			ps[i] = string(p)
		}
		fmt.Fprintf(&b, " pressure=%s", strings.Join(ps, ","))
	}
	for _, f := range []struct {
		name string
		sel  Selector
	}{{"family", s.Family}, {"impl", s.Impl}, {"dist", s.Dist}} {
		if f.sel != nil {
			fmt.Fprintf(&b, " %s=%s", f.name, f.sel)
		}
	}
	return b.String()
}

func joinClasses(cs []schema.SizeClass) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, ",")
}
