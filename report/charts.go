package report

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/schema"
)

// Formats are the image formats every chart is written in.
var Formats = []string{"png", "svg"}

// okabeIto is Okabe and Ito's palette, which readers with the common
// colour-vision deficiencies can tell apart (black last).
var okabeIto = []color.Color{
	color.RGBA{0xE6, 0x9F, 0x00, 0xFF}, color.RGBA{0x56, 0xB4, 0xE9, 0xFF}, color.RGBA{0x00, 0x9E, 0x73, 0xFF},
	color.RGBA{0xD5, 0x5E, 0x00, 0xFF}, color.RGBA{0x00, 0x72, 0xB2, 0xFF}, color.RGBA{0xCC, 0x79, 0xA7, 0xFF},
	color.RGBA{0xB8, 0xA2, 0x00, 0xFF}, color.RGBA{0x00, 0x00, 0x00, 0xFF},
}

// colors returns n colours from the colour-blind safe palette; past its
// eight, each round is darker (and lines also dashed, see series).
func colors(n int) []color.Color {
	cs := make([]color.Color, max(n, 2))
	for i := range cs {
		cs[i] = colorOf(i)
	}
	return cs
}

// colorOf returns the colour of series i.
func colorOf(i int) color.Color {
	r, g, b, _ := okabeIto[i%len(okabeIto)].RGBA()
	f := 1.0 / float64(1+i/len(okabeIto)) // 1, 1/2, 1/3 ...: darker each round
	return color.RGBA{uint8(float64(r>>8) * f), uint8(float64(g>>8) * f), uint8(float64(b>>8) * f), 0xFF}
}

// glyphs are the point shapes of the series, so that neighbours differ by
// shape as well as colour.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{}}

// series styles line i of a chart: its colour, a point shape, and a dash
// pattern for the second and later rounds of the palette.
func series(i int, l *plotter.Line, pts *plotter.Scatter) {
	c := colorOf(i)
	l.Color, pts.Color = c, c
	l.Width = vg.Points(1.2)
	if round := i / len(okabeIto); round > 0 {
		l.Dashes = []vg.Length{vg.Points(float64(2 + 2*round)), vg.Points(2)}
	}
	pts.Shape = glyphs[(i+i/len(glyphs))%len(glyphs)]
	pts.Radius = vg.Points(2.2)
}

// addSeries draws line i of a chart, named in the legend; a line without
// points is left out.
func addSeries(p *plot.Plot, i int, name string, xys plotter.XYs) error {
	if len(xys) == 0 {
		return nil
	}
	l, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	series(i, l, pts)
	p.Add(l, pts)
	p.Legend.Add(name, l, pts)
	return nil
}

// title names a configuration in chart titles: the core and model, and the
// build, "Zen 3 (AMD EPYC), GOAMD64=v3".
func (s *Set) title(cfg string) string {
	c, ok := s.Config(cfg)
	if !ok {
		return cfg
	}
	name, _, _ := strings.Cut(c.CPU, " (")
	t := fmt.Sprintf("%s (%s)", cpuLabel(c.CPU, c.Uarch), name)
	if c.Level != "" {
		return t + ", GOAMD64=" + c.Level
	}
	return t + ", " + c.GOARCH
}

// save writes a plot in every format as dir/name.<ext> and returns the base
// path without extension.
func save(p *plot.Plot, w, h vg.Length, dir, name string) (string, error) {
	base := filepath.Join(dir, name)
	for _, f := range Formats {
		if err := p.Save(w, h, base+"."+f); err != nil {
			return "", err
		}
	}
	return base, nil
}

// logIfWide switches an axis to a log scale when its values span more than
// a factor of 30, and then raises its maximum to the next labelled tick, so
// that no bar or point lies beyond the last label.
func logIfWide(a *plot.Axis, lo, hi float64) { logAbove(a, lo, hi, 30) }

// logAbove makes an axis logarithmic when its values span more than the
// given ratio.
func logAbove(a *plot.Axis, lo, hi, ratio float64) {
	if lo > 0 && hi/lo > ratio {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = logTicks{}
		a.Max = nextLabelled(max(a.Max, hi))
	}
}

