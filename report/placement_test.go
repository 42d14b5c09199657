package report

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/report/internal/reporttest"
	"bitlab/verdict"
)

// sliderLine returns the verdict on the sliders of the set's one
// configuration.
func sliderLine(t *testing.T, files ...string) (verdict.Line, *Set) {
	t.Helper()
	s, warns, err := Load(files...)
	if err != nil || len(warns) > 0 || len(s.Configs) != 1 {
		t.Fatalf("load: %v %v, configurations %v", err, warns, s.Configs)
	}
	for _, l := range s.Verdict(s.Configs[0].Label) {
		if l.Factor.Perft == factor.Slider.Key() {
			return l, s
		}
	}
	t.Fatal("no verdict on the sliders")
	return verdict.Line{}, nil
}

// TestPlacementSpread: a perft run in which pext is 6% slower than the
// default, beside a placement run of the same campaign. A placement
// spread of 10% turns the default's win into a tie, one of 1% keeps it;
// the placement runs' values join no perft figure; without a placement
// run the verdict says its margin is unguarded.
func TestPlacementSpread(t *testing.T) {
	const campaign = "2026-11-26T08:00:00Z"
	perftHeader := reporttest.PerftHeader(campaign)
	for _, c := range []struct {
		name    string
		factors []float64
		choice  string
		spread  float64
	}{
		{"wide", []float64{1, 1.1, 1, 1}, "tie: magic-fancy, pext", 0.1},
		{"narrow", []float64{1, 1, 1.01, 1}, "magic-fancy", 0.01},
	} {
		dir := t.TempDir()
		perft := reporttest.Perft(t, filepath.Join(dir, "perft"), "perft.txt", perftHeader, map[string]float64{"magic-fancy": 100, "pext": 94})
		placed := reporttest.Placements(t, dir, campaign, c.factors)
		l, s := sliderLine(t, append([]string{perft}, placed...)...)
		p := s.Placement(s.Configs[0].Label)
		if l.Choice() != c.choice || math.Abs(p.Spread-c.spread) > 1e-6 || len(p.Placed) != 4 || p.Positions != 2 || p.Unit != "ns/node" {
			t.Errorf("%s spread: choice %q, placement %+v; want %q, spread %g over 4 placements and 2 positions", c.name, l.Choice(), p, c.choice, c.spread)
		}
		if len(s.PerftCases(s.Configs[0].Label)) != 4 || len(s.Configs[0].Files) != 5 {
			t.Errorf("%s spread: perft cases %v, files %v: want the perft run's 4 cases, and its file with the placement runs'", c.name, s.PerftCases(s.Configs[0].Label), s.Configs[0].Files)
		}
	}
	dir := t.TempDir()
	l, _ := sliderLine(t, reporttest.Perft(t, dir, "perft.txt", perftHeader, map[string]float64{"magic-fancy": 100, "pext": 94}))
	var text strings.Builder
	if err := verdict.WriteText(&text, []verdict.Line{l}, "make perft"); err != nil {
		t.Fatal(err)
	}
	if l.Choice() != "magic-fancy" || !strings.Contains(text.String(), "(perft margin unguarded by a placement measurement)") ||
		l.Placement.Missing != noPlacement {
		t.Errorf("no placement run: choice %q, text\n%s", l.Choice(), text.String())
	}
}

// TestPlacementSets: a page reads one set of placement runs per CPU and
// build, the newest campaign's; the older set's runs are left out, and
// one placement alone guards nothing.
func TestPlacementSets(t *testing.T) {
	dir := t.TempDir()
	old := reporttest.Placements(t, dir, "2026-11-25T08:00:00Z", []float64{1, 1.2, 1, 1.3})
	now := reporttest.Placements(t, dir, "2026-11-26T08:00:00Z", []float64{1, 1.05, 1})
	use, left, err := PageFiles(append(slices.Clone(old), now...))
	if err != nil {
		t.Fatal(err)
	}
	if got := Paths(use); !slices.Equal(got, now) || len(left) != 4 || !slices.ContainsFunc(left, func(l Left) bool {
		return l.File.Path == old[3] && strings.Contains(l.Reason, "a placement run of another build of the code than "+filepath.Base(now[2]))
	}) {
		t.Errorf("use %v, left %v; want the newest campaign's three, the older one's fourth left out as another build's", got, left)
	}
	s, _, err := Load(now[:1]...)
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Placement(s.Configs[0].Label); p.Guards() || !strings.Contains(p.Missing, "has one placement") {
		t.Errorf("one placement: %+v", p)
	}
}
