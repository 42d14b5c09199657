package render

import (
	"cmp"
	"fmt"
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
func (s set) learningChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	var pts []costPoint
	base := ""
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.StreamElements) {
		if dist, err := schema.ParseDist(d); err == nil && dist.Period > 0 {
			pts = append(pts, costPoint{float64(dist.Period), d})
			dist.Period = 0
			base = dist.String()
		}
	}
	if len(pts) < 3 {
		return "", noData("%s in %s has no learning curve", family, cfg)
	}
	slices.SortFunc(pts, func(a, b costPoint) int { return cmp.Compare(a.x, b.x) })
	pts = append(pts, costPoint{schema.StreamElements, base})
	lines, lo, hi, unit := s.costLines(cfg, family, schema.StreamElements, pts)
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput against distinct %s inputs before they repeat (%d-element batches)\n%s", family, base, schema.StreamElements, s.title(cfg))
	p.X.Label.Text = "distinct elements before the input repeats (never: the whole batch differs)"
	p.Y.Label.Text = unit + " (median)"
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for _, pt := range pts {
		label := strconv.Itoa(int(pt.x))
		if pt.dist == base {
			label = "never"
		}
		ticks = append(ticks, plot.Tick{Value: pt.x, Label: label})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	if err := f.addLines(s.Impls(cfg, family), lines); err != nil {
		return "", err
	}
	costAxis(&p.Y, lo, hi, wide)
	return f.save(7*vg.Inch, 4.5*vg.Inch, dir, k.File())
}
