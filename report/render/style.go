package render

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/report"
	"bitlab/schema"
)

// formats are the image formats every chart is written in.
var formats = []string{"png", "svg"}

// palette gives every series of a chart a colour of its own. The first
// seven are Okabe and Ito's colours [okabe-ito] but their yellow (too
// faint as a line or mark on white), which readers with the common
// colour-vision deficiencies tell apart; then Paul Tol's muted scheme and
// three of his dark and light colours [tol-colours], distinct for normal
// colour vision, the lightest last; no grey, which the grid and outlines
// use. Series differ by marker and dash pattern too (see seriesStyle),
// which tells them apart beyond the seventh and in greyscale.
var palette = []color.RGBA{
	{0xE6, 0x9F, 0x00, 0xFF}, {0x56, 0xB4, 0xE9, 0xFF}, {0x00, 0x9E, 0x73, 0xFF}, {0x00, 0x72, 0xB2, 0xFF},
	{0xD5, 0x5E, 0x00, 0xFF}, {0xCC, 0x79, 0xA7, 0xFF}, {0x00, 0x00, 0x00, 0xFF},
	{0x33, 0x22, 0x88, 0xFF}, {0x11, 0x77, 0x33, 0xFF}, {0x88, 0x22, 0x55, 0xFF}, {0x44, 0xAA, 0x99, 0xFF},
	{0x99, 0x99, 0x33, 0xFF}, {0xAA, 0x44, 0x99, 0xFF}, {0xCC, 0x66, 0x77, 0xFF}, {0x22, 0x55, 0x55, 0xFF},
	{0x66, 0x33, 0x33, 0xFF}, {0x88, 0xCC, 0xEE, 0xFF}, {0xDD, 0xCC, 0x77, 0xFF}, {0xBB, 0xCC, 0x33, 0xFF},
}

// safeColors is how many of palette's colours readers with a
// colour-vision deficiency tell apart.
const safeColors = 7

// colorOf returns the colour of series i: palette's, then further hues a
// golden angle apart (distinct, though no longer chosen for every reader).
func colorOf(i int) color.RGBA {
	if i < len(palette) {
		return palette[i]
	}
	h := math.Mod(float64(i-len(palette))*137.508, 360)
	return hsl(h, 0.65, 0.45)
}

// hsl converts a hue in degrees, a saturation and a lightness to RGB.
func hsl(h, s, l float64) color.RGBA {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	to := func(v float64) uint8 { return uint8(math.Round(255 * (v + m))) }
	return color.RGBA{to(r), to(g), to(b), 0xFF}
}

// glyphs are the point shapes of the series, the second channel beside
// colour: series i has glyph i mod 8 and, from the ninth, a dash pattern,
// so that no two series of a chart share colour, glyph and dashes.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{}}

// dashes are the line patterns of the rounds of glyphs: solid, dashed,
// dotted.
var dashes = [][]vg.Length{nil, {vg.Points(5), vg.Points(2.5)}, {vg.Points(1.2), vg.Points(2)}}

// seriesStyle styles line i of a chart: its colour, glyph and dashes.
func seriesStyle(i int, l *plotter.Line, pts *plotter.Scatter) {
	c := colorOf(i)
	l.Color, pts.Color = c, c
	l.Width = vg.Points(1.3)
	l.Dashes = dashes[(i/len(glyphs))%len(dashes)]
	pts.Shape = glyphs[i%len(glyphs)]
	pts.Radius = vg.Points(2.6)
}

// directLabelled is the most lines a chart keys in its legend; a chart of
// more names each line at its end instead (lineEnds), where no two
// colours need telling apart.
const directLabelled = 8

// addSeries draws line i of a chart, named in the figure's legend or, with
// direct, at its end; a line without points is left out.
func (f *figure) addSeries(i int, name string, xys plotter.XYs, direct bool) error {
	if len(xys) == 0 {
		return nil
	}
	l, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	seriesStyle(i, l, pts)
	f.p.Add(l, pts)
	if direct {
		f.ends = append(f.ends, lineEnd{name: name, at: xys[len(xys)-1], line: l.LineStyle, glyph: pts.GlyphStyle})
		return nil
	}
	f.legend.Add(name, l, pts)
	return nil
}

