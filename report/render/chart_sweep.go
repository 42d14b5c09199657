package render

import (
	"fmt"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"bitlab/report"
	"bitlab/schema"
)

// sweepChart draws throughput cost against the number of one-bits (the
// k<N> distributions), a line per implementation, so that crossovers show.
func (s set) sweepChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	var pts []costPoint
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.L1Elements) {
		if n, ok := report.K(d); ok {
			pts = append(pts, costPoint{float64(n), d})
		}
	}
	if len(pts) < 5 {
		return "", noData("%s in %s has no k<N> sweep", family, cfg)
	}
	lines, lo, hi, unit := s.costLines(cfg, family, schema.L1Elements, pts)
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput against one-bits per bitboard (%d-element batches)\n%s", family, schema.L1Elements, s.title(cfg))
	p.X.Label.Text = "one-bits per bitboard (k)"
	p.Y.Label.Text = unit + " (median)"
	p.X.Min, p.X.Max = 0, 64
	p.X.Tick.Marker = plot.ConstantTicks(kTicks())
	p.Add(plotter.NewGrid())
	if err := f.addLines(s.Impls(cfg, family), lines); err != nil {
		return "", err
	}
	costAxis(&p.Y, lo, hi, wide)
	return f.save(7*vg.Inch, 4.5*vg.Inch, dir, k.File())
}

// kTicks labels k = 0, 8, ..., 64.
func kTicks() []plot.Tick {
	var t []plot.Tick
	for k := 0; k <= 64; k += 4 {
		label := ""
		if k%8 == 0 {
			label = strconv.Itoa(k)
		}
		t = append(t, plot.Tick{Value: float64(k), Label: label})
	}
	return t
}
