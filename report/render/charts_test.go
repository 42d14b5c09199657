package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"bitlab/schema"
)

// manyDists are the distributions of manySeries: a k sweep and the bar
// charts' others.
var manyDists = []string{"k0", "k1", "k4", "k8", "k16", "k32", "k48", "k64", "d2", "d8", "d32", "random", "chess"}

// manySeries writes results of one family with impls implementations on
// manyDists in both modes, each implementation's cost its index + 1.
func manySeries(t *testing.T, dir string, impls int) set {
	t.Helper()
	var b strings.Builder
	b.WriteString("# run: full\ngoos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\ncycles: add-chain\nfamily: popcount\nbaseline: impl00\nheadline: 4096\n\n")
	for round := range 5 {
		for i := range impls {
			for d, dist := range manyDists {
				for _, mode := range schema.Modes() {
					c := float64(i+1) * (1 + float64(d)/50) * (1 + float64(round)/100)
					fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=impl%02d/dist=%s/size=4096/mode=%s 1000 %g ns/op %g cycles/op\n", i, dist, mode, c/3.9, c)
				}
			}
		}
	}
	p := filepath.Join(dir, "many.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return mustLoad(t, p)
}

// TestPalette checks the colours series get: all distinct for normal
// colour vision (CIELAB distance at least 12), the first safeColors also
// under simulated protanopia, deuteranopia and tritanopia (Machado,
// Oliveira and Fernandes's matrices at full severity [machado-cvd]; at
// least 15), and every series's glyph and dashes distinct from every
// other's, which is what tells them apart in greyscale.
func TestPalette(t *testing.T) {
	sims := map[string][3][3]float64{
		"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	for name, m := range sims {
		n, min := safeColors, 15.0
		if name == "normal" {
			n, min = len(palette), 12
		}
		for i := range n {
			for j := range i {
				if d := labDistance(colorOf(i), colorOf(j), m); d < min {
					t.Errorf("%s: colours %d %v and %d %v are %.1f apart, want at least %g", name, i, colorOf(i), j, colorOf(j), d, min)
				}
			}
		}
	}
	type style struct {
		glyph  string
		dashes string
	}
	seen := map[style]int{}
	for i := range len(palette) + 5 {
		if i >= len(palette) && slices.Contains(palette, colorOf(i)) {
			t.Errorf("series %d reuses a palette colour", i)
		}
		l, p := &plotter.Line{}, &plotter.Scatter{}
		seriesStyle(i, l, p)
		st := style{fmt.Sprintf("%T", p.Shape), fmt.Sprint(l.Dashes)}
		if j, ok := seen[st]; ok {
			t.Errorf("series %d and %d share glyph and dashes %v", i, j, st)
		}
		seen[st] = i
	}
}

// labDistance returns the CIE76 distance of two sRGB colours after the
// linear-RGB transform m (a colour-vision deficiency's simulation).
func labDistance(a, b color.RGBA, m [3][3]float64) float64 {
	lab := func(c color.RGBA) [3]float64 {
		lin := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		in := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
		var rgb [3]float64
		for i := range 3 {
			rgb[i] = math.Max(0, math.Min(1, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
		}
		x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
		y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
		z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
		f := func(t float64) float64 {
			if t > 0.008856 {
				return math.Cbrt(t)
			}
			return 7.787*t + 16.0/116
		}
		return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
	}
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// paletteIn counts the pixels of each palette colour in a PNG.
func paletteIn(t *testing.T, path string) map[color.RGBA]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if slices.Contains(palette, c) {
				counts[c]++
			}
		}
	}
	return counts
}

// TestRenderedColours renders charts of many series and counts, in the
// PNG, the pixels of each series's colour: every series shows in a colour
// no other series has.
func TestRenderedColours(t *testing.T) {
	dir := t.TempDir()
	const impls = 18
	s := manySeries(t, dir, impls)
	bars, err := s.chart(dir, chartKey{Kind: "bars", Config: "v1", Family: "popcount"})
	if err != nil {
		t.Fatal(err)
	}
	sweep, err := s.chart(dir, chartKey{Kind: "sweep", Config: "v1", Family: "popcount"})
	if err != nil {
		t.Fatal(err)
	}
	barDistsN := len(barDists(s.Dists("v1", "popcount", schema.Throughput, schema.L1Elements)))
	for _, c := range []struct {
		chart  string
		series int
	}{{bars, barDistsN}, {sweep, impls}} {
		counts := paletteIn(t, c.chart+".png")
		for i := range c.series {
			if counts[colorOf(i)] < 4 {
				t.Errorf("%s: series %d's colour %v covers %d pixels", filepath.Base(c.chart), i, colorOf(i), counts[colorOf(i)])
			}
		}
		for i := c.series; i < len(palette); i++ {
			if counts[colorOf(i)] > 0 && colorOf(i) != (color.RGBA{A: 0xFF}) { // black is also text
				t.Errorf("%s: %d series, but colour %d %v is drawn (%d pixels)", filepath.Base(c.chart), c.series, i, colorOf(i), counts[colorOf(i)])
			}
		}
	}
}

// TestHeatMapColours: faster is blue (cool), slower red, no change white.
func TestHeatMapColours(t *testing.T) {
	span := math.Log(1.5)
	faster := color.RGBAModel.Convert(speedColour(math.Log(1/1.3), span)).(color.RGBA)
	slower := color.RGBAModel.Convert(speedColour(math.Log(1.3), span)).(color.RGBA)
	if faster.B <= faster.R || slower.R <= slower.B || speedColour(0, span) != noChange {
		t.Errorf("faster %v, slower %v", faster, slower)
	}
}

// TestBarsSortedByCost: the bar chart lists implementations cheapest
// first.
func TestBarsSortedByCost(t *testing.T) {
	s := manySeries(t, t.TempDir(), 6)
	dists := barDists(s.Dists("v1", "popcount", schema.Throughput, schema.L1Elements))
	impls := []string{"impl03", "impl00", "impl05", "impl01", "impl04", "impl02"}
	if got := s.byCost("v1", "popcount", impls, dists); !slices.Equal(got, []string{"impl00", "impl01", "impl02", "impl03", "impl04", "impl05"}) {
		t.Errorf("by cost: %v", got)
	}
}

// TestPlaceLabels places labels on clusters of points, among unnamed points
// and obstacles in some trials: no label covers another (with the gap) or
// any point's or obstacle's mark, each is nearer to its own point than to
// any other, named or unnamed, and within the largest of labelDistances of
// its mark, the
// crowded points are numbered 1, 2 ... in order, each number beside its
// point, and isolated points are all named.
func TestPlaceLabels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bounds := vg.Rectangle{Max: vg.Point{X: 400, Y: 300}}
	for trial := range 50 {
		n := 5 + r.IntN(20)
		pts, sizes := make([]vg.Point, n), make([]vg.Point, n)
		for i := range n {
			// Half the points in a cluster, half anywhere.
			if i%2 == 0 {
				pts[i] = vg.Point{X: vg.Length(150 + r.Float64()*40), Y: vg.Length(120 + r.Float64()*30)}
			} else {
				pts[i] = vg.Point{X: vg.Length(20 + r.Float64()*360), Y: vg.Length(20 + r.Float64()*260)}
			}
			sizes[i] = vg.Point{X: vg.Length(30 + r.Float64()*60), Y: 10}
		}
		// Unnamed points in odd trials, obstacles in every third.
		var unnamed, obstacles []vg.Point
		for range (trial % 2) * 6 {
			unnamed = append(unnamed, vg.Point{X: vg.Length(20 + r.Float64()*360), Y: vg.Length(20 + r.Float64()*260)})
		}
		for range min(1, trial%3) * 6 {
			obstacles = append(obstacles, vg.Point{X: vg.Length(20 + r.Float64()*360), Y: vg.Length(20 + r.Float64()*260)})
		}
		places := placeLabels(pts, sizes, unnamed, obstacles, bounds, numberSize)
		named, numbers := 0, 0
		for i, p := range places {
			if p.crowded > 0 {
				numbers++
				if p.crowded != numbers || math.Abs(float64(p.box.Size().X-numberSize(p.crowded).X)) > 1e-9 || boxDistance(p.box, pts[i]) > markRadius+labelDistances[len(labelDistances)-1]+0.01 {
					t.Errorf("trial %d: crowded point %d numbered %d (want %d) in %v, not beside it", trial, i, p.crowded, numbers, p.box)
				}
				continue
			}
			named++
			b := p.box
			if sz := b.Size(); math.Abs(float64(sz.X-sizes[i].X)) > 1e-9 || math.Abs(float64(sz.Y-sizes[i].Y)) > 1e-9 || b.Min.X < bounds.Min.X || b.Max.X > bounds.Max.X || b.Min.Y < bounds.Min.Y || b.Max.Y > bounds.Max.Y {
				t.Fatalf("trial %d: label %d %v: wrong size or outside %v", trial, i, b, bounds)
			}
			d := boxDistance(b, pts[i])
			if d > markRadius+labelDistances[len(labelDistances)-1]+0.01 {
				t.Errorf("trial %d: label %d is %.1f from its point", trial, i, d)
			}
			for j, q := range slices.Concat(pts, unnamed, obstacles) {
				if j != i && j < len(pts)+len(unnamed) && boxDistance(b, q) < d+ownMargin-0.01 {
					t.Errorf("trial %d: label %d nearer point %d (named or unnamed) than its own", trial, i, j)
				}
				if boxDistance(b, q) < markRadius-0.01 {
					t.Errorf("trial %d: label %d covers point or obstacle %d", trial, i, j)
				}
			}
			for j, o := range places {
				if j != i && o.crowded == 0 && b.Min.X < o.box.Max.X+labelGap && o.box.Min.X < b.Max.X+labelGap && b.Min.Y < o.box.Max.Y+labelGap && o.box.Min.Y < b.Max.Y+labelGap {
					t.Errorf("trial %d: labels %d and %d overlap", trial, i, j)
				}
			}
		}
		if named == 0 {
			t.Errorf("trial %d: no label placed among %d points", trial, n)
		}
	}
	// Points far apart are all named.
	far := []vg.Point{{X: 50, Y: 50}, {X: 250, Y: 50}, {X: 50, Y: 250}, {X: 250, Y: 250}}
	for i, p := range placeLabels(far, []vg.Point{{X: 60, Y: 10}, {X: 60, Y: 10}, {X: 60, Y: 10}, {X: 60, Y: 10}}, nil, nil, bounds, numberSize) {
		if p.crowded > 0 {
			t.Errorf("isolated point %d crowded", i)
		}
	}
}

