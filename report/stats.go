package report

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"

	"golang.org/x/perf/benchmath"

	"bitlab/kernels"
)

// Confidence is the confidence level of every interval in the reports.
const Confidence = 0.95

// Summary is a case's median with its confidence interval.
type Summary struct {
	Center, Lo, Hi float64
	N              int
}

// Summary returns the summary of a key's samples; ok is false if it has none.
func (s *Set) Summary(k Key) (Summary, bool) {
	v := s.Values[k]
	if len(v) == 0 {
		return Summary{}, false
	}
	sum := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(v), &benchmath.DefaultThresholds), Confidence)
	return Summary{Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi, N: len(v)}, true
}

// Cost returns the key's preferred unit for cost: cycles where measured,
// else nanoseconds (from the tidied sec/op). It returns the scale that turns
// values into that unit and its name.
func (s *Set) Cost(k Key, perBit bool) (Key, float64, string) {
	unit, sec := "cycles/op", "sec/op"
	if perBit {
		unit, sec = "cycles/bit", "sec/bit"
	}
	k.Unit = unit
	if _, ok := s.Values[k]; ok {
		return k, 1, unit
	}
	k.Unit = sec
	return k, 1e9, "ns" + sec[3:]
}

// Families returns the families measured in a configuration, in order of
// first appearance in kernels' listing where known, else by name.
func (s *Set) Families(cfg string) []string {
	return s.distinct(func(k Key) (string, bool) { return k.Family, k.Config == cfg }, familyOrder)
}

// Impls returns the implementations of a family in a configuration.
func (s *Set) Impls(cfg, family string) []string {
	return s.distinct(func(k Key) (string, bool) { return k.Impl, k.Config == cfg && k.Family == family }, nil)
}

// Dists returns the distributions of a family in a configuration and mode
// at one size, k<N> in numeric order first.
func (s *Set) Dists(cfg, family, mode string, size int) []string {
	return s.distinct(func(k Key) (string, bool) {
		return k.Dist, k.Config == cfg && k.Family == family && k.Mode == mode && k.Size == size
	}, distOrder)
}

// Sizes returns the batch sizes of a family, smallest first.
func (s *Set) Sizes(cfg, family string) []int {
	var out []int
	for k := range s.Values {
		if k.Config == cfg && k.Family == family && !slices.Contains(out, k.Size) {
			out = append(out, k.Size)
		}
	}
	slices.Sort(out)
	return out
}

func (s *Set) distinct(pick func(Key) (string, bool), order func(a, b string) int) []string {
	var out []string
	for k := range s.Values {
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

var kDist = regexp.MustCompile(`^k(\d+)$`)

// K returns N for a k<N> distribution.
func K(dist string) (int, bool) {
	m := kDist.FindStringSubmatch(dist)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

// distRank orders distributions: k<N> by N, then d<N> by N, then the rest.
func distRank(d string) (group, n int) {
	if k, ok := K(d); ok {
		return 0, k
	}
	if m := dDist.FindStringSubmatch(d); m != nil {
		n, _ := strconv.Atoi(m[1])
		return 1, n
	}
	return 2, 0
}

var dDist = regexp.MustCompile(`^d(\d+)$`)

func distOrder(a, b string) int {
	ga, na := distRank(a)
	gb, nb := distRank(b)
	return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(na, nb), cmp.Compare(a, b))
}

// familyOrder sorts families in package kernels' listing order; families it
// does not know (from other versions) follow by name.
func familyOrder(a, b string) int {
	index := func(name string) int {
		for i, f := range kernels.Families() {
			if f.Name() == name {
				return i
			}
		}
		return len(kernels.Families())
	}
	return cmp.Or(cmp.Compare(index(a), index(b)), cmp.Compare(a, b))
}

// Baseline returns the family's baseline implementation, "" if unknown.
func Baseline(family string) string {
	for _, f := range kernels.Families() {
		if f.Name() == family {
			return f.Baseline()
		}
	}
	return ""
}
