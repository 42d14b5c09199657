package explain

import (
	"fmt"
	"slices"
	"strings"

	"bitlab/kernels"
)

// Model is one of llvm-mca's scheduling models, as explain runs it.
type Model struct {
	CPU   string // llvm-mca's -mcpu
	Arch  string // the GOARCH whose code it models
	Label string // the core it models, for pages: "Zen 4", "Golden Cove (Alder Lake P-core)"
	// Core is the name package uarch gives the core, "" where uarch
	// cannot name it; results of a CPU of that core are compared with it.
	Core string
	// Borrowed names the core whose model LLVM runs for CPU instead of the
	// CPU's own, "" where the model is the core's own.
	Borrowed string
	// Features are the CPU features of package kernels the core has (the
	// vendors' documentation): a kernel that needs another is n/a.
	Features []kernels.Feature
}

// x86v3 and avx512 return the feature sets of the modelled x86 cores.
func x86v3() []kernels.Feature {
	return []kernels.Feature{kernels.POPCNT, kernels.BMI1, kernels.BMI2, kernels.LZCNT, kernels.AVX2}
}

func avx512() []kernels.Feature {
	return append(x86v3(), kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL, kernels.AVX512VBMI,
		kernels.AVX512VBMI2, kernels.AVX512VPOPCNTDQ, kernels.AVX512GFNI)
}

// lacks returns the features of fs the model's core does not have.
func (m Model) lacks(fs []kernels.Feature) []string {
	var out []string
	for _, f := range fs {
		if !slices.Contains(m.Features, f) {
			out = append(out, string(f))
		}
	}
	return out
}

// Models returns the models explain estimates with ([llvm-mca]), a fresh
// list: AMD's Zen 3, 4 and 5, Intel's Skylake, Sunny Cove, Golden Cove
// (client and server), and Arm's Neoverse N1 and V2. LLVM 19 has no Zen 5
// model: znver5 runs the Zen 4 one.
func Models() []Model {
	return []Model{
		{CPU: "znver3", Arch: "amd64", Label: "Zen 3", Core: "Zen 3", Features: x86v3()},
		{CPU: "znver4", Arch: "amd64", Label: "Zen 4", Core: "Zen 4", Features: avx512()},
		{CPU: "znver5", Arch: "amd64", Label: "Zen 5", Core: "Zen 5", Borrowed: "Zen 4", Features: avx512()},
		{CPU: "skylake", Arch: "amd64", Label: "Skylake", Core: "Skylake", Features: x86v3()},
		{CPU: "icelake-server", Arch: "amd64", Label: "Sunny Cove (Ice Lake server)", Core: "Sunny Cove", Features: avx512()},
		{CPU: "alderlake", Arch: "amd64", Label: "Golden Cove (Alder Lake P-core)", Core: "Golden Cove", Features: x86v3()},
		{CPU: "sapphirerapids", Arch: "amd64", Label: "Golden Cove (Sapphire Rapids)", Features: avx512()},
		{CPU: "neoverse-n1", Arch: "arm64", Label: "Neoverse N1", Core: "Neoverse N1"},
		{CPU: "neoverse-v2", Arch: "arm64", Label: "Neoverse V2", Core: "Neoverse V2"},
	}
}

// ModelFor returns the model of a core package uarch names, if explain has
// one.
func ModelFor(core string) (Model, bool) {
	for _, m := range Models() {
		if m.Core != "" && m.Core == core {
			return m, true
		}
	}
	return Model{}, false
}

// LookupModel returns the model of an -mcpu name.
func LookupModel(cpu string) (Model, error) {
	var names []string
	for _, m := range Models() {
		if m.CPU == cpu {
			return m, nil
		}
		names = append(names, m.CPU)
	}
	return Model{}, fmt.Errorf("no model %q (explain runs %s)", cpu, strings.Join(names, ", "))
}

// triple is the LLVM target triple of a GOARCH.
func triple(arch string) string {
	if arch == "arm64" {
		return "aarch64-unknown-linux-gnu"
	}
	return "x86_64-unknown-linux-gnu"
}

// What the resources of the models do, by name: Zen's pipes, Intel's
// ports, Neoverse's issue queues ([llvm-mca]'s scheduling models: the
// X86Sched* and AArch64SchedNeoverse* files).
var intelPorts = map[string]string{
	"0": "ALU, vector, branch", "1": "ALU, vector, the slow integer operations (IMUL, POPCNT, PEXT)", "5": "ALU, vector shuffles",
	"6": "ALU, branch", "10": "ALU", "2": "loads", "3": "loads", "11": "loads", "4": "store data", "9": "store data",
	"7": "store address", "8": "store address",
}

// unitOf returns the kind of work a resource of llvm-mca does and its
// group (the name without the unit number), for the bottleneck's words.
func unitOf(resource string) (what, group string) {
	name := strings.Map(func(r rune) rune {
		if r < ' ' {
			return -1
		}
		return r
	}, resource)
	if n, ok := strings.CutSuffix(name, "."); ok {
		name = n // one unit of a group, "Zn4Load.\x00"
	} else {
		name = strings.TrimRight(name, "0123456789") // "Zn4ALU0"
	}
	if i := strings.Index(resource, "Port"); i >= 0 {
		n := strings.TrimLeft(resource[i+4:], "0")
		if n == "" {
			n = "0"
		}
		if w, ok := intelPorts[n]; ok {
			return w, resource
		}
		return "port", resource
	}
	for _, k := range []struct{ key, what string }{
		{"AGU", "address generation"}, {"ALU", "integer ALUs"}, {"BRU", "branch unit"}, {"FPSt", "vector store data"},
		{"FP45", "vector store and conversion pipes"}, {"FP", "vector pipes"}, {"LSU", "load/store queue"},
		{"Load", "loads"}, {"Store", "stores"}, {"UnitB", "branch units"}, {"UnitD", "store data"},
		{"UnitL", "loads and store addresses"}, {"UnitM", "multi-cycle integer units"}, {"UnitS", "single-cycle integer units"},
		{"UnitV", "vector units"}, {"Divider", "divider"},
	} {
		if strings.Contains(name, k.key) {
			return k.what, name
		}
	}
	return name, name
}
