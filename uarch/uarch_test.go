package uarch

import (
	"slices"
	"strings"
	"testing"
)

func TestX86(t *testing.T) {
	for _, tc := range []struct {
		vendor        string
		family, model int
		coreType      int
		want          string
	}{
		{"AuthenticAMD", 25, 1, 0, "Zen 3"},    // EPYC Milan
		{"AuthenticAMD", 25, 0x21, 0, "Zen 3"}, // Vermeer
		{"AuthenticAMD", 25, 0x61, 0, "Zen 4"},
		{"AuthenticAMD", 26, 2, 0, "Zen 5"},
		{"AuthenticAMD", 23, 0x31, 0, "Zen 2"},
		{"GenuineIntel", 6, 167, 0, "Cypress Cove"},
		{"GenuineIntel", 6, 207, 0, "Raptor Cove"},
		{"GenuineIntel", 6, 0x8F, 0, "Golden Cove"},
		{"GenuineIntel", 6, 0x97, CoreTypePerformance, "Golden Cove"},
		{"GenuineIntel", 6, 0x97, CoreTypeEfficient, ""},
		{"GenuineIntel", 6, 0x55, 0, "Skylake"},
		{"AuthenticAMD", 25, 0xC0, 0, ""},
		{"HygonGenuine", 24, 1, 0, ""},
	} {
		c := X86(tc.vendor, tc.family, tc.model, tc.coreType)
		if c.Name != tc.want {
			t.Errorf("%s family %d model %d type %#x: %q, want %q", tc.vendor, tc.family, tc.model, tc.coreType, c.Name, tc.want)
		}
		if !c.Known() && c.String() != "unknown ("+c.ID()+")" {
			t.Errorf("unknown core prints %q", c.String())
		}
	}
	if got := X86("AuthenticAMD", 25, 200, 0).String(); got != "unknown (AuthenticAMD family 25 model 200)" {
		t.Errorf("unknown: %q", got)
	}
}

func TestARM64(t *testing.T) {
	if c := ARM64(0x61, 0x023); c.Name != "Apple M1 Firestorm" || c.Vendor != "Apple" {
		t.Errorf("M1: %+v", c)
	}
	if c := ARM64(0x41, 0xD4F); c.Name != "Neoverse V2" {
		t.Errorf("V2: %+v", c)
	}
	if c := ARM64(0x51, 0x1); c.Known() || c.String() != "unknown (implementer 0x51 part 0x1)" {
		t.Errorf("unknown arm64: %q", c.String())
	}
}

func TestApple(t *testing.T) {
	for brand, want := range map[string]string{"Apple M1": "Apple M1 Firestorm", "Apple M2 Pro": "Apple M2 Avalanche", "Apple M4 Max": ""} {
		if c := Apple(brand); c.Name != want || c.Vendor != "Apple" {
			t.Errorf("Apple(%q) = %+v, want %q", brand, c, want)
		}
	}
}

// TestTables checks that every cost row belongs to a core the identification
// can name, cites a known source, and has plausible figures.
func TestTables(t *testing.T) {
	var names []string
	for _, rs := range x86Cores {
		for _, r := range rs {
			names = append(names, r.name)
		}
	}
	for _, n := range armParts {
		names = append(names, n)
	}
	for core, instrs := range costs {
		if !slices.Contains(names, core) {
			t.Errorf("costs for %q, which no identification names", core)
		}
		if len(instrs) == 0 {
			t.Errorf("%s: empty row", core)
		}
		for in, c := range instrs {
			if _, ok := sources[c.Source]; !ok {
				t.Errorf("%s %s: unknown source %q", core, in, c.Source)
			}
			if c.Latency < 1 || c.Latency > 10 || c.Throughput < 0 || c.Throughput > 5 {
				t.Errorf("%s %s: implausible %+v", core, in, c)
			}
		}
	}
	zen3 := X86("AuthenticAMD", 25, 1, 0)
	if c, ok := Published(zen3, TZCNT); !ok || c.Latency != 2 || c.Throughput != 0.5 {
		t.Errorf("Zen 3 TZCNT: %+v %v", c, ok)
	}
	if _, ok := Published(zen3, VPOPCNTQ); ok {
		t.Error("Zen 3 has no AVX-512 figures")
	}
	if got := Label("Zen 3", "AMD EPYC", 25, 1); got != "Zen 3 (AMD EPYC, family 25 model 1)" {
		t.Errorf("label %q", got)
	}
}

func TestCitation(t *testing.T) {
	if got := Citation(X86("AuthenticAMD", 25, 1, 0)); !strings.Contains(got, "InstLatX64") || !strings.Contains(got, "Vermeer") {
		t.Errorf("Zen 3 citation %q", got)
	}
	for core := range costs {
		if strings.Contains(Citation(Core{Name: core}), "instlatx64") != false {
			t.Errorf("%s: raw key in citation", core)
		}
	}
}

// TestFixedCost: the pair is vouched for where VPCOMPRESSB has a published
// cost (Zen 4), not on a core without it (Zen 3) nor on one the tables do
// not know; Zen 2's microcoded PEXT is left out, Zen 3's is in.
func TestFixedCost(t *testing.T) {
	for _, c := range []struct {
		core, instr string
		want        bool
	}{
		{"Zen 4", KMOVQVPCOMPRESSB, true},
		{"Zen 3", KMOVQVPCOMPRESSB, false},
		{"", KMOVQVPCOMPRESSB, false},
		{"Zen 3", PEXT, true},
		{"Zen 2", PEXT, false},
		{"", PEXT, false},
	} {
		if got := FixedCost(Core{Name: c.core}, c.instr); got != c.want {
			t.Errorf("FixedCost(%q, %s) = %v, want %v", c.core, c.instr, got, c.want)
		}
	}
}