// nextLabelled returns the smallest 1, 2 or 5 times a power of ten at or
// above v > 0.
func nextLabelled(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// logTicks labels a log axis at 1, 2 and 5 times each power of ten, with
// unlabelled minor ticks between, so that every bar and line has a labelled
// value near it.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'g', 4, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// groupedBars draws bars for series x groups with 95% interval whiskers.
// Values are in data units; bars start at the axis minimum so that a log
// scale works.
type groupedBars struct {
	groups  []string
	series  []string
	values  [][]schema.Summary // [series][group]; N == 0 for missing
	colors  []color.Color
	whisker draw.LineStyle
}

func (g *groupedBars) width() float64 { return 0.8 / float64(len(g.series)) }

func (g *groupedBars) x(s, grp int) float64 {
	return float64(grp) + (float64(s)-float64(len(g.series)-1)/2)*g.width()
}

func (g *groupedBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	bottom := trY(p.Y.Min)
	for s := range g.series {
		for grp := range g.groups {
			v := g.values[s][grp]
			if v.N == 0 {
				continue
			}
			x0, x1 := trX(g.x(s, grp)-g.width()/2), trX(g.x(s, grp)+g.width()/2)
			top := trY(v.Center)
			c.FillPolygon(g.colors[s], c.ClipPolygonY([]vg.Point{{X: x0, Y: bottom}, {X: x1, Y: bottom}, {X: x1, Y: top}, {X: x0, Y: top}}))
			if v.N > 1 && !math.IsInf(v.Lo, 0) && !math.IsInf(v.Hi, 0) {
				xm := (x0 + x1) / 2
				lo, hi := trY(v.Lo), trY(v.Hi)
				c.StrokeLines(g.whisker, c.ClipLinesY([]vg.Point{{X: xm, Y: lo}, {X: xm, Y: hi}})...)
				for _, y := range []vg.Length{lo, hi} {
					c.StrokeLines(g.whisker, c.ClipLinesY([]vg.Point{{X: xm - (x1-x0)/4, Y: y}, {X: xm + (x1-x0)/4, Y: y}})...)
				}
			}
		}
	}
}

func (g *groupedBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for s := range g.values {
		for _, v := range g.values[s] {
			if v.N > 0 {
				ymin, ymax = min(ymin, v.Lo, v.Center), max(ymax, v.Hi, v.Center)
			}
		}
	}
	if math.IsInf(ymin, 0) {
		ymin, ymax = 0, 1
	}
	if ymin > 0 && ymax/ymin <= 30 {
		ymin = 0
	}
	return -0.5, float64(len(g.groups)) - 0.5, ymin, ymax
}

// swatch is a legend thumbnail: a filled square with a grey outline (so
// that a white one shows).
type swatch struct{ c color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	box := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Min.Y}}
	c.FillPolygon(s.c, box[:4])
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 120}, Width: vg.Points(0.5)}, box)
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
		if k, ok := K(d); !ok || k == 1 || k == 8 || k == 32 {
			out = append(out, d)
		}
	}
	return out
}

// BarChart draws a family's median throughput cost per implementation,
// grouped by distribution, with 95% intervals, and returns the file base.
func (s *Set) BarChart(dir, cfg, family string) (string, error) {
	impls := s.Impls(cfg, family)
	size := s.Headline(family)
	dists := barDists(s.Dists(cfg, family, schema.Throughput, size))
	if len(impls) == 0 || len(dists) == 0 {
		return "", fmt.Errorf("no throughput results for %s in %s", family, cfg)
	}
	_, scale, unit := s.Cost(Key{Config: cfg, Family: family, Impl: impls[0], Dist: dists[0], Size: size, Mode: schema.Throughput}, false)
	g := &groupedBars{groups: dists, series: impls, colors: colors(len(impls)), whisker: draw.LineStyle{Color: color.Black, Width: vg.Points(0.6)}}
	for _, im := range impls {
		row := make([]schema.Summary, len(dists))
		for j, d := range dists {
			k, _, _ := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: size, Mode: schema.Throughput}, false)
			if sum, ok := s.Summary(k); ok {
				row[j] = schema.Summary{Center: sum.Center * scale, Lo: sum.Lo * scale, Hi: sum.Hi * scale, N: sum.N}
			}
		}
		g.values = append(g.values, row)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: throughput on %d-element batches\n%s", family, size, s.title(cfg))
	p.Y.Label.Text = unit + " (median, 95% interval)"
	p.X.Label.Text = "input distribution"
	p.Add(g, plotter.NewGrid())
	p.NominalX(dists...)
	_, _, lo, hi := g.DataRange()
	logIfWide(&p.Y, lo, hi)
	if _, ok := p.Y.Scale.(plot.LogScale); ok {
		p.Y.Min = lo / 1.5
	}
	for i, im := range impls {
		p.Legend.Add(im, swatch{g.colors[i]})
	}
	// The legend sits in an empty column to the right of the last group.
	p.X.Max += 1.4
	p.Legend.Top = true
	return save(p, vg.Length(max(7, 2.5+0.3*float64(len(dists)*len(impls))/2.5))*vg.Inch, 4.5*vg.Inch, dir, family+"-bars-"+schema.Slug(cfg))
}

