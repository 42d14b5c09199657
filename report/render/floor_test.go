package render

import (
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/schema"
	"bitlab/uarch"
)

// TestFloorInTable plants headline tables with and without the self-check
// line of the floor's instruction. Popcount on Zen 4, VPOPCNTQ zmm
// measured at 1.000 cycles: the floor is 0.125 cycles per word and each
// kernel's geomean is that many times it. Sliding on Zen 3, PEXT at 1.000
// cycles, queen (random) and rook queries: the floors are 2 and 1 cycles
// per query, and a kernel at 4 and 1 cycles is 2.00x and 1.00x them, so
// 1.41x in the x floor row (the geomean of its ratios, not of its costs
// over the floor of any one distribution); a table of the random row
// alone (a notebook's) is 2.00x its floor of 2 cycles. Without the line,
// neither.
func TestFloorInTable(t *testing.T) {
	for _, c := range []struct {
		name  string
		plant reporttest.Plant
		instr string
		dists []string // the table's rows, nil for all
		row   string
		line  string
	}{
		{"popcount", reporttest.Plant{Family: "popcount", Baseline: "kernighan", Uarch: "Zen 4",
			Cycles: map[string]map[string]float64{"kernighan": {"k8": 10, "random": 10}, "avx512-vpopcnt": {"k8": 0.25, "random": 0.25}}},
			uarch.VPOPCNTQ, nil, "| **x floor** | 2.00x | 80.00x |",
			"Floor on this core: 0.125 cycles per word, VPOPCNTQ zmm measured at 1.000 cycles each, one per 8 words; the x floor row is each geomean over it."},
		{"sliding", reporttest.Plant{Family: "sliding", Baseline: "ray-loop", Uarch: "Zen 3",
			Cycles: map[string]map[string]float64{"ray-loop": {"random": 40, "rook": 10}, "pext": {"random": 4, "rook": 1}}},
			uarch.PEXT, nil, "| **x floor** | 1.41x | 14.14x |",
			"Floor on this core: 1.41 cycles per query, the geomean of the distributions' floors (random 2.00, rook 1.00; PEXT measured at 1.000 cycles each, " +
				"times how many a query needs on average: random 2, rook 1); the x floor row is each geomean over it, the geomean of its cost over the floor on each distribution."},
		{"sliding's random row", reporttest.Plant{Family: "sliding", Baseline: "ray-loop", Uarch: "Zen 3",
			Cycles: map[string]map[string]float64{"ray-loop": {"random": 40, "rook": 10}, "pext": {"random": 4, "rook": 1}}},
			uarch.PEXT, []string{"random"}, "| **x floor** | 2.00x | 20.00x |",
			"Floor on this core: 2.00 cycles per query, PEXT measured at 1.000 cycles each, 2 per query; the x floor row is each geomean over it."},
	} {
		for _, measured := range []bool{true, false} {
			t.Run(c.name, func(t *testing.T) {
				dir := t.TempDir()
				p := c.plant
				p.CPU, p.Size = "Test CPU 9000", schema.L1Elements
				if measured {
					p.Header = []string{reporttest.SelfCheckLine(p.Uarch, c.instr, 1)}
				}
				p.Write(t, dir, "a.txt")
				var b strings.Builder
				if err := mustLoad(t, dir).table(&b, "v1", p.Family, schema.Throughput, c.dists); err != nil {
					t.Fatal(err)
				}
				for _, want := range []string{c.row, c.line} {
					if strings.Contains(b.String(), want) != measured {
						t.Errorf("the table has %q: %v, want %v:\n%s", want, !measured, measured, b.String())
					}
				}
			})
		}
	}
}
