package render

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/report"
	"bitlab/schema"
)

// estimateChart plots each form's measured cost against its estimate, both
// axes logarithmic, with the diagonal where they agree; the forms that
// part by more than 15% (report.Agreement.Parts) are named beside their
// points (family, implementation and mode).
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
		labels = append(labels, a.Family+"/"+a.Impl+" "+string(a.Mode)[:3])
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("measured against estimated (%s)\n%s", e.Model, s.title(cfg))
	p.X.Label.Text = "estimate: cycles per element (llvm-mca)"
	p.Y.Label.Text = "measured: cycles per element"
	diag, err := diagonal(lo/2, hi*2)
	if err != nil {
		return "", err
	}
	p.Add(plotter.NewGrid(), diag)
	f.legend.Add("measured = estimate", diag)
	styles := []draw.GlyphStyle{
		{Shape: glyphs[0], Radius: vg.Points(3), Color: colorOf(0)},
		{Shape: draw.BoxGlyph{}, Radius: vg.Points(3), Color: colorOf(3)},
	}
	if len(in) > 0 {
		sc, err := plotter.NewScatter(in)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = styles[0]
		p.Add(sc)
		f.legend.Add("within 15%", sc)
	}
	labelled := newPointLabels(f, out, labels)
	labelled.unnamed = in
	for range out {
		labelled.styles = append(labelled.styles, styles[1])
	}
	p.Add(labelled)
	if len(out) > 0 {
		f.legend.Add("apart by more than 15%", glyphThumb(styles[1]))
		f.legend.Add("(family/implementation thr", noThumb{})
		f.legend.Add("or lat: throughput, latency)", noThumb{})
	}
	logAxis(&p.X, lo, hi)
	logAxis(&p.Y, lo, hi)
	model := e.Model
	if _, after, ok := strings.Cut(model, "-mcpu="); ok {
		model, _, _ = strings.Cut(after, " ")
	}
	w, h := 7*vg.Inch, 6*vg.Inch
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, "estimated-"+model+"-"+schema.Slug(cfg))
}
