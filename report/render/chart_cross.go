package render

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/schema"
)

// speedGrid is the heat map grid of crossChart.
type speedGrid struct {
	rows, cols []string
	z          [][]float64 // [row][col]: log of the cost ratio, 0 for no change, NaN for missing
}

// noChange is the colour of a cell whose interval includes 1.0.
var noChange = color.White

// crossChart draws every implementation's speed in every configuration
// relative to the baseline configuration (base cost / cost, throughput at
// the L1 size, geometric mean over shared distributions) as a heat map:
// the ratio written in each cell, on Moreland's diverging cool-to-warm
// scale [moreland-diverging] with faster in blue and slower in red, the
// scale labelled in the legend column, and a cell whose 95% interval
// includes 1.0 left white and marked "~" as no change. A column per
// configuration but the baseline.
func (s set) crossChart(dir, base string) (string, error) {
	if _, ok := s.Config(base); !ok {
		return "", fmt.Errorf("no configuration %q (have %s)", base, strings.Join(s.labels(), ", "))
	}
	var cols []string
	for _, c := range s.Configs {
		if c.Label != base {
			cols = append(cols, c.Label)
		}
	}
	if len(cols) == 0 {
		return "", noData("one configuration only: nothing to compare")
	}
	g, cells, span := s.speeds(base, cols)
	if len(g.rows) == 0 {
		return "", noData("no implementation measured in %s and another configuration", base)
	}
	shade := func(z float64) color.Color { return speedColour(z, span) }
	f := newFigure()
	p := f.p
	p.Add(cellFill{grid: g, colour: shade})
	lb, err := cellLabels(cells, len(g.rows), shade)
	if err != nil {
		return "", err
	}
	p.Add(lb)
	speedScale(&f.legend, base, span, shade)
	p.Title.Text = fmt.Sprintf("speed relative to %s (base cost / cost: >1 is faster; throughput, %d elements)\n%s",
		base, schema.L1Elements, s.cpuNames(append([]string{base}, cols...)))
	p.NominalX(cols...)
	p.NominalY(g.rows...)
	p.X.Label.Text = "configuration, against " + base
	h := vg.Length(1.4+0.22*float64(len(g.rows))) * vg.Inch
	return f.save(vg.Length(3.2+1.1*float64(len(cols)))*vg.Inch, h, dir, crossFile(base))
}

// speedCell is a labelled cell of the heat map.
type speedCell struct {
	at   plotter.XY // its column, and its row counted from the top
	text string
	z    float64 // the log of the cost ratio, 0 for no change
}

// speeds returns the heat map's grid, a row per implementation of base's
// families measured in base and another configuration (the bottom row
// first, so that the chart reads top-down in the families' order), its
// labelled cells, and the span of the colour scale: the largest change,
// at least a factor of 1.25.
func (s set) speeds(base string, cols []string) (g speedGrid, cells []speedCell, span float64) {
	g.cols = cols
	span = math.Log(1.25)
	for _, fam := range s.Families(base) {
		for _, im := range s.Impls(base, fam) {
			row := make([]float64, len(cols))
			var rowCells []speedCell
			for j, c := range cols {
				row[j] = math.NaN()
				r, ok := s.Relative(c, base, fam, im)
				if !ok {
					continue
				}
				cell := speedCell{at: plotter.XY{X: float64(j), Y: float64(len(g.rows))}, text: fmt.Sprintf("%.2fx", r.Speedup)}
				if r.SpeedupLo <= 1 && 1 <= r.SpeedupHi {
					row[j], cell.text = 0, "~"+cell.text
				} else {
					row[j] = -math.Log(r.Speedup)
					cell.z, span = row[j], max(span, math.Abs(row[j]))
				}
				rowCells = append(rowCells, cell)
			}
			if len(rowCells) == 0 {
				continue
			}
			cells = append(cells, rowCells...)
			g.rows = append(g.rows, fam+"/"+im)
			g.z = append(g.z, row)
		}
	}
	// Row 0 is drawn at the bottom: reverse so that the listing reads top-down.
	slices.Reverse(g.rows)
	slices.Reverse(g.z)
	return g, cells, span
}

// cellLabels writes each cell's text in its middle, in black or white,
// whichever reads on its colour; rows is the number of rows.
func cellLabels(cells []speedCell, rows int, shade func(float64) color.Color) (*plotter.Labels, error) {
	var labels plotter.XYLabels
	for _, c := range cells {
		c.at.Y = float64(rows-1) - c.at.Y
		labels.XYs = append(labels.XYs, c.at)
		labels.Labels = append(labels.Labels, c.text)
	}
	lb, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	for i, c := range cells {
		ts := &lb.TextStyle[i]
		ts.XAlign, ts.YAlign = draw.XCenter, draw.YCenter
		ts.Color = readableOn(shade(c.z))
	}
	return lb, nil
}

// speedScale adds the colour scale to the legend: speed-ups from the
// fastest down to the slowest, in steps of the colour map.
func speedScale(legend *plot.Legend, base string, span float64, shade func(float64) color.Color) {
	legend.Add("speed relative to "+base+":", noThumb{})
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
		legend.Add(label, swatch{shade(z), 0})
	}
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

func (s set) labels() []string {
	var out []string
	for _, c := range s.Configs {
		out = append(out, c.Label)
	}
	return out
}

// crossFile returns the file name, without extension, of the chart across
// configurations relative to base.
func crossFile(base string) string { return "configurations-vs-" + schema.Slug(base) }

// crossLink names the chart a notebook's cross block links: relative to
// its base argument, the page's reference by default.
func crossLink(s set, b block) (name, alt string) {
	base := cmp.Or(b.args["base"], s.reference())
	return crossFile(base), "speed relative to " + base
}
