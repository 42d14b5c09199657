package render

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// placement is where a point's label goes: its box, and for a point too
// crowded for its name to go beside it unmistakably, the number that
// stands for its name there (the legend gives the name).
type placement struct {
	box     vg.Rectangle // the name's, or for a crowded point its number's
	crowded int          // 1, 2 ... for a crowded point; 0 for a named one
}

// The geometry of labels: a point's mark covers markRadius around it; a
// label goes beside its point, its nearest edge at one of labelDistances
// from the mark, in one of labelDirections (degrees, in the order tried),
// the nearest free place first, and keeps labelGap from every other label.
var (
	labelDistances  = []vg.Length{2, 6, 10, 14}
	labelDirections = []float64{0, 180, 90, 270, 45, 135, 315, 225, 22.5, 157.5, 337.5, 202.5, 67.5, 112.5, 292.5, 247.5}
)

const (
	markRadius = vg.Length(4)
	labelGap   = vg.Length(5)
	ownMargin  = vg.Length(3)
	// crowdRadius is how near another point counts as a neighbour.
	crowdRadius = 40
)

// placeLabels places the labels of points pts, each of the given size
// (text extent), inside bounds, covering no point's mark, no other label
// and no mark of an unnamed point or obstacle, each nearer to its own point
// than to any other point, named or unnamed (an obstacle, such as another
// mark of the same point's series, may be nearer). The points with the fewest neighbours are placed first, each at
// its nearest free place; those whose name fits nowhere beside them are
// crowded, numbered 1, 2 ... in the order of pts, and their numbers, of
// size numberSize(n), placed beside them by the same rules where they fit
// (else where they cover nothing, else where they cover least).
func placeLabels(pts, sizes, unnamed, obstacles []vg.Point, bounds vg.Rectangle, numberSize func(n int) vg.Point) []placement {
	l := &labelLayout{pts: pts, unnamed: unnamed, bounds: bounds}
	for _, p := range slices.Concat(pts, unnamed, obstacles) {
		l.marks = append(l.marks, vg.Rectangle{Min: vg.Point{X: p.X - markRadius, Y: p.Y - markRadius}, Max: vg.Point{X: p.X + markRadius, Y: p.Y + markRadius}})
	}
	out := make([]placement, len(pts))
	var crowded []int
	for _, i := range fewestNeighboursFirst(pts) {
		box, ok := l.beside(i, sizes[i], true)
		if !ok {
			crowded = append(crowded, i)
			continue
		}
		out[i].box = box
		l.labels = append(l.labels, box)
	}
	slices.Sort(crowded)
	for n, i := range crowded {
		size := numberSize(n + 1)
		box, ok := l.beside(i, size, true)
		if !ok {
			box, ok = l.beside(i, size, false)
		}
		if !ok {
			box = l.leastCovering(i, size)
		}
		out[i] = placement{box: box, crowded: n + 1}
		l.labels = append(l.labels, box)
	}
	return out
}

// labelLayout is placeLabels' page: the named and unnamed points, the
// marks of every point and obstacle, the labels placed so far, and the
// bounds.
type labelLayout struct {
	pts, unnamed  []vg.Point
	marks, labels []vg.Rectangle
	bounds        vg.Rectangle
}

// beside returns the nearest free box of the size beside point i, with
// own one that is nearer to it than to any other point.
func (l *labelLayout) beside(i int, size vg.Point, own bool) (vg.Rectangle, bool) {
	for _, d := range labelDistances {
		for _, deg := range labelDirections {
			if box := boxBeside(l.pts[i], size, d, deg); l.free(box) && (!own || l.own(box, i)) {
				return box, true
			}
		}
	}
	return vg.Rectangle{}, false
}

