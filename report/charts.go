package report

import (
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
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

// hbars draws horizontal bars: a group per row (bottom to top), a bar per
// series in each, with 95% interval whiskers. Values are in data units;
// bars start at the axis minimum, so that a log scale works.
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

func (g *hbars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	left := trX(p.X.Min)
	for r := range g.rows {
		for s := range g.series {
			v := g.values[r][s]
			if v.N == 0 {
				continue
			}
			y0, y1 := trY(g.y(r, s)-g.barSlot()/2), trY(g.y(r, s)+g.barSlot()/2)
			right := min(trX(v.Center), c.Max.X)
			fillHatched(c, vg.Rectangle{Min: vg.Point{X: left, Y: y0}, Max: vg.Point{X: right, Y: y1}}, colorOf(s), s)
			if v.N > 1 && !math.IsInf(v.Lo, 0) && !math.IsInf(v.Hi, 0) {
				whisker := draw.LineStyle{Color: color.Black, Width: vg.Points(0.7)}
				ym := (y0 + y1) / 2
				lo, hi := max(trX(v.Lo), c.Min.X), min(trX(v.Hi), c.Max.X)
				c.StrokeLines(whisker, []vg.Point{{X: lo, Y: ym}, {X: hi, Y: ym}})
				for _, x := range []vg.Length{lo, hi} {
					c.StrokeLines(whisker, []vg.Point{{X: x, Y: ym - (y1-y0)/3}, {X: x, Y: ym + (y1-y0)/3}})
				}
			}
		}
	}
}

func (g *hbars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	for _, row := range g.values {
		for _, v := range row {
			if v.N > 0 {
				xmin, xmax = min(xmin, v.Lo, v.Center), max(xmax, v.Hi, v.Center)
			}
		}
	}
	if math.IsInf(xmin, 0) {
		xmin, xmax = 0, 1
	}
	if xmin > 0 && xmax/xmin <= 30 {
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
		if k, ok := K(d); !ok || k == 1 || k == 8 || k == 32 {
			out = append(out, d)
		}
	}
	return out
}

// BarChart draws a family's median throughput cost per implementation and
// distribution at its headline size, with 95% intervals: a row of bars per
// implementation, the cheapest (geometric mean over the distributions) at
// the top, a bar per distribution in each, told apart by colour and hatch.
// It returns the file base.
func (s *Set) BarChart(dir, cfg, family string) (string, error) {
	impls := s.Impls(cfg, family)
	size := s.Headline(family)
	dists := barDists(s.Dists(cfg, family, schema.Throughput, size))
	if len(impls) == 0 || len(dists) == 0 {
		return "", fmt.Errorf("no throughput results for %s in %s", family, cfg)
	}
	_, scale, unit := s.Cost(Key{Config: cfg, Family: family, Impl: impls[0], Dist: dists[0], Size: size, Mode: schema.Throughput}, false)
	// Dearest at the bottom (row 0), cheapest at the top.
	impls = s.byCost(cfg, family, impls, dists)
	slices.Reverse(impls)
	g := &hbars{rows: impls, series: dists}
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
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput on %d-element batches, cheapest first\n%s", family, size, s.title(cfg))
	p.X.Label.Text = unit + " (median, 95% interval)"
	grid := plotter.NewGrid()
	grid.Horizontal.Color = nil // a line through each row would hide its middle bar
	p.Add(grid, g)
	p.NominalY(impls...)
	lo, hi, _, _ := g.DataRange()
	logIfWide(&p.X, lo, hi)
	if _, ok := p.X.Scale.(plot.LogScale); ok {
		p.X.Min = lo / 1.5
	}
	f.legend.TextStyle.Font.Size = vg.Points(11)
	for j, d := range dists {
		f.legend.Add(d, swatch{colorOf(j), j})
	}
	height := vg.Length(1.3+float64(len(impls))*(0.11*float64(len(dists))+0.12)) * vg.Inch
	return f.save(7*vg.Inch, height, dir, family+"-bars-"+schema.Slug(cfg))
}

// byCost returns implementations ordered by their throughput cost, the
// geometric mean over the distributions at the family's headline size,
// cheapest first.
func (s *Set) byCost(cfg, family string, impls, dists []string) []string {
	cost := map[string]float64{}
	for _, im := range impls {
		cost[im] = s.Standing(cfg, family, im, schema.Throughput, dists).Geomean
	}
	out := slices.Clone(impls)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(cost[a], cost[b]) })
	return out
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

