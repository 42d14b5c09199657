package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
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
