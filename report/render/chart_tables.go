package render

import (
	"fmt"
	"image/color"
	"maps"
	"math"
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

// tablesChart plots each implementation's cost against the bytes of lookup
// tables it reads (both on log scales; an implementation without tables
// sits at the left edge, at noTableBytes), throughput at the family's
// headline size, geometric mean over its distributions: whether a bigger
// table buys speed. Families whose implementations declare no tables have
// no such chart.
func (s set) tablesChart(dir string, k chartKey) (string, error) {
	cfg, family := k.Config, k.Family
	hot, pressed, unit, what, err := s.tableCosts(cfg, family)
	if err != nil {
		return "", err
	}
	pts, err := s.atTableBytes(family, hot, pressed)
	if err != nil {
		return "", err
	}
	f := newFigure()
	p := f.p
	p.Title.Text = fmt.Sprintf("%s: throughput cost against lookup-table bytes (%s)\n%s", family, what, s.title(cfg))
	p.X.Label.Text = fmt.Sprintf("bytes of lookup tables read (none: at %d)", noTableBytes)
	p.Y.Label.Text = unit + " (throughput, geometric mean of medians)"
	p.Add(plotter.NewGrid())
	if err := pts.addPressed(f); err != nil {
		return "", err
	}
	labelled := newPointLabels(f, pts.hot, pts.names)
	labelled.obstacles = pts.pressed
	p.Add(labelled)
	if len(pts.pressed) > 0 {
		f.legend.Add("hot (no pressure)", glyphThumb(namedStyle))
	}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, xy := range append(slices.Clone(pts.hot), pts.pressed...) {
		xlo, xhi, ylo, yhi = min(xlo, xy.X), max(xhi, xy.X), min(ylo, xy.Y), max(yhi, xy.Y)
	}
	p.X.Min, p.X.Max = xlo/2, xhi*8 // room for the labels right of the points
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, byteTicks{}
	p.Y.Min, p.Y.Max = ylo/1.3, yhi*1.3
	costAxis(&p.Y, ylo, yhi, 4)
	w, h := 7*vg.Inch, 5*vg.Inch
	if len(pts.names) > 8 {
		h = 7 * vg.Inch
	}
	labelled.keyCrowded(w, h)
	return f.save(w, h, dir, k.File())
}

// tablePoints are the points of a tables chart, each at its
// implementation's table bytes.
type tablePoints struct {
	hot     plotter.XYs // each implementation's cost without pressure
	names   []string    // the implementations of hot
	pressed plotter.XYs // the cost under the strongest pressure, where measured
	rises   []plotter.XYs
}

// atTableBytes places the costs of each implementation at its table bytes,
// in name order; errNoData when none declares a table.
func (s set) atTableBytes(family string, hot, pressed map[string]float64) (tablePoints, error) {
	var pts tablePoints
	withTables := 0
	for _, im := range slices.Sorted(maps.Keys(hot)) {
		bytes := float64(s.Tables(family, im))
		if bytes > 0 {
			withTables++
		} else {
			bytes = noTableBytes
		}
		pts.hot = append(pts.hot, plotter.XY{X: bytes, Y: hot[im]})
		pts.names = append(pts.names, im)
		if c, ok := pressed[im]; ok {
			pts.pressed = append(pts.pressed, plotter.XY{X: bytes, Y: c})
			pts.rises = append(pts.rises, plotter.XYs{{X: bytes, Y: hot[im]}, {X: bytes, Y: c}})
		}
	}
	if withTables == 0 {
		return pts, noData("%s declares no lookup tables", family)
	}
	return pts, nil
}

// addPressed draws each implementation's rise under pressure, where there
// are pressed costs: a thin line from its hot cost up to its cost with the
// caches flushed, and a hollow mark named in the legend.
func (pts tablePoints) addPressed(f *figure) error {
	if len(pts.pressed) == 0 {
		return nil
	}
	for _, rise := range pts.rises {
		l, err := plotter.NewLine(rise)
		if err != nil {
			return err
		}
		l.LineStyle.Color = color.RGBA{R: 0xE8, G: 0xA8, B: 0x80, A: 0xFF}
		f.p.Add(l)
	}
	sc, err := plotter.NewScatter(pts.pressed)
	if err != nil {
		return err
	}
	sc.GlyphStyle = draw.GlyphStyle{Shape: draw.RingGlyph{}, Radius: vg.Points(3), Color: colorOf(4)}
	f.p.Add(sc)
	f.legend.Add("after the walk", sc)
	return nil
}

// tableCosts returns the costs the tables chart plots, by implementation:
// from the family's pressure run where there is one (one interleaved run
// of every implementation; hot is pressure none, pressed the strongest
// pressure), else the throughput geometric means at the headline size
// (pressed empty). what describes them for the axis label.
func (s set) tableCosts(cfg, family string) (hot, pressed map[string]float64, unit, what string, err error) {
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
	dists := s.HeadlineDists(cfg, family, schema.Throughput)
	if len(dists) == 0 {
		return nil, nil, "", "", noData("%s in %s has no throughput results at its headline size", family, cfg)
	}
	for _, im := range s.Impls(cfg, family) {
		cost := s.Standing(cfg, family, im, schema.Throughput, dists).Geomean
		if cost == 0 {
			continue
		}
		_, scale, u := s.Cost(report.Key{Config: cfg, Family: family, Impl: im, Dist: dists[0], Size: s.Headline(family), Mode: schema.Throughput}, false)
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

// noTableBytes is where the tables chart places implementations without tables
// on its log axis.
const noTableBytes = 16
