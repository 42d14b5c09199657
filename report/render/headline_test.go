package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// TestHeadlineLeavesOutLearningCurve plants a serialize run on the stream
// whose learning curve (d4-rep256) favours the baseline: counted in, forward
// would cost 25.2 cycles and reverse be 1.26x faster. The CPU page's geomean
// rows and the page across CPUs rank them on the headline distributions
// alone (forward 40 cycles, reverse 2.00x), and the table says which rows
// its geomean leaves out; a table of the learning curve has no geomean.
func TestHeadlineLeavesOutLearningCurve(t *testing.T) {
	dir := t.TempDir()
	reporttest.Plant{CPU: "Test CPU 9000", Family: "serialize", Baseline: "forward", Size: schema.StreamElements, Cycles: map[string]map[string]float64{
		"forward": {"d8": 40, "random": 40, "d4-rep256": 10},
		"reverse": {"d8": 20, "random": 20, "d4-rep256": 20},
	}}.Write(t, dir, "a.txt")
	s := mustLoad(t, dir)

	var table strings.Builder
	if err := s.table(&table, "v1", "serialize", schema.Throughput, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| d4-rep256 | 10.0 ±∞ | 20.0 ±∞ |", "| **geomean** | 40.0 | 20.0 |", "| **vs forward** | 1.00x | 2.00x |", "are over d8, random; they leave out the learning curve (d4-rep256)"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("the table has no %q:\n%s", want, table.String())
		}
	}
	// The learning curve alone, with its never-repeating end: no geomean.
	var curve strings.Builder
	if err := s.table(&curve, "v1", "serialize", schema.Throughput, []string{"d4-rep256", "d8"}); err != nil || strings.Contains(curve.String(), "geomean") {
		t.Errorf("a table of the learning curve has geomean rows (%v):\n%s", err, curve.String())
	}

	out := t.TempDir()
	if err := CrossPage(s.Set, out); err != nil {
		t.Fatal(err)
	}
	cross, _ := os.ReadFile(filepath.Join(out, "README.md"))
	for _, want := range []string{"| `forward` | 40.0 cycles, 1.00x |", "| `reverse` | 20.0 cycles, 2.00x |"} {
		if !strings.Contains(string(cross), want) {
			t.Errorf("the page across CPUs has no %q:\n%s", want, cross)
		}
	}
}

// TestCrossCellsLikeWithLike plants two CPUs that measured different
// distributions of the sliding family: the newer one rook and bishop
// queries besides random and chess, where the implementations rank the
// other way round. Every cell is over random and chess alone, the note
// above the table names what it leaves out and why, and a cell of an
// implementation that lacks one of them says so.
func TestCrossCellsLikeWithLike(t *testing.T) {
	dir := t.TempDir()
	reporttest.Plant{CPU: "Old CPU 1", Family: "sliding", Baseline: "magic-fancy", Size: schema.L1Elements, Cycles: map[string]map[string]float64{
		"magic-fancy": {"random": 8, "chess": 8},
		"pext":        {"random": 4, "chess": 4},
	}}.Write(t, dir, "old.txt")
	reporttest.Plant{CPU: "New CPU 2", Family: "sliding", Baseline: "magic-fancy", Size: schema.L1Elements, Cycles: map[string]map[string]float64{
		"magic-fancy":  {"random": 6, "chess": 6, "rook": 1, "bishop": 1},
		"pext":         {"random": 3, "chess": 3, "rook": 30, "bishop": 30},
		"kindergarten": {"chess": 12},
	}}.Write(t, dir, "new.txt")
	s := mustLoad(t, dir)
	if len(s.Configs) != 2 {
		t.Fatalf("configurations %v", s.Configs)
	}
	newCPU, oldCPU := s.Configs[0].Label, s.Configs[1].Label // by label: "New 2 v1", "Old 1 v1"

	out := t.TempDir()
	if err := CrossPage(s.Set, out); err != nil {
		t.Fatal(err)
	}
	cross, _ := os.ReadFile(filepath.Join(out, "README.md"))
	for _, want := range []string{
		"Over chess, random, the distributions every configuration measured; left out: bishop, rook (not measured on " + oldCPU + ").",
		"| implementation | " + newCPU + " | " + oldCPU + " |",
		"| `magic-fancy` | 6.00 cycles, 1.00x | 8.00 cycles, 1.00x |",
		"| `pext` | 3.00 cycles, 2.00x | 4.00 cycles, 2.00x |",
		"| `kindergarten` | 12.0 cycles, 0.50x (without random: not measured) |  |",
	} {
		if !strings.Contains(string(cross), want) {
			t.Errorf("the page across CPUs has no %q:\n%s", want, cross)
		}
	}
}
