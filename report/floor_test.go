package report

import (
	"fmt"
	"maps"
	"math"
	"testing"

	"bitlab/harness"
	"bitlab/kernels"
	"bitlab/report/internal/reporttest"
	"bitlab/uarch"
)

// TestFloor plants runs with and without self-check lines: the floor is
// the lowest of the family's floors the self-check measured on a core
// whose published costs vouch for the instruction, of several runs of one
// configuration the median figure, and none otherwise.
func TestFloor(t *testing.T) {
	line := reporttest.SelfCheckLine
	popcnt, vpopcnt, pair := line("Zen 4", uarch.POPCNT, 0.26), line("Zen 4", uarch.VPOPCNTQ, 1), line("Zen 4", uarch.KMOVQVPCOMPRESSB, 2.56)
	for _, c := range []struct {
		name, family, uarch string
		headers             [][]string // one run each
		instr               string     // "" for no floor
		cycles              float64    // per element
	}{
		{"both popcounts", "popcount", "Zen 4", [][]string{{popcnt, vpopcnt}}, uarch.VPOPCNTQ, 0.125},
		{"POPCNT alone", "popcount", "Zen 3", [][]string{{popcnt, "  VPOPCNTQ zmm skipped: CPU lacks avx512vpopcntdq"}}, uarch.POPCNT, 0.26},
		{"the median of three runs", "popcount", "Zen 3", [][]string{{popcnt}, {line("Zen 3", uarch.POPCNT, 0.3)}, {line("Zen 3", uarch.POPCNT, 0.25)}}, uarch.POPCNT, 0.26},
		{"no self-check", "popcount", "Zen 4", [][]string{nil}, "", 0},
		{"an unknown core", "popcount", "", [][]string{{popcnt}}, "", 0},
		{"an emulator", "popcount", "Zen 4", [][]string{{"emulator: qemu", popcnt}}, "", 0},
		{"microcoded PEXT", "sliding", "Zen 2", [][]string{{line("Zen 2", uarch.PEXT, 18)}}, "", 0},
		{"a family without a floor", "bitscan-reverse", "Zen 4", [][]string{{popcnt, vpopcnt}}, "", 0},
		{"serialize's pair", "serialize", "Zen 4", [][]string{{line("Zen 4", uarch.VPCOMPRESSB, 1.33), pair}}, uarch.KMOVQVPCOMPRESSB, 2.56},
		{"serialize without the pair", "serialize", "Zen 4", [][]string{{line("Zen 4", uarch.VPCOMPRESSB, 1.33)}}, "", 0},
		{"the pair on an unknown core", "serialize", "", [][]string{{pair}}, "", 0},
		{"the pair on a core without VPCOMPRESSB's figures", "serialize", "Zen 3", [][]string{{pair}}, "", 0},
		{"the pair under an emulator", "serialize", "Zen 4", [][]string{{"emulator: qemu", pair}}, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for i, h := range c.headers {
				reporttest.Plant{CPU: "Test CPU 9000", Family: c.family, Baseline: "a", Size: 4096, Uarch: c.uarch, Header: h,
					Cycles: map[string]map[string]float64{"a": {"random": 1}}}.Write(t, dir, fmt.Sprintf("%d.txt", i))
			}
			f, ok := mustLoad(t, dir).Floor("v1", c.family)
			if ok != (c.instr != "") || ok && (f.Instr != c.instr || f.Cycles("random") != c.cycles) {
				t.Errorf("floor %+v (%.3f cycles, %v), want %q at %g cycles", f, f.Cycles("random"), ok, c.instr, c.cycles)
			}
		})
	}
}

// TestSlidingFloorPerDistribution plants a sliding run of queen (random),
// rook and chess queries: a rook query needs one PEXT, a queen query two,
// so the floors are 1 and 2 PEXTs and, on chess, 1 plus the queens' share
// of the batch the run timed (counted here from the queries themselves).
func TestSlidingFloorPerDistribution(t *testing.T) {
	dir := t.TempDir()
	reporttest.Plant{CPU: "Test CPU 9000", Family: "sliding", Baseline: "a", Size: 4096, Uarch: "Zen 3",
		Header: []string{reporttest.SelfCheckLine("Zen 3", uarch.PEXT, 1.25)},
		Cycles: map[string]map[string]float64{"a": {"random": 5, "rook": 5, "chess": 5}}}.Write(t, dir, "a.txt")
	f, ok := mustLoad(t, dir).Floor("v1", "sliding")
	if !ok {
		t.Fatal("no floor")
	}
	chess, err := harness.Inputs(kernels.Sliding(), harness.Workload{Dist: "chess", Size: 4096, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	queens := 0
	for _, q := range chess.([]kernels.Query) {
		if q.Piece == kernels.QueenLines {
			queens++
		}
	}
	if queens == 0 || queens == 4096 {
		t.Fatalf("%d queens among 4096 chess queries: the test needs a mix", queens)
	}
	want := map[string]float64{"random": 2, "rook": 1, "chess": 1 + float64(queens)/4096}
	if !maps.Equal(f.Need, want) || f.Cycles("chess") != 1.25*want["chess"] {
		t.Errorf("needs %v (chess %.4f cycles), want %v at 1.25 cycles per PEXT", f.Need, f.Cycles("chess"), want)
	}
	if g, w := f.Geomean(), 1.25*math.Cbrt(2*want["chess"]); math.Abs(g/w-1) > 1e-12 {
		t.Errorf("geomean %g, want %g", g, w)
	}
}

// TestSelfCheckThroughputs writes self-check rows with and without
// published figures, and a skipped one, with harness's writer: the parser
// reads back each measured row's throughput, under the writer's name.
func TestSelfCheckThroughputs(t *testing.T) {
	rows := []harness.SelfCheckRow{
		{Instr: uarch.PEXT, Latency: 3, Throughput: 1.02, Published: uarch.Cost{Latency: 3, Throughput: 1}},
		{Instr: uarch.KMOVQVPCOMPRESSB, Latency: 5.1, Throughput: 2.56},
		{Instr: uarch.VPOPCNTQ, Skipped: "CPU lacks avx512vpopcntdq"},
	}
	var header []string
	for _, l := range harness.FormatSelfCheck(rows) {
		header = append(header, "  "+l)
	}
	want := map[string]float64{uarch.PEXT: 1.02, uarch.KMOVQVPCOMPRESSB: 2.56}
	if got := selfCheckThroughputs(header); !maps.Equal(got, want) {
		t.Errorf("read %v from %q, want %v", got, header, want)
	}
}
