package render

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bitlab/report"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// mustLoad reads results that must load.
func mustLoad(t *testing.T, paths ...string) set {
	t.Helper()
	s, _, err := report.Load(paths...)
	if err != nil {
		t.Fatal(err)
	}
	return set{s}
}

func TestTable(t *testing.T) {
	s := mustLoad(t, reporttest.TwoLevels(t))
	var b bytes.Buffer
	if err := s.table(&b, "v3", "popcount", "throughput", nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| k0 |") || !strings.Contains(b.String(), "10.00x") {
		t.Errorf("table:\n%s", b.String())
	}
}

// TestPageIsDeterministic writes a page twice and requires identical bytes
// in every file, then checks a notebook block round trip.
func TestPageIsDeterministic(t *testing.T) {
	dir := reporttest.TwoLevels(t)
	s := mustLoad(t, dir)
	snapshot := func() map[string]string {
		if _, err := Page(s.Set, dir, PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if !info.IsDir() {
				b, _ := os.ReadFile(p)
				m[p] = string(b)
			}
			return nil
		})
		return m
	}
	first, second := snapshot(), snapshot()
	for p, v := range first {
		if second[p] != v {
			t.Errorf("%s differs between two runs", p)
		}
	}
	for _, want := range []string{"popcount-bars-v3.png", "popcount-sweep-v1.svg", "popcount-latency-v3.png", "configurations-vs-v1.svg"} {
		if _, ok := first[filepath.Join(dir, "charts", want)]; !ok {
			t.Errorf("no chart %s", want)
		}
	}
	book := filepath.Join(dir, "nb.md")
	os.WriteFile(book, []byte("prose\n<!-- bitlab:begin table family=popcount dists=k1,random -->\nold\n<!-- bitlab:end -->\nmore prose\n<!-- bitlab:begin chart family=popcount kind=sweep config=v1 -->\n<!-- bitlab:end -->\n"), 0o644)
	if changed, err := UpdateNotebook(s.Set, book, filepath.Join(dir, "charts")); err != nil || !changed {
		t.Fatalf("first update: %v %v", changed, err)
	}
	if changed, err := UpdateNotebook(s.Set, book, filepath.Join(dir, "charts")); err != nil || changed {
		t.Errorf("second update changed the notebook (%v)", err)
	}
	got, _ := os.ReadFile(book)
	if !strings.Contains(string(got), "prose\n") || !strings.Contains(string(got), "| random |") || !strings.Contains(string(got), "charts/popcount-sweep-v1.svg") {
		t.Errorf("notebook:\n%s", got)
	}
	os.WriteFile(book, []byte("<!-- bitlab:begin chart family=popcount kind=pie -->\n<!-- bitlab:end -->\n"), 0o644)
	if _, err := UpdateNotebook(s.Set, book, filepath.Join(dir, "charts")); err == nil {
		t.Error("an unknown chart kind passed")
	}
}

