package report

import (
	"fmt"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/uarch"
)

// TestFloor plants runs with and without self-check lines: the floor is
// the lowest of the family's floors the self-check measured on a core
// whose published costs list the instruction, of several runs of one
// configuration the median figure, and none otherwise.
func TestFloor(t *testing.T) {
	popcnt, vpopcnt := reporttest.SelfCheckLine(uarch.POPCNT, 0.26), reporttest.SelfCheckLine(uarch.VPOPCNTQ, 1)
	for _, c := range []struct {
		name, family, uarch string
		headers             [][]string // one run each
		instr               string     // "" for no floor
		cycles              float64
	}{
		{"both popcounts", "popcount", "Zen 4", [][]string{{popcnt, vpopcnt}}, uarch.VPOPCNTQ, 0.125},
		{"POPCNT alone", "popcount", "Zen 3", [][]string{{popcnt, "  VPOPCNTQ zmm skipped: CPU lacks avx512vpopcntdq"}}, uarch.POPCNT, 0.26},
		{"the median of three runs", "popcount", "Zen 3", [][]string{{popcnt}, {reporttest.SelfCheckLine(uarch.POPCNT, 0.3)}, {reporttest.SelfCheckLine(uarch.POPCNT, 0.25)}}, uarch.POPCNT, 0.26},
		{"no self-check", "popcount", "Zen 4", [][]string{nil}, "", 0},
		{"an unknown core", "popcount", "", [][]string{{popcnt}}, "", 0},
		{"an emulator", "popcount", "Zen 4", [][]string{{"emulator: qemu", popcnt}}, "", 0},
		{"PEXT", "sliding", "Zen 3", [][]string{{reporttest.SelfCheckLine(uarch.PEXT, 1.02)}}, uarch.PEXT, 1.02},
		{"microcoded PEXT", "sliding", "Zen 2", [][]string{{reporttest.SelfCheckLine(uarch.PEXT, 18)}}, "", 0},
		{"a family without a floor", "bitscan-reverse", "Zen 4", [][]string{{popcnt, vpopcnt}}, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for i, h := range c.headers {
				reporttest.Plant{CPU: "Test CPU 9000", Family: c.family, Baseline: "a", Size: 4096, Uarch: c.uarch, Header: h,
					Cycles: map[string]map[string]float64{"a": {"random": 1}}}.Write(t, dir, fmt.Sprintf("%d.txt", i))
			}
			s := mustLoad(t, dir)
			f, ok := s.Floor("v1", c.family)
			if ok != (c.instr != "") || f.Instr != c.instr || f.Cycles() != c.cycles && ok {
				t.Errorf("floor %+v (%.3f cycles, %v), want %q at %g cycles", f, f.Cycles(), ok, c.instr, c.cycles)
			}
		})
	}
}
