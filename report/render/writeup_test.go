package render

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"bitlab/report"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// svgText is a text of an SVG chart: its anchor, y upwards, and content.
type svgText struct {
	x, y float64
	text string
}

var textPattern = regexp.MustCompile(`<text x="([^"]+)" y="([^"]+)"[^>]*>([^<]*)</text>`)

// svgTexts returns the texts of an SVG file plot wrote.
func svgTexts(t *testing.T, path string) []svgText {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []svgText
	for _, m := range textPattern.FindAllSubmatch(data, -1) {
		x, errX := strconv.ParseFloat(string(m[1]), 64)
		y, errY := strconv.ParseFloat(string(m[2]), 64)
		if errX != nil || errY != nil {
			t.Fatalf("%s: text at %q %q", path, m[1], m[2])
		}
		out = append(out, svgText{x, -y, string(m[3])}) // the texts are drawn flipped
	}
	return out
}

// indexOfText returns the index of the first text that is s, -1 for none.
func indexOfText(texts []svgText, s string) int {
	return slices.IndexFunc(texts, func(t svgText) bool { return t.text == s })
}

// TestMicroPerftChart draws the verdict chart from points of two CPUs, one
// with two builds: the legend keys the CPUs, then the factors, and no
// entry names both; each axis is trimmed to its own data, a labelled tick
// below its lowest point; a named point keeps its CPU's colour and says
// its build where its CPU has two.
func TestMicroPerftChart(t *testing.T) {
	pts := []report.MicroPerftPoint{
		{Config: "Zen 4 v1", Factor: "population count", Name: "popcnt", Micro: 1, Perft: 1},
		{Config: "Zen 4 v1", Factor: "population count", Name: "kernighan", Micro: 0.05, Perft: 0.6}, // named: far above
		{Config: "Zen 4 v3", Factor: "sliding attacks", Name: "magic-fancy", Micro: 1, Perft: 1},
		{Config: "Zen 4 v3", Factor: "sliding attacks", Name: "dumb7fill", Micro: 0.3, Perft: 0.4},
		{Config: "Zen 5 v1", Factor: "sliding attacks", Name: "pext", Micro: 1.9, Perft: 0.81}, // named: below
	}
	cpu := func(cfg string) (string, string) {
		core, build, _ := strings.Cut(cfg, " v")
		return core, "v" + build
	}
	f, err := microPerftFigure(pts, cpu)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []struct {
		name   string
		axis   plot.Axis
		lo, hi float64
	}{{"x", f.p.X, 0.05, 1.9}, {"y", f.p.Y, 0.4, 1}} {
		if a.axis.Min >= a.lo || a.axis.Min < a.lo/2.5 || prevLabelled(a.axis.Min) != a.axis.Min || a.axis.Max <= a.hi || a.axis.Max > a.hi*1.6 {
			t.Errorf("%s axis %g..%g for points %g..%g: not trimmed to labelled ticks around them", a.name, a.axis.Min, a.axis.Max, a.lo, a.hi)
		}
	}
	dir := t.TempDir()
	base, err := f.save(microPerftWidth, microPerftHeight, dir, "verdict-micro-perft")
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, base+".svg")
	order := []string{"CPU:", "Zen 4", "Zen 5", "factor:", "population count", "sliding attacks"}
	last := -1
	for _, want := range order {
		i := indexOfText(texts, want)
		if i <= last {
			t.Errorf("legend: %q at %d, want it after %q (%v)", want, i, order[max(0, slices.Index(order, want)-1)], order)
		}
		last = max(last, i)
	}
	for _, tx := range texts {
		if strings.Contains(tx.text, "Zen") && strings.Contains(tx.text, ":") {
			t.Errorf("legend entry %q names a CPU and a factor", tx.text)
		}
	}
	named := func(s string) bool {
		return slices.ContainsFunc(texts, func(t svgText) bool { return t.text == s }) ||
			slices.ContainsFunc(texts, func(t svgText) bool { return strings.HasSuffix(t.text, s) && t.text != s })
	}
	if !named("kernighan, v1") || !named("pext") || named("pext, v1") {
		t.Errorf("the named points' labels: want kernighan with its build, pext without (one build); texts %v", texts)
	}
	// Zen 5's one point is named: its colour is in the chart beyond its
	// legend entry (the old chart drew named points grey).
	svg, _ := os.ReadFile(base + ".svg")
	c := cpuMark(1, 0).Color.(color.RGBA)
	if n := bytes.Count(svg, fmt.Appendf(nil, "#%02X%02X%02X", c.R, c.G, c.B)); n < 2 {
		t.Errorf("Zen 5's colour drawn %d times, want its legend entry and its named point", n)
	}
}