// addLines draws a line per name, the legend listing them in the order
// the lines end in (byLastValue); more than directLabelled lines are
// named at their ends instead.
func (f *figure) addLines(names []string, lines map[string]plotter.XYs) error {
	drawn := 0
	for _, name := range names {
		if len(lines[name]) > 0 {
			drawn++
		}
	}
	for i, name := range byLastValue(names, lines) {
		if err := f.addSeries(i, name, lines[name], drawn > directLabelled); err != nil {
			return err
		}
	}
	if len(f.ends) > 0 {
		f.p.Add(lineEnds{f})
	}
	return nil
}

// costPoint is a point of a line chart of costs: its x, and the
// distribution whose cost is its y.
type costPoint struct {
	x    float64
	dist string
}

// costLines returns a line per implementation of a family through its
// median throughput costs at batch size size on the points' distributions
// (where measured), the range of those costs and their unit.
func (s set) costLines(cfg, family string, size int, pts []costPoint) (lines map[string]plotter.XYs, lo, hi float64, unit string) {
	lines = map[string]plotter.XYs{}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, im := range s.Impls(cfg, family) {
		for _, pt := range pts {
			k, scale, u := s.Cost(report.Key{Config: cfg, Family: family, Impl: im, Dist: pt.dist, Size: size, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				lines[im] = append(lines[im], plotter.XY{X: pt.x, Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
	}
	return lines, lo, hi, unit
}

// figure is a chart: the plot, and its legend in a column of its own to
// the right, so that the legend neither covers the data nor takes the
// axis's width; or in that column the names of its lines, each beside
// the end of its line (ends).
type figure struct {
	p      *plot.Plot
	legend plot.Legend
	ends   []lineEnd
}

func newFigure() *figure {
	f := &figure{p: plot.New(), legend: plot.NewLegend()}
	f.legend.Left, f.legend.Top = true, true
	f.legend.TextStyle.Font.Size = vg.Points(10)
	f.legend.ThumbnailWidth = vg.Points(22)
	f.p.X.Tick.Marker = cleanTicks{}
	f.p.Y.Tick.Marker = cleanTicks{}
	return f
}

// legendGap is the space between the plot and its legend column.
const legendGap = vg.Length(10)

// save writes the figure in every format as dir/name.<ext>, the plot w by
// h and the legend column beside it, and returns the base path without
// extension.
func (f *figure) save(w, h vg.Length, dir, name string) (string, error) {
	base := filepath.Join(dir, name)
	for _, format := range formats {
		if err := f.write(w, h, base+"."+format, format); err != nil {
			return "", err
		}
	}
	return base, nil
}

// width returns the width of the plot asked for w: wider if its title
// is.
func (f *figure) width(w vg.Length) vg.Length {
	return max(w, f.p.Title.TextStyle.Rectangle(f.p.Title.Text).Size().X+vg.Points(20))
}

func (f *figure) write(w, h vg.Length, path, format string) error {
	w = f.width(w)
	var lw vg.Length
	probe := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
	if r := f.legend.Rectangle(probe); r.Size().X > 0 {
		lw = r.Size().X + 2*legendGap
	}
	if len(f.ends) > 0 {
		lw = max(lw, f.endsWidth()+legendGap)
	}
	c, err := draw.NewFormattedCanvas(w+lw, h, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	f.draw(draw.Crop(dc, 0, -lw, 0, 0))
	if lw > 0 {
		// The legend's top meets the top of the plot's data area.
		top := f.p.Title.TextStyle.Rectangle(f.p.Title.Text).Size().Y + f.p.Title.Padding
		f.legend.Draw(draw.Crop(dc, w+legendGap, -legendGap, 0, -top))
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// draw draws the plot on c, the labels of its log axes centred on the
// data area (see withoutLogLabels).
func (f *figure) draw(c draw.Canvas) {
	f.withoutLogLabels(c, func(inner draw.Canvas, x, y string) {
		f.p.Draw(inner)
		da := f.p.DataCanvas(inner)
		if x != "" {
			sty := f.p.X.Label.TextStyle
			c.FillText(sty, vg.Point{X: da.Center().X, Y: c.Min.Y + sty.FontExtents().Descent}, x)
		}
		if y != "" {
			sty := f.p.Y.Label.TextStyle
			sty.Rotation += math.Pi / 2
			c.FillText(sty, vg.Point{X: c.Min.X + sty.Height(y) - sty.FontExtents().Descent, Y: da.Center().Y}, y)
		}
	})
}

// dataCanvas returns the data area of the plot drawn on c.
func (f *figure) dataCanvas(c draw.Canvas) (da draw.Canvas) {
	f.withoutLogLabels(c, func(inner draw.Canvas, _, _ string) { da = f.p.DataCanvas(inner) })
	return da
}

// withoutLogLabels calls fn with the labels of the plot's log axes taken
// off them (and put back after), x and y, and the canvas c less the room
// they take. gonum makes room for an axis label around the arithmetic
// middle of the axis's range, which on a log axis lies near its top: the
// plot shrinks, leaving an empty band, for a label drawn elsewhere.
func (f *figure) withoutLogLabels(c draw.Canvas, fn func(inner draw.Canvas, x, y string)) {
	var x, y string
	if _, ok := f.p.X.Scale.(plot.LogScale); ok && f.p.X.Label.Text != "" {
		x, f.p.X.Label.Text = f.p.X.Label.Text, ""
		defer func() { f.p.X.Label.Text = x }()
		c.Min.Y += f.p.X.Label.TextStyle.Height(x) + f.p.X.Label.Padding
	}
	if _, ok := f.p.Y.Scale.(plot.LogScale); ok && f.p.Y.Label.Text != "" {
		y, f.p.Y.Label.Text = f.p.Y.Label.Text, ""
		defer func() { f.p.Y.Label.Text = y }()
		c.Min.X += f.p.Y.Label.TextStyle.FontExtents().Descent + f.p.Y.Label.TextStyle.Height(y) + f.p.Y.Label.Padding
	}
	fn(c, x, y)
}

// cleanTicks is gonum's default tick placement on a linear axis, each
// label with no more decimals than its value has (125, not 125.00; 0.5).
type cleanTicks struct{}

func (cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for decimals := 0; decimals <= 8; decimals++ {
		exact := true
		for _, t := range ts {
			if t.Label == "" {
				continue
			}
			v, _ := strconv.ParseFloat(strconv.FormatFloat(t.Value, 'f', decimals, 64), 64)
			exact = exact && math.Abs(v-t.Value) <= 1e-9*math.Max(1, math.Abs(t.Value))
		}
		if exact {
			for i, t := range ts {
				if t.Label != "" {
					v, _ := strconv.ParseFloat(strconv.FormatFloat(t.Value, 'f', decimals, 64), 64)
					ts[i].Label = strconv.FormatFloat(v, 'f', -1, 64)
				}
			}
			break
		}
	}
	return ts
}

// logTicks labels a log axis at 1, 2 and 5 times each power of ten, with
// unlabelled minor ticks between, so that every bar and line has a labelled
// value near it; a tick at the axis's top is labelled too, unless a label
// lies within endLabelRoom below it.
type logTicks struct{}

// endLabelRoom is the least ratio between the labelled tick at a log
// axis's top and the next label below it.
const endLabelRoom = 1.5

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	below := 0.0 // the highest labelled tick below hi
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi*(1+1e-12) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'g', 4, 64)
				if v < hi*(1-1e-12) {
					below = v
				}
			}
			ts = append(ts, t)
		}
	}
	if n := len(ts); n > 0 && ts[n-1].Label == "" && math.Abs(ts[n-1].Value-hi) <= 1e-12*hi && hi >= below*endLabelRoom {
		ts[n-1].Label = strconv.FormatFloat(hi, 'g', 4, 64)
	}
	return ts
}

// wide is the span of a cost axis's values (the largest over the
// smallest) above which it is logarithmic.
const wide = 30

// axisMargin keeps the lowest and highest values off the ends of a log
// axis.
const axisMargin = 1.05

// costAxis scales an axis of positive values, lo the lowest and hi the
// highest (costs, speed-ups). Where they span more than ratio it is
// logarithmic, from the labelled tick (logTicks) below the lowest value, so
// that a labelled value lies below every point, to just above the highest
// (two significant digits, labelled where that is a tick with room:
// logTicks); the room the axis already has (Min, Max) stays. Else it is
// linear from zero, so that heights and lengths compare.
func costAxis(a *plot.Axis, lo, hi, ratio float64) {
	if lo <= 0 || hi/lo <= ratio {
		a.Min = 0
		return
	}
	if a.Min > 0 {
		lo = min(lo, a.Min)
	}
	logAxis(a, lo, max(hi, a.Max))
}

// logAxis makes an axis logarithmic from the labelled tick below lo to
// just above hi (see costAxis).
func logAxis(a *plot.Axis, lo, hi float64) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = logTicks{}
	a.Min, a.Max = prevLabelled(lo/axisMargin), roundUp(hi*axisMargin)
}

// roundUp returns v > 0 rounded up to two significant digits.
func roundUp(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v))-1)
	return math.Ceil(v/p*(1-1e-12)) * p
}

