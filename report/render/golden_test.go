package render

import (
	"bytes"
	"flag"
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

var update = flag.Bool("update", false, "rewrite the golden files of the Markdown tests")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report/render -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output; if the change is intended, run go test ./report/render -update\n--- got\n%s", path, got)
	}
}

// TestGoldenMarkdown pins the Markdown of a table, a page and the page
// across configurations built from the fixture results.
func TestGoldenMarkdown(t *testing.T) {
	dir := reporttest.TwoLevels(t)
	s := mustLoad(t, dir)
	var b bytes.Buffer
	for _, mode := range schema.Modes() {
		if err := s.table(&b, "v1", "popcount", mode, nil); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "table.golden", b.Bytes())

	for _, p := range []struct {
		golden string
		write  func(dir string) error
	}{
		{"page.golden", func(dir string) error { _, err := Page(s.Set, dir, PageOptions{Origin: "the golden test"}); return err }},
		{"cross.golden", func(dir string) error { return CrossPage(s.Set, dir) }},
	} {
		out := filepath.Join(dir, p.golden)
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := p.write(out); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(out, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, p.golden, page)
	}
}

// TestGoldenPerft pins the perft table: rows named by what they change from
// the file's default configuration, ordered by speed, with ratios to the
// default at each position.
func TestGoldenPerft(t *testing.T) {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\nbaseline: slider=magic-fancy/serialize=inline/count=mathbits\n\n")
	for round := range 8 {
		for _, c := range []struct {
			slider, tt string
			rate       float64
		}{{"magic-fancy", "", 100}, {"pext", "", 120}, {"dumb7fill", "", 30}, {"magic-fancy", "1MiB", 110}} {
			for _, p := range []struct {
				position string
				depth    int
				scale    float64
			}{{"start", 5, 1}, {"kiwipete", 4, 1.5}} {
				name := schema.PerftCase{Config: factor.Config{Slider: c.slider, Serialize: "inline", Count: "mathbits", Repr: "none"}, Position: p.position, Depth: p.depth, TT: c.tt}.Name()
				rate := c.rate * p.scale * 1e6 * (1 + float64(round)/100)
				fmt.Fprintf(&b, "Benchmark%s 1000 %g ns/node %g nodes/s\n", name, 1e9/rate, rate)
			}
		}
	}
	file := filepath.Join(t.TempDir(), "perft.txt")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, warns, err := report.Load(file)
	if err != nil || len(warns) > 0 {
		t.Fatal(err, warns)
	}
	var out bytes.Buffer
	if err := (set{rs}).perftTable(&out, "v1"); err != nil {
		t.Fatal(err)
	}
	golden(t, "perft.golden", out.Bytes())
}
