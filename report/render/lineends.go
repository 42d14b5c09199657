package render

import (
	"cmp"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// lineEnd is the name of a line, written beside the line's end.
type lineEnd struct {
	name  string
	at    plotter.XY // the line's last point
	line  draw.LineStyle
	glyph draw.GlyphStyle
}

// The geometry of the names at the lines' ends: a leader from each line's
// last point runs endLead beyond the data area, bends over endBend to its
// name's height, and the line's glyph and the name follow, endGap apart.
const (
	endLead = vg.Length(4)
	endBend = vg.Length(14)
	endGap  = vg.Length(4)
)

// endsWidth returns the width the names at the lines' ends take right of
// the data area.
func (f *figure) endsWidth() vg.Length {
	var text, glyph vg.Length
	for _, e := range f.ends {
		text = max(text, f.legend.TextStyle.Width(e.name))
		glyph = max(glyph, e.glyph.Radius)
	}
	return endLead + endBend + 2*endGap + 2*glyph + text
}

// lineEnds draws a figure's ends: each name in the column right of the
// data area, as near the height of its line's end as the names above and
// below it allow (spread), joined to it by a leader in the line's colour.
type lineEnds struct{ f *figure }

func (l lineEnds) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	ends := slices.Clone(l.f.ends)
	slices.SortStableFunc(ends, func(a, b lineEnd) int { return cmp.Compare(b.at.Y, a.at.Y) })
	want := make([]vg.Length, len(ends))
	for i, e := range ends {
		want[i] = ty(e.at.Y)
	}
	sty := l.f.legend.TextStyle
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	at := spread(want, sty.FontExtents().Height, c.Min.Y, c.Max.Y)
	x1 := c.Max.X + endLead
	x2 := x1 + endBend
	for i, e := range ends {
		lead := e.line
		lead.Dashes, lead.Width = nil, vg.Points(0.8)
		from := vg.Point{X: tx(e.at.X) + e.glyph.Radius + 1, Y: want[i]}
		pts := []vg.Point{{X: x1, Y: want[i]}, {X: x2, Y: at[i]}}
		if from.X < x1 {
			pts = append([]vg.Point{from}, pts...)
		}
		c.StrokeLines(lead, pts)
		c.DrawGlyphNoClip(e.glyph, vg.Point{X: x2 + endGap + e.glyph.Radius, Y: at[i]})
		c.FillText(sty, vg.Point{X: x2 + 2*endGap + 2*e.glyph.Radius, Y: at[i]}, e.name)
	}
}

// spread places labels of height step wanted at heights want (highest
// first) so that none overlaps the next, each as near its wish as that
// allows: a run of labels that would overlap is centred on its wishes, and
// kept within lo..hi where it fits.
func spread(want []vg.Length, step, lo, hi vg.Length) []vg.Length {
	type run struct {
		first, n int
		top      vg.Length // the height of its first label
	}
	place := func(r run) run {
		var sum vg.Length
		for j := r.first; j < r.first+r.n; j++ {
			sum += want[j] + vg.Length(j-r.first)*step
		}
		r.top = sum / vg.Length(r.n)
		r.top = max(r.top, lo+vg.Length(r.n-1)*step) // its last label above lo
		r.top = min(r.top, hi)
		return r
	}
	var runs []run
	for i := range want {
		runs = append(runs, place(run{first: i, n: 1}))
		for len(runs) > 1 {
			a, b := runs[len(runs)-2], runs[len(runs)-1]
			if a.top-vg.Length(a.n)*step >= b.top {
				break
			}
			runs = append(runs[:len(runs)-2], place(run{first: a.first, n: a.n + b.n}))
		}
	}
	out := make([]vg.Length, len(want))
	for _, r := range runs {
		for j := range r.n {
			out[r.first+j] = r.top - vg.Length(j)*step
		}
	}
	return out
}
