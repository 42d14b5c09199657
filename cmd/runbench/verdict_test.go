package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"bitlab/report"
	"bitlab/report/render"
	"bitlab/verdict"
)

// TestOneStanding feeds one run's results to the three places that rank
// implementations, the summary runbench prints, the CPU page and the page
// across CPUs, and requires the same speed-up over the baseline in each;
// and the verdict printed after the summary says how to get a perft run
// when the folder has none (a binary in a temporary folder, outside the
// checkout's root: runbench's own perft command).
func TestOneStanding(t *testing.T) {
	bin := buildRunbench(t)
	dir := filepath.Join(t.TempDir(), "results", "cpu") + "/"
	out, err := exec.Command(bin, "-family", "popcount", "-impl", "kernighan,swar,table8,mathbits", "-dist", "random,k8,k16",
		"-sizes", "l1", "-mode", "throughput", "-count", "3", "-samples", "3", "-sample", "200us", "-noprogress", "-out", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("runbench: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("results files %v", files)
	}
	// The summary's rows: implementation, cost, ns, speed-up.
	summary := map[string]string{}
	row := regexp.MustCompile(`(?m)^\s*(?:popcount\s+)?(kernighan|swar|table8|mathbits)\s+[0-9.]+\s+[0-9.]+\s+([0-9.]+x)`)
	for _, m := range row.FindAllStringSubmatch(string(out), -1) {
		summary[m[1]] = m[2]
	}
	if len(summary) != 4 {
		t.Fatalf("summary rows %v in\n%s", summary, out)
	}
	if !strings.Contains(string(out), "Verdict: what to use in a move generator") || !strings.Contains(string(out), "`runbench perft`") {
		t.Errorf("no verdict, or no perft hint, after the summary:\n%s", out)
	}
	// The verdict names its build, Go's release as this test's toolchain,
	// then gives the verdict for compilers that inline intrinsics, from
	// the micro benchmarks alone.
	release := regexp.MustCompile(`go(\d+\.\d+)`).FindStringSubmatch(runtime.Version())
	build := regexp.MustCompile(`(?m)^For a generator in Go built as this run: Go (\d+\.\d+) \(gc\), (GOAMD64=v\d|GOARCH=\w+)`).FindStringSubmatch(string(out))
	if build == nil || release == nil || build[1] != release[1] {
		t.Errorf("the verdict's build %q, want Go %q's release:\n%s", build, runtime.Version(), out)
	}
	_, inlined, ok := strings.Cut(string(out), verdict.InlinedHeading+" of the build Go ")
	if !ok || !regexp.MustCompile(`(?m)^  population count +use (tie: )?[a-z0-9-]+(, [a-z0-9-]+)*, by micro$`).MatchString(inlined) || strings.Contains(inlined, "perft speed") {
		t.Errorf("no verdict for compilers that inline intrinsics ranking the population count by the micro benchmarks:\n%s", out)
	}

	s, _, err := report.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	page := t.TempDir()
	if _, err := render.Page(s, page, render.PageOptions{Origin: "a test"}); err != nil {
		t.Fatal(err)
	}
	cross := t.TempDir()
	if err := render.CrossPage(s, cross); err != nil {
		t.Fatal(err)
	}
	pageText, _ := os.ReadFile(filepath.Join(page, "README.md"))
	crossText, _ := os.ReadFile(filepath.Join(cross, "README.md"))
	// The page's headline table ends with the speed-up row, a column per
	// implementation in its header's order.
	header := regexp.MustCompile(`(?m)^\| dist \| (.*) \|$`).FindStringSubmatch(string(pageText))
	speeds := regexp.MustCompile(`(?m)^\| \*\*vs kernighan\*\* \| (.*) \|$`).FindStringSubmatch(string(pageText))
	if header == nil || speeds == nil {
		t.Fatalf("page has no headline table with a speed-up row:\n%s", pageText)
	}
	impls, cells := strings.Split(header[1], " | "), strings.Split(speeds[1], " | ")
	onPage := map[string]string{}
	for i, im := range impls {
		onPage[im] = cells[i]
	}
	for im, want := range summary {
		if onPage[im] != want {
			t.Errorf("%s: summary %s, CPU page %s", im, want, onPage[im])
		}
		cell := regexp.MustCompile("(?m)^\\| `" + im + "` \\| [^|]*, ([0-9.]+x) \\|$").FindStringSubmatch(string(crossText))
		if cell == nil || cell[1] != want {
			t.Errorf("%s: summary %s, page across CPUs %v", im, want, cell)
		}
	}
}

// TestCommandHere: the command the verdict suggests for a missing run is
// make perft (or bench) in a checkout, at the build's GOAMD64 level (make's
// go run builds v1 unless told), and elsewhere the binary's own command.
func TestCommandHere(t *testing.T) {
	t.Chdir("../..")
	for level, want := range map[string]string{"v1": "make perft", "": "make perft", "v3": "GOAMD64=v3 make perft"} {
		if got := commandHere("perft", level, "/anywhere/runbench"); got != want {
			t.Errorf("in the checkout at %q: %q, want %q", level, got, want)
		}
	}
	t.Chdir(t.TempDir())
	for program, want := range map[string]string{
		"./runbench-linux-amd64-v3":                    "./runbench-linux-amd64-v3 bench",
		filepath.Join(os.TempDir(), "go-build1/exe/x"): "runbench bench",
	} {
		if got := commandHere("bench", "v3", program); got != want {
			t.Errorf("far from a checkout, %s: %q, want %q", program, got, want)
		}
	}
}
