package render

import (
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/schema"
	"bitlab/uarch"
)

// TestFloorInTable plants a popcount run on Zen 4 whose self-check measured
// VPOPCNTQ at 1.000 cycles per instruction: its headline table gives the
// floor, 0.125 cycles per word, and each kernel's geomean over it; the same
// run without the self-check line has neither.
func TestFloorInTable(t *testing.T) {
	floorRow := "| **x floor** | 2.00x | 80.00x |"
	floorLine := "Floor on this core: 0.125 cycles per word (VPOPCNTQ zmm at its measured 1.000 cycles per instruction, 8 words each); the x floor row is each geomean over it."
	for _, c := range []struct {
		name   string
		header []string
		want   bool
	}{
		{"with the self-check line", []string{reporttest.SelfCheckLine(uarch.VPOPCNTQ, 1)}, true},
		{"without it", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			reporttest.Plant{CPU: "Test CPU 9000", Family: "popcount", Baseline: "kernighan", Size: schema.L1Elements, Uarch: "Zen 4", Header: c.header,
				Cycles: map[string]map[string]float64{"kernighan": {"k8": 10, "random": 10}, "avx512-vpopcnt": {"k8": 0.25, "random": 0.25}}}.Write(t, dir, "a.txt")
			var b strings.Builder
			if err := mustLoad(t, dir).table(&b, "v1", "popcount", schema.Throughput, nil); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{floorRow, floorLine} {
				if strings.Contains(b.String(), want) != c.want {
					t.Errorf("the table has %q: %v, want %v:\n%s", want, !c.want, c.want, b.String())
				}
			}
		})
	}
}
