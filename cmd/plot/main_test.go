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

	"bitlab/schema"
)

func writeResults(t *testing.T, dir, level string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: " + level + "\ncpu: Test CPU 9000\n")
	for r := range 4 {
		for _, im := range []string{"kernighan", "popcnt"} {
			fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=random/size=4096/mode=throughput 100 %d ns/op %d cycles/op\n", im, 2+r, 6+r)
		}
	}
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, level+".txt"), []byte(b.String()), 0o644); err != nil {
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
	if code := run([]string{"-o", t.TempDir(), "/no/such/results.txt"}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "/no/such/results.txt") {
		t.Errorf("missing file: exit %d, %q", code, stderr.String())
	}
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	stderr.Reset()
	if code := run([]string{"-o", t.TempDir(), empty}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "empty.txt: no results") {
		t.Errorf("empty file: exit %d, %q", code, stderr.String())
	}
}

func TestPagesAndNotebooks(t *testing.T) {
	root := t.TempDir()
	machine := filepath.Join(root, "results", "test-cpu")
	writeResults(t, machine, "v1")
	writeResults(t, machine, "v3")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-pages", filepath.Join(root, "results")}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot -pages: exit %d\n%s", code, stderr.String())
	}
	page, err := os.ReadFile(filepath.Join(machine, "README.md"))
	if err != nil || !strings.Contains(string(page), "charts/configurations-vs-v1.svg") {
		t.Fatalf("page: %v\n%s", err, page)
	}
	books := filepath.Join(root, "notebooks")
	os.MkdirAll(books, 0o755)
	os.WriteFile(filepath.Join(books, "p.md"), []byte("# P\n<!-- bitlab:begin cross -->\n<!-- bitlab:end -->\n"), 0o644)
	if code := run([]string{"-notebooks", books, machine}, &stdout, &stderr); code != 0 {
		t.Fatalf("plot -notebooks: exit %d\n%s", code, stderr.String())
	}
	nb, _ := os.ReadFile(filepath.Join(books, "p.md"))
	if !strings.Contains(string(nb), "../results/test-cpu/charts/configurations-vs-v1.svg") {
		t.Errorf("notebook:\n%s", nb)
	}
}

// TestNotebooksAreFresh regenerates the notebooks' generated blocks from the
// committed results that make notebooks uses, into a copy, and requires the
// committed notebooks to match byte for byte.
func TestNotebooksAreFresh(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^NOTEBOOK_RESULTS \?= (\S+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("no NOTEBOOK_RESULTS in the Makefile")
	}
	books, _ := filepath.Glob("../../notebooks/*.md")
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
	// The notebooks only check that the charts exist: empty files stand in.
	files, _ := filepath.Glob(filepath.Join("..", "..", top, "*", "*.txt"))
	perft, _ := filepath.Glob(filepath.Join("..", "..", top, "*", schema.PerftFolder, "*.txt"))
	files = append(files, perft...)
	charts, _ := filepath.Glob(filepath.Join("..", "..", top, "*", "charts", "*"))
	for _, f := range append(files, charts...) {
		rel, _ := filepath.Rel(filepath.Join("..", ".."), f)
		to := filepath.Join(dir, "..", rel)
		data, err := os.ReadFile(f)
		if filepath.Base(filepath.Dir(f)) == "charts" {
			data = nil
		}
		if err == nil {
			err = os.MkdirAll(filepath.Dir(to), 0o755)
		}
		if err == nil {
			err = os.WriteFile(to, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := updateNotebooks(dir, []string{filepath.Join(dir, "..", string(m[1]))}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, b := range books {
		want, _ := os.ReadFile(b)
		got, _ := os.ReadFile(filepath.Join(dir, filepath.Base(b)))
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run make notebooks", b)
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
	go func() { done <- run([]string{"-o", filepath.Join(dir, "page"), dir}, io.Discard, &stderr) }()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("plot hangs on bad values")
	}
	for line := 5; line <= 9; line++ {
		if !strings.Contains(stderr.String(), fmt.Sprintf("bad.txt:%d: skipped", line)) {
			t.Errorf("no warning for line %d:\n%s", line, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "skipped unit") {
		t.Errorf("a bad value reported as an unknown unit:\n%s", stderr.String())
	}
}
