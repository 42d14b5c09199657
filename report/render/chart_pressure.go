package render

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// pressureChart draws a family's cost per element against the cache
// pressure, a line per implementation: where a line rises, the pressure
// pushed the implementation's tables (or inputs) out of a cache level.
func (s set) pressureChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	pc, ok := s.Pressure(cfg, family)
	if !ok {
		return "", noData("%s in %s did not run under cache pressure", family, cfg)
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput under cache pressure (%d-element batches; %s)\n%s", family, pc.Size, strings.Join(pc.Dists, ", "), s.title(cfg))
	p.X.Label.Text = "data walked before each batch (the size of the named cache)"
	p.Y.Label.Text = pc.Unit + " (geometric mean of medians)"
	lo, hi := math.Inf(1), math.Inf(-1)
	lines := map[string]plotter.XYs{}
	for i, im := range pc.Impls {
		for j, c := range pc.Cost[i] {
			if c > 0 {
				lines[im] = append(lines[im], plotter.XY{X: float64(j), Y: c})
				lo, hi = min(lo, c), max(hi, c)
			}
		}
	}
	p.Add(plotter.NewGrid())
	if err := f.addLines(pc.Impls, lines); err != nil {
		return "", err
	}
	names := make([]string, len(pc.Pressures))
	for i, pr := range pc.Pressures {
		names[i] = string(pr)
	}
	p.NominalX(names...)
	// Costs that differ by a factor show as ratios: equal rises, equal slopes.
	costAxis(&p.Y, lo, hi, 4)
	// Tall enough for a name per implementation (in the legend or at the
	// lines' ends).
	height := max(4.5*vg.Inch, vg.Length(len(pc.Impls))*0.2*vg.Inch+1.2*vg.Inch)
	return f.save(7*vg.Inch, height, dir, k.File())
}