// TestCostAxis: a log axis runs from the labelled tick below the lowest
// value to just above the highest, keeping the room it had, its top tick
// labelled where no label is near; a narrow span is linear from zero.
func TestCostAxis(t *testing.T) {
	for _, c := range []struct{ lo, hi, min, max float64 }{
		{2.3, 270, 2, 290}, {0.35, 1, 0.2, 1.1}, {5, 200, 2, 210}, {0.068, 80, 0.05, 84},
	} {
		var a plot.Axis
		a.Min, a.Max = c.lo, c.hi
		costAxis(&a, c.lo, c.hi, 2)
		if _, ok := a.Scale.(plot.LogScale); !ok {
			t.Fatalf("%g..%g: not a log axis", c.lo, c.hi)
		}
		if math.Abs(a.Min-c.min) > 1e-12 || math.Abs(a.Max-c.max) > 1e-9 {
			t.Errorf("%g..%g: axis %g..%g, want %g..%g", c.lo, c.hi, a.Min, a.Max, c.min, c.max)
		}
		labelled := false
		for _, tk := range (logTicks{}).Ticks(a.Min, a.Max) {
			labelled = labelled || tk.Label != "" && tk.Value < c.lo
		}
		if !labelled {
			t.Errorf("%g..%g: no labelled tick below the lowest value on %g..%g", c.lo, c.hi, a.Min, a.Max)
		}
	}
	// The room the axis had stays.
	var roomy plot.Axis
	roomy.Min, roomy.Max = 0.9, 300
	if costAxis(&roomy, 2.3, 270, wide); roomy.Min != 0.5 || math.Abs(roomy.Max-320) > 1e-9 {
		t.Errorf("an axis with room 0.9..300 for 2.3..270: %g..%g, want 0.5..320", roomy.Min, roomy.Max)
	}
	// The tick at the top is labelled where no label is near it.
	for _, c := range []struct {
		hi   float64
		want string
	}{{300, "300"}, {400, "400"}, {600, ""}, {90, "90"}, {3, "3"}} {
		ts := (logTicks{}).Ticks(1, c.hi)
		if top := ts[len(ts)-1]; top.Value != c.hi || top.Label != c.want && !(c.want == "" && top.Label == "") {
			t.Errorf("ticks up to %g: the top tick %+v, want label %q", c.hi, top, c.want)
		}
	}
	var a plot.Axis
	a.Min, a.Max = 0.5, 4
	costAxis(&a, 0.5, 4, wide)
	if _, ok := a.Scale.(plot.LogScale); ok || a.Min != 0 {
		t.Errorf("a narrow span: %T from %g", a.Scale, a.Min)
	}
	for _, c := range []struct{ in, want float64 }{{1, 1}, {0.99, 0.5}, {2.3, 2}, {4.99, 2}, {5, 5}, {0.0712, 0.05}, {330, 200}} {
		if got := prevLabelled(c.in); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("prevLabelled(%g) = %g, want %g", c.in, got, c.want)
		}
	}
}