// SweepChart draws cost against the number of one-bits (the k<N>
// distributions), a line per implementation, so that crossovers show.
func (s *Set) SweepChart(dir, cfg, family string) (string, error) {
	var ks []string
	for _, d := range s.Dists(cfg, family, schema.Throughput, schema.L1Elements) {
		if _, ok := K(d); ok {
			ks = append(ks, d)
		}
	}
	if len(ks) < 5 {
		return "", fmt.Errorf("%s in %s has no k<N> sweep", family, cfg)
	}
	impls := s.Impls(cfg, family)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: cost against one-bits per bitboard\n%s", family, s.title(cfg))
	p.X.Label.Text = "one-bits per bitboard (k)"
	p.X.Min, p.X.Max = 0, 64
	lo, hi := math.Inf(1), math.Inf(-1)
	var unit string
	for i, im := range impls {
		var xys plotter.XYs
		for _, d := range ks {
			kk, _ := K(d)
			k, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: schema.L1Elements, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				xys = append(xys, plotter.XY{X: float64(kk), Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
		if err := addSeries(p, i, im, xys); err != nil {
			return "", err
		}
	}
	p.Y.Label.Text = unit + " (median)"
	p.Add(plotter.NewGrid())
	logIfWide(&p.Y, lo, hi)
	// The legend sits in a blank band right of k = 64.
	p.X.Max = 96
	p.X.Tick.Marker = plot.ConstantTicks(kTicks())
	p.Legend.Top = true
	return save(p, 8*vg.Inch, 4.5*vg.Inch, dir, family+"-sweep-"+schema.Slug(cfg))
}

// LearningChart draws the learning curve: the cost per element on a
// stream-sized batch of one distribution repeated after R distinct
// elements, against R, a line per implementation; "never" is the batch
// without repetition. Where a line falls to the left, the branch predictor
// learned the repeated inputs: its reach on this core.
func (s *Set) LearningChart(dir, cfg, family string) (string, error) {
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
		return "", fmt.Errorf("%s in %s has no learning curve", family, cfg)
	}
	slices.SortFunc(pts, func(a, b point) int { return a.r - b.r })
	pts = append(pts, point{schema.StreamElements, base})
	impls := s.Impls(cfg, family)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: cost against distinct %s inputs before they repeat\n%s", family, base, s.title(cfg))
	p.X.Label.Text = fmt.Sprintf("distinct elements before the input repeats (%d = never in the batch)", schema.StreamElements)
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for _, pt := range pts {
		label := fmt.Sprint(pt.r)
		if pt.dist == base {
			label = "never"
		}
		ticks = append(ticks, plot.Tick{Value: float64(pt.r), Label: label})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	lo, hi := math.Inf(1), math.Inf(-1)
	var unit string
	for i, im := range impls {
		var xys plotter.XYs
		for _, pt := range pts {
			k, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: pt.dist, Size: schema.StreamElements, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				xys = append(xys, plotter.XY{X: float64(pt.r), Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
		if err := addSeries(p, i, im, xys); err != nil {
			return "", err
		}
	}
	p.Y.Label.Text = unit + " (median)"
	p.Add(plotter.NewGrid())
	logIfWide(&p.Y, lo, hi)
	p.Legend.Top, p.Legend.Left = true, true
	return save(p, 8*vg.Inch, 4.5*vg.Inch, dir, family+"-learning-"+schema.Slug(cfg))
}

// kTicks labels k = 0, 8, ..., 64.
func kTicks() []plot.Tick {
	var t []plot.Tick
	for k := 0; k <= 64; k += 4 {
		label := ""
		if k%8 == 0 {
			label = fmt.Sprint(k)
		}
		t = append(t, plot.Tick{Value: float64(k), Label: label})
	}
	return t
}

// LatencyChart plots each implementation's latency-chain cost against its
// throughput cost (geometric means over the distributions both modes ran),
// with the diagonal where they are equal.
func (s *Set) LatencyChart(dir, cfg, family string) (string, error) {
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
		_, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: both[0], Size: schema.L1Elements, Mode: schema.Latency}, false)
		unit = u
		xys = append(xys, plotter.XY{X: tp * scale, Y: la * scale})
		labels = append(labels, im)
		lo, hi = min(lo, tp*scale, la*scale), max(hi, tp*scale, la*scale)
	}
	if len(xys) == 0 {
		return "", fmt.Errorf("%s in %s has no latency results", family, cfg)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: latency against throughput\n%s", family, s.title(cfg))
	p.X.Label.Text = "throughput: " + unit + " (independent elements)"
	p.Y.Label.Text = "latency: " + unit + " (dependent chain)"
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return "", err
	}
	sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(3), Color: color.RGBA{R: 40, G: 80, B: 200, A: 255}}
	diag, err := plotter.NewLine(plotter.XYs{{X: lo / 1.3, Y: lo / 1.3}, {X: hi * 1.3, Y: hi * 1.3}})
	if err != nil {
		return "", err
	}
	diag.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	diag.Color = color.Gray{Y: 140}
	p.Add(plotter.NewGrid(), diag, sc, placedLabels{xys: xys, labels: labels})
	p.Legend.Add("latency = throughput", diag)
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo/1.5, hi*1.6, lo/1.5, hi*1.3
	logIfWide(&p.X, lo, hi)
	logIfWide(&p.Y, lo, hi)
	return save(p, 7*vg.Inch, 5*vg.Inch, dir, family+"-latency-"+schema.Slug(cfg))
}

// placedLabels names the points of a scatter plot, each label at the first
// place near its point where it covers no other label and no point: right,
// left, above or below, then further out with a leader line.
type placedLabels struct {
	xys    plotter.XYs
	labels []string
}

func (l placedLabels) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	style := draw.TextStyle{Color: color.Black, Font: plot.DefaultFont, Handler: p.Title.TextStyle.Handler}
	style.Font.Size = vg.Points(10)
	pts := make([]vg.Point, len(l.xys))
	var taken []vg.Rectangle
	for i, xy := range l.xys {
		pts[i] = vg.Point{X: tx(xy.X), Y: ty(xy.Y)}
		r := vg.Points(4)
		taken = append(taken, vg.Rectangle{Min: vg.Point{X: pts[i].X - r, Y: pts[i].Y - r}, Max: vg.Point{X: pts[i].X + r, Y: pts[i].Y + r}})
	}
	overlaps := func(a vg.Rectangle) bool {
		if a.Min.X < c.Min.X || a.Max.X > c.Max.X || a.Min.Y < c.Min.Y || a.Max.Y > c.Max.Y {
			return true
		}
		for _, b := range taken {
			if a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y {
				return true
			}
		}
		return false
	}
	for i, text := range l.labels {
		size := style.Rectangle(text).Size()
		var box vg.Rectangle
		// Candidate boxes around the point: right, left, above, below, at
		// growing distances; the last resort is the first candidate.
		for ring := 0; ring < 12; ring++ {
			d := vg.Points(5 + 9*float64(ring))
			found := false
			for _, off := range []vg.Point{{X: d, Y: -size.Y / 2}, {X: -d - size.X, Y: -size.Y / 2}, {X: -size.X / 2, Y: d}, {X: -size.X / 2, Y: -d - size.Y},
				{X: d, Y: d}, {X: d, Y: -d - size.Y}, {X: -d - size.X, Y: d}, {X: -d - size.X, Y: -d - size.Y}} {
				cand := vg.Rectangle{Min: pts[i].Add(off), Max: pts[i].Add(off).Add(size)}
				if !overlaps(cand) {
					box, found = cand, true
					break
				}
			}
			if found || ring == 11 {
				if !found {
					box = vg.Rectangle{Min: pts[i].Add(vg.Point{X: vg.Points(5), Y: -size.Y / 2})}
					box.Max = box.Min.Add(size)
				}
				if ring > 0 && found {
					// A leader line from the point to the nearest edge of the label.
					to := vg.Point{X: min(max(pts[i].X, box.Min.X), box.Max.X), Y: min(max(pts[i].Y, box.Min.Y), box.Max.Y)}
					c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.5)}, []vg.Point{pts[i], to})
				}
				break
			}
		}
		taken = append(taken, box)
		c.FillText(style, vg.Point{X: box.Min.X, Y: box.Min.Y + style.FontExtents().Descent}, text)
	}
}