func TestRoundUp(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{1, 1}, {1.01, 1.1}, {1.05, 1.1}, {2, 2}, {3.33, 3.4}, {330, 330}, {0.0421, 0.043}, {9.99, 10}, {283.5, 290}, {297, 300},
	} {
		if got := roundUp(c.in); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("roundUp(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestPressure reads cases run under cache pressure: the ordinary tables
// do not see them, the pressure table and chart do, with each cost's ratio
// to the same implementation without pressure.
func TestPressure(t *testing.T) {
	dir := t.TempDir()
	p := reporttest.Results(t, dir, "a.txt", "v1", 1)
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	for round := range 5 {
		for _, pr := range []string{"l2", "2llc"} {
			c := 4.0 + float64(round)/100
			if pr == "l2" {
				c = 2.0 + float64(round)/100
			}
			// A distribution and a size the ordinary cases do not have.
			fmt.Fprintf(f, "BenchmarkKernel/family=popcount/impl=popcnt/dist=k3/size=64/mode=throughput/pressure=%s 1000 1 ns/op %g cycles/op\n", pr, c)
			fmt.Fprintf(f, "BenchmarkKernel/family=popcount/impl=popcnt/dist=k3/size=64/mode=throughput/pressure=none 1000 1 ns/op %g cycles/op\n", 1+float64(round)/100)
		}
	}
	f.Close()
	s := mustLoad(t, p)
	if d := s.Dists("v1", "popcount", "throughput", 64); len(d) != 0 || slices.Contains(s.Sizes("v1", "popcount"), 64) {
		t.Errorf("the pressure run's cases among the ordinary ones: %v, %v", d, s.Sizes("v1", "popcount"))
	}
	if d := s.Dists("v1", "popcount", "throughput", schema.L1Elements); slices.Contains(d, "k3") {
		t.Errorf("a pressure case's distribution in the ordinary table: %v", d)
	}
	pc, ok := s.Pressure("v1", "popcount")
	if !ok || pc.Size != 64 || len(pc.Pressures) != 3 || pc.Pressures[0] != schema.PressureNone || pc.Pressures[2] != schema.Pressure2LLC {
		t.Fatalf("pressure costs %+v %v", pc, ok)
	}
	var b bytes.Buffer
	if err := s.pressureTable(&b, "v1", "popcount"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| popcnt | 1.02 | 2.02 (1.98x) | 4.02 (3.94x) |") {
		t.Errorf("pressure table:\n%s", b.String())
	}
	if _, err := s.chart(dir, chartKey{Kind: "pressure", Config: "v1", Family: "popcount"}); err != nil {
		t.Error(err)
	}
	if _, ok := s.Pressure("v1", "nonesuch"); ok {
		t.Error("pressure costs for a family that has none")
	}
}

// TestTablesChart draws the cost against table bytes only for a family
// that declares tables, and labels the bytes axis in B, KiB and MiB.
func TestTablesChart(t *testing.T) {
	dir := t.TempDir()
	tables := chartKey{Kind: "tables", Config: "v1", Family: "popcount"}
	plain := reporttest.Results(t, dir, "a.txt", "v1", 1)
	s := mustLoad(t, plain)
	if _, err := s.chart(dir, tables); !errors.Is(err, errNoData) {
		t.Errorf("a tables chart for a family without tables: %v", err)
	}
	data, _ := os.ReadFile(plain)
	withTables := filepath.Join(dir, "b.txt")
	os.WriteFile(withTables, bytes.Replace(data, []byte("baseline: kernighan\n"), []byte("baseline: kernighan\ntables: kernighan=0 popcnt=65536\n"), 1), 0o644)
	s = mustLoad(t, withTables)
	name, err := s.chart(dir, tables)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(name + ".svg")
	if err != nil || !bytes.Contains(svg, []byte("64 KiB")) || !bytes.Contains(svg, []byte("kernighan")) {
		t.Errorf("tables chart %s: %v", name, err)
	}
	// With a pressure run, the chart plots its hot and most pressed costs.
	var pressure bytes.Buffer
	for round := range 6 {
		for pr, c := range map[string]float64{"none": 2, "l2": 3, "2llc": 8} {
			fmt.Fprintf(&pressure, "BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput/pressure=%s 1000 1 ns/op %g cycles/op\n", pr, c+float64(round)/100)
		}
	}
	os.WriteFile(withTables, bytes.Replace(append(data, pressure.Bytes()...), []byte("baseline: kernighan\n"), []byte("baseline: kernighan\ntables: kernighan=0 popcnt=65536\n"), 1), 0o644)
	s = mustLoad(t, withTables)
	hot, pressed, _, what, err := s.tableCosts("v1", "popcount")
	if err != nil || math.Abs(hot["popcnt"]-2.025) > 0.01 || math.Abs(pressed["popcnt"]-8.025) > 0.01 || len(hot) != 1 || !strings.Contains(what, "2llc") {
		t.Errorf("table costs with a pressure run: hot %v, pressed %v, %q, %v", hot, pressed, what, err)
	}
	if name, err = s.chart(dir, tables); err != nil {
		t.Fatal(err)
	}
	if svg, _ := os.ReadFile(name + ".svg"); !bytes.Contains(svg, []byte("after the walk")) {
		t.Error("the tables chart of a pressure run has no pressed costs")
	}
	for v, want := range map[float64]string{16: "16 B", 1024: "1 KiB", 8 << 20: "8 MiB"} {
		if got := bytesLabel(v); got != want {
			t.Errorf("bytesLabel(%g) = %q, want %q", v, got, want)
		}
	}
}

// TestPageMarksIncomplete: a page that reads an incomplete run (here
// interrupted) says so in its head, beside the verdict it rests on and in
// the list of runs.
func TestPageMarksIncomplete(t *testing.T) {
	dir := t.TempDir()
	p := reporttest.Results(t, dir, "a.txt", "v1", 1)
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("# warning: interrupted: 5 of 10 rounds completed\n")
	f.Close()
	if _, err := Page(mustLoad(t, p).Set, dir, PageOptions{Origin: "a test"}); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	for _, want := range []string{
		"**Incomplete run** (v1): a.txt (interrupted: 5 of 10 rounds completed); its figures rest on the rounds it completed.",
		"This verdict rests on an incomplete run: a.txt (interrupted: 5 of 10 rounds completed).",
		"**incomplete**: interrupted: 5 of 10 rounds completed |",
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}