// leastCovering returns the box of the size beside point i, within the
// bounds where one fits, that covers the fewest labels and marks, labels
// counting double.
func (l *labelLayout) leastCovering(i int, size vg.Point) vg.Rectangle {
	var best vg.Rectangle
	least := math.MaxInt
	for _, d := range labelDistances {
		for _, deg := range labelDirections {
			box := boxBeside(l.pts[i], size, d, deg)
			b := l.bounds
			covers := 0
			if box.Min.X < b.Min.X || box.Max.X > b.Max.X || box.Min.Y < b.Min.Y || box.Max.Y > b.Max.Y {
				covers = len(l.labels)*2 + len(l.marks) + 1 // any box within is better
			}
			for _, m := range l.marks {
				if overlap(box, m, 0) {
					covers++
				}
			}
			for _, o := range l.labels {
				if overlap(box, o, 0) {
					covers += 2
				}
			}
			if covers < least {
				best, least = box, covers
			}
		}
	}
	return best
}

// boxBeside returns the box of the size in direction deg from p whose
// nearest point to p is d beyond p's mark.
func boxBeside(p, size vg.Point, d vg.Length, deg float64) vg.Rectangle {
	cx, cy := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	anchor := vg.Point{X: p.X + (markRadius+d)*vg.Length(cx), Y: p.Y + (markRadius+d)*vg.Length(cy)}
	var box vg.Rectangle
	box.Min = vg.Point{X: boxStart(anchor.X, size.X, cx), Y: boxStart(anchor.Y, size.Y, cy)}
	box.Max = box.Min.Add(size)
	return box
}

// boxStart returns where a box of length size starts along one axis, beside
// anchor a in the direction whose cosine with the axis is c: after a, before
// it, or centred on it when the direction is nearly across the axis.
func boxStart(a, size vg.Length, c float64) vg.Length {
	switch {
	case c > 0.3:
		return a
	case c < -0.3:
		return a - size
	}
	return a - size/2
}

// free reports whether box r lies within the bounds, covers no mark and
// keeps labelGap from every label placed.
func (l *labelLayout) free(r vg.Rectangle) bool {
	b := l.bounds
	if r.Min.X < b.Min.X || r.Max.X > b.Max.X || r.Min.Y < b.Min.Y || r.Max.Y > b.Max.Y {
		return false
	}
	for _, m := range l.marks {
		if overlap(r, m, 0) {
			return false
		}
	}
	for _, o := range l.labels {
		if overlap(r, o, labelGap) {
			return false
		}
	}
	return true
}

// overlap reports whether rectangles a and b come nearer than gap.
func overlap(a, b vg.Rectangle, gap vg.Length) bool {
	return a.Min.X < b.Max.X+gap && b.Min.X < a.Max.X+gap && a.Min.Y < b.Max.Y+gap && b.Min.Y < a.Max.Y+gap
}

// own reports whether box is nearer to point i than to any other point,
// named or unnamed, by ownMargin: a reader pairs it with its point.
func (l *labelLayout) own(box vg.Rectangle, i int) bool {
	d := boxDistance(box, l.pts[i])
	for j, q := range l.pts {
		if j != i && boxDistance(box, q) < d+ownMargin {
			return false
		}
	}
	for _, q := range l.unnamed {
		if boxDistance(box, q) < d+ownMargin {
			return false
		}
	}
	return true
}

// fewestNeighboursFirst returns the indices of pts ordered by the number of
// points within crowdRadius of each, fewest first.
func fewestNeighboursFirst(pts []vg.Point) []int {
	neighbours := make([]int, len(pts))
	for i, p := range pts {
		for _, q := range pts {
			if math.Hypot(float64(p.X-q.X), float64(p.Y-q.Y)) < crowdRadius {
				neighbours[i]++
			}
		}
	}
	order := make([]int, len(pts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return neighbours[a] - neighbours[b] })
	return order
}

// namedStyle is the mark of the named points.
var namedStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(3), Color: color.Gray{Y: 70}}

// boxDistance returns the distance from p to the nearest point of r.
func boxDistance(r vg.Rectangle, p vg.Point) vg.Length {
	dx := max(r.Min.X-p.X, 0, p.X-r.Max.X)
	dy := max(r.Min.Y-p.Y, 0, p.Y-r.Max.Y)
	return vg.Length(math.Hypot(float64(dx), float64(dy)))
}

