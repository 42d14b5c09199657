package main

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"bitlab/cmd/runbench/internal/placement"
	"bitlab/fingerprint"
	"bitlab/harness"
	"bitlab/internal/goamd64"
	"bitlab/kernels"
	"bitlab/positions"
	"bitlab/report"
	"bitlab/schema"
)

// cpuWith returns a CPU's feature test that has exactly fs.
func cpuWith(fs ...kernels.Feature) func(kernels.Feature) bool {
	return func(f kernels.Feature) bool { return slices.Contains(fs, f) }
}

func TestCampaignLevels(t *testing.T) {
	v3 := goamd64.Needs("v3")
	v4 := goamd64.Needs("v4")
	for _, c := range []struct {
		name string
		arch string
		has  func(kernels.Feature) bool
		want []string
	}{
		{"a CPU of 2003", "amd64", cpuWith(), []string{"v1"}},
		{"POPCNT but no AVX2 (v2)", "amd64", cpuWith(kernels.POPCNT), []string{"v1"}},
		{"Haswell and later (v3)", "amd64", cpuWith(v3...), []string{"v1", "v3"}},
		{"AVX2 without BMI2", "amd64", cpuWith(kernels.POPCNT, kernels.AVX2, kernels.BMI1, kernels.LZCNT), []string{"v1"}},
		{"AVX-512 (v4)", "amd64", cpuWith(v4...), []string{"v1", "v3", "v4"}},
		{"arm64", "arm64", cpuWith(), []string{""}},
	} {
		if got := campaignLevels(c.arch, c.has); !slices.Equal(got, c.want) {
			t.Errorf("%s: levels %q, want %q", c.name, got, c.want)
		}
		if got, want := perftLevels(c.want), slices.DeleteFunc(slices.Clone(c.want), func(l string) bool { return l == "v4" }); !slices.Equal(got, want) {
			t.Errorf("%s: perft at %q, want %q", c.name, got, want)
		}
	}
}

// TestLevelsLine: the plan's levels line names the levels built and why
// the others are left out; off amd64, that there are none.
func TestLevelsLine(t *testing.T) {
	v3 := goamd64.Needs("v3")
	for _, c := range []struct {
		arch   string
		levels []string
		has    func(kernels.Feature) bool
		want   string
	}{
		{"amd64", []string{"v1", "v3", "v4"}, cpuWith(goamd64.Needs("v4")...), "levels: GOAMD64=v1,v3,v4"},
		{"amd64", []string{"v1", "v3"}, cpuWith(v3...), "levels: GOAMD64=v1,v3; not v4: the CPU lacks avx512f avx512bw avx512vl"},
		{"amd64", []string{"v1"}, cpuWith(goamd64.Needs("v4")...), "levels: GOAMD64=v1; not v3,v4: a quick campaign builds the lowest level only"},
		{"amd64", []string{"v1"}, cpuWith(v3...), "levels: GOAMD64=v1; not v3: a quick campaign builds the lowest level only; not v4: the CPU lacks avx512f avx512bw avx512vl"},
		{"arm64", []string{""}, cpuWith(), "levels: one build (arm64 has no GOAMD64 levels)"},
	} {
		if got := levelsLine(c.arch, c.levels, c.has); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.arch, c.levels, got, c.want)
		}
	}
}

// TestCampaignPositions: the six standard positions, the mirror of
// position 4 left out.
func TestCampaignPositions(t *testing.T) {
	var got []string
	for _, c := range campaignPositions(positions.PerftCases()) {
		got = append(got, c.Name)
	}
	if want := []string{"start", "kiwipete", "pos3", "pos4", "pos5", "pos6"}; !slices.Equal(got, want) {
		t.Errorf("positions %q, want %q", got, want)
	}
}

