package harness

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"bitlab/kernels"
)

// A Suite selects what a run measures: families, implementations and
// distributions by regular expression, modes, and the size classes.
type Suite struct {
	Family, Impl, Dist *regexp.Regexp // nil matches everything
	Modes              []kernels.Mode
	Sizes              []string // "l1", "l2", "mem"
	Quick              bool     // fewer distributions
	Seed               uint64
}

// The size classes, in elements: l1 is the L1-resident batch of
// 4,096 elements; l2 spills L1 but fits a 2 MiB L2 with uint64 inputs
// (131,072 elements); mem is twice the last-level cache in input bytes.
const (
	L1Elements = 4096
	L2Elements = 1 << 17
)

// sweep is the k<N> sweep of the counting, scanning and serialization
// families: dense enough to show where the loops cross the fixed-cost methods.
var sweep = []int{0, 1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 63, 64}

// plan is what the default suite runs of one family at one size class.
type plan struct {
	dists      []string
	modes      []kernels.Mode // nil: every mode the kernel has
	quickDists []string       // for -quick; nil: skip in quick runs
}

// plans returns the default plans of a family per size class.
func plans(family string) map[string]plan {
	var ks []string
	for _, k := range sweep {
		ks = append(ks, fmt.Sprintf("k%d", k))
	}
	swept := plan{dists: append(ks, "d2", "d8", "d32", "random", "chess"), quickDists: []string{"k1", "k8", "d8", "random", "chess"}}
	plain := plan{dists: []string{"random", "chess"}, quickDists: []string{"random", "chess"}}
	tp := []kernels.Mode{kernels.Throughput}
	switch family {
	case "popcount":
		return map[string]plan{"l1": swept,
			"l2":  {dists: []string{"random", "d8"}, modes: tp},
			"mem": {dists: []string{"random"}, modes: tp}}
	case "bitscan-forward", "bitscan-reverse":
		return map[string]plan{"l1": swept}
	case "serialize":
		return map[string]plan{"l1": swept,
			// Same size, unique versus 256 repeated words of 8 one-bits on
			// average: the branch predictor learns the repeated ones. (With
			// k8 every word has 8 bits and the loops' exits are predictable.)
			"l2": {dists: []string{"d8", "d8-rep256"}, modes: tp}}
	case "serialize-color":
		return map[string]plan{"l1": {dists: []string{"d8", "random", "chess"}, quickDists: []string{"d8", "chess"}}}
	default:
		return map[string]plan{"l1": plain}
	}
}

// Elements returns the batch length of a size class on machine m.
func Elements(class string, m Machine) (int, error) {
	switch class {
	case "l1":
		return L1Elements, nil
	case "l2":
		return L2Elements, nil
	case "mem":
		return int(2 * m.LLCBytes / 8), nil
	}
	return 0, fmt.Errorf("harness: unknown size class %q (want l1, l2 or mem)", class)
}

// Skip names a kernel the suite leaves out and why.
type Skip struct {
	ID     string
	Reason string
}

// Cases returns the suite's cases on machine m, and the kernels it skips.
func (s Suite) Cases(m Machine) ([]*Case, []Skip, error) {
	var cases []*Case
	var skipped []Skip
	for _, class := range s.Sizes {
		if _, err := Elements(class, m); err != nil {
			return nil, nil, err
		}
	}
	for _, k := range kernels.All() {
		info := k.Info()
		if !match(s.Family, info.Family) || !match(s.Impl, info.Impl) {
			continue
		}
		if err := k.Supported(); err != nil {
			skipped = append(skipped, Skip{info.ID(), err.Error()})
			continue
		}
		ps := plans(info.Family)
		for _, class := range s.Sizes {
			p, ok := ps[class]
			if !ok {
				continue
			}
			n, _ := Elements(class, m)
			dists := p.dists
			if s.Quick {
				if class != "l1" {
					continue
				}
				dists = p.quickDists
			}
			for _, d := range dists {
				if !match(s.Dist, d) {
					continue
				}
				for _, mode := range s.Modes {
					if (p.modes != nil && !slices.Contains(p.modes, mode)) || (mode == kernels.Latency && !k.HasLatency()) {
						continue
					}
					cases = append(cases, &Case{Kernel: k, Workload: Workload{Dist: d, Size: n, Seed: s.Seed}, Mode: mode})
				}
			}
		}
	}
	return cases, skipped, nil
}

func match(re *regexp.Regexp, s string) bool { return re == nil || re.MatchString(s) }

// Describe returns the suite's selection in words, for the results header.
func (s Suite) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sizes=%s modes=%v quick=%v", strings.Join(s.Sizes, ","), s.Modes, s.Quick)
	for _, f := range []struct {
		name string
		re   *regexp.Regexp
	}{{"family", s.Family}, {"impl", s.Impl}, {"dist", s.Dist}} {
		if f.re != nil {
			fmt.Fprintf(&b, " %s=%s", f.name, f.re)
		}
	}
	return b.String()
}
