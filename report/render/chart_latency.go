package render

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"bitlab/report"
	"bitlab/schema"
)

// latencyChart plots each implementation's latency-chain cost against its
// throughput cost (geometric means over the distributions both modes ran),
// with the diagonal where they are equal, each point named beside it.
func (s set) latencyChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	var xys plotter.XYs
	var labels []string
	var unit string
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, im := range s.Impls(cfg, family) {
		var both []string
		lat := s.Dists(cfg, family, schema.Latency, schema.L1Elements)
		for _, d := range s.Dists(cfg, family, schema.Throughput, schema.L1Elements) {
			if slices.Contains(lat, d) {
				both = append(both, d)
			}
		}
		tp := s.Standing(cfg, family, im, schema.Throughput, both).Geomean
		la := s.Standing(cfg, family, im, schema.Latency, both).Geomean
		if tp == 0 || la == 0 {
			continue
		}
		_, scale, u := s.Cost(report.Key{Config: cfg, Family: family, Impl: im, Dist: both[0], Size: schema.L1Elements, Mode: schema.Latency}, false)
		unit = u
		xys = append(xys, plotter.XY{X: tp * scale, Y: la * scale})
		labels = append(labels, im)
		lo, hi = min(lo, tp*scale, la*scale), max(hi, tp*scale, la*scale)
	}
	if len(xys) == 0 {
		return "", noData("%s in %s has no latency results", family, cfg)
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: latency against throughput (%d-element batches)\n%s", family, schema.L1Elements, s.title(cfg))
	p.X.Label.Text = "throughput: " + unit + " (independent elements)"
	p.Y.Label.Text = "latency: " + unit + " (dependent chain)"
	diag, err := diagonal(lo/2, hi*2)
	if err != nil {
		return "", err
	}
	labelled := newPointLabels(f, xys, labels)
	p.Add(plotter.NewGrid(), diag, labelled)
	f.legend.Add("latency = throughput", diag)
	// Room around the points for their names; the diagonal is clipped.
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo/1.6, hi*2.2, lo/1.6, hi*1.6
	costAxis(&p.X, lo, hi, wide)
	costAxis(&p.Y, lo, hi, wide)
	w, h := 7*vg.Inch, 5.5*vg.Inch
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, k.File())
}
