package render

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"bitlab/report"
)

// The chart names the points where the micro benchmark misleads: those
// below the diagonal by more than belowLabelled (a micro win the generator
// does not keep) and those above it by more than aboveLabelled (a micro
// loss the generator mostly hides).
const (
	belowLabelled = 1.3
	aboveLabelled = 5
)

// The size of the micro-perft chart's plot.
const (
	microPerftWidth  = 7 * vg.Inch
	microPerftHeight = 6 * vg.Inch
)

// cpuMarks are the marks of the CPUs of the micro-perft chart, a shape
// each, filled for its first factor and hollow for its second.
var cpuMarks = [][2]draw.GlyphDrawer{
	{draw.CircleGlyph{}, draw.RingGlyph{}}, {draw.BoxGlyph{}, draw.SquareGlyph{}}, {draw.PyramidGlyph{}, draw.TriangleGlyph{}},
}

// cpuColours are the palette's colours of the first CPUs, the strong ones
// first: sky blue (1) reads faintly as a hollow mark. Further CPUs take
// the palette's further colours.
var cpuColours = []int{3, 0, 2, 4, 5, 6, 1}

// cpuMark is the mark of a point of CPU ci and factor fi.
func cpuMark(ci, fi int) draw.GlyphStyle {
	c := colorOf(ci)
	if ci < len(cpuColours) {
		c = colorOf(cpuColours[ci])
	}
	return draw.GlyphStyle{Color: c, Shape: cpuMarks[ci%len(cpuMarks)][fi%2], Radius: vg.Points(3.2)}
}

// microPerftChart plots every technique's perft speed-up against its micro
// speed-up (see microPerftFigure).
func (s set) microPerftChart(dir string) (string, error) {
	pts := s.MicroPerft()
	if len(pts) == 0 {
		return "", noData("no configuration has both perft and micro results")
	}
	f, err := microPerftFigure(pts, func(cfg string) (cpu, build string) {
		c, _ := s.Config(cfg)
		return s.cpuNames([]string{cfg}), strings.TrimPrefix(cfg, c.CoreName()+" ")
	})
	if err != nil {
		return "", err
	}
	return f.save(microPerftWidth, microPerftHeight, dir, "verdict-micro-perft")
}

// microPerftFigure draws every technique's perft speed-up against its
// micro speed-up (both over the default configuration's technique, log
// scales, each trimmed to its data), each point in its CPU's colour and
// mark (filled for the first factor, hollow for the second), with the
// diagonal where the micro benchmark predicts the generator: points below
// it won in the micro benchmarks more than in the generator. The legend
// keys the CPUs, then the factors; the points far from the diagonal are
// named, with their build where their CPU has several. cpu names a
// configuration's CPU and its build.
func microPerftFigure(pts []report.MicroPerftPoint, cpu func(cfg string) (name, build string)) (*figure, error) {
	var cpus, factors []string
	builds := map[string][]string{}
	for _, q := range pts {
		name, build := cpu(q.Config)
		if !slices.Contains(cpus, name) {
			cpus = append(cpus, name)
		}
		if !slices.Contains(builds[name], build) {
			builds[name] = append(builds[name], build)
		}
		if !slices.Contains(factors, q.Factor) {
			factors = append(factors, q.Factor)
		}
	}
	f := newFigure()
	p := f.p
	p.Title.Text = "Does the micro benchmark predict the move generator?\nspeed-up over the default technique, per technique and CPU"
	p.X.Label.Text = "micro benchmark: throughput speed-up (headline batch)"
	p.Y.Label.Text = "perft: move generator speed-up"
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, q := range pts {
		xlo, xhi, ylo, yhi = min(xlo, q.Micro), max(xhi, q.Micro), min(ylo, q.Perft), max(yhi, q.Perft)
	}
	diag, err := diagonal(min(xlo, ylo)/10, max(xhi, yhi)*10)
	if err != nil {
		return nil, err
	}
	p.Add(plotter.NewGrid(), diag)
	var plain, named plotter.XYs
	var plainStyles, namedStyles []draw.GlyphStyle
	var names []string
	for _, q := range pts {
		name, build := cpu(q.Config)
		st := cpuMark(slices.Index(cpus, name), slices.Index(factors, q.Factor))
		xy := plotter.XY{X: q.Micro, Y: q.Perft}
		if r := q.Perft / q.Micro; r <= aboveLabelled && r >= 1/belowLabelled {
			plain, plainStyles = append(plain, xy), append(plainStyles, st)
			continue
		}
		label := q.Name
		if len(builds[name]) > 1 {
			label += ", " + build
		}
		named, namedStyles, names = append(named, xy), append(namedStyles, st), append(names, label)
	}
	if len(plain) > 0 {
		sc, err := plotter.NewScatter(plain)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyleFunc = func(i int) draw.GlyphStyle { return plainStyles[i] }
		p.Add(sc)
	}
	labelled := newPointLabels(f, named, names)
	labelled.styles, labelled.unnamed = namedStyles, plain
	p.Add(labelled)
	logAxis(&p.X, xlo, xhi)
	logAxis(&p.Y, ylo, yhi)
	f.legend.Add("perft = micro", diag)
	f.legend.Add("", noThumb{})
	f.legend.Add("CPU:", noThumb{})
	for ci, name := range cpus {
		f.legend.Add(name, glyphThumb(cpuMark(ci, 0)))
	}
	f.legend.Add("", noThumb{})
	f.legend.Add("factor:", noThumb{})
	for fi, name := range factors {
		mark := cpuMark(0, fi)
		mark.Color = color.Gray{Y: 70}
		f.legend.Add(name, glyphThumb(mark))
	}
	labelled.keyCrowded(microPerftWidth, microPerftHeight)
	return f, nil
}