// prevLabelled returns the largest 1, 2 or 5 times a power of ten at or
// below v > 0.
func prevLabelled(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{10, 5, 2} {
		if m*p <= v*(1+1e-12) {
			return m * p
		}
	}
	return p
}

// hatches are the fill patterns of bars, beside their colour: what tells
// them apart in greyscale. Each is a list of line directions (dx, dy),
// drawn every hatchStep; a zero direction draws dots.
var hatches = [][][2]float64{nil, {{1, 1}}, {{1, 0}}, {{1, -1}}, {{0, 1}}, {{1, 1}, {1, -1}}, {{1, 0}, {0, 1}}, {{0, 0}}}

const hatchStep = vg.Length(3.5)

// fillHatched fills a rectangle in colour fill with hatch pattern i drawn
// over it in the colour that reads on fill, and outlines it.
func fillHatched(c draw.Canvas, r vg.Rectangle, fill color.Color, i int) {
	box := []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
	c.FillPolygon(fill, box)
	ink := readableOn(fill)
	lr, lg, lb, _ := ink.RGBA()
	line := draw.LineStyle{Color: color.RGBA{uint8(lr >> 8), uint8(lg >> 8), uint8(lb >> 8), 0xB0}, Width: vg.Points(0.6)}
	for _, d := range hatches[i%len(hatches)] {
		for _, seg := range hatchLines(r, d) {
			if d == [2]float64{} {
				c.FillPolygon(line.Color, dot(seg[0], vg.Points(0.7)))
				continue
			}
			c.StrokeLines(line, seg[:])
		}
	}
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(0.4)}, append(box, box[0]))
}

