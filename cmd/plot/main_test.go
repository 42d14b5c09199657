package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"bitlab/internal/committed"
	"bitlab/report/render"
	"bitlab/schema"
)

// writeResults writes dir/<level>.txt, a full run at a GOAMD64 level.
func writeResults(t *testing.T, dir, level string) {
	t.Helper()
	writeRun(t, filepath.Join(dir, level+".txt"), level, "full", "2026-11-20T10:00:00Z", "family=popcount/impl=%s/dist=random/size=4096/mode=throughput", "kernighan", "popcnt")
}

// writeRun writes a results file of the given run line, date and level,
// with four rounds of a case per implementation, named by the name
// pattern (after "Kernel/" or "Perft/").
func writeRun(t *testing.T, path, level, run, date, pattern string, impls ...string) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# run: %s\n# bitlab revision: 0123456789abcdef0123456789abcdef01234567\n# date: %s\ngoos: linux\ngoarch: amd64\ngoamd64: %s\ncpu: Test CPU 9000\n", run, date, level)
	base, units := "Kernel/", "%d ns/op %d cycles/op"
	if strings.HasPrefix(run, "perft") {
		base, units = "Perft/", "%d ns/node %d cycles/node"
	}
	for r := range 4 {
		for _, im := range impls {
			fmt.Fprintf(&b, "Benchmark"+base+pattern+" 100 "+units+"\n", im, 200+r, 600+r)
		}
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"-nonsense"}} {
		if code := run(args, io.Discard, io.Discard); code != 2 {
			t.Errorf("plot %v: exit %d, want 2", args, code)
		}
	}
	var stderr bytes.Buffer
	if code := run([]string{"page", "-o", t.TempDir(), "/no/such/results.txt"}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "/no/such/results.txt") {
		t.Errorf("missing file: exit %d, %q", code, stderr.String())
	}
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	stderr.Reset()
	if code := run([]string{"page", "-o", t.TempDir(), empty}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "empty.txt: no results") {
		t.Errorf("empty file: exit %d, %q", code, stderr.String())
	}
}

// TestUsageListsKinds: plot -h lists every kind of chart and table in
// report's registry, in its order, each with its description and notebook
// block.
func TestUsageListsKinds(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-h"}, io.Discard, &stderr); code != 0 {
		t.Fatalf("plot -h: exit %d", code)
	}
	help := stderr.String()
	kinds := render.Kinds()
	if len(kinds) == 0 {
		t.Fatal("no kinds registered")
	}
	for _, k := range kinds {
		// Each entry after the one before: "pressure" is a chart and a table.
		at := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(k.Name) + ` +(.*)\n((?: {15}.*\n)*)`).FindStringSubmatchIndex(help)
		if at == nil {
			t.Errorf("plot -h does not list %q after the kinds before it", k.Name)
			continue
		}
		entry, doc, more := help[at[0]:at[1]], help[at[2]:at[3]], help[at[4]:at[5]]
		help = help[at[1]:]
		text := strings.Join(strings.Fields(doc+" "+more), " ")
		if !strings.HasPrefix(text, strings.Join(strings.Fields(k.Doc), " ")) {
			t.Errorf("plot -h on %s: %q, want its description %q", k.Name, text, k.Doc)
		}
		if k.Block != "" && !strings.Contains(more, "block: "+k.Block+"\n") {
			t.Errorf("plot -h on %s does not give its block %q:\n%s", k.Name, k.Block, entry)
		}
	}
}

func TestPagesAndNotebooks(t *testing.T) {
	root := t.TempDir()
	machine := filepath.Join(root, "results", "test-cpu")
	writeResults(t, machine, "v1")
	writeResults(t, machine, "v3")
	var stdout, stderr bytes.Buffer
	// The form before the commands, with -csv: the pages and the CSV.
	cases := filepath.Join(root, "cases.csv")
	if code := run([]string{"-pages", "-csv", cases, filepath.Join(root, "results")}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot -pages -csv: exit %d\n%s", code, stderr.String())
	}
	if csv, err := os.ReadFile(cases); err != nil || !strings.Contains(string(csv), "popcount") {
		t.Errorf("plot -pages -csv wrote no CSV: %v\n%s", err, csv)
	}
	page, err := os.ReadFile(filepath.Join(machine, "README.md"))
	if err != nil || !strings.Contains(string(page), "charts/configurations-vs-v1.svg") {
		t.Fatalf("page: %v\n%s", err, page)
	}
	books := filepath.Join(root, "notebooks")
	os.MkdirAll(books, 0o755)
	os.WriteFile(filepath.Join(books, "p.md"), []byte("# P\n<!-- bitlab:begin cross -->\n<!-- bitlab:end -->\n"), 0o644)
	if code := run([]string{"notebooks", books, machine}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot notebooks: exit %d\n%s", code, stderr.String())
	}
	nb, _ := os.ReadFile(filepath.Join(books, "p.md"))
	if !strings.Contains(string(nb), "../results/test-cpu/charts/configurations-vs-v1.svg") {
		t.Errorf("notebook:\n%s", nb)
	}
}

