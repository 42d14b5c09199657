package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/fingerprint"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// TestPageMarksStale: a configuration whose recorded fingerprint of a
// family it measured differs from today's code's is marked stale on its
// page, as is one whose file records no fingerprints (a file from before
// the fingerprint line), and one whose fingerprints are today's is not.
func TestPageMarksStale(t *testing.T) {
	today := "# " + schema.FingerprintComment + fingerprint.Line() + "\n"
	for _, c := range []struct{ a, want string }{
		{"# " + schema.FingerprintComment + "popcount=00000000\n", "**Stale:** v1 measured at unstamped; the kernels of popcount changed since: make campaign on this CPU."},
		{"", "**Stale:** v1 measured at unstamped before runs recorded the code's fingerprint: make campaign on this CPU."},
	} {
		dir := reporttest.TwoLevels(t)
		a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
		reporttest.Edit(t, a, today, c.a)
		if data, err := os.ReadFile(b); err != nil || !strings.Contains(string(data), today) {
			t.Fatalf("b.txt does not record today's fingerprints (%v)", err)
		}
		s := mustLoad(t, a, b)
		out := t.TempDir()
		if _, err := Page(s.Set, out, PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(out, "README.md"))
		if !strings.Contains(string(page), c.want) {
			t.Errorf("v1 is not marked stale with %q:\n%s", c.want, page)
		}
		if strings.Contains(string(page), "**Stale:** v3") {
			t.Errorf("v3, at today's fingerprints, is marked stale")
		}
	}
}

// TestChartNamesStale: the page across CPUs draws the chart of micro
// against perft speed-ups from a perft run whether or not it is stale, and
// names the configurations whose perft run is, which rank nothing and
// so have no perft margins for a placement spread to guard.
func TestChartNamesStale(t *testing.T) {
	today := "# " + schema.FingerprintComment + fingerprint.Line() + "\n"
	for _, fresh := range []bool{true, false} {
		dir := t.TempDir()
		micro := reporttest.Plant{CPU: "Test CPU 9000", Family: "sliding", Baseline: "magic-fancy", Size: schema.L1Elements,
			Cycles: map[string]map[string]float64{"magic-fancy": {"random": 10}, "pext": {"random": 8}}}.Write(t, dir, "a.txt")
		reporttest.Edit(t, micro, "# clock", "# bitlab revision: "+reporttest.Revision+"\n# clock")
		perft := reporttest.Perft(t, filepath.Join(dir, "perft"), "p.txt", []string{"run: perft -depths start=5,kiwipete=4", "bitlab revision: " + reporttest.Revision},
			map[string]float64{"magic-fancy": 100, "pext": 94})
		if !fresh {
			reporttest.Edit(t, perft, today, "")
		}
		s := mustLoad(t, micro, perft)
		if len(s.Configs) != 1 {
			t.Fatalf("%d configurations, want the one of both files", len(s.Configs))
		}
		out := t.TempDir()
		if err := CrossPage(s.Set, out); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(out, "README.md"))
		if !strings.Contains(string(page), "![micro speed-up against perft speed-up]") {
			t.Errorf("fresh %v: no chart of micro against perft speed-ups:\n%s", fresh, page)
		}
		named := strings.Contains(string(page), "those of v1 are stale")
		if named == fresh {
			t.Errorf("fresh %v: the chart's note names v1 stale: %v:\n%s", fresh, named, page)
		}
		if guarded := strings.Contains(string(page), "perft margins unguarded"); guarded != fresh {
			t.Errorf("fresh %v: the page says what guards perft margins: %v (a stale perft run has none):\n%s", fresh, guarded, page)
		}
	}
}
