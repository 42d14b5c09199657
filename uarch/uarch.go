// Package uarch names a CPU's microarchitecture from its identification
// (x86 CPUID vendor, family and model; arm64 MIDR implementer and part) and
// holds the published instruction costs of each known core, which
// runbench's self-check compares its own measurements with.
//
// The tables are facts from the sources [Citation] names; a core missing
// here is reported as unknown with its vendor, family and model, never
// guessed.
package uarch

import (
	"fmt"
	"slices"
	"strings"
)

// Core is an identified microarchitecture.
type Core struct {
	Name   string // such as "Zen 3" or "Golden Cove"; "" when unknown
	Vendor string // CPUID vendor ("AuthenticAMD", "GenuineIntel") or arm64 implementer name
	Family int    // x86 display family; 0 on arm64
	Model  int    // x86 display model, or the arm64 part number
}

// Known reports whether the core was identified.
func (c Core) Known() bool { return c.Name != "" }

// String names the core, "unknown" with its identification otherwise:
// "Zen 3", "unknown (AuthenticAMD family 25 model 200)".
func (c Core) String() string {
	if c.Known() {
		return c.Name
	}
	return "unknown (" + c.ID() + ")"
}

// ID returns the identification the core was named from.
func (c Core) ID() string {
	if c.Family == 0 {
		return fmt.Sprintf("%s part %#x", c.Vendor, c.Model)
	}
	return fmt.Sprintf("%s family %d model %d", c.Vendor, c.Family, c.Model)
}

// Label names a CPU for charts and pages by its core and model name:
// "Zen 3 (AMD EPYC, family 25 model 1)".
func Label(core, cpuName string, family, model int) string {
	if family == 0 {
		return fmt.Sprintf("%s (%s)", core, cpuName)
	}
	return fmt.Sprintf("%s (%s, family %d model %d)", core, cpuName, family, model)
}

type modelRange struct {
	family, lo, hi int // models lo..hi inclusive
	name           string
}

// x86Cores maps family and model ranges to cores: AMD from the family 0x17,
// 0x19 and 0x1A model lists, Intel family 6 from the model numbers of each
// core's parts ([intel-models], [amd-models]).
var x86Cores = map[string][]modelRange{
	"AuthenticAMD": {
		{0x17, 0x00, 0x2F, "Zen"}, {0x17, 0x50, 0x5F, "Zen"},
		{0x17, 0x30, 0x4F, "Zen 2"}, {0x17, 0x60, 0x7F, "Zen 2"}, {0x17, 0x90, 0x91, "Zen 2"}, {0x17, 0xA0, 0xAF, "Zen 2"},
		{0x19, 0x00, 0x0F, "Zen 3"}, {0x19, 0x20, 0x5F, "Zen 3"},
		{0x19, 0x10, 0x1F, "Zen 4"}, {0x19, 0x60, 0xAF, "Zen 4"},
		{0x1A, 0x00, 0x2F, "Zen 5"}, {0x1A, 0x40, 0x4F, "Zen 5"}, {0x1A, 0x60, 0x7F, "Zen 5"},
	},
	"GenuineIntel": intelFamily6(map[string][]int{
		"Skylake":      {0x4E, 0x5E, 0x55, 0x8E, 0x9E, 0xA5, 0xA6},
		"Sunny Cove":   {0x7D, 0x7E, 0x6A, 0x6C},
		"Cypress Cove": {0xA7},
		"Willow Cove":  {0x8C, 0x8D},
		"Golden Cove":  {0x97, 0x9A, 0x8F},
		"Raptor Cove":  {0xB7, 0xBA, 0xBF, 0xCF},
		"Redwood Cove": {0xAA, 0xAC},
		"Lion Cove":    {0xC5, 0xC6, 0xB5, 0xBD},
	}),
}

func intelFamily6(models map[string][]int) []modelRange {
	var rs []modelRange
	for name, ms := range models {
		for _, m := range ms {
			rs = append(rs, modelRange{6, m, m, name})
		}
	}
	slices.SortFunc(rs, func(a, b modelRange) int { return a.lo - b.lo })
	return rs
}

// Hybrid Intel parts: the core type CPUID leaf 0x1A reports for the thread.
const (
	CoreTypeEfficient   = 0x20
	CoreTypePerformance = 0x40
)

// X86 identifies an x86 core from CPUID's vendor, display family and model.
// coreType is leaf 0x1A's core type of the running thread (0 when the part
// is not hybrid); on a hybrid part's efficient cores the name says so,
// since the performance core's name does not apply.
func X86(vendor string, family, model, coreType int) Core {
	c := Core{Vendor: vendor, Family: family, Model: model}
	for _, r := range x86Cores[vendor] {
		if r.family == family && model >= r.lo && model <= r.hi {
			c.Name = r.name
		}
	}
	if c.Known() && coreType == CoreTypeEfficient {
		c.Name = "" // an E-core of a hybrid part: a different core, not in the tables
		c.Vendor += " efficient core"
	}
	return c
}

// armImplementers names arm64 MIDR implementers.
var armImplementers = map[int]string{0x41: "Arm", 0x61: "Apple"}

// armParts maps MIDR implementer and part number to cores.
var armParts = map[[2]int]string{
	{0x41, 0xD0C}: "Neoverse N1", {0x41, 0xD40}: "Neoverse V1", {0x41, 0xD49}: "Neoverse N2",
	{0x41, 0xD4F}: "Neoverse V2", {0x41, 0xD84}: "Neoverse V3",
	{0x61, 0x022}: "Apple M1 Icestorm", {0x61, 0x023}: "Apple M1 Firestorm",
	{0x61, 0x032}: "Apple M2 Blizzard", {0x61, 0x033}: "Apple M2 Avalanche",
}

// ARM64 identifies an arm64 core from MIDR_EL1's implementer and part.
func ARM64(implementer, part int) Core {
	v, ok := armImplementers[implementer]
	if !ok {
		v = fmt.Sprintf("implementer %#x", implementer)
	}
	return Core{Name: armParts[[2]int{implementer, part}], Vendor: v, Model: part}
}

// appleChips maps the start of a macOS brand string to the chip's
// performance core, the one a busy thread usually runs on.
var appleChips = []struct{ brand, core string }{
	{"Apple M1", "Apple M1 Firestorm"}, {"Apple M2", "Apple M2 Avalanche"},
}

// Apple identifies the performance core of an Apple chip from its brand
// string ("Apple M2 Pro"), where macOS hides MIDR_EL1.
func Apple(brand string) Core {
	c := Core{Vendor: "Apple"}
	for _, a := range appleChips {
		if strings.HasPrefix(brand, a.brand) {
			c.Name = a.core
		}
	}
	return c
}