// SweepChart draws throughput cost against the number of one-bits (the
// k<N> distributions), a line per implementation, so that crossovers show.
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
	lines := map[string]plotter.XYs{}
	lo, hi := math.Inf(1), math.Inf(-1)
	var unit string
	for _, im := range s.Impls(cfg, family) {
		for _, d := range ks {
			kk, _ := K(d)
			k, scale, u := s.Cost(Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: schema.L1Elements, Mode: schema.Throughput}, false)
			unit = u
			if sum, ok := s.Summary(k); ok && sum.Center > 0 {
				lines[im] = append(lines[im], plotter.XY{X: float64(kk), Y: sum.Center * scale})
				lo, hi = min(lo, sum.Center*scale), max(hi, sum.Center*scale)
			}
		}
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput against one-bits per bitboard (%d-element batches)\n%s", family, schema.L1Elements, s.title(cfg))
	p.X.Label.Text = "one-bits per bitboard (k)"
	p.Y.Label.Text = unit + " (median)"
	p.X.Min, p.X.Max = 0, 64
	p.X.Tick.Marker = plot.ConstantTicks(kTicks())
	p.Add(plotter.NewGrid())
	for i, im := range byLastValue(s.Impls(cfg, family), lines) {
		if err := f.addSeries(i, im, lines[im]); err != nil {
			return "", err
		}
	}
	logIfWide(&p.Y, lo, hi)
	return f.save(7*vg.Inch, 4.5*vg.Inch, dir, family+"-sweep-"+schema.Slug(cfg))
}

// LearningChart draws the learning curve: the throughput cost per element
// on a stream-sized batch of one distribution repeated after R distinct
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
	return f.save(7*vg.Inch, 4.5*vg.Inch, dir, family+"-learning-"+schema.Slug(cfg))
}

// kTicks labels k = 0, 8, ..., 64.
func kTicks() []plot.Tick {
	var t []plot.Tick
	for k := 0; k <= 64; k += 4 {
		label := ""
		if k%8 == 0 {
			label = strconv.Itoa(k)
		}
		t = append(t, plot.Tick{Value: float64(k), Label: label})
	}
	return t
}

// LatencyChart plots each implementation's latency-chain cost against its
// throughput cost (geometric means over the distributions both modes ran),
// with the diagonal where they are equal, each point named beside it.
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
	logIfWide(&p.X, lo, hi)
	logIfWide(&p.Y, lo, hi)
	w, h := 7*vg.Inch, 5.5*vg.Inch
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, family+"-latency-"+schema.Slug(cfg))
}

// speedGrid is the heat map grid of CrossChart.
type speedGrid struct {
	rows, cols []string
	z          [][]float64 // [row][col]: log of the cost ratio, 0 for no change, NaN for missing
}

// noChange is the colour of a cell whose interval includes 1.0.
var noChange = color.White

