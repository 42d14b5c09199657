package render

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/report"
	"bitlab/schema"
)

// hbars draws a group per row (bottom to top), a mark per series in each,
// with 95% interval whiskers: on a linear axis a bar from zero, whose
// length is its value; on a log axis, where a bar's length would mean
// nothing, a dot (Cleveland's dot plot) on a faint line across the row.
// Values are in data units.
type hbars struct {
	rows   []string
	series []string
	values [][]schema.Summary // [row][series]; N == 0 for missing
}

// barSlot is the height of one bar, in rows.
func (g *hbars) barSlot() float64 { return 0.8 / float64(len(g.series)) }

// y returns the centre of series s's bar in row r: the first series on top.
func (g *hbars) y(r, s int) float64 {
	return float64(r) + (float64(len(g.series)-1)/2-float64(s))*g.barSlot()
}

// dotStyle is the mark of series s in a dot plot.
func dotStyle(s int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: colorOf(s), Shape: glyphs[s%len(glyphs)], Radius: vg.Points(3)}
}

func (g *hbars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	_, dots := p.X.Scale.(plot.LogScale)
	left := trX(p.X.Min)
	guide := draw.LineStyle{Color: color.Gray{Y: 230}, Width: vg.Points(0.5)}
	for r := range g.rows {
		for s := range g.series {
			v := g.values[r][s]
			if v.N == 0 {
				continue
			}
			y0, y1 := trY(g.y(r, s)-g.barSlot()/2), trY(g.y(r, s)+g.barSlot()/2)
			ym := (y0 + y1) / 2
			if dots {
				c.StrokeLines(guide, []vg.Point{{X: c.Min.X, Y: ym}, {X: c.Max.X, Y: ym}})
			} else {
				right := min(trX(v.Center), c.Max.X)
				fillHatched(c, vg.Rectangle{Min: vg.Point{X: left, Y: y0}, Max: vg.Point{X: right, Y: y1}}, colorOf(s), s)
			}
			if v.N > 1 && !math.IsInf(v.Lo, 0) && !math.IsInf(v.Hi, 0) {
				whisker := draw.LineStyle{Color: color.Black, Width: vg.Points(0.7)}
				lo, hi := max(trX(v.Lo), c.Min.X), min(trX(v.Hi), c.Max.X)
				c.StrokeLines(whisker, []vg.Point{{X: lo, Y: ym}, {X: hi, Y: ym}})
				for _, x := range []vg.Length{lo, hi} {
					c.StrokeLines(whisker, []vg.Point{{X: x, Y: ym - (y1-y0)/3}, {X: x, Y: ym + (y1-y0)/3}})
				}
			}
			if dots {
				c.DrawGlyph(dotStyle(s), vg.Point{X: trX(v.Center), Y: ym})
			}
		}
	}
}

func (g *hbars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	for _, row := range g.values {
		for _, v := range row {
			if v.N == 0 {
				continue
			}
			xmin, xmax = min(xmin, v.Center), max(xmax, v.Center)
			if !math.IsInf(v.Lo, 0) && !math.IsInf(v.Hi, 0) { // no interval from fewer than 6 samples
				xmin, xmax = min(xmin, v.Lo), max(xmax, v.Hi)
			}
		}
	}
	if math.IsInf(xmin, 0) {
		xmin, xmax = 0, 1
	}
	if xmin > 0 && xmax/xmin <= wide {
		xmin = 0
	}
	return xmin, xmax, -0.5, float64(len(g.rows)) - 0.5
}

// barDists picks the distributions of a bar chart: everything but the k<N>
// sweep, which has its own chart, except k1, k8 and k32.
func barDists(all []string) []string {
	var out []string
	for _, d := range all {
		dist, err := schema.ParseDist(d)
		if err != nil || dist.Period > 0 {
			continue // the learning curve's repeated inputs have their own chart
		}
		if k, ok := report.K(d); !ok || k == 1 || k == 8 || k == 32 {
			out = append(out, d)
		}
	}
	return out
}

// barChart draws a family's median throughput cost per implementation and
// distribution at its headline size, with 95% intervals: a row per
// implementation, the cheapest (geometric mean over the distributions) at
// the top, a bar per distribution in each, told apart by colour and hatch;
// where the costs span more than a factor of wide, on a log axis, a dot
// per distribution, told apart by colour and glyph. It returns the file
// base.
func (s set) barChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	impls := s.Impls(cfg, family)
	size := s.Headline(family)
	dists := barDists(s.Dists(cfg, family, schema.Throughput, size))
	if len(impls) == 0 || len(dists) == 0 {
		return "", noData("no throughput results for %s in %s", family, cfg)
	}
	_, scale, unit := s.Cost(report.Key{Config: cfg, Family: family, Impl: impls[0], Dist: dists[0], Size: size, Mode: schema.Throughput}, false)
	// Dearest at the bottom (row 0), cheapest at the top.
	impls = s.byCost(cfg, family, impls, dists)
	slices.Reverse(impls)
	g := &hbars{rows: impls, series: dists}
	for _, im := range impls {
		row := make([]schema.Summary, len(dists))
		for j, d := range dists {
			k, _, _ := s.Cost(report.Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: size, Mode: schema.Throughput}, false)
			if sum, ok := s.Summary(k); ok {
				row[j] = schema.Summary{Center: sum.Center * scale, Lo: sum.Lo * scale, Hi: sum.Hi * scale, N: sum.N}
			}
		}
		g.values = append(g.values, row)
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput on %d-element batches, cheapest first\n%s", family, size, s.title(cfg))
	p.X.Label.Text = unit + " (median, 95% interval)"
	grid := plotter.NewGrid()
	grid.Horizontal.Color = nil // a line through each row would hide its middle bar
	p.Add(grid, g)
	p.NominalY(impls...)
	lo, hi, _, _ := g.DataRange()
	costAxis(&p.X, lo, hi, wide)
	_, dots := p.X.Scale.(plot.LogScale)
	if dots {
		p.X.Label.Text = unit + " (median, 95% interval; log scale)"
	}
	f.legend.TextStyle.Font.Size = vg.Points(11)
	for j, d := range dists {
		if dots {
			f.legend.Add(d, glyphThumb(dotStyle(j)))
		} else {
			f.legend.Add(d, swatch{colorOf(j), j})
		}
	}
	perBar := 0.11 // inches
	if dots {
		perBar = 0.07
	}
	height := vg.Length(1.3+float64(len(impls))*(perBar*float64(len(dists))+0.12)) * vg.Inch
	return f.save(7*vg.Inch, height, dir, k.File())
}

// byCost returns implementations ordered by their throughput cost, the
// geometric mean over the distributions at the family's headline size,
// cheapest first.
func (s set) byCost(cfg, family string, impls, dists []string) []string {
	cost := map[string]float64{}
	for _, im := range impls {
		cost[im] = s.Standing(cfg, family, im, schema.Throughput, dists).Geomean
	}
	out := slices.Clone(impls)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(cost[a], cost[b]) })
	return out
}