// speedGrid is the heat map grid of CrossChart.
type speedGrid struct {
	rows, cols []string
	z          [][]float64 // [row][col]: log of the speed-up, 0 for no change, NaN for missing
}

// noChange is the colour of a cell whose interval includes 1.0.
var noChange = color.White

// CrossChart draws every implementation's speed in every configuration
// relative to the baseline configuration (base cost / cost, throughput at
// the L1 size, geometric mean over shared distributions) as a heat map: the
// ratio written in each cell, blue slower and red faster on a log scale
// given in the legend, and a cell whose 95% interval includes 1.0 left
// uncoloured and marked "~" as no change. The baseline is the first column.
func (s *Set) CrossChart(dir, base string) (string, error) {
	if _, ok := s.cfgOf[base]; !ok {
		return "", fmt.Errorf("no configuration %q (have %s)", base, strings.Join(s.labels(), ", "))
	}
	cols := []string{base}
	for _, c := range s.Configs {
		if c.Label != base {
			cols = append(cols, c.Label)
		}
	}
	if len(cols) < 2 {
		return "", fmt.Errorf("one configuration only: nothing to compare")
	}
	type cell struct {
		at    plotter.XY
		text  string
		shade float64 // the log of the speed-up, 0 for none
	}
	g := speedGrid{cols: cols}
	var cells []cell
	span := math.Log(1.25)
	for _, fam := range s.Families(base) {
		for _, im := range s.Impls(base, fam) {
			row := make([]float64, len(cols))
			var rowCells []cell
			for j, c := range cols {
				row[j] = math.NaN()
				at := plotter.XY{X: float64(j), Y: float64(len(g.rows))}
				if j == 0 {
					row[j] = 0
					rowCells = append(rowCells, cell{at: at, text: "base"})
					continue
				}
				r, ok := s.Relative(c, base, fam, im)
				if !ok {
					continue
				}
				if r.SpeedupLo <= 1 && 1 <= r.SpeedupHi {
					row[j] = 0
					rowCells = append(rowCells, cell{at: at, text: fmt.Sprintf("~%.2fx", r.Speedup)})
					continue
				}
				row[j] = math.Log(r.Speedup)
				span = max(span, math.Abs(row[j]))
				rowCells = append(rowCells, cell{at: at, text: fmt.Sprintf("%.2fx", r.Speedup), shade: row[j]})
			}
			if len(rowCells) < 2 {
				continue
			}
			cells = append(cells, rowCells...)
			g.rows = append(g.rows, fam+"/"+im)
			g.z = append(g.z, row)
		}
	}
	if len(g.rows) == 0 {
		return "", fmt.Errorf("no implementation measured in %s and another configuration", base)
	}
	// Row 0 is drawn at the bottom: reverse so that the listing reads top-down.
	slices.Reverse(g.rows)
	slices.Reverse(g.z)
	pal := moreland.SmoothBlueRed()
	pal.SetMin(-span)
	pal.SetMax(span)
	shade := func(z float64) color.Color {
		if z == 0 {
			return noChange
		}
		c, err := pal.At(z)
		if err != nil {
			return noChange
		}
		return c
	}
	p := plot.New()
	var labels plotter.XYLabels
	for _, c := range cells {
		c.at.Y = float64(len(g.rows)-1) - c.at.Y
		labels.XYs = append(labels.XYs, c.at)
		labels.Labels = append(labels.Labels, c.text)
	}
	p.Add(cellFill{grid: g, colour: shade})
	lb, err := plotter.NewLabels(labels)
	if err != nil {
		return "", err
	}
	for i, c := range cells {
		ts := &lb.TextStyle[i]
		ts.XAlign, ts.YAlign = draw.XCenter, draw.YCenter
		ts.Color = readableOn(shade(c.shade))
	}
	p.Add(lb)
	for _, r := range []float64{-span, -span / 2, 0, span / 2, span} {
		label := fmt.Sprintf("%.2fx", math.Exp(r))
		switch {
		case r == 0:
			label = "no change (interval includes 1)"
		case r < 0:
			label += " slower"
		default:
			label += " faster"
		}
		p.Legend.Add(label, swatch{shade(r)})
	}
	// The legend sits right of the last column, in room of its own.
	p.Legend.Top = true
	p.X.Max = float64(len(cols)) + 1.6
	p.Title.Text = fmt.Sprintf("speed relative to %s, the baseline (throughput, %d elements; >1 is faster)\n%s",
		base, schema.L1Elements, s.cpuNames(cols))
	p.NominalX(cols...)
	p.NominalY(g.rows...)
	p.X.Label.Text = "configuration"
	h := vg.Length(1.4+0.22*float64(len(g.rows))) * vg.Inch
	return save(p, vg.Length(5.4+1.1*float64(len(cols)))*vg.Inch, h, dir, "configurations-vs-"+schema.Slug(base))
}

