package report

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/kernels"
	"bitlab/verdict"
)

// TestVerdictFactorsMatchModel: every verdict factor that perft varies names
// a factor of the perft factor model, with the same kernels family, and
// every perft factor has its verdict line.
func TestVerdictFactorsMatchModel(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range verdict.Factors() {
		if f.Perft == "" {
			continue
		}
		pf, ok := factor.ByKey(f.Perft)
		if !ok {
			t.Errorf("verdict factor %q: no perft factor %q", f.Name, f.Perft)
			continue
		}
		seen[f.Perft] = true
		if f.Family != "" && pf.Family() != f.Family {
			t.Errorf("verdict factor %q: family %q, perft factor %s's %q", f.Name, f.Family, f.Perft, pf.Family())
		}
	}
	for _, pf := range factor.All() {
		if !seen[pf.Key()] {
			t.Errorf("perft factor %s has no verdict line", pf.Key())
		}
	}
}

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
	var paths []string
	for _, pat := range []string{"../results/*/*.txt", "../results/*/perft/*.txt"} {
		m, _ := filepath.Glob(pat)
		paths = append(paths, m...)
	}
	use, _, err := PageFiles(paths)
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
