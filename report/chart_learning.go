package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"bitlab/schema"
)

// learningChart draws the learning curve: the throughput cost per element
// on a stream-sized batch of one distribution repeated after R distinct
// elements, against R, a line per implementation; "never" is the batch
// without repetition. Where a line falls to the left, the branch predictor
// learned the repeated inputs: its reach on this core.
func (s *Set) learningChart(dir string, k ChartKey) (string, error) {
	cfg, family := k.Config, k.Family
	type point struct {
		r    int
		dist string
	}
	var pts []point
	base := ""
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.StreamElements) {
		if dist, err := schema.ParseDist(d); err == nil && dist.Period > 0 {
			pts = append(pts, point{dist.Period, d})
			dist.Period = 0
			base = dist.String()
		}
	}
	if len(pts) < 3 {
		return "", noData("%s in %s has no learning curve", family, cfg)
	}
	slices.SortFunc(pts, func(a, b point) int { return a.r - b.r })
	pts = append(pts, point{schema.StreamElements, base})
	lines := map[string]plotter.XYs{}
	lo, hi := math.Inf(1), math.Inf(-1)
	var unit string
	for _, im := range s.Impls(cfg, family) {
		for _, pt := range pts {
			k, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: pt.dist, Size: schema.StreamElements, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				lines[im] = append(lines[im], plotter.XY{X: float64(pt.r), Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput against distinct %s inputs before they repeat (%d-element batches)\n%s", family, base, schema.StreamElements, s.title(cfg))
	p.X.Label.Text = "distinct elements before the input repeats (never: the whole batch differs)"
	p.Y.Label.Text = unit + " (median)"
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for _, pt := range pts {
		label := strconv.Itoa(pt.r)
		if pt.dist == base {
			label = "never"
		}
		ticks = append(ticks, plot.Tick{Value: float64(pt.r), Label: label})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	for i, im := range byLastValue(s.Impls(cfg, family), lines) {
		if err := f.addSeries(i, im, lines[im]); err != nil {
			return "", err
		}
	}
	logIfWide(&p.Y, lo, hi)
	return f.save(7*vg.Inch, 4.5*vg.Inch, dir, k.File())
}
