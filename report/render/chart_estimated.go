package render

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/report"
	"bitlab/schema"
)

// estimateChart plots each form's measured cost against its estimate, both
// axes logarithmic, with the diagonal where they agree; the forms that
// part by more than 15% (report.Agreement.Parts) are labelled.
func (s set) estimateChart(dir, cfg string, e *report.Estimates, ag []agreement) (string, error) {
	var in, out plotter.XYs
	var labels []string
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, a := range ag {
		xy := plotter.XY{X: a.Cycles, Y: a.Measured}
		lo, hi = min(lo, xy.X, xy.Y), max(hi, xy.X, xy.Y)
		if a.Why == "" {
			in = append(in, xy)
			continue
		}
		out = append(out, xy)
		labels = append(labels, a.Impl+" "+string(a.Mode)[:3])
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("measured against estimated (%s)\n%s", e.Model, s.title(cfg))
	p.X.Label.Text = "estimate: cycles per element (llvm-mca)"
	p.Y.Label.Text = "measured: cycles per element"
	diag, err := diagonal(lo/1.5, hi*1.5)
	if err != nil {
		return "", err
	}
	p.Add(plotter.NewGrid(), diag)
	f.legend.Add("measured = estimate", diag)
	for i, pts := range []plotter.XYs{in, out} {
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: glyphs[i], Radius: vg.Points(3), Color: colorOf(i)}
		p.Add(sc)
		f.legend.Add([]string{"within 15%", "apart by more than 15%"}[i], sc)
	}
	labelled := newPointLabels(f, out, labels)
	p.Add(labelled)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo/1.5, hi*1.5, lo/1.5, hi*1.5
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = logTicks{}, logTicks{}
	model := e.Model
	if _, after, ok := strings.Cut(model, "-mcpu="); ok {
		model, _, _ = strings.Cut(after, " ")
	}
	w, h := 7*vg.Inch, 6*vg.Inch
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, "estimated-"+model+"-"+schema.Slug(cfg))
}