// cellFill paints every cell of a grid in the colour its value maps to.
type cellFill struct {
	grid   speedGrid
	colour func(float64) color.Color
}

func (f cellFill) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(len(f.grid.cols)) - 0.5, -0.5, float64(len(f.grid.rows)) - 0.5
}

func (f cellFill) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for r := range f.grid.rows {
		for col := range f.grid.cols {
			z := f.grid.z[r][col]
			if math.IsNaN(z) {
				continue
			}
			x0, x1 := tx(float64(col)-0.5), tx(float64(col)+0.5)
			y0, y1 := ty(float64(r)-0.5), ty(float64(r)+0.5)
			c.FillPolygon(f.colour(z), []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
		}
	}
}

// readableOn returns black or white, whichever reads better on bg.
func readableOn(bg color.Color) color.Color {
	r, g, b, _ := bg.RGBA()
	if 0.2126*float64(r)+0.7152*float64(g)+0.0722*float64(b) < 0.5*0xFFFF {
		return color.White
	}
	return color.Black
}

// cpuNames names the CPUs of the configurations, "Zen 3 (AMD EPYC)" or a
// list when they differ.
func (s *Set) cpuNames(cols []string) string {
	var names []string
	for _, l := range cols {
		c := s.cfgOf[l]
		name, _, _ := strings.Cut(c.CPU, " (")
		n := fmt.Sprintf("%s (%s)", cpuLabel(c.CPU, c.Uarch), name)
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, "; ")
}