// CrossChart draws every implementation's speed in every configuration
// relative to the baseline configuration (base cost / cost, throughput at
// the L1 size, geometric mean over shared distributions) as a heat map:
// the ratio written in each cell, on Moreland's diverging cool-to-warm
// scale [moreland-diverging] with faster in blue and slower in red, the
// scale labelled in the legend column, and a cell whose 95% interval
// includes 1.0 left white and marked "~" as no change. A column per
// configuration but the baseline.
func (s *Set) CrossChart(dir, base string) (string, error) {
	if _, ok := s.cfgOf[base]; !ok {
		return "", fmt.Errorf("no configuration %q (have %s)", base, strings.Join(s.labels(), ", "))
	}
	var cols []string
	for _, c := range s.Configs {
		if c.Label != base {
			cols = append(cols, c.Label)
		}
	}
	if len(cols) == 0 {
		return "", fmt.Errorf("one configuration only: nothing to compare")
	}
	type cell struct {
		at   plotter.XY
		text string
		z    float64 // the log of the cost ratio, 0 for no change
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
				r, ok := s.Relative(c, base, fam, im)
				if !ok {
					continue
				}
				if r.SpeedupLo <= 1 && 1 <= r.SpeedupHi {
					row[j] = 0
					rowCells = append(rowCells, cell{at: at, text: fmt.Sprintf("~%.2fx", r.Speedup)})
					continue
				}
				row[j] = -math.Log(r.Speedup)
				span = max(span, math.Abs(row[j]))
				rowCells = append(rowCells, cell{at: at, text: fmt.Sprintf("%.2fx", r.Speedup), z: row[j]})
			}
			if len(rowCells) == 0 {
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
	shade := func(z float64) color.Color { return speedColour(z, span) }
	f := newFigure()
	p := f.p
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
		ts.Color = readableOn(shade(c.z))
	}
	p.Add(lb)
	// The scale: speed-ups from the fastest down to the slowest, in steps
	// of the colour map.
	f.legend.Add("speed relative to "+base+":", noThumb{})
	for _, z := range []float64{-span, -2 * span / 3, -span / 3, 0, span / 3, 2 * span / 3, span} {
		label := fmt.Sprintf("%.2fx", math.Exp(-z))
		switch {
		case z == 0:
			label = "no change: interval includes 1"
		case z == -span:
			label += " faster"
		case z == span:
			label += " slower"
		}
		f.legend.Add(label, swatch{shade(z), 0})
	}
	p.Title.Text = fmt.Sprintf("speed relative to %s (base cost / cost: >1 is faster; throughput, %d elements)\n%s",
		base, schema.L1Elements, s.cpuNames(append([]string{base}, cols...)))
	p.NominalX(cols...)
	p.NominalY(g.rows...)
	p.X.Label.Text = "configuration, against " + base
	h := vg.Length(1.4+0.22*float64(len(g.rows))) * vg.Inch
	return f.save(vg.Length(3.2+1.1*float64(len(cols)))*vg.Inch, h, dir, "configurations-vs-"+schema.Slug(base))
}

// speedColour returns the heat map's colour of a cost ratio z (its
// logarithm: negative is faster) on a scale from -span to span: blue for
// faster, red for slower, white for no change.
func speedColour(z, span float64) color.Color {
	if z == 0 {
		return noChange
	}
	pal := moreland.SmoothBlueRed()
	pal.SetMin(-span)
	pal.SetMax(span)
	c, err := pal.At(max(-span, min(span, z)))
	if err != nil {
		return noChange
	}
	return c
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
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput cost against lookup-table bytes (%s)\n%s", family, what, s.title(cfg))
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
			l.LineStyle.Color = color.RGBA{R: 0xE8, G: 0xA8, B: 0x80, A: 0xFF}
			p.Add(l)
		}
		sc, err := plotter.NewScatter(under)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: draw.RingGlyph{}, Radius: vg.Points(3), Color: colorOf(4)}
		p.Add(sc)
		f.legend.Add("after the walk", sc)
		all = append(slices.Clone(xys), under...)
	}
	labelled := newPointLabels(f, xys, labels)
	labelled.obstacles = under
	p.Add(labelled)
	if len(under) > 0 {
		f.legend.Add("hot (no pressure)", glyphThumb(namedStyle))
	}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, xy := range all {
		xlo, xhi, ylo, yhi = min(xlo, xy.X), max(xhi, xy.X), min(ylo, xy.Y), max(yhi, xy.Y)
	}
	p.X.Min, p.X.Max = xlo/2, xhi*8 // room for the labels right of the points
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, byteTicks{}
	p.Y.Min, p.Y.Max = ylo/1.3, yhi*1.3
	logAbove(&p.Y, ylo, yhi, 4)
	w, h := 7*vg.Inch, 5*vg.Inch
	if len(labels) > 8 {
		h = 7 * vg.Inch
	}
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, family+"-tables-"+schema.Slug(cfg))
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
