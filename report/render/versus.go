package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"bitlab/report"
	"bitlab/schema"
)

// The versus blocks of a notebook set chosen pairs side by side, each with
// the speed-up of the first over the second and its 95% interval as
// schema.Stand computes it for the tables' speed-up rows and the verdict:
// the geometric mean of the ratios of medians over what both measured,
// the interval from the ratios of the intervals' ends.

// pairs splits a block's pairs=A:B,C:D argument.
func pairs(arg string) ([][2]string, error) {
	if arg == "" {
		return nil, fmt.Errorf("no pairs= argument")
	}
	var out [][2]string
	for _, p := range strings.Split(arg, ",") {
		a, b, ok := strings.Cut(p, ":")
		if !ok || a == "" || b == "" {
			return nil, fmt.Errorf("pair %q: want A:B", p)
		}
		out = append(out, [2]string{a, b})
	}
	return out, nil
}

// speedup formats a Standing's speed-up with its interval, "1.62x
// [1.50-1.71]".
func speedup(st schema.Standing) string {
	if math.IsInf(st.SpeedupHi, 0) {
		return ratio(st.Speedup) + " (no interval)"
	}
	return fmt.Sprintf("%s [%.2f-%.2f]", ratio(st.Speedup), st.SpeedupLo, st.SpeedupHi)
}

// versusBlock writes a table of kernel pairs, pairs=FAMILY/IMPL:BASE,...:
// each implementation's and its base's throughput cost at the family's
// headline size (the geometric mean over the headline distributions, as
// the tables' geomean row) and the implementation's speed-up over the base
// (the base's cost over its own).
func (s set) versusBlock(w io.Writer, b block) error {
	ps, err := pairs(b.args["pairs"])
	if err != nil {
		return err
	}
	var rows strings.Builder
	for _, p := range ps {
		family, impl, ok := strings.Cut(p[0], "/")
		if !ok {
			return fmt.Errorf("pair %q: want FAMILY/IMPL:BASE", p[0]+":"+p[1])
		}
		dists := s.HeadlineDists(b.cfg, family, schema.Throughput)
		samples := func(im string) map[string][]float64 {
			m := map[string][]float64{}
			for _, d := range dists {
				k, _, _ := s.Cost(report.Key{Config: b.cfg, Family: family, Impl: im, Dist: d, Size: s.Headline(family), Mode: schema.Throughput}, false)
				if v := s.Values[k]; len(v) > 0 {
					m[d] = v
				}
			}
			return m
		}
		own, base := samples(impl), samples(p[1])
		if len(own) == 0 || len(base) == 0 {
			return noData("pair %q: no throughput results of both in %s", p[0]+":"+p[1], b.cfg)
		}
		_, scale, unit := s.Cost(report.Key{Config: b.cfg, Family: family, Impl: impl, Dist: dists[0], Size: s.Headline(family), Mode: schema.Throughput}, false)
		cost := func(m map[string][]float64) string {
			return schema.Figure(schema.Stand(m, m).Geomean*scale) + " " + unit
		}
		fmt.Fprintf(&rows, "| %s | %s | %s | %s | %s | %s |\n", family, impl, p[1], cost(own), cost(base), speedup(schema.Stand(own, base)))
	}
	fmt.Fprintf(w, "throughput at each family's headline size in %s: cost per element, geometric mean over the distributions; speed-up: against's cost over the implementation's, with its 95%% interval\n\n", b.cfg)
	fmt.Fprintf(w, "| family | implementation | against | cost | against's cost | speed-up |\n|---|---|---|---:|---:|---:|\n%s", rows.String())
	return nil
}

// perftVersusBlock writes a table of move generator configurations,
// pairs=A:B,..., each named as the perft table's rows name them (what it
// changes from the default, "default" for none) with "+" for the spaces
// between changes: A's perft speed relative to B's over the positions both
// ran (B's cost per node over A's).
func (s set) perftVersusBlock(w io.Writer, b block) error {
	ps, err := pairs(b.args["pairs"])
	if err != nil {
		return err
	}
	costs := map[string]map[string][]float64{} // by configuration, then position
	for k, v := range s.Perft {
		if k.Config != b.cfg || k.Case.TT != "" || k.Unit != schema.CyclesPerNode().Read && k.Unit != schema.NsPerNode().Read {
			continue
		}
		c := s.PerftChange(b.cfg, k.Case)
		if costs[c] == nil {
			costs[c] = map[string][]float64{}
		}
		pos := k.Case.Position + " depth " + strconv.Itoa(k.Case.Depth)
		if _, have := costs[c][pos]; !have || k.Unit == schema.CyclesPerNode().Read { // cycles where measured
			costs[c][pos] = v
		}
	}
	var rows strings.Builder
	for _, p := range ps {
		a, base := strings.ReplaceAll(p[0], "+", " "), strings.ReplaceAll(p[1], "+", " ")
		if costs[a] == nil || costs[base] == nil {
			return noData("pair %q: no perft results of both in %s", p[0]+":"+p[1], b.cfg)
		}
		both := 0
		for pos := range costs[a] {
			if costs[base][pos] != nil {
				both++
			}
		}
		fmt.Fprintf(&rows, "| %s | %s | %d | %s |\n", a, base, both, speedup(schema.Stand(costs[a], costs[base])))
	}
	fmt.Fprintf(w, "perft in %s: speed relative to the other configuration, geometric mean over the positions both ran, with its 95%% interval\n\n", b.cfg)
	fmt.Fprintf(w, "| configuration | against | positions | speed |\n|---|---|---:|---:|\n%s", rows.String())
	return nil
}