// hatchLines returns the segments of the lines in direction d, hatchStep
// apart, that cross r (for a zero d, the points of a grid, each as a
// segment of one point).
func hatchLines(r vg.Rectangle, d [2]float64) [][2]vg.Point {
	var out [][2]vg.Point
	if d == [2]float64{} {
		for y := r.Min.Y + hatchStep/2; y < r.Max.Y; y += hatchStep {
			for x := r.Min.X + hatchStep/2; x < r.Max.X; x += hatchStep {
				out = append(out, [2]vg.Point{{X: x, Y: y}, {X: x, Y: y}})
			}
		}
		return out
	}
	// Lines x·(-dy) + y·dx = k, for k on a grid, clipped to r.
	nx, ny := -d[1], d[0]
	norm := math.Hypot(nx, ny)
	nx, ny = nx/norm, ny/norm
	proj := func(p vg.Point) float64 { return float64(p.X)*nx + float64(p.Y)*ny }
	corners := []vg.Point{r.Min, r.Max, {X: r.Min.X, Y: r.Max.Y}, {X: r.Max.X, Y: r.Min.Y}}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range corners {
		lo, hi = math.Min(lo, proj(p)), math.Max(hi, proj(p))
	}
	step := float64(hatchStep)
	for k := math.Ceil(lo/step) * step; k <= hi; k += step {
		if seg, ok := clipLine(r, k, nx, ny); ok {
			out = append(out, seg)
		}
	}
	return out
}

