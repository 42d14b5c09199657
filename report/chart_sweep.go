package report

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"bitlab/schema"
)

// sweepChart draws throughput cost against the number of one-bits (the
// k<N> distributions), a line per implementation, so that crossovers show.
func (s *Set) sweepChart(dir string, k ChartKey) (string, error) {
	cfg, family := k.Config, k.Family
	var ks []string
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.L1Elements) {
		if _, ok := K(d); ok {
			ks = append(ks, d)
		}
	}
	if len(ks) < 5 {
		return "", noData("%s in %s has no k<N> sweep", family, cfg)
	}
	lines := map[string]plotter.XYs{}
	lo, hi := math.Inf(1), math.Inf(-1)
	var unit string
	for _, im := range s.Impls(cfg, family) {
		for _, d := range ks {
			kk, _ := K(d)
			k, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: schema.L1Elements, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				lines[im] = append(lines[im], plotter.XY{X: float64(kk), Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput against one-bits per bitboard (%d-element batches)\n%s", family, schema.L1Elements, s.title(cfg))
	p.X.Label.Text = "one-bits per bitboard (k)"
	p.Y.Label.Text = unit + " (median)"
	p.X.Min, p.X.Max = 0, 64
	p.X.Tick.Marker = plot.ConstantTicks(kTicks())
	p.Add(plotter.NewGrid())
	for i, im := range byLastValue(s.Impls(cfg, family), lines) {
		if err := f.addSeries(i, im, lines[im]); err != nil {
			return "", err
		}
	}
	logIfWide(&p.Y, lo, hi)
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
