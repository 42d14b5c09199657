package report

import (
	"fmt"
	"strings"

	"bitlab/kernels"
	"bitlab/schema"
	"bitlab/uarch"
)

// A Floor is a family's floor (kernels.Floor) on a configuration's core:
// the instruction's cycles per instruction as the self-check of the
// configuration's runs measured it.
type Floor struct {
	kernels.Floor
	Measured float64 // the instruction's measured cycles per instruction
}

// Cycles returns the floor in cycles per element.
func (f Floor) Cycles() float64 { return f.Measured / float64(f.PerInstr) }

// Floor returns a family's floor on a configuration's core: the lowest of
// the family's floors whose instruction the self-check in the headers of
// the configuration's runs measured and uarch's tables list for the core.
// Of several runs it takes the median figure: without cycle counters the
// self-check's cycles are a ratio to the ADD chain's time, so a disturbance
// can move them either way, and the fastest run's is its luckiest error
// (0.968 cycles for Zen 4's VPOPCNTQ zmm, which issues one a cycle). The tables leave out
// instructions that are microcoded with data-dependent costs (Zen 2's
// PEXT), so a core they do not know has no floor; nor has a run under an
// emulator. ok is false where there is no floor.
func (s *Set) Floor(cfg, family string) (f Floor, ok bool) {
	c, found := s.Config(cfg)
	if !found {
		return Floor{}, false
	}
	measured := map[string][]float64{}
	for _, file := range c.Files {
		for instr, v := range selfCheckThroughputs(s.header[file]) {
			measured[instr] = append(measured[instr], v)
		}
	}
	core := uarch.Core{Name: c.Uarch}
	for _, fam := range kernels.Families() {
		if fam.Name() != family {
			continue
		}
		for _, fl := range fam.Floors() {
			runs := measured[fl.Instr]
			if _, published := uarch.Published(core, fl.Instr); len(runs) == 0 || !published {
				continue
			}
			if cand := (Floor{fl, schema.Summarize(runs).Center}); !ok || cand.Cycles() < f.Cycles() {
				f, ok = cand, true
			}
		}
	}
	return f, ok
}

// selfCheckThroughputs returns the measured throughputs, in cycles per
// instruction, of the self-check lines among a results file's comment
// lines ("  POPCNT latency 1.000 cycles ±0.1% (published 1, +0.0%)
// throughput 0.260 cycles/instr ±0.5% ..."), by instruction; none for a
// run under an emulator, whose figures measure the emulation.
func selfCheckThroughputs(header []string) map[string]float64 {
	m := map[string]float64{}
	for _, l := range header {
		if strings.HasPrefix(l, "emulator:") {
			return nil
		}
		rest, indented := strings.CutPrefix(l, "  ")
		instr, figures, hasLatency := strings.Cut(rest, " latency ")
		_, tp, hasThroughput := strings.Cut(figures, "  throughput ")
		var v float64
		if !indented || !hasLatency || !hasThroughput {
			continue
		}
		if _, err := fmt.Sscanf(tp, "%g cycles/instr", &v); err == nil && plausible(v) {
			m[strings.TrimSpace(instr)] = v
		}
	}
	return m
}