// clipLine returns the part inside r of the line {p : p·(nx, ny) = k},
// (nx, ny) a unit normal.
func clipLine(r vg.Rectangle, k, nx, ny float64) ([2]vg.Point, bool) {
	var pts []vg.Point
	add := func(x, y float64) {
		if x >= float64(r.Min.X)-1e-9 && x <= float64(r.Max.X)+1e-9 && y >= float64(r.Min.Y)-1e-9 && y <= float64(r.Max.Y)+1e-9 {
			pts = append(pts, vg.Point{X: vg.Length(x), Y: vg.Length(y)})
		}
	}
	if ny != 0 {
		for _, x := range []float64{float64(r.Min.X), float64(r.Max.X)} {
			add(x, (k-x*nx)/ny)
		}
	}
	if nx != 0 {
		for _, y := range []float64{float64(r.Min.Y), float64(r.Max.Y)} {
			add((k-y*ny)/nx, y)
		}
	}
	if len(pts) < 2 {
		return [2]vg.Point{}, false
	}
	a, b := pts[0], pts[0]
	for _, p := range pts {
		if p.X < a.X || (p.X == a.X && p.Y < a.Y) {
			a = p
		}
		if p.X > b.X || (p.X == b.X && p.Y > b.Y) {
			b = p
		}
	}
	return [2]vg.Point{a, b}, a != b
}

func dot(at vg.Point, r vg.Length) []vg.Point {
	return []vg.Point{{X: at.X - r, Y: at.Y - r}, {X: at.X + r, Y: at.Y - r}, {X: at.X + r, Y: at.Y + r}, {X: at.X - r, Y: at.Y + r}}
}

// swatch is a bar's legend thumbnail: its colour and hatch pattern.
type swatch struct {
	c     color.Color
	hatch int
}

func (s swatch) Thumbnail(c *draw.Canvas) {
	fillHatched(*c, c.Rectangle, s.c, s.hatch)
}

// readableOn returns black or white, whichever reads better on bg.
func readableOn(bg color.Color) color.Color {
	r, g, b, _ := bg.RGBA()
	if 0.2126*float64(r)+0.7152*float64(g)+0.0722*float64(b) < 0.5*0xFFFF {
		return color.White
	}
	return color.Black
}

// noThumb is an empty legend thumbnail, for a legend line of text.
type noThumb struct{}

func (noThumb) Thumbnail(*draw.Canvas) {}

// diagonal returns the dashed grey line y = x from lo to hi, which the
// scatter charts draw where their two axes agree.
func diagonal(lo, hi float64) (*plotter.Line, error) {
	l, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return nil, err
	}
	l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	l.Color = color.Gray{Y: 140}
	return l, nil
}

// title names a configuration in chart titles: the core and model, and the
// build, "Zen 3 (AMD EPYC), GOAMD64=v3".
func (s set) title(cfg string) string {
	c, ok := s.Config(cfg)
	if !ok {
		return cfg
	}
	name, _, _ := strings.Cut(c.CPU, " (")
	t := fmt.Sprintf("%s (%s)", c.CoreName(), name)
	if c.Experiment != "" {
		t += ", GOEXPERIMENT=" + c.Experiment
	}
	if c.Level != "" {
		return t + ", GOAMD64=" + c.Level
	}
	return t + ", " + c.GOARCH
}

// byLastValue orders series names by the y of their last point, highest
// first, so that the legend lists them in the order the lines end in.
func byLastValue(names []string, xys map[string]plotter.XYs) []string {
	last := func(n string) float64 {
		if pts := xys[n]; len(pts) > 0 {
			return pts[len(pts)-1].Y
		}
		return math.Inf(-1)
	}
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(last(b), last(a)) })
	return out
}

// cpuNames names the CPUs of the configurations, "Zen 3 (AMD EPYC)" or a
// list when they differ.
func (s set) cpuNames(cols []string) string {
	var names []string
	for _, l := range cols {
		c, _ := s.Config(l)
		name, _, _ := strings.Cut(c.CPU, " (")
		n := fmt.Sprintf("%s (%s)", c.CoreName(), name)
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, "; ")
}
