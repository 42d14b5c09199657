package uarch

import (
	"slices"
	"strings"
)

// Cost is an instruction's published latency and reciprocal throughput in
// core cycles, 64-bit register forms unless the instruction names a vector
// width. A zero Throughput means the source's figure is not reliable enough
// to check against.
type Cost struct {
	Latency, Throughput float64
	Source              string // a key of sources
}

// sources are the references of the cost tables, by key.
var sources = map[string]string{
	"instlatx64": "InstLatX64, AIDA64 instruction latency dumps (github.com/InstLatx64/InstLatx64)",
	"applecpu":   "Dougall Johnson, Apple M1 Firestorm instruction tables (dougallj.github.io/applecpu)",
	"llvm-sched": "LLVM AArch64 scheduling models AArch64SchedNeoverseN1.td, AArch64SchedNeoverseV1.td and AArch64SchedNeoverseV2.td",
}

// dumps names the InstLatX64 dump each core's row comes from.
var dumps = map[string]string{
	"Zen 5": "AuthenticAMD0B40F40_K20_GraniteRidge", "Zen 4": "AuthenticAMD0A60F12_K19_Raphael",
	"Zen 3": "AuthenticAMD0A20F10_K19_Vermeer", "Zen 2": "AuthenticAMD0870F10_K17_Matisse",
	"Lion Cove": "GenuineIntel00C0662_ArrowLake", "Raptor Cove": "GenuineIntel00B0671_RaptorLake",
	"Golden Cove":  "GenuineIntel0090672_AlderLake (AVX-512 enabled)",
	"Cypress Cove": "GenuineIntel00A0671_RocketLake", "Sunny Cove": "GenuineIntel00706E5_IceLakeY",
	"Skylake": "GenuineIntel00506E3_Skylake",
}

