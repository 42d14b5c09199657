package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/internal/committed"
	"bitlab/kernels"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
	"bitlab/verdict"
)

// TestPerftTechniqueKernel: a perft value takes its kernel's facts from the
// factor model, also where the kernel is of another family (the rotated
// slider's is sliding-rotated/rotated) or there is none (written in place).
func TestPerftTechniqueKernel(t *testing.T) {
	slider := verdict.Factors()[0]
	if slider.Perft != factor.Slider.Key() {
		t.Fatalf("first verdict factor %+v, want the sliders", slider)
	}
	if _, amd64 := kernels.Lookup("sliding/pext"); amd64 {
		if tq := (&Set{}).perftTechnique(slider, factor.Slider, "pext"); tq.Impl != "pext" || tq.Arch != kernels.AMD64 || tq.Tables == 0 {
			t.Errorf("pext: %+v", tq)
		}
	}
	if tq := (&Set{}).perftTechnique(slider, factor.Slider, "rotated"); tq.Impl != "" || tq.Tables == 0 {
		t.Errorf("rotated: %+v (its kernel is of family sliding-rotated: facts, no impl of sliding)", tq)
	}
	ser := verdict.Factors()[4]
	if tq := (&Set{}).perftTechnique(ser, factor.Serialize, "inline"); tq.Impl != "" || tq.Usage != 0 {
		t.Errorf("inline: %+v (written in place)", tq)
	}
}

// TestVerdictDeterministic: the verdict of a committed CPU folder is the
// same every time (two configurations of one perft value, map order, once
// made the representation's line change from one make report to the next).
func TestVerdictDeterministic(t *testing.T) {
	use, _, err := PageFiles(committedResults(t))
	if err != nil || len(use) == 0 {
		t.Skip("no committed results")
	}
	s, _, err := Load(Paths(use)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Configs {
		first := cells(s.Verdict(c.Label))
		for range 8 {
			if again := cells(s.Verdict(c.Label)); !slices.Equal(first, again) {
				t.Fatalf("%s: %v, then %v", c.Label, first, again)
			}
		}
	}
}

func cells(ls []verdict.Line) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Cell()+" "+strings.Join(l.Evidence(), ";"))
	}
	return out
}

// TestMicroLeavesOutLearningCurve: the verdict's micro throughput is the
// headline standing, the learning curve's repeated inputs left out (with
// d4-rep256 counted in, forward would cost 20 cycles, as reverse does).
func TestMicroLeavesOutLearningCurve(t *testing.T) {
	path := reporttest.Plant{CPU: "Test CPU 9000", Family: "serialize", Baseline: "forward", Size: schema.StreamElements, Cycles: map[string]map[string]float64{
		"forward": {"d8": 40, "d4-rep256": 10},
		"reverse": {"d8": 20, "d4-rep256": 20},
	}}.Write(t, t.TempDir(), "a.txt")
	s, _, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(verdict.Factors(), func(f verdict.Factor) bool { return f.Family == "serialize" })
	if i < 0 {
		t.Fatal("no verdict factor of family serialize")
	}
	got := map[string]verdict.Interval{}
	for _, tq := range s.techniques("v1", verdict.Factors()[i]) {
		got[tq.Name] = tq.Throughput
	}
	if f, r := got["forward"], got["reverse"]; math.Abs(f.Center-40) > 1e-9 || math.Abs(r.Center-20) > 1e-9 || f.Lo > f.Center || f.Hi < f.Center {
		t.Errorf("micro throughput %+v, want forward 40 and reverse 20 cycles", got)
	}
}