func TestCampaignDepths(t *testing.T) {
	cases := []positions.PerftCase{{Name: "a", Counts: []uint64{10, 100, 1000, 10000}}, {Name: "b", Counts: []uint64{30, 900, 27000}}}
	for _, c := range []struct {
		nodesPerSecond float64
		target         time.Duration
		want           map[string]int
	}{
		{1000, time.Second, map[string]int{"a": 3, "b": 2}},             // 1000 nodes: a's 1000, b's 900
		{1000, 5 * time.Second, map[string]int{"a": 3, "b": 2}},         // 5000: a's 10000 would take 2x (closer on a log scale than 1000)
		{1000, 9990 * time.Millisecond, map[string]int{"a": 3, "b": 2}}, // 9990: a's 10000 would take longer
		{1000, 10 * time.Second, map[string]int{"a": 4, "b": 2}},        // 10000: a's 10000; b's 27000 would take 2.7x
		{1000, 899 * time.Millisecond, map[string]int{"a": 2, "b": 1}},  // 899: b's 900 would take longer
		{1000, 20 * time.Millisecond, map[string]int{"a": 1, "b": 1}},   // 20: a's 10; b's 30 takes longer, but depth 1 is the least
		{1, time.Millisecond, map[string]int{"a": 1, "b": 1}},           // slower than any count: depth 1
		{1e9, time.Second, map[string]int{"a": 4, "b": 3}},              // faster than any: the deepest
	} {
		if got := campaignDepths(cases, c.nodesPerSecond, c.target); !maps.Equal(got, c.want) {
			t.Errorf("%g nodes/s, %v a count: depths %v, want %v", c.nodesPerSecond, c.target, got, c.want)
		}
	}
	// The depths and estimates assume the runs' default rounds and samples.
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	(&runOptions{}).flags(fs, "", "")
	if c, s := fs.Lookup("count").DefValue, fs.Lookup("samples").DefValue; c != fmt.Sprint(campaignRounds) || s != fmt.Sprint(campaignSamples) {
		t.Errorf("the runs default to -count %s -samples %s, the campaign assumes %d and %d", c, s, campaignRounds, campaignSamples)
	}
}

// TestCampaignDepthsBounded: at every speed, and just below and just
// above each speed where a standard position's depth changes, every
// position's count takes at most perftCountTarget (or is its depth 1),
// the next depth's would take longer, and a count short of its
// position's deepest takes at least the runs' sample, as campaignDoc
// says, whose figures are checked here.
func TestCampaignDepthsBounded(t *testing.T) {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	(&runOptions{}).flags(fs, "", "")
	sample, err := time.ParseDuration(fs.Lookup("sample").DefValue)
	if err != nil {
		t.Fatal(err)
	}
	cases := campaignPositions(positions.PerftCases())
	var speeds []float64
	growth := 0.0
	for _, c := range cases {
		for i, n := range c.Counts {
			for _, f := range []float64{0.999, 1.001} {
				speeds = append(speeds, f*float64(n)/perftCountTarget.Seconds())
			}
			if i > 0 {
				growth = max(growth, float64(n)/float64(c.Counts[i-1]))
			}
		}
	}
	for s := 1e3; s < 1e12; s *= 1.05 {
		speeds = append(speeds, s)
	}
	took := func(n uint64, speed float64) time.Duration {
		return time.Duration(float64(n) / speed * float64(time.Second))
	}
	for _, speed := range speeds {
		depths := campaignDepths(cases, speed, perftCountTarget)
		for _, c := range cases {
			d := depths[c.Name]
			if d < 1 || d > len(c.Counts) {
				t.Fatalf("%.4g nodes/s: %s at depth %d of %d", speed, c.Name, d, len(c.Counts))
			}
			count := took(c.Counts[d-1], speed)
			if d > 1 && count > perftCountTarget {
				t.Errorf("%.4g nodes/s: %s at depth %d takes %v, above %v", speed, c.Name, d, count, perftCountTarget)
			}
			if d < len(c.Counts) {
				if next := took(c.Counts[d], speed); next <= perftCountTarget {
					t.Errorf("%.4g nodes/s: %s at depth %d, but depth %d takes %v, within %v", speed, c.Name, d, d+1, next, perftCountTarget)
				}
				if count < sample {
					t.Errorf("%.4g nodes/s: %s at depth %d takes %v, less than a sample (%v)", speed, c.Name, d, count, sample)
				}
			}
		}
	}
	samples := campaignRounds * campaignSamples
	for _, fact := range []string{
		"at most " + perftCountTarget.String(),
		fmt.Sprintf("at most %d-fold a depth", int(math.Ceil(growth))),
		fmt.Sprintf("each sample (%v)", sample),
		fmt.Sprintf("%d samples take at most %g seconds", samples, (time.Duration(samples) * perftCountTarget).Seconds()),
	} {
		if !strings.Contains(strings.Join(strings.Fields(campaignDoc), " "), fact) {
			t.Errorf("campaignDoc does not say %q", fact)
		}
	}
}

