package render

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The chart names the points where the micro benchmark misleads: those
// below the diagonal by more than belowLabelled (a micro win the generator
// does not keep) and those above it by more than aboveLabelled (a micro
// loss the generator mostly hides).
const (
	belowLabelled = 1.3
	aboveLabelled = 5
)

// microPerftChart plots every technique's perft speed-up against its micro
// speed-up (both over the default configuration's technique, log scales), a
// colour per configuration and a mark per factor, with the diagonal where
// the micro benchmark predicts the generator: points below it won in the
// micro benchmarks more than in the generator. The points far from the
// diagonal are named.
func (s set) microPerftChart(dir string) (string, error) {
	pts := s.MicroPerft()
	if len(pts) == 0 {
		return "", noData("no configuration has both perft and micro results")
	}
	f := newFigure()
	p := f.p
	p.Title.Text = "Does the micro benchmark predict the move generator?\nspeed-up over the default technique, per technique and CPU"
	p.X.Label.Text = "micro benchmark: throughput speed-up (headline batch)"
	p.Y.Label.Text = "perft: move generator speed-up"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, q := range pts {
		lo, hi = min(lo, q.Micro, q.Perft), max(hi, q.Micro, q.Perft)
	}
	lo, hi = lo/1.3, hi*1.3
	diag, err := diagonal(lo, hi)
	if err != nil {
		return "", err
	}
	p.Add(plotter.NewGrid(), diag)
	f.legend.Add("perft = micro", diag)
	var configs, factors []string
	for _, q := range pts {
		if !slices.Contains(configs, q.Config) {
			configs = append(configs, q.Config)
		}
		if !slices.Contains(factors, q.Factor) {
			factors = append(factors, q.Factor)
		}
	}
	var named plotter.XYs
	var names []string
	for ci, cfg := range configs {
		for fi, fac := range factors {
			var xys plotter.XYs
			for _, q := range pts {
				if q.Config != cfg || q.Factor != fac {
					continue
				}
				xys = append(xys, plotter.XY{X: q.Micro, Y: q.Perft})
				if r := q.Perft / q.Micro; r > aboveLabelled || r < 1/belowLabelled {
					named = append(named, plotter.XY{X: q.Micro, Y: q.Perft})
					names = append(names, q.Name)
				}
			}
			if len(xys) == 0 {
				continue
			}
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return "", err
			}
			sc.GlyphStyle = draw.GlyphStyle{Shape: glyphs[fi%len(glyphs)], Radius: vg.Points(3.2), Color: colorOf(ci)}
			p.Add(sc)
			f.legend.Add(fmt.Sprintf("%s: %s", s.cpuNames([]string{cfg}), fac), sc)
		}
	}
	labelled := newPointLabels(f, named, names)
	p.Add(labelled)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = logTicks{}, logTicks{}
	w, h := 7*vg.Inch, 6*vg.Inch
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, "verdict-micro-perft")
}