// Citation names the sources of a core's row: "InstLatX64, ... (...), dump
// AuthenticAMD0A20F10_K19_Vermeer".
func Citation(core Core) string {
	var keys []string
	for _, c := range costs[core.Name] {
		if !slices.Contains(keys, c.Source) {
			keys = append(keys, c.Source)
		}
	}
	slices.Sort(keys)
	var out []string
	for _, k := range keys {
		s := sources[k]
		if d, ok := dumps[core.Name]; ok && k == "instlatx64" {
			s += ", dump " + d
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// The instructions of the tables, as the self-check names them.
const (
	ADD         = "ADD"
	IMUL        = "IMUL"
	POPCNT      = "POPCNT"
	TZCNT       = "TZCNT"
	LZCNT       = "LZCNT"
	BSF         = "BSF"
	BLSR        = "BLSR"
	BSWAP       = "BSWAP"
	PEXT        = "PEXT"
	VPOPCNTQ    = "VPOPCNTQ zmm"
	VPCOMPRESSB = "VPCOMPRESSB zmm"
	GF2P8AFFINE = "VGF2P8AFFINEQB zmm"
	MUL         = "MUL" // arm64
	CLZ         = "CLZ"
	RBIT        = "RBIT"
	CNT         = "CNT .8B"
	ADDV        = "UADDLV .8B"
)

// KMOVQVPCOMPRESSB is the self-check's entry of a pair as serialize's
// VBMI2 loop issues it: KMOVQ k, r64, then VPCOMPRESSB zmm under that
// mask. The tables have no figure for the pair: where the two share a
// pipe (Zen 4) it costs about their sum, elsewhere about VPCOMPRESSB.
const KMOVQVPCOMPRESSB = "KMOVQ+VPCOMPRESSB zmm"

// pairs maps a self-check entry the tables have no figure for to the
// instruction of the tables whose published cost vouches for it.
var pairs = map[string]string{KMOVQVPCOMPRESSB: VPCOMPRESSB}

// row builds a table row from latency/throughput pairs in the order of the
// instructions named; instructions past the last pair have no figures.
func row(source string, instrs []string, costs ...float64) map[string]Cost {
	m := map[string]Cost{}
	for i := range len(costs) / 2 {
		m[instrs[i]] = Cost{Latency: costs[2*i], Throughput: costs[2*i+1], Source: source}
	}
	return m
}

var x86Instrs = []string{ADD, IMUL, POPCNT, TZCNT, LZCNT, BSF, BLSR, BSWAP, PEXT, VPOPCNTQ, VPCOMPRESSB, GF2P8AFFINE}

// costs holds the published costs per core. Zen 2's throughputs (AIDA64
// printed about twice the Zen 3 figures, probably an artifact) and its
// microcoded, data-dependent PEXT are not checked.
var costs = map[string]map[string]Cost{
	"Zen 5":        row("instlatx64", x86Instrs, 1, 0.19, 3, 0.33, 1, 0.19, 1, 0.33, 1, 0.19, 1, 0.33, 1, 0.46, 1, 0.19, 3, 0.33, 2, 0.5, 5, 1.0, 3, 0.5),
	"Zen 4":        row("instlatx64", x86Instrs, 1, 0.25, 3, 1.0, 1, 0.26, 1, 0.25, 1, 0.26, 1, 0.25, 1, 0.25, 1, 0.25, 3, 1.0, 2, 1.0, 5, 1.33, 3, 1.0),
	"Zen 3":        row("instlatx64", x86Instrs, 1, 0.25, 3, 1.0, 1, 0.26, 2, 0.5, 1, 0.26, 3, 3.0, 2, 0.5, 1, 0.25, 3, 1.0),
	"Zen 2":        row("instlatx64", x86Instrs, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 3, 0, 2, 0, 1, 0),
	"Lion Cove":    row("instlatx64", x86Instrs, 1, 0.17, 3, 0.35, 4, 1.0, 4, 1.0, 4, 1.0, 4, 1.0, 1, 0.38, 2, 1.0, 4, 1.0),
	"Raptor Cove":  row("instlatx64", x86Instrs, 1, 0.20, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 1, 0.34, 2, 1.0, 3, 1.0),
	"Golden Cove":  row("instlatx64", x86Instrs, 1, 0.20, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 1, 0.35, 2, 1.0, 3, 1.0, 3, 1.0, 3, 2.0, 3, 1.0),
	"Cypress Cove": row("instlatx64", x86Instrs, 1, 0.26, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 1, 0.5, 2, 1.0, 3, 1.0, 3, 1.0, 3, 2.0, 3, 1.0),
	"Sunny Cove":   row("instlatx64", x86Instrs, 1, 0.30, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 1, 0.5, 2, 1.0, 3, 1.0, 3, 1.0, 3, 2.0, 3, 1.0),
	"Skylake":      row("instlatx64", x86Instrs, 1, 0.32, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 3, 1.0, 1, 0.5, 2, 1.0, 3, 1.0),
	"Apple M1 Firestorm": row("applecpu", []string{ADD, MUL, CLZ, RBIT, CNT, ADDV},
		1, 0.167, 3, 0.5, 1, 0.167, 1, 0.167, 2, 0.25, 3, 0.25),
	"Neoverse N1": row("llvm-sched", []string{ADD, MUL, CLZ, RBIT, CNT, ADDV},
		1, 0.333, 4, 3, 1, 0.333, 1, 0.333, 2, 0.5, 5, 1),
	"Neoverse V1": row("llvm-sched", []string{ADD, MUL, CLZ, RBIT, CNT, ADDV},
		1, 0.25, 2, 0.5, 1, 0.25, 1, 0.25, 2, 0.25, 4, 0),
	"Neoverse V2": row("llvm-sched", []string{ADD, MUL, CLZ, RBIT, CNT, ADDV},
		1, 0.167, 2, 0.5, 1, 0.167, 1, 0.167, 2, 0.25, 5, 0),
}

// Published returns the published cost of an instruction on a core; ok is
// false when the tables have none.
func Published(core Core, instr string) (Cost, bool) {
	c, ok := costs[core.Name][instr]
	return c, ok
}

// FixedCost reports whether the self-check's figure of an entry measures
// a fixed cost on the core: the tables publish the instruction's cost
// there, or that of the instruction a pair is vouched for by. They leave
// out a core they do not know and an instruction microcoded with
// data-dependent costs (Zen 2's PEXT).
func FixedCost(core Core, instr string) bool {
	if of, ok := pairs[instr]; ok {
		instr = of
	}
	_, ok := Published(core, instr)
	return ok
}

// HasCosts reports whether the tables have a row for the core.
func HasCosts(core Core) bool {
	_, ok := costs[core.Name]
	return ok
}