// TestCampaignPerftEstimates: the depths and the perft steps' estimates at
// a slow, a Zen 4 and a fast speed, with Zen 4's 37 configurations; the
// estimate of a perft step is never above its bound (every count at
// perftCountTarget).
func TestCampaignPerftEstimates(t *testing.T) {
	const configs = 37
	cases := campaignPositions(positions.PerftCases())
	for _, c := range []struct {
		nodesPerSecond float64
		depths         string
		perft          time.Duration
	}{
		{3e8, "start=5,kiwipete=4,pos3=6,pos4=4,pos5=4,pos6=4", 161 * time.Second},
		{1e9, "start=5,kiwipete=4,pos3=6,pos4=5,pos5=4,pos6=4", 77 * time.Second},
		{3e9, "start=6,kiwipete=4,pos3=6,pos4=5,pos5=5,pos6=4", 149 * time.Second},
	} {
		depths := campaignDepths(cases, c.nodesPerSecond, perftCountTarget)
		if got := formatDepths(depths); got != c.depths {
			t.Errorf("%g nodes/s: depths %s, want %s", c.nodesPerSecond, got, c.depths)
		}
		steps := campaignPlan(planInput{levels: []string{"v1", "v3"}, depths: depths, nodesPerSecond: c.nodesPerSecond, configs: configs, families: []string{"popcount"}})
		if got := steps[3].estimate.Round(time.Second); steps[3].kind != stepPerft || got != c.perft {
			t.Errorf("%g nodes/s: step %s estimated at %v, want a perft step of %v", c.nodesPerSecond, steps[3], got, c.perft)
		}
	}
	bound := time.Duration(configs * perftConfigCost * perftOverhead * float64(len(cases)*campaignRounds*campaignSamples) * float64(perftCountTarget))
	for s := 1e5; s < 1e12; s *= 1.1 {
		steps := campaignPlan(planInput{levels: []string{"v1"}, depths: campaignDepths(cases, s, perftCountTarget), nodesPerSecond: s, configs: configs, families: []string{"popcount"}})
		if p := steps[2]; p.kind != stepPerft || p.estimate > bound {
			t.Errorf("%.4g nodes/s: %s estimated at %v, above the bound %v", s, p, p.estimate, bound)
		}
	}
}

