package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"bitlab/fingerprint"
	"bitlab/internal/committed"
	"bitlab/report"
	"bitlab/report/render"
	"bitlab/schema"
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

// TestVerdictLeavesOutUnprinted: the verdict after a run of today's code
// (a full suite at v1, planted from the committed Zen 4 folder with today's
// fingerprints at another revision) neither pools nor silently drops the
// folder's perft and cache-pressure runs from before the fingerprint line:
// it names each as left out, where it was measured and the command that
// makes one of today's code, and ranks nothing by perft; with a perft run
// of the same revision and today's fingerprints it ranks by perft and
// leaves out no perft run.
func TestVerdictLeavesOutUnprinted(t *testing.T) {
	const zen4 = "results/amd-epyc-authenticamd-family-25-model-17-stepping-1"
	dir := t.TempDir()
	committed.Copy(t, dir, zen4+"/20261126-09*.txt", zen4+"/perft/20261126-09*.txt") // its runs before its campaign
	folder := filepath.Join(dir, filepath.FromSlash(zen4))
	full, perft := filepath.Join(folder, "20261126-091230-v1.txt"), filepath.Join(folder, "perft", "20261126-092034-v1.txt")
	pressure := filepath.Join(folder, "20261126-091955-v1.txt")
	for _, p := range []string{full, perft, pressure} {
		if f, err := report.ScanFile(p); err != nil || f.Revision == "" || !f.Unprinted() {
			t.Skipf("the committed Zen 4 folder is not the unprinted runs this test reads: %s (%v)", p, err)
		}
	}
	today := func(path string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out := regexp.MustCompile(`(?m)^# bitlab revision: \S+$`).ReplaceAll(data,
			[]byte("# bitlab revision: "+strings.Repeat("b", 40)+"\n# "+schema.FingerprintComment+fingerprint.Line()))
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	today(full)
	var b strings.Builder
	if err := writeVerdict(&b, full); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	goVerdict, _, _ := strings.Cut(out, verdict.InlinedHeading)
	for _, want := range []string{
		"Verdict: what to use in a move generator on this CPU, per factor (this run only)",
		"(left out: 20261126-092034-v1.txt, a perft run measured at 3f00bde before runs recorded the code's fingerprint: `runbench perft` gives one of today's code)",
		"(left out: 20261126-091955-v1.txt, a pressure run measured at 3f00bde before runs recorded the code's fingerprint: `runbench campaign` gives one of today's code)",
		"No perft run of this CPU and build in " + folder + " that the verdict reads: `runbench perft`",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the verdict does not say %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`(?m), by perft$`).MatchString(goVerdict) {
		t.Errorf("the verdict ranks by a perft run from before the fingerprint line:\n%s", out)
	}

	today(perft)
	today(pressure)
	b.Reset()
	if err := writeVerdict(&b, full); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	goVerdict, _, _ = strings.Cut(out, verdict.InlinedHeading)
	if strings.Contains(out, "left out") || strings.Contains(out, "stale") || strings.Contains(out, "No perft run") {
		t.Errorf("with runs of the same revision at today's fingerprints, the verdict leaves one out:\n%s", out)
	}
	if !regexp.MustCompile(`(?m), by perft$`).MatchString(goVerdict) {
		t.Errorf("with a perft run at today's fingerprints, the verdict ranks nothing by perft:\n%s", out)
	}
}
