package render

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/report"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// everyKind writes results at GOAMD64 v1 and v3 in which every kind of
// chart and table has something to show: a k<N> sweep and latency at L1,
// the learning curve on the stream, a pressure run, declared tables and a
// perft run; it returns the folder.
func everyKind(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, level := range []string{"v1", "v3"} {
		var b strings.Builder
		fmt.Fprintf(&b, "goos: linux\ngoarch: amd64\ngoamd64: %s\ncpu: Test CPU 9000\ncycles: add-chain\nfamily: popcount\nbaseline: plain\ntables: plain=0 table=2048\n\n", level)
		for round := range 4 {
			for i, im := range []string{"plain", "table"} {
				c := float64(i+2) * (1 + float64(round)/100)
				line := func(dist string, size int, mode, pressure string) {
					fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=%s/size=%d/mode=%s%s 1000 %g ns/op %g cycles/op\n", im, dist, size, mode, pressure, c/3.9, c)
				}
				for _, d := range []string{"k0", "k1", "k4", "k8", "k32", "k64", "random"} {
					line(d, schema.L1Elements, "throughput", "")
					line(d, schema.L1Elements, "latency", "")
				}
				for _, d := range []string{"random", "random-rep64", "random-rep1024", "random-rep16384"} {
					line(d, schema.StreamElements, "throughput", "")
				}
				for _, pr := range []string{"none", "l2"} {
					line("random", schema.L1Elements, "throughput", "/pressure="+pr)
				}
			}
		}
		if err := os.WriteFile(filepath.Join(dir, level+".txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\nbaseline: slider=magic-fancy/serialize=inline/count=mathbits\n\n")
	for round := range 4 {
		for i, slider := range []string{"magic-fancy", "pext"} {
			name := schema.PerftCase{Config: factor.Config{Slider: slider, Serialize: "inline", Count: "mathbits", Repr: "none"}, Position: "start", Depth: 4}.Name()
			rate := float64(100+10*i+round) * 1e6
			fmt.Fprintf(&b, "Benchmark%s 1000 %g ns/node %g nodes/s\n", name, 1e9/rate, rate)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "perft.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestKindsRenderOrNoData: every family chart and table renders from
// results that hold its data and returns errNoData (and writes nothing)
// from a set without any; so do the page's charts.
func TestKindsRenderOrNoData(t *testing.T) {
	full := mustLoad(t, everyKind(t))
	empty := set{&report.Set{}}
	for _, c := range familyCharts() {
		dir := t.TempDir()
		k := chartKey{Kind: c.name, Config: "v1", Family: "popcount"}
		name, err := full.chart(dir, k)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		for _, ext := range formats {
			if _, err := os.Stat(name + "." + ext); err != nil || name != filepath.Join(dir, k.File()) {
				t.Errorf("%s: %s.%s not written: %v", c.name, k.File(), ext, err)
			}
		}
		if _, err := empty.chart(dir, k); !errors.Is(err, errNoData) {
			t.Errorf("%s without data: %v, want errNoData", c.name, err)
		}
		if _, err := full.chart(dir, chartKey{Kind: c.name, Config: "v1", Family: "nonesuch"}); !errors.Is(err, errNoData) {
			t.Errorf("%s of a family not measured: %v, want errNoData", c.name, err)
		}
	}
	if _, err := full.chart(t.TempDir(), chartKey{Kind: "pie", Config: "v1", Family: "popcount"}); err == nil || errors.Is(err, errNoData) {
		t.Errorf("an unknown chart kind: %v", err)
	}
	for _, tk := range tableKinds() {
		b := block{args: map[string]string{"family": "popcount"}, cfg: "v1"}
		var w bytes.Buffer
		if err := tk.block(full, &w, b); err != nil || w.Len() == 0 {
			t.Errorf("%s table: %v, %d bytes", tk.name, err, w.Len())
		}
		w.Reset()
		if err := tk.block(empty, &w, b); !errors.Is(err, errNoData) || w.Len() > 0 {
			t.Errorf("%s table without data: %v, %q", tk.name, err, w.String())
		}
		if tk.family == nil {
			continue
		}
		if err := tk.family(full, &w, "v1", "popcount"); err != nil || w.Len() == 0 {
			t.Errorf("%s tables of a page: %v, %d bytes", tk.name, err, w.Len())
		}
		w.Reset()
		if err := tk.family(empty, &w, "v1", "popcount"); err != nil && !errors.Is(err, errNoData) || w.Len() > 0 {
			t.Errorf("%s tables of a page without data: %v, %q", tk.name, err, w.String())
		}
	}
	if _, err := full.crossChart(t.TempDir(), "v1"); err != nil {
		t.Errorf("cross: %v", err)
	}
	if _, err := full.microPerftChart(t.TempDir()); !errors.Is(err, errNoData) {
		t.Errorf("micro-perft without a verdict factor's family: %v, want errNoData", err)
	}
	one := mustLoad(t, filepath.Join(everyKind(t), "v1.txt"))
	if _, err := one.crossChart(t.TempDir(), "v1"); !errors.Is(err, errNoData) {
		t.Errorf("cross of one configuration: %v, want errNoData", err)
	}
	if _, err := full.crossChart(t.TempDir(), "v2"); err == nil || errors.Is(err, errNoData) {
		t.Errorf("cross relative to no configuration: %v", err)
	}
}

// TestKindsDriveNotebooksAndPages: every block Kinds documents is one a
// notebook may hold and fills from a page's charts, every block a notebook
// may hold is documented, and a page shows every family chart.
func TestKindsDriveNotebooksAndPages(t *testing.T) {
	dir := everyKind(t)
	s := mustLoad(t, dir)
	page := filepath.Join(dir, "page")
	if _, err := Page(s.Set, page, PageOptions{Origin: "a test"}); err != nil {
		t.Fatal(err)
	}
	readme, _ := os.ReadFile(filepath.Join(page, "README.md"))
	for _, c := range familyCharts() {
		for _, cfg := range []string{"v1", "v3"} {
			if k := (chartKey{Kind: c.name, Config: cfg, Family: "popcount"}); !bytes.Contains(readme, []byte("charts/"+k.File()+".svg")) {
				t.Errorf("the page does not show %s", k.File())
			}
		}
	}
	documented := map[string]bool{}
	for _, k := range Kinds() {
		if k.Name == "" || k.Doc == "" || k.Scope != perFamily && k.Scope != perPage {
			t.Errorf("kind %+v: no name, description or scope", k)
		}
		if k.Block == "" {
			continue
		}
		fields := strings.Fields(k.Block)
		documented[fields[0]] = true
		a := map[string]string{"config": "v1"} // the configuration with a perft run
		for _, f := range fields[1:] {
			if strings.HasPrefix(f, "[") {
				continue // optional
			}
			key, v, _ := strings.Cut(f, "=")
			if v == "F" {
				v = "popcount"
			}
			a[key] = v
		}
		body, err := s.generate(fields[0], a, dir, filepath.Join(page, "charts"))
		if err != nil || body == "" {
			t.Errorf("block %q: %v", k.Block, err)
		}
	}
	for _, kind := range blockKinds() {
		if !documented[kind] {
			t.Errorf("notebook block %q is not among Kinds", kind)
		}
	}
}

// TestPageSurfacesChartErrors: a chart that cannot be written stops the
// page with an error naming it (Page used to drop every chart's error).
func TestPageSurfacesChartErrors(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(reporttest.Results(t, dir, "a.txt", "v1", 1))
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 300) // a file name longer than any file system takes
	os.WriteFile(filepath.Join(dir, "a.txt"), bytes.ReplaceAll(data, []byte("popcount"), []byte(long)), 0o644)
	s := mustLoad(t, filepath.Join(dir, "a.txt"))
	_, err = Page(s.Set, filepath.Join(dir, "page"), PageOptions{Origin: "a test"})
	if err == nil || errors.Is(err, errNoData) || !strings.Contains(err.Error(), "chart "+long+"-bars-v1") {
		t.Errorf("page with an unwritable chart: %v", err)
	}
}