// pointLabels draws and names the points of a scatter plot (see
// placeLabels), each in its style (namedStyle where styles is nil); the
// crowded points' numbers and names go into the figure's legend. Labels
// keep off the marks of unnamed points and obstacles too (points of other
// series), and nearer their own points than the unnamed ones.
type pointLabels struct {
	xys, unnamed, obstacles plotter.XYs
	labels                  []string
	styles                  []draw.GlyphStyle
	style                   draw.TextStyle
	fig                     *figure
}

func newPointLabels(f *figure, xys plotter.XYs, labels []string) *pointLabels {
	style := draw.TextStyle{Color: color.Black, Font: plot.DefaultFont, Handler: f.p.Title.TextStyle.Handler}
	style.Font.Size = vg.Points(10)
	return &pointLabels{xys: xys, labels: labels, style: style, fig: f}
}

// glyph returns the mark of point i.
func (l *pointLabels) glyph(i int) draw.GlyphStyle {
	if l.styles == nil {
		return namedStyle
	}
	return l.styles[i]
}

// place returns the labels' placements on a data canvas.
func (l *pointLabels) place(c draw.Canvas, p *plot.Plot) ([]vg.Point, []placement) {
	tx, ty := p.Transforms(&c)
	pts := make([]vg.Point, len(l.xys))
	sizes := make([]vg.Point, len(l.xys))
	for i, xy := range l.xys {
		pts[i] = vg.Point{X: tx(xy.X), Y: ty(xy.Y)}
		sizes[i] = l.style.Rectangle(l.labels[i]).Size()
	}
	at := func(xys plotter.XYs) []vg.Point {
		var out []vg.Point
		for _, xy := range xys {
			out = append(out, vg.Point{X: tx(xy.X), Y: ty(xy.Y)})
		}
		return out
	}
	number := func(n int) vg.Point { return l.style.Rectangle(strconv.Itoa(n)).Size() }
	return pts, placeLabels(pts, sizes, at(l.unnamed), at(l.obstacles), c.Rectangle, number)
}

// Plot draws every point's mark, and beside it its name or, crowded, its
// number.
func (l *pointLabels) Plot(c draw.Canvas, p *plot.Plot) {
	pts, places := l.place(c, p)
	for i, pl := range places {
		c.DrawGlyph(l.glyph(i), pts[i])
		text := l.labels[i]
		if pl.crowded > 0 {
			text = strconv.Itoa(pl.crowded)
		}
		c.FillText(l.style, vg.Point{X: pl.box.Min.X, Y: pl.box.Min.Y + l.style.FontExtents().Descent}, text)
	}
}

// keyCrowded adds the marks, numbers and names of the crowded points to
// the legend, after an empty line; it lays the labels out on the canvas the figure will have,
// so call it before saving with the same size.
func (l *pointLabels) keyCrowded(w, h vg.Length) {
	c := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: l.fig.width(w), Y: h}}}
	_, places := l.place(l.fig.dataCanvas(c), l.fig.p)
	for i, pl := range places {
		if pl.crowded == 1 {
			l.fig.legend.Add("", noThumb{}) // apart from the entries above
		}
		if pl.crowded > 0 {
			l.fig.legend.Add(l.labels[i], numberThumb{l.glyph(i), strconv.Itoa(pl.crowded), l.style})
		}
	}
}

// glyphThumb is a legend thumbnail of one glyph.
type glyphThumb draw.GlyphStyle

func (g glyphThumb) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(draw.GlyphStyle(g), c.Center())
}

// numberThumb is a crowded point's legend thumbnail: its mark and, right
// of it, its number.
type numberThumb struct {
	glyph  draw.GlyphStyle
	number string
	style  draw.TextStyle
}

func (n numberThumb) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(n.glyph, vg.Point{X: c.Min.X + n.glyph.Radius + 1, Y: c.Center().Y})
	sty := n.style
	sty.XAlign = draw.XRight
	// On the baseline of the legend's text (plot.Legend.Draw's).
	descent := sty.FontExtents().Descent
	baseline := c.Min.Y + (c.Size().Y-descent-sty.Rectangle(n.number).Max.Y)/2 + descent
	c.FillText(sty, vg.Point{X: c.Max.X, Y: baseline}, n.number)
}