// TestDirectLabels: a chart of more lines than directLabelled names each at
// its end, right of the plot, none over another, joined to it by a
// leader; one of fewer keeps its legend.
func TestDirectLabels(t *testing.T) {
	dir := t.TempDir()
	for _, impls := range []int{directLabelled + 10, 4} {
		s := manySeries(t, dir, impls)
		base, err := s.chart(dir, chartKey{Kind: "sweep", Config: "v1", Family: "popcount"})
		if err != nil {
			t.Fatal(err)
		}
		var ys []float64
		for _, tx := range svgTexts(t, base+".svg") {
			if strings.HasPrefix(tx.text, "impl") {
				ys = append(ys, tx.y)
				if tx.x < float64(7*vg.Inch) {
					t.Errorf("%d lines: %q at x %g, within the plot", impls, tx.text, tx.x)
				}
			}
		}
		if len(ys) != impls {
			t.Errorf("%d lines: %d names", impls, len(ys))
		}
		slices.Sort(ys)
		for i := 1; i < len(ys) && impls > directLabelled; i++ {
			if ys[i]-ys[i-1] < 9 {
				t.Errorf("%d lines: names %.1f apart", impls, ys[i]-ys[i-1])
			}
		}
		svg, _ := os.ReadFile(base + ".svg")
		if direct := impls > directLabelled; direct != bytes.Contains(svg, []byte("stroke-width:0.8")) {
			t.Errorf("%d lines: leaders drawn %v, want %v", impls, !direct, direct)
		}
	}
}

// TestSpread: labels wanted too close together move apart by their height
// and stay centred on their wishes and in order; labels with room stay
// where they are wanted; a run at an edge stays inside it.
func TestSpread(t *testing.T) {
	for _, c := range []struct {
		want, got []vg.Length
	}{
		{[]vg.Length{100, 80, 60}, []vg.Length{100, 80, 60}},
		{[]vg.Length{100, 99, 98}, []vg.Length{109, 99, 89}},
		{[]vg.Length{200, 100, 99}, []vg.Length{200, 104.5, 94.5}},
		{[]vg.Length{5, 4, 3}, []vg.Length{20, 10, 0}},
		{[]vg.Length{300, 299}, []vg.Length{300, 290}},
	} {
		got := spread(c.want, 10, 0, 300)
		for i := range got {
			if math.Abs(float64(got[i]-c.got[i])) > 1e-9 {
				t.Errorf("spread(%v) = %v, want %v", c.want, got, c.got)
				break
			}
		}
	}
}

// TestDotPlot: a bar chart whose costs span more than a factor of wide is
// a dot plot on a log axis (each dot a few pixels, not a bar's length); a
// narrower one keeps its bars from zero.
func TestDotPlot(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\ncycles: add-chain\nfamily: popcount\nbaseline: slow\n\n")
	for round := range 5 {
		for _, c := range []struct {
			impl string
			cost float64
		}{{"slow", 100}, {"mid", 10}, {"fast", 1}} {
			for _, d := range []string{"random", "chess"} {
				cost := c.cost * (1 + float64(round)/100)
				fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=%s/size=4096/mode=throughput 1000 %g ns/op %g cycles/op\n", c.impl, d, cost/3.9, cost)
			}
		}
	}
	wideFile := filepath.Join(dir, "wide.txt")
	if err := os.WriteFile(wideFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    set
		dots bool
	}{{mustLoad(t, wideFile), true}, {manySeries(t, dir, 3), false}} {
		base, err := c.s.chart(dir, chartKey{Kind: "bars", Config: "v1", Family: "popcount"})
		if err != nil {
			t.Fatal(err)
		}
		svg, _ := os.ReadFile(base + ".svg")
		if got := bytes.Contains(svg, []byte("log scale")); got != c.dots {
			t.Errorf("%s: axis labelled log scale %v, want %v", filepath.Base(base), got, c.dots)
		}
		rows := len(c.s.Impls("v1", "popcount"))
		pixels := paletteIn(t, base+".png")[colorOf(0)]
		if c.dots && pixels > 80*rows || !c.dots && pixels < 500*rows {
			t.Errorf("%s: the first series covers %d pixels in %d rows (dots %v)", filepath.Base(base), pixels, rows, c.dots)
		}
	}
}

