package report

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

	"bitlab/schema"
)

// results writes a small results file of two implementations, two
// distributions and both modes, with cost scaled by factor.
func results(t *testing.T, dir, name, level string, factor float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# clock: add-chain, 3.9 GHz\ngoos: linux\ngoarch: amd64\ngoamd64: " + level + "\ncpu: Test CPU 9000\ncycles: add-chain\nfamily: popcount\nbaseline: kernighan\nusage: kernighan=query popcnt=loop\n\n")
	for round := range 5 {
		for _, im := range []string{"kernighan", "popcnt"} {
			for _, d := range []string{"k0", "k1", "k2", "k4", "k8", "random"} {
				for _, mode := range []string{"throughput", "latency"} {
					c := factor * (1 + float64(round)/100)
					if im == "kernighan" {
						c *= 10
					}
					fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=%s/size=4096/mode=%s 1000 %g ns/op %g cycles/op\n", im, d, mode, c/3.9, c)
				}
			}
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := Load(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	if _, _, err := Load(empty); !errors.Is(err, ErrNoResults) || !strings.Contains(err.Error(), "empty.txt") {
		t.Errorf("empty file: %v", err)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("goos: linux\nBenchmarkKernel/family=popcount/impl=x/dist=k1/size=4096/mode=throughput 10 zz ns/op\n"), 0o644)
	if _, _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("malformed line: %v", err)
	}
	if _, _, err := Load(t.TempDir()); !errors.Is(err, ErrNoResults) {
		t.Errorf("empty folder: %v", err)
	}
}

func TestLoadSkipsUnknown(t *testing.T) {
	dir := t.TempDir()
	p := results(t, dir, "a.txt", "v1", 1)
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("BenchmarkOther 10 5 ns/op\nBenchmarkKernel/family=popcount/impl=popcnt/dist=k1/size=4096/mode=throughput 10 5 widgets/op\n")
	f.Close()
	s, warns, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2 || !strings.Contains(warns[0].String(), "a.txt:") {
		t.Errorf("warnings: %v", warns)
	}
	if got := s.Impls("v1", "popcount"); len(got) != 2 {
		t.Errorf("impls %v", got)
	}
	if d := s.Dists("v1", "popcount", "throughput", schema.L1Elements); strings.Join(d, ",") != "k0,k1,k2,k4,k8,random" {
		t.Errorf("dists in order: %v", d)
	}
}

// twoLevels loads results at GOAMD64 v1 and, twice as fast, v3.
func twoLevels(t *testing.T) (*Set, string) {
	t.Helper()
	dir := t.TempDir()
	results(t, dir, "a.txt", "v1", 1)
	results(t, dir, "b.txt", "v3", 0.5)
	s, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s, dir
}

func TestTableAndStanding(t *testing.T) {
	s, _ := twoLevels(t)
	var b bytes.Buffer
	if err := s.Table(&b, "v3", "popcount", "throughput", nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| k0 |") || !strings.Contains(b.String(), "10.00x") {
		t.Errorf("table:\n%s", b.String())
	}
	if r, ok := s.Relative("v3", "v1", "popcount", "popcnt"); !ok || r.Speedup < 1.99 || r.Speedup > 2.01 || r.SpeedupLo > r.Speedup || r.SpeedupHi < r.Speedup {
		t.Errorf("v3 relative to v1: %+v %v, want 2 inside its interval", r, ok)
	}
}

// TestPageIsDeterministic writes a page twice and requires identical bytes
// in every file, then checks a notebook block round trip.
func TestPageIsDeterministic(t *testing.T) {
	s, dir := twoLevels(t)
	snapshot := func() map[string]string {
		if _, err := s.Page(dir, PageOptions{Origin: "a test"}); err != nil {
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
	if changed, err := s.UpdateNotebook(book, filepath.Join(dir, "charts")); err != nil || !changed {
		t.Fatalf("first update: %v %v", changed, err)
	}
	if changed, err := s.UpdateNotebook(book, filepath.Join(dir, "charts")); err != nil || changed {
		t.Errorf("second update changed the notebook (%v)", err)
	}
	got, _ := os.ReadFile(book)
	if !strings.Contains(string(got), "prose\n") || !strings.Contains(string(got), "| random |") || !strings.Contains(string(got), "charts/popcount-sweep-v1.svg") {
		t.Errorf("notebook:\n%s", got)
	}
	os.WriteFile(book, []byte("<!-- bitlab:begin chart family=popcount kind=pie -->\n<!-- bitlab:end -->\n"), 0o644)
	if _, err := s.UpdateNotebook(book, filepath.Join(dir, "charts")); err == nil {
		t.Error("an unknown chart kind passed")
	}
}

func TestCPULabel(t *testing.T) {
	for in, want := range map[string]string{
		"Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207 stepping 2)": "Raptor Cove",
		"AMD EPYC (AuthenticAMD family 25 model 1 stepping 1)":                    "Zen 3",
		"Some CPU (AuthenticAMD family 99 model 1 stepping 1)":                    "99/1",
		"AMD Ryzen 9 7950X 16-Core Processor":                                     "Ryzen 9 7950X",
		"Intel(R) Core(TM) i9-12900K CPU @ 3.20GHz":                               "Intel Core i9-12900K",
		"": "cpu",
	} {
		if got := cpuLabel(in, ""); got != want {
			t.Errorf("cpuLabel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := cpuLabel("AMD EPYC (AuthenticAMD family 25 model 1 stepping 1)", "Zen 3"); got != "Zen 3" {
		t.Errorf("with a uarch line: %q", got)
	}
}

func TestNextLabelled(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{1, 1}, {1.01, 2}, {2, 2}, {3.3, 5}, {5, 5}, {5.1, 10}, {330, 500}, {0.042, 0.05}, {9.99, 10},
	} {
		if got := nextLabelled(c.in); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("nextLabelled(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestPressure reads cases run under cache pressure: the ordinary tables
// do not see them, the pressure table and chart do, with each cost's ratio
// to the same implementation without pressure.
func TestPressure(t *testing.T) {
	dir := t.TempDir()
	p := results(t, dir, "a.txt", "v1", 1)
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
	s, _, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
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
	if err := s.PressureTable(&b, "v1", "popcount"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| popcnt | 1.02 | 2.02 (1.98x) | 4.02 (3.94x) |") {
		t.Errorf("pressure table:\n%s", b.String())
	}
	if _, err := s.Chart(dir, ChartKey{Kind: "pressure", Config: "v1", Family: "popcount"}); err != nil {
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
	tables := ChartKey{Kind: "tables", Config: "v1", Family: "popcount"}
	plain := results(t, dir, "a.txt", "v1", 1)
	s, _, err := Load(plain)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Chart(dir, tables); !errors.Is(err, ErrNoData) {
		t.Errorf("a tables chart for a family without tables: %v", err)
	}
	data, _ := os.ReadFile(plain)
	withTables := filepath.Join(dir, "b.txt")
	os.WriteFile(withTables, bytes.Replace(data, []byte("baseline: kernighan\n"), []byte("baseline: kernighan\ntables: kernighan=0 popcnt=65536\n"), 1), 0o644)
	if s, _, err = Load(withTables); err != nil {
		t.Fatal(err)
	}
	name, err := s.Chart(dir, tables)
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
	if s, _, err = Load(withTables); err != nil {
		t.Fatal(err)
	}
	hot, pressed, _, what, err := s.tableCosts("v1", "popcount")
	if err != nil || math.Abs(hot["popcnt"]-2.025) > 0.01 || math.Abs(pressed["popcnt"]-8.025) > 0.01 || len(hot) != 1 || !strings.Contains(what, "2llc") {
		t.Errorf("table costs with a pressure run: hot %v, pressed %v, %q, %v", hot, pressed, what, err)
	}
	if name, err = s.Chart(dir, tables); err != nil {
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