// TestBuild: a configuration's build is read from its files' headers: the
// Go release of the go line (with the experiment's suffix, or a
// development toolchain's), each release once, the GOAMD64 level or the
// GOARCH, the experiment; and the verdict for compilers that inline
// intrinsics reads the highest level.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	reporttest.Edit(t, reporttest.Results(t, dir, "a.txt", "v3", 1), "go: go1.26.8\n", "goexperiment: simd\ngo: go1.26.8-X:simd\n")
	reporttest.Edit(t, reporttest.Results(t, dir, "b.txt", "v1", 1), "goarch: amd64\ngoamd64: v1\n", "goarch: arm64\n", "go: go1.26.8", "go: devel go1.27-3eee283 Tue Nov 24 2026")
	reporttest.Edit(t, reporttest.Results(t, dir, "c.txt", "v1", 1), "go: go1.26.8", "go: go1.25.3")
	reporttest.Results(t, dir, "d.txt", "v1", 1)
	s, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"v3+simd": "Go 1.26 (gc), GOAMD64=v3 with GOEXPERIMENT=simd",
		"arm64":   "Go 1.27 devel (gc), GOARCH=arm64",
		"v1":      "Go 1.25 and 1.26 (gc), GOAMD64=v1",
	}
	for _, c := range s.Configs {
		if got := s.Build(c).String(); got != want[c.Label] {
			t.Errorf("%s: build %q, want %q", c.Label, got, want[c.Label])
		}
	}
	if len(s.Configs) != len(want) {
		t.Errorf("%d configurations, want %d", len(s.Configs), len(want))
	}
	if c, ok := s.InlinedConfig("Test CPU 9000"); !ok || c.Label != "v3+simd" {
		t.Errorf("the inlined verdict reads %v, want v3+simd, the highest level", c)
	}
}

// TestInlinedVerdict: on the committed Zen 4 folder (full suites at several
// levels, perft at v1 and v3), the verdict for compilers that inline
// intrinsics reads the highest level's micro benchmarks and no perft run:
// it is the same without the perft files, no line of it is ranked by perft
// or carries a perft figure, while the Go verdict of a build with a perft
// run does rank by perft.
func TestInlinedVerdict(t *testing.T) {
	files := committed.Copy(t, t.TempDir(), zen4+"/*.txt", zen4+"/"+schema.PerftFolder+"/*.txt")
	var kernelRuns []string
	for _, f := range files {
		fh, err := ScanFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if fh.Run.Kind != schema.RunPerft && fh.Run.Kind != schema.RunPlacement {
			kernelRuns = append(kernelRuns, f)
		}
	}
	if len(kernelRuns) == len(files) || len(kernelRuns) == 0 {
		t.Skip("the committed Zen 4 folder lacks kernel or perft runs")
	}
	inlined := func(paths []string) (*Set, *Config, []string) {
		s, _, err := Load(paths...)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := s.InlinedConfig(s.Configs[0].CPU)
		if !ok {
			t.Fatal("no configuration for the inlined verdict")
		}
		var out []string
		for _, l := range s.InlinedVerdict(c.Label) {
			if l.Basis == verdict.ByPerft || slices.ContainsFunc(l.Use, func(u verdict.Technique) bool { return u.Perft.Known() }) {
				t.Errorf("%s: %s rests on perft", c.Label, l.Factor.Name)
			}
			out = append(out, l.Cell()+" "+strings.Join(l.Evidence(), ";"))
		}
		return s, c, out
	}
	s, c, with := inlined(files)
	_, c2, without := inlined(kernelRuns)
	highest := slices.MaxFunc(s.Configs, func(a, b *Config) int { return strings.Compare(a.Level, b.Level) }).Level
	if c.Level != highest || c2.Label != c.Label {
		t.Errorf("the inlined verdict reads %s (without perft %s), want the %s build, the highest", c.Label, c2.Label, highest)
	}
	if !slices.Equal(with, without) {
		t.Errorf("the perft runs changed the inlined verdict:\n%q\nwithout them\n%q", with, without)
	}
	if !slices.ContainsFunc(s.Configs, func(o *Config) bool {
		return slices.ContainsFunc(s.Verdict(o.Label), func(l verdict.Line) bool { return l.Basis == verdict.ByPerft })
	}) {
		t.Error("no Go verdict ranks anything by perft: the folder's perft runs were not read")
	}
}