// TestEstimateLabelsNameTheFamily: the forms the estimate chart names are
// named with their family.
func TestEstimateLabelsNameTheFamily(t *testing.T) {
	dir := t.TempDir()
	s := mustLoad(t, reporttest.Results(t, dir, "a.txt", "v1", 1))
	ag := []agreement{
		{Agreement: report.Agreement{Form: report.Form{Family: "popcount", Impl: "mathbits", Mode: schema.Latency}, EstimatedForm: report.EstimatedForm{Cycles: 10}, Measured: 3}, Why: "apart"},
		{Agreement: report.Agreement{Form: report.Form{Family: "bitscan-forward", Impl: "mathbits", Mode: schema.Throughput}, EstimatedForm: report.EstimatedForm{Cycles: 1}, Measured: 4}, Why: "apart"},
		{Agreement: report.Agreement{Form: report.Form{Family: "popcount", Impl: "popcnt", Mode: schema.Throughput}, EstimatedForm: report.EstimatedForm{Cycles: 1}, Measured: 1.05}},
	}
	base, err := s.estimateChart(dir, "v1", &report.Estimates{Model: "llvm-mca 19.1.7 -mcpu=znver4"}, ag)
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, base+".svg")
	for _, want := range []string{"popcount/mathbits lat", "bitscan-forward/mathbits thr"} {
		if indexOfText(texts, want) < 0 {
			t.Errorf("no label %q among %v", want, texts)
		}
	}
}

// TestNewRunOfOneLevel: a page made again with a new run of one level (v1,
// read after v3's file, as a folder's newer file is) changes only what that
// run feeds: every v3 chart is the same byte for byte, so are the v3
// sections, and the chart across configurations still compares with v1.
func TestNewRunOfOneLevel(t *testing.T) {
	dir := everyKind(t)
	data, err := os.ReadFile(filepath.Join(dir, "v1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); strings.HasPrefix(line, "Benchmark") && len(f) == 6 {
			ns, _ := strconv.ParseFloat(f[2], 64)
			cycles, _ := strconv.ParseFloat(f[4], 64)
			line = fmt.Sprintf("%s %s %g ns/op %g cycles/op\n", f[0], f[1], ns*1.1, cycles*1.1)
		}
		b.WriteString(line)
	}
	// Named as runbench names them, by their start: the newer v1 run's
	// file comes after v3's.
	for from, to := range map[string]string{"v1.txt": "20260101-v1.txt", "v3.txt": "20260102-v3.txt"} {
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "20260103-v1.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	in := func(names ...string) []string {
		for i, n := range names {
			names[i] = filepath.Join(dir, n)
		}
		return names
	}
	pages := map[string][]string{
		"before": in("20260101-v1.txt", "20260102-v3.txt", "perft.txt"),
		"after":  in("20260102-v3.txt", "20260103-v1.txt", "perft.txt"),
	}
	for name, files := range pages {
		if _, err := Page(mustLoad(t, files...).Set, filepath.Join(dir, name), PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
	}
	charts, _ := filepath.Glob(filepath.Join(dir, "before", "charts", "*"))
	v3 := 0
	for _, before := range charts {
		if !strings.Contains(filepath.Base(before), "-v3.") {
			continue
		}
		v3++
		b, _ := os.ReadFile(before)
		a, err := os.ReadFile(filepath.Join(dir, "after", "charts", filepath.Base(before)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s changed with the new v1 run (%v)", filepath.Base(before), err)
		}
	}
	if v3 < 2*len(familyCharts()) {
		t.Errorf("%d v3 charts, want every family chart in every format", v3)
	}
	sections := map[string]string{}
	for name := range pages {
		readme, err := os.ReadFile(filepath.Join(dir, name, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(readme, []byte("## Across configurations\n\n![speed relative to v1](charts/configurations-vs-v1.svg)")) {
			t.Errorf("%s: the chart across configurations does not compare with v1", name)
		}
		var v3 strings.Builder
		in := false
		for line := range strings.Lines(string(readme)) {
			if strings.HasPrefix(line, "## ") || strings.HasPrefix(line, "### ") {
				in = line == "### v3\n"
			}
			if in {
				v3.WriteString(line)
			}
		}
		sections[name] = v3.String()
	}
	if sections["before"] == "" || sections["before"] != sections["after"] {
		t.Errorf("the v3 sections changed with the new v1 run:\n--- before\n%s\n--- after\n%s", sections["before"], sections["after"])
	}
}
