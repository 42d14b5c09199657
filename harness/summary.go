package harness

import (
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"bitlab/kernels"
)

// SummaryRow is one implementation's standing in its family.
type SummaryRow struct {
	Family, Impl string
	Cycles, Ns   float64 // geometric means over the distributions
	Speedup      float64 // baseline / this, from the same distributions; 0 if no baseline
	Fastest      bool
}

// Summarize ranks the implementations of every family by their throughput
// at the L1 size: the geometric mean over distributions of the median
// cycles per element (ns where there is no cycle source), and the speed-up
// over the family's baseline on the distributions both ran.
func Summarize(cases []*Case) []SummaryRow {
	type key struct{ family, impl string }
	per := map[key]map[string]Stats{} // dist -> stats
	var order []key
	for _, c := range cases {
		if c.Mode != kernels.Throughput || c.Workload.Size != L1Elements || len(c.Samples) == 0 {
			continue
		}
		i := c.Kernel.Info()
		k := key{i.Family, i.Impl}
		if per[k] == nil {
			per[k] = map[string]Stats{}
			order = append(order, k)
		}
		per[k][c.Workload.Dist] = c.Stats()
	}
	cost := func(s Stats) float64 {
		if s.MedianCycles > 0 {
			return s.MedianCycles
		}
		return s.Median
	}
	var rows []SummaryRow
	for _, f := range kernels.Families() {
		var fam []SummaryRow
		base := per[key{f.Name(), f.Baseline()}]
		for _, k := range order {
			if k.family != f.Name() {
				continue
			}
			var lc, ln, lr float64
			n, nr := 0, 0
			for d, s := range per[k] {
				lc, ln, n = lc+math.Log(max(cost(s), 1e-9)), ln+math.Log(max(s.Median, 1e-9)), n+1
				if b, ok := base[d]; ok {
					lr, nr = lr+math.Log(max(cost(b), 1e-9)/max(cost(s), 1e-9)), nr+1
				}
			}
			row := SummaryRow{Family: k.family, Impl: k.impl, Cycles: math.Exp(lc / float64(n)), Ns: math.Exp(ln / float64(n))}
			if nr > 0 {
				row.Speedup = math.Exp(lr / float64(nr))
			}
			fam = append(fam, row)
		}
		slices.SortFunc(fam, func(a, b SummaryRow) int { return cmpFloat(a.Cycles, b.Cycles) })
		if len(fam) > 0 {
			fam[0].Fastest = true
		}
		rows = append(rows, fam...)
	}
	return rows
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// WriteSummary prints the summary table; unit names the cost column.
func WriteSummary(w io.Writer, rows []SummaryRow, unit string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	ns := unit != "ns/op" // a separate ns/op column only beside cycles
	header := "family\timplementation\t" + unit
	if ns {
		header += "\tns/op"
	}
	fmt.Fprintf(tw, "%s\tvs baseline\t\t\n", header)
	last := ""
	for _, r := range rows {
		fam := r.Family
		if fam == last {
			fam = ""
		}
		last = r.Family
		speed, mark := "-", ""
		if r.Speedup > 0 {
			speed = fmt.Sprintf("%.2fx", r.Speedup)
		}
		if r.Fastest {
			mark = "fastest"
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t", fam, r.Impl, r.Cycles)
		if ns {
			fmt.Fprintf(tw, "%.3f\t", r.Ns)
		}
		fmt.Fprintf(tw, "%s\t%s\t\n", speed, mark)
	}
	return tw.Flush()
}
