package harness

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"bitlab/schema"
)

// SummaryRow is one implementation's standing in its family.
type SummaryRow struct {
	Family, Impl string
	Cycles, Ns   float64 // geometric means over the headline distributions
	// Speedup is baseline / this over the distributions both ran, with its
	// interval; 0 without a baseline.
	Speedup, SpeedupLo, SpeedupHi float64
	Fastest                       bool
}

// Summarize ranks the implementations of every family by their throughput
// at the family's headline size, without cache pressure:
// [schema.HeadlineStanding] over the distributions of each round's median
// cycles per element (ns where there is no cycle source): the result lines
// the results file holds, so that report's pages, read from the file, give
// the same figures.
func Summarize(cases []*Case) []SummaryRow {
	type key struct{ family, impl string }
	type samples struct{ cost, ns map[string][]float64 } // by distribution
	per := map[key]samples{}
	var order []key
	baseline := map[string]string{}
	for _, c := range cases {
		if c.Mode != schema.Throughput || c.Class != c.Kernel.FamilyOf().Headline() || c.Evict != nil || len(c.Samples) == 0 {
			continue
		}
		i := c.Kernel.Info()
		k := key{i.Family, i.Impl}
		if _, ok := per[k]; !ok {
			per[k] = samples{map[string][]float64{}, map[string][]float64{}}
			order = append(order, k)
			baseline[i.Family] = c.Kernel.FamilyOf().Baseline()
		}
		for _, s := range roundMedians(c.Samples) {
			cost := s.CyclesPerOp
			if cost <= 0 {
				cost = s.NsPerOp
			}
			d := c.Workload.Dist
			per[k].cost[d] = append(per[k].cost[d], cost)
			per[k].ns[d] = append(per[k].ns[d], s.NsPerOp)
		}
	}
	var rows []SummaryRow
	var fam []SummaryRow
	flush := func() {
		slices.SortStableFunc(fam, func(a, b SummaryRow) int { return cmp.Compare(a.Cycles, b.Cycles) })
		if len(fam) > 0 {
			fam[0].Fastest = true
		}
		rows, fam = append(rows, fam...), nil
	}
	for i, k := range order {
		if i > 0 && order[i-1].family != k.family {
			flush()
		}
		st := schema.HeadlineStanding(per[k].cost, per[key{k.family, baseline[k.family]}].cost)
		fam = append(fam, SummaryRow{Family: k.family, Impl: k.impl, Cycles: st.Geomean, Ns: schema.HeadlineStanding(per[k].ns, nil).Geomean,
			Speedup: st.Speedup, SpeedupLo: st.SpeedupLo, SpeedupHi: st.SpeedupHi})
	}
	flush()
	return rows
}