// numberSize is the size of a crowded point's number in TestPlaceLabels.
func numberSize(n int) vg.Point { return vg.Point{X: vg.Length(6 * len(strconv.Itoa(n))), Y: 10} }

// TestCleanTicks: linear axes label their ticks with no spurious
// decimals.
func TestCleanTicks(t *testing.T) {
	for _, r := range [][2]float64{{100, 150}, {0, 1}, {0.2, 0.35}, {20, 105}} {
		for _, tk := range (cleanTicks{}).Ticks(r[0], r[1]) {
			if tk.Label != "" && strings.Contains(tk.Label, ".") && strings.HasSuffix(tk.Label, "0") {
				t.Errorf("range %v: tick %g labelled %q", r, tk.Value, tk.Label)
			}
		}
	}
}

// TestChartTitles: every chart's title names its mode, CPU and level, and
// a chart with a legend is wider than its plot (the legend has a column
// of its own).
func TestChartTitles(t *testing.T) {
	dir := t.TempDir()
	s := manySeries(t, dir, 4)
	for _, kind := range []string{"bars", "sweep", "latency"} {
		base, err := s.chart(dir, chartKey{Kind: kind, Config: "v1", Family: "popcount"})
		if err != nil {
			t.Fatal(err)
		}
		svg, _ := os.ReadFile(base + ".svg")
		for _, want := range []string{"throughput", "Test CPU 9000", "GOAMD64=v1"} {
			if !bytes.Contains(svg, []byte(want)) {
				t.Errorf("%s: title without %q", filepath.Base(base), want)
			}
		}
	}
	f, _ := os.Open(filepath.Join(dir, "popcount-sweep-v1.png"))
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil || float64(cfg.Width) <= (7*vg.Inch).Dots(96) {
		t.Errorf("sweep chart %d wide: no room made for its legend (%v)", cfg.Width, err)
	}
}