func TestCampaignPlan(t *testing.T) {
	depths := map[string]int{"start": 5, "kiwipete": 4}
	in := planInput{levels: []string{"v1", "v3", "v4"}, depths: depths, nodesPerSecond: 1e8, configs: 30,
		families: []string{"popcount", "sliding"}, explainModel: "znver4"}
	type step struct {
		kind  stepKind
		level string
		args  string
	}
	var got []step
	for _, s := range campaignPlan(in) {
		got = append(got, step{s.kind, s.level, strings.Join(s.args, " ")})
		if s.estimate <= 0 {
			t.Errorf("%s: no estimate", s)
		}
	}
	pressure := "bench -family popcount,sliding -dist random,chess -sizes l1 -mode throughput -pressure none,l1,l2,llc,2llc"
	want := []step{
		{stepSuite, "v1", "bench"}, {stepSuite, "v3", "bench"}, {stepSuite, "v4", "bench"},
		{stepPressure, "v1", pressure},
		{stepPerft, "v1", "perft -depths start=5,kiwipete=4"}, {stepPerft, "v3", "perft -depths start=5,kiwipete=4"},
		{stepPlacements, "v1", "perft -placement -depths start=5,kiwipete=4"},
		{stepExplain, "", "-models znver4"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("plan:\n%v\nwant\n%v", got, want)
	}

	in.explainNote = "skipped: no llvm-mca-19"
	steps := campaignPlan(in)
	if ex := steps[len(steps)-1]; ex.note != in.explainNote || ex.estimate != 0 {
		t.Errorf("explain without llvm-mca: %+v", ex)
	}

	in.shrink = &campaignShrink{level: "v1", family: "popcount", position: "kiwipete", depth: 2, count: 2}
	in.levels = []string{"v1"}
	var args []string
	for _, s := range campaignPlan(in) {
		if s.note == "" {
			args = append(args, strings.Join(s.args, " "))
		}
	}
	if want := []string{"bench -quick -family popcount -count 2",
		"bench -family popcount -dist random,chess -sizes l1 -mode throughput -pressure none,l1,l2,llc,2llc -quick -count 2",
		"perft -position kiwipete -depth 2 -count 2", "perft -placement -position kiwipete -depth 2 -count 2"}; !slices.Equal(args, want) {
		t.Errorf("a shrunk campaign runs %q, want %q", args, want)
	}
}

// TestMakefilePressureRun: the campaign's cache-pressure run is make
// pressure's, with PRESSURE_FAMILIES the families pressureFamilies
// returns (TestPressureFamilies).
func TestMakefilePressureRun(t *testing.T) {
	data, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^pressure:\n\t\$\(GO\) run \$\(BUILDVCS\) \./cmd/runbench (.*) \$\(ARGS\)$`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no make pressure recipe of the form $(GO) run $(BUILDVCS) ./cmd/runbench ... $(ARGS)")
	}
	if got, want := string(m[1]), strings.Join(pressureArgs([]string{"$(PRESSURE_FAMILIES)"}), " "); got != want {
		t.Errorf("make pressure runs %q, the campaign %q", got, want)
	}
	if !regexp.MustCompile(`(?m)^campaign:\n\t\$\(GO\) run \$\(BUILDVCS\) \./cmd/runbench campaign \$\(ARGS\)$`).Match(data) {
		t.Error("no make campaign recipe running runbench campaign $(ARGS)")
	}
}

// shrunk returns a quick campaign (-quick's, with count rounds) into a
// temporary results folder.
func shrunk(t *testing.T, count int) *campaignOptions {
	t.Helper()
	if testing.Short() {
		t.Skip("builds runbench and runs a campaign")
	}
	if _, _, err := checkout(); err != nil {
		t.Skip(err)
	}
	return &campaignOptions{results: t.TempDir(), shrink: quickCampaign(count)}
}

// TestCampaignEndToEnd runs a quick campaign (one level, one family, one
// position at depth 2, two rounds): every file it writes names the same
// campaign, of the checkout's revision, records the code's fingerprints,
// and is a selection, which no page reads.
func TestCampaignEndToEnd(t *testing.T) {
	o := shrunk(t, 2)
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	if err := o.run(&env{stdout: stdout, stderr: stderr, line: []string{"campaign"}}); err != nil {
		t.Fatalf("campaign: %v\n%s", err, stderr)
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(o.results, harness.ThisMachine().Slug)
	kernelFiles, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	perftFiles, _ := filepath.Glob(filepath.Join(dir, schema.PerftFolder, "*.txt"))
	if len(kernelFiles) != 2 || len(perftFiles) != 1+placement.Count {
		t.Fatalf("files %q and %q: want the suite's and the pressure run's, and perft's and each placement's\n%s", kernelFiles, perftFiles, stderr)
	}
	today, err := fingerprint.Parse(fingerprint.Line())
	if err != nil {
		t.Fatal(err)
	}
	var first schema.Campaign
	placements := map[int]bool{}
	for _, p := range append(kernelFiles, perftFiles...) {
		f, err := report.ScanFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if f.Placement.Count > 0 { // a placement run (of a selection: the quick campaign's)
			if pl := f.Placement; pl.Count != placement.Count || placements[pl.Number] || f.Incomplete != "" {
				t.Errorf("%s: placement %s (incomplete: %q), the placements so far %v", p, pl, f.Incomplete, placements)
			}
			placements[f.Placement.Number] = true
		}
		switch {
		case f.Campaign.IsZero():
			t.Errorf("%s names no campaign", p)
		case first.IsZero():
			first = f.Campaign
		case f.Campaign != first:
			t.Errorf("%s: campaign %s, another file's %s", p, f.Campaign, first)
		}
		if f.Campaign.Revision != strings.TrimSpace(string(head)) || f.Revision != f.Campaign.Revision || f.Dirty != f.Campaign.Dirty {
			t.Errorf("%s: campaign %s, revision %s (dirty %v), checkout %s", p, f.Campaign, f.Revision, f.Dirty, head)
		}
		if !maps.Equal(f.Fingerprints, today) {
			t.Errorf("%s: fingerprints %v, today's %v", p, f.Fingerprints, today)
		}
		if f.Run.Standard() {
			t.Errorf("%s: a quick campaign's run is a %s run, which pages read", p, f.Run.Kind)
		}
	}
	if len(placements) != placement.Count {
		t.Errorf("placement runs of placements %v, want 1 to %d", placements, placement.Count)
	}
	if !strings.Contains(stderr.String(), "campaign: step 1 of ") || !strings.Contains(stderr.String(), fmt.Sprintf("%d files:", 3+placement.Count)) {
		t.Errorf("no progress line or no list of the files:\n%s", stderr)
	}
}

// TestCampaignInterrupt interrupts a tiny campaign during its second
// step: the first step's file stays, and the campaign says so, returns
// an interruption and prints the commands that finish it.
func TestCampaignInterrupt(t *testing.T) {
	o := shrunk(t, 3)
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- o.run(&env{stdout: stdout, stderr: stderr, line: []string{"campaign"}}) }()
	dir := filepath.Join(o.results, harness.ThisMachine().Slug)
	var finished []string
	// The first step has finished when the campaign starts the second (its
	// file is renamed into place before its summary is written, so the file
	// alone does not say the step is over).
	waitFor(t, "the second step's start", func() bool { return strings.Contains(stderr.String(), "campaign: step 2 of ") })
	waitFor(t, "the first step's file", func() bool { finished, _ = filepath.Glob(filepath.Join(dir, "*.txt")); return len(finished) == 1 })
	waitFor(t, "the second step's partial file", func() bool { p, _ := filepath.Glob(filepath.Join(dir, ".*.partial")); return len(p) > 0 })
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Until(waitDeadline(t))):
		t.Fatal("the campaign did not stop")
	}
	var in interruption
	if !errors.As(err, &in) {
		t.Fatalf("error %v, want an interruption\n%s", err, stderr)
	}
	f, scanErr := report.ScanFile(finished[0])
	if scanErr != nil || f.Campaign.IsZero() {
		t.Errorf("the first step's file %s: %+v, %v", finished[0], f, scanErr)
	}
	msg := stderr.String()
	for _, want := range []string{"interrupted during step 2", finished[0], "to finish the campaign", "./cmd/runbench bench -family popcount -dist random,chess", "./cmd/runbench perft -position kiwipete -depth 2",
		"go run -tags " + placement.Tag(placement.Count) + " -buildvcs=true ./cmd/runbench perft -placement -position kiwipete -depth 2", "-campaign '" + f.Campaign.String() + "'"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr does not say %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "./cmd/runbench bench -quick -family popcount -count") {
		t.Errorf("the finished first step is among the commands to run:\n%s", msg)
	}
}
