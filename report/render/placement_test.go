package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
)

// TestPagesQuotePlacementSpread: a CPU page and the page across CPUs quote
// a perft run's placement spread with the placement runs' files, the
// verdict tying the sliders within it; without placement runs they say
// that the perft margins are unguarded.
func TestPagesQuotePlacementSpread(t *testing.T) {
	const start = "2026-11-26T08:00:00Z"
	for _, c := range []struct {
		name    string
		factors []float64
		want    []string
	}{
		{"placed", []float64{1, 1.1, 1, 1}, []string{
			"**Placement spread: 10.0%**; placement spread 10.0%: the default configuration's perft cost (ns/node, geometric mean over 2 positions) in 4 of 4 code placements",
			"([" + start + "-placement1.txt](perft/" + start + "-placement1.txt), [",
			"| sliding attacks | tie: magic-fancy, pext | perft | ",
			"a tie within the placement spread of 10.0%: pext trails magic-fancy by 1.06x"}},
		{"unplaced", nil, []string{
			"**Placement spread: none measured**; perft margins unguarded by a placement measurement: no placement run of this CPU and build",
			"| sliding attacks | magic-fancy | perft | ",
			"(perft margin unguarded by a placement measurement)"}},
	} {
		results := filepath.Join(t.TempDir(), "cpu")
		files := append([]string{reporttest.Perft(t, filepath.Join(results, "perft"), "perft.txt", reporttest.PerftHeader(start), map[string]float64{"magic-fancy": 100, "pext": 94})},
			reporttest.Placements(t, results, start, c.factors)...)
		s := mustLoad(t, files...)
		if _, err := Page(s.Set, results, PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
		cross := filepath.Dir(results)
		if err := CrossPage(s.Set, cross); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(results, "README.md"))
		for _, want := range c.want {
			if !strings.Contains(string(page), want) {
				t.Errorf("%s: the CPU page lacks %q:\n%s", c.name, want, page)
			}
		}
		across, _ := os.ReadFile(filepath.Join(cross, "README.md"))
		if want := "What guards each column's perft margins:\n\n- " + s.Configs[0].CoreName() + ": " + strings.Replace(c.want[0], "perft/", "cpu/perft/", 1); !strings.Contains(string(across), want) {
			t.Errorf("%s: the page across CPUs lacks %q:\n%s", c.name, want, across)
		}
	}
}