func (s *Set) labels() []string {
	var out []string
	for _, c := range s.Configs {
		out = append(out, c.Label)
	}
	return out
}

// TablesChart plots each implementation's cost against the bytes of lookup
// tables it reads (both on log scales; an implementation without tables
// sits at the left edge, at noTableBytes), throughput at the family's
// headline size, geometric mean over its distributions: whether a bigger
// table buys speed. Families whose implementations declare no tables have
// no such chart.
func (s *Set) TablesChart(dir, cfg, family string) (string, error) {
	hot, pressed, unit, what, err := s.tableCosts(cfg, family)
	if err != nil {
		return "", err
	}
	var xys, under plotter.XYs
	var labels []string
	var rises []plotter.XYs // per pressed implementation: its hot and its pressed cost
	withTables := 0
	for _, im := range slices.Sorted(maps.Keys(hot)) {
		bytes := float64(s.Tables(family, im))
		if bytes > 0 {
			withTables++
		} else {
			bytes = noTableBytes
		}
		xys = append(xys, plotter.XY{X: bytes, Y: hot[im]})
		labels = append(labels, im)
		if c, ok := pressed[im]; ok {
			under = append(under, plotter.XY{X: bytes, Y: c})
			rises = append(rises, plotter.XYs{{X: bytes, Y: hot[im]}, {X: bytes, Y: c}})
		}
	}
	if withTables == 0 {
		return "", fmt.Errorf("%s declares no lookup tables", family)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: cost against lookup-table bytes (%s)\n%s", family, what, s.title(cfg))
	p.X.Label.Text = fmt.Sprintf("bytes of lookup tables read (none: at %d)", noTableBytes)
	p.Y.Label.Text = unit + " (throughput, geometric mean of medians)"
	p.Add(plotter.NewGrid())
	all := xys
	if len(under) > 0 {
		// Each implementation's rise under pressure: a thin line from its
		// hot cost up to its cost with the caches flushed, and a hollow mark.
		for _, rise := range rises {
			l, err := plotter.NewLine(rise)
			if err != nil {
				return "", err
			}
			l.LineStyle.Color = color.RGBA{R: 235, G: 150, B: 140, A: 255}
			p.Add(l)
		}
		sc, err := plotter.NewScatter(under)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: draw.RingGlyph{}, Radius: vg.Points(3), Color: color.RGBA{R: 200, G: 60, B: 40, A: 255}}
		p.Add(sc)
		p.Legend.Add("after the walk", sc)
		all = append(slices.Clone(xys), under...)
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return "", err
	}
	sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(3), Color: color.RGBA{R: 40, G: 80, B: 200, A: 255}}
	p.Add(sc, placedLabels{xys: xys, labels: labels})
	if len(under) > 0 {
		p.Legend.Add("hot (no pressure)", sc)
		p.Legend.Top, p.Legend.Left = true, true
	}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, xy := range all {
		xlo, xhi, ylo, yhi = min(xlo, xy.X), max(xhi, xy.X), min(ylo, xy.Y), max(yhi, xy.Y)
	}
	p.X.Min, p.X.Max = xlo/2, xhi*8 // room for the labels right of the points
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, byteTicks{}
	p.Y.Min, p.Y.Max = ylo/1.3, yhi*1.3
	logAbove(&p.Y, ylo, yhi, 4)
	height := 5 * vg.Inch
	if len(labels) > 8 {
		height = 7 * vg.Inch
	}
	return save(p, 8*vg.Inch, height, dir, family+"-tables-"+schema.Slug(cfg))
}