// TestNotebooksAreFresh regenerates the notebooks' generated blocks from the
// committed results that make notebooks uses, into a copy, and requires the
// committed notebooks to match byte for byte. Everything it reads is as
// HEAD holds it (never the working tree's, where make bench adds the
// user's own runs and make report rewrites the notebooks).
func TestNotebooksAreFresh(t *testing.T) {
	root := t.TempDir()
	committed.Copy(t, root, "Makefile", "notebooks/*.md")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^NOTEBOOK_RESULTS \?= (\S+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("no NOTEBOOK_RESULTS in the Makefile")
	}
	books, _ := filepath.Glob(filepath.Join(root, "notebooks", "*.md"))
	if len(books) == 0 {
		t.Fatal("no notebooks")
	}
	// The copy sits at the same depth, so that chart links come out the same.
	dir := filepath.Join(t.TempDir(), "a", "notebooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, b := range books {
		data, err := os.ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(b)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Every committed results file is copied beside the copy, at the same
	// relative place (the notebooks link charts relative to it).
	top, _, _ := strings.Cut(filepath.ToSlash(string(m[1])), "/")
	committed.Copy(t, filepath.Join(dir, ".."), top+"/*/*.txt", top+"/*/"+schema.PerftFolder+"/*.txt")
	// The notebooks only check that the charts exist: empty files stand in.
	for _, c := range committed.Paths(t, top+"/*/charts/*") {
		to := filepath.Join(dir, "..", filepath.FromSlash(c))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := (&notebooksOptions{dir: dir, results: filepath.Join(dir, "..", string(m[1]))}).run(io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, b := range books {
		want, _ := os.ReadFile(b)
		got, _ := os.ReadFile(filepath.Join(dir, filepath.Base(b)))
		if !bytes.Equal(got, want) {
			t.Errorf("notebooks/%s is stale: run make notebooks", filepath.Base(b))
		}
	}
}

// TestBadValuesAreSkippedNotHung runs plot on results with NaN, infinite,
// huge, zero and negative values under a deadline: each is skipped with a
// warning naming its file and line, and the page is written.
func TestBadValuesAreSkippedNotHung(t *testing.T) {
	dir := t.TempDir()
	writeResults(t, dir, "v1")
	bad := "goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 NaN ns/op\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 +Inf ns/op\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 1e307 cycles/op\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 0 ns/op\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 -12 cycles/op\n" +
		"BenchmarkKernel/family=popcount/impl=popcnt/dist=random/size=4096/mode=throughput 100 3 ns/op\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"page", "-o", filepath.Join(dir, "page"), dir}, io.Discard, &stderr) }()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("plot hangs on bad values")
	}
	// One warning per unit, at its first line, naming the others.
	for _, want := range []string{"bad.txt:5: skipped NaN ns/op: not a positive, finite value below 1e+12 (also on lines 6, 8)",
		"bad.txt:7: skipped 1e+307 cycles/op: not a positive, finite value below 1e+12 (also on line 9)"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("no warning %q:\n%s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "skipped unit") {
		t.Errorf("a bad value reported as an unknown unit:\n%s", stderr.String())
	}
}

// snapshot returns every file below dir with its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, err := os.ReadFile(p)
			m[p] = string(b)
			return err
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestReportIgnoresAdHocRuns is make report after ad-hoc runs: a quick
// run, runs of a selection and a perft run of a FEN, all newer than the
// standard runs, change no page or chart; the page says which files it
// read and by which rule.
func TestReportIgnoresAdHocRuns(t *testing.T) {
	root := filepath.Join(t.TempDir(), "results")
	cpu := filepath.Join(root, "test-cpu")
	kernel := "family=popcount/impl=%s/dist=random/size=4096/mode=throughput"
	perft := "slider=%s/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none/position=start/depth=4"
	writeRun(t, filepath.Join(cpu, "20261120-100000-v1.txt"), "v1", "full", "2026-11-20T10:00:00Z", kernel, "kernighan", "popcnt")
	writeRun(t, filepath.Join(cpu, "20261120-101000-v3.txt"), "v3", "full", "2026-11-20T10:10:00Z", kernel, "kernighan", "popcnt")
	writeRun(t, filepath.Join(cpu, "20261120-102000-v1.txt"), "v1", "pressure -pressure none,l2", "2026-11-20T10:20:00Z", kernel+"/pressure=l2", "kernighan", "popcnt")
	writeRun(t, filepath.Join(cpu, "perft", "20261120-103000-v1.txt"), "v1", "perft", "2026-11-20T10:30:00Z", perft, "magic-fancy", "pext")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"pages", root}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot pages: exit %d\n%s", code, stderr.String())
	}
	before := snapshot(t, root)
	page := before[filepath.Join(cpu, "README.md")]
	for _, want := range []string{"20261120-100000-v1.txt", "20261120-101000-v3.txt", "20261120-102000-v1.txt", "20261120-103000-v1.txt", "the newest full-suite run", "## Runs"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if i, j := strings.Index(page, "![popcount-bars"), strings.Index(page, "## Runs"); i < 0 || i > j {
		t.Error("the page does not open with its charts before the runs")
	}
	// Ad-hoc runs, each newer than every standard run.
	writeRun(t, filepath.Join(cpu, "20261121-100000-v1.txt"), "v1", "quick", "2026-11-21T10:00:00Z", kernel, "kernighan", "popcnt", "swar")
	writeRun(t, filepath.Join(cpu, "20261121-101000-v1.txt"), "v1", "selection -impl pext", "2026-11-21T10:10:00Z", kernel, "pext")
	writeRun(t, filepath.Join(cpu, "20261121-102000-v3.txt"), "v3", "selection -family sliding", "2026-11-21T10:20:00Z", kernel, "kernighan")
	writeRun(t, filepath.Join(cpu, "perft", "20261121-103000-v1.txt"), "v1", "perft-selection -fen '8/8/8/8/8/8/8/K6k w - - 0 1' -depth 5", "2026-11-21T10:30:00Z", perft, "magic-fancy")
	stderr.Reset()
	if code := run([]string{"pages", root}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot pages after ad-hoc runs: exit %d\n%s", code, stderr.String())
	}
	after := snapshot(t, root)
	for p, v := range before {
		if after[p] != v {
			t.Errorf("%s changed after ad-hoc runs", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok && !strings.HasPrefix(filepath.Base(p), "20261121-") {
			t.Errorf("%s appeared after ad-hoc runs", p)
		}
	}
	for _, f := range []string{"20261121-100000-v1.txt left out of the page: a quick run", "20261121-101000-v1.txt left out of the page: a selection run",
		"20261121-103000-v1.txt left out of the page: a perft-selection run"} {
		if !strings.Contains(stderr.String(), f) {
			t.Errorf("no note that %s is left out:\n%s", f, stderr.String())
		}
	}
	// One command makes a page of exactly the files given: the quick run.
	out := filepath.Join(t.TempDir(), "page")
	if code := run([]string{"page", "-o", out, filepath.Join(cpu, "20261121-100000-v1.txt")}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot page -o: exit %d\n%s", code, stderr.String())
	}
	mine, _ := os.ReadFile(filepath.Join(out, "README.md"))
	if !strings.Contains(string(mine), "20261121-100000-v1.txt") || !strings.Contains(string(mine), "swar") || strings.Contains(string(mine), "20261120-") {
		t.Errorf("the page of one file:\n%s", mine)
	}
}

// TestPageFolder: plot page -o never writes into a source folder, the root of a
// module or a folder of other files, and does write into a new folder or
// one it wrote.
func TestPageFolder(t *testing.T) {
	res := filepath.Join(t.TempDir(), "r")
	writeResults(t, res, "v1")
	file := filepath.Join(res, "v1.txt")
	module := t.TempDir()
	os.WriteFile(filepath.Join(module, "go.mod"), []byte("module m\n"), 0o644)
	pkg := filepath.Join(module, "pkg")
	os.MkdirAll(pkg, 0o755)
	os.WriteFile(filepath.Join(pkg, "a.go"), []byte("package pkg\n"), 0o644)
	docs := filepath.Join(module, "docs")
	os.MkdirAll(docs, 0o755)
	os.WriteFile(filepath.Join(docs, "notes.md"), []byte("# notes\n"), 0o644)
	for dir, want := range map[string]string{
		pkg:                            "holds Go source (a.go)",
		filepath.Join(pkg, "out"):      "holds Go source (a.go)",
		module:                         "the root of a Go module",
		docs:                           "holds notes.md",
		"../../report":                 "holds Go source",
		filepath.Join("..", "..", "."): "the root of a Go module",
	} {
		var stderr bytes.Buffer
		if code := run([]string{"page", "-o", dir, file}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), want) {
			t.Errorf("plot page -o %s: exit %d, %q, want %q", dir, code, stderr.String(), want)
		}
		if _, err := os.Stat(filepath.Join(dir, "charts")); err == nil {
			t.Errorf("plot -o %s wrote charts", dir)
		}
	}
	for _, dir := range []string{filepath.Join(module, "page"), filepath.Join(module, "page")} { // new, then its own
		if code := run([]string{"page", "-o", dir, file}, io.Discard, io.Discard); code != 0 {
			t.Errorf("plot page -o %s: exit %d", dir, code)
		}
	}
}

// TestCompareCommand: exit 3 on a slowdown, 5 when a kernel of OLD is
// missing in NEW (not when NEW's selection leaves it out), 4 when NEW's
// header says a kernel failed its check, 1 when there is nothing to
// compare or the levels differ without -across, an injected slowdown
// caught, and the A/A summary.
func TestCompareCommand(t *testing.T) {
	dir := t.TempDir()
	kernel := "family=popcount/impl=%s/dist=random/size=4096/mode=throughput"
	a, b := filepath.Join(dir, "p1-a.txt"), filepath.Join(dir, "p1-b.txt")
	writeRun(t, a, "v1", "quick", "2026-11-20T10:00:00Z", kernel, "kernighan", "popcnt")
	writeRun(t, b, "v1", "quick", "2026-11-20T11:00:00Z", kernel, "kernighan", "popcnt")
	v3 := filepath.Join(dir, "v3.txt")
	writeRun(t, v3, "v3", "quick", "2026-11-20T12:00:00Z", kernel, "kernighan", "popcnt")
	other := filepath.Join(dir, "other.txt")
	writeRun(t, other, "v1", "quick", "2026-11-20T12:00:00Z", "family=bitscan-forward/impl=%s/dist=random/size=4096/mode=throughput", "bsf")
	gone := filepath.Join(dir, "gone.txt")
	writeRun(t, gone, "v1", "quick", "2026-11-20T12:00:00Z", kernel, "kernighan")
	selected := filepath.Join(dir, "selected.txt")
	writeRun(t, selected, "v1", "selection -quick -impl kernighan", "2026-11-20T12:00:00Z", kernel, "kernighan")
	failed := filepath.Join(dir, "failed.txt")
	writeRun(t, failed, "v1", "quick", "2026-11-20T12:00:00Z", kernel, "kernighan")
	data, _ := os.ReadFile(failed)
	os.WriteFile(failed, append([]byte("# warning: not timed, disagrees with the reference: Kernel/"+fmt.Sprintf(kernel, "popcnt")+": wrong\n"), data...), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compare", a, b}, 0, "0 slower, 0 faster"},
		{[]string{"compare", "-gate", "case", "-inject", "impl=popcnt/", a, b}, 3, "+10.0%"},
		{[]string{"compare", a, other}, 1, "nothing to compare"},
		{[]string{"compare", a, gone}, 5, "plot: kernels or families of OLD are missing in NEW: popcount/popcnt"},
		{[]string{"compare", a, selected}, 0, "not in NEW: 1 kernel of OLD, outside NEW's selection"},
		{[]string{"compare", a, failed}, 4, "disagreed with their family's reference in NEW (its header says so): popcount/popcnt"},
		{[]string{"compare", a, v3}, 1, "GOAMD64 v1 against v3; -across compares them anyway"},
		{[]string{"compare", "-across", a, v3}, 0, "comparing across machines or builds (-across): GOAMD64 v1 against v3"},
		{[]string{"compare", "-inject", "nonesuch", a, b}, 1, "no case of"},
		{[]string{"compare", "-gate", "pair", a, b}, 2, "unknown gate"},
		{[]string{"compare", a}, 2, "compare: no NEW argument"},
		{[]string{"aa", "-inject", "impl=popcnt/", dir + "/"}, 0, "kernel (default)  0 of 1 (0%)"},
		{[]string{"aa", "-gate", "case", dir}, 2, "no flag -gate (a flag of plot compare)"},
		{[]string{"-compare", "-gate", "case", "-inject", "impl=popcnt/", a, b}, 3, "+10.0%"}, // the form before the commands
		{[]string{"-aa", dir + "/", "-inject", "impl=popcnt/"}, 0, "kernel (default)  0 of 1 (0%)"},
	} {
		var out bytes.Buffer
		if code := run(c.args, &out, &out); code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("plot %v: exit %d, want %d with %q:\n%s", c.args, code, c.code, c.want, out.String())
		}
	}
}