// WriteSummary prints the summary table; unit names the cost column.
func WriteSummary(w io.Writer, rows []SummaryRow, unit string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	ns := unit != schema.NsPerOp().Written // a separate ns/op column only beside cycles
	header := "family\timplementation\t" + unit
	if ns {
		header += "\tns/op"
	}
	fmt.Fprintf(tw, "%s\tvs baseline\t95%% interval\t\t\n", header)
	last := ""
	for _, r := range rows {
		fam := r.Family
		if fam == last {
			fam = ""
		}
		last = r.Family
		speed, interval, mark := "-", "", ""
		if r.Speedup > 0 {
			speed = fmt.Sprintf("%.2fx", r.Speedup)
			if !math.IsInf(r.SpeedupHi, 0) {
				interval = fmt.Sprintf("%.2f-%.2f", r.SpeedupLo, r.SpeedupHi)
			}
		}
		if r.Fastest {
			mark = "fastest"
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t", fam, r.Impl, r.Cycles)
		if ns {
			fmt.Fprintf(tw, "%.3f\t", r.Ns)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", speed, interval, mark)
	}
	return tw.Flush()
}

// Learned is a case whose cost on a short repeated batch differs from its
// cost on a stream too long for the branch predictor to learn.
type Learned struct {
	Family, Impl, Dist string
	Repeated, Stream   float64 // median cost per element: L1 batch repeated, stream
}

// Change returns the repeated batch's cost relative to the stream's.
func (l Learned) Change() float64 { return l.Repeated/l.Stream - 1 }

// Learn compares, for every family whose headline is the stream, each
// implementation's throughput on the repeated L1 batch with its throughput
// on the stream of the same distribution, and returns the pairs that differ
// by more than [schema.LearnedTolerance]: there the predictor learned the
// repeated inputs (or the caches changed the cost), so the L1 figure is not
// the unpredictable case.
func Learn(cases []*Case) []Learned {
	type key struct{ family, impl, dist string }
	l1, stream := map[key]float64{}, map[key]float64{}
	var order []key
	for _, c := range cases {
		if c.Mode != schema.Throughput || c.Kernel.FamilyOf().Headline() != schema.Stream || c.Evict != nil || len(c.Samples) == 0 {
			continue
		}
		i := c.Kernel.Info()
		k := key{i.Family, i.Impl, c.Workload.Dist}
		st := c.stats()
		cost := st.MedianCycles
		if cost <= 0 {
			cost = st.Median
		}
		switch c.Class {
		case schema.L1:
			l1[k] = cost
		case schema.Stream:
			stream[k] = cost
			order = append(order, k)
		}
	}
	var out []Learned
	for _, k := range order {
		r, ok := l1[k]
		if !ok || stream[k] <= 0 {
			continue
		}
		if l := (Learned{k.family, k.impl, k.dist, r, stream[k]}); l.Change() > schema.LearnedTolerance || l.Change() < -schema.LearnedTolerance {
			out = append(out, l)
		}
	}
	return out
}

// Unranked is a case whose confidence interval overlaps that of the
// nearest case it is ranked against (another implementation of its family
// on the same workload, another configuration of the move generator on
// the same position), so that the two cannot be ranked.
type Unranked struct {
	Name, Nearest string
	Cost, Other   schema.Summary
}

// ranked is a case Unrankable ranks: the group of cases it is ranked
// within, what names it in its group, and its samples.
type ranked interface {
	Name() string
	rankGroup() string
	rankLabel() string
	samples() []Sample
}

func (c *Case) rankGroup() string {
	return fmt.Sprintf("%s|%s|%d|%s|%s", c.Kernel.Info().Family, c.Workload.Dist, c.Workload.Size, c.Mode, c.Key().Pressure)
}
func (c *Case) rankLabel() string { return c.Kernel.Info().Impl }
func (c *Case) samples() []Sample { return c.Samples }
func (c *PerftCase) rankGroup() string {
	return fmt.Sprintf("%s|%d", c.Key.Position, c.Key.Depth)
}
func (c *PerftCase) rankLabel() string {
	if c.Key.TT != "" {
		return "tt=" + c.Key.TT
	}
	return c.Key.Short()
}
func (c *PerftCase) samples() []Sample { return c.Samples }

// Unrankable returns the cases that cannot be ranked against the nearest
// case of their group (by median cost): kernels against their family's
// other implementations on the same workload, size, mode and pressure;
// perft cases against the other configurations on the same position and
// depth. Their 95% intervals overlap. Cases whose medians are within 1%
// of each other are a tie and not reported.
func Unrankable[C ranked](cases []C) []Unranked {
	groups := map[string][]C{}
	var order []string
	for _, c := range cases {
		k := c.rankGroup()
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	cost := func(c C) schema.Summary {
		ss := c.samples()
		v := make([]float64, len(ss))
		for i, s := range ss {
			v[i] = s.CyclesPerOp
			if v[i] <= 0 {
				v[i] = s.NsPerOp
			}
		}
		return schema.Summarize(v)
	}
	var out []Unranked
	for _, k := range order {
		g := groups[k]
		sums := make([]schema.Summary, len(g))
		for i, c := range g {
			sums[i] = cost(c)
		}
		for i, c := range g {
			near, best := -1, math.Inf(1)
			for j := range g {
				if d := math.Abs(math.Log(sums[j].Center / sums[i].Center)); j != i && d < best {
					near, best = j, d
				}
			}
			if near < 0 || best < 0.01 {
				continue
			}
			a, b := sums[i], sums[near]
			if a.Lo <= b.Hi && b.Lo <= a.Hi {
				out = append(out, Unranked{c.Name(), g[near].rankLabel(), a, b})
			}
		}
	}
	return out
}

// roundMedians returns the median sample of each round, in round order: the
// values a results file's lines carry.
func roundMedians(samples []Sample) []Sample {
	var rounds []int
	for _, s := range samples {
		if !slices.Contains(rounds, s.Round) {
			rounds = append(rounds, s.Round)
		}
	}
	slices.Sort(rounds)
	out := make([]Sample, 0, len(rounds))
	for _, r := range rounds {
		m, _ := roundMedian(samples, r)
		out = append(out, m)
	}
	return out
}