// tableCosts returns the costs the tables chart plots, by implementation:
// from the family's pressure run where there is one (one interleaved run
// of every implementation; hot is pressure none, pressed the strongest
// pressure), else the throughput geometric means at the headline size
// (pressed empty). what describes them for the axis label.
func (s *Set) tableCosts(cfg, family string) (hot, pressed map[string]float64, unit, what string, err error) {
	hot, pressed = map[string]float64{}, map[string]float64{}
	if pc, ok := s.Pressure(cfg, family); ok && pc.Pressures[0] == schema.PressureNone && len(pc.Pressures) > 1 {
		last := len(pc.Pressures) - 1
		for i, im := range pc.Impls {
			if pc.Cost[i][0] > 0 {
				hot[im] = pc.Cost[i][0]
				if pc.Cost[i][last] > 0 {
					pressed[im] = pc.Cost[i][last]
				}
			}
		}
		return hot, pressed, pc.Unit, fmt.Sprintf("%s; hot and after a %s walk", strings.Join(pc.Dists, ", "), pc.Pressures[last]), nil
	}
	dists := s.Dists(cfg, family, schema.Throughput, s.Headline(family))
	if len(dists) == 0 {
		return nil, nil, "", "", fmt.Errorf("%s in %s has no throughput results at its headline size", family, cfg)
	}
	for _, im := range s.Impls(cfg, family) {
		cost := s.Standing(cfg, family, im, schema.Throughput, dists).Geomean
		if cost == 0 {
			continue
		}
		_, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: dists[0], Size: s.Headline(family), Mode: schema.Throughput}, false)
		hot[im], unit = cost*scale, u
	}
	return hot, pressed, unit, strings.Join(dists, ", "), nil
}

// byteTicks labels a log axis of bytes at every eighth power of two from
// 16 B (16 B, 128 B, 1 KiB, 8 KiB ...), with unlabelled ticks at the powers
// of two between.
type byteTicks struct{}

func (byteTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := 0; e < 40; e++ {
		v := math.Ldexp(1, e)
		if v < lo || v > hi {
			continue
		}
		t := plot.Tick{Value: v}
		if e >= 4 && (e-4)%3 == 0 {
			t.Label = bytesLabel(v)
		}
		ts = append(ts, t)
	}
	return ts
}

// bytesLabel writes a power of two of bytes in B, KiB or MiB.
func bytesLabel(v float64) string {
	switch {
	case v >= 1<<20:
		return strconv.FormatFloat(v/(1<<20), 'g', 4, 64) + " MiB"
	case v >= 1<<10:
		return strconv.FormatFloat(v/(1<<10), 'g', 4, 64) + " KiB"
	}
	return strconv.FormatFloat(v, 'g', 4, 64) + " B"
}

// noTableBytes is where TablesChart places implementations without tables
// on its log axis.
const noTableBytes = 16
