package harness

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"bitlab/uarch"
)

// TestSelfCheckWarnings checks which deviations warn and the cause they
// name: a wrong clock when a latency is off, shared execution ports when
// only throughputs are slow.
func TestSelfCheckWarnings(t *testing.T) {
	core := uarch.Core{Name: "Zen 3", Vendor: "AuthenticAMD", Family: 25, Model: 1}
	row := func(instr string, lat, tp float64) SelfCheckRow {
		return SelfCheckRow{Instr: instr, Latency: lat, Throughput: tp, Published: uarch.Cost{Latency: 1, Throughput: 0.25}}
	}
	for _, c := range []struct {
		name  string
		rows  []SelfCheckRow
		want  []string // a substring of each warning, in order
		avoid string   // in no warning
	}{
		{"agrees", []SelfCheckRow{row("ADD", 1.02, 0.26), row("BSWAP", 0.99, 0.25)}, nil, ""},
		{"ports", []SelfCheckRow{row("ADD", 1.02, 0.33), row("BSWAP", 0.99, 0.25)}, []string{"ADD throughput 0.330 cycles is +32.0% off Zen 3's published 0.25: every latency agrees"}, "clock or the instrument"},
		{"clock", []SelfCheckRow{row("ADD", 1.2, 0.33), row("BSWAP", 0.99, 0.25)}, []string{"ADD latency 1.200 cycles is +20.0%", "ADD throughput 0.330 cycles is +32.0% off Zen 3's published 0.25: the cycle clock or the instrument"}, "sibling"},
		{"fast", []SelfCheckRow{row("ADD", 1.0, 0.2)}, []string{"ADD throughput 0.200 cycles is -20.0% off Zen 3's published 0.25: every latency agrees, so the clock is right: the published figure is slower"}, "clock or the instrument"},
		{"fast clock", []SelfCheckRow{row("ADD", 0.8, 0.2)}, []string{"ADD latency 0.800 cycles is -20.0%", "ADD throughput 0.200 cycles is -20.0% off Zen 3's published 0.25: the cycle clock"}, "sibling"},
		{"unpublished", []SelfCheckRow{{Instr: "ADD", Latency: 3, Throughput: 3}, {Instr: "PEXT", Skipped: "CPU lacks bmi2"}}, nil, ""},
	} {
		ws := SelfCheckWarnings(core, c.rows)
		if len(ws) != len(c.want) {
			t.Errorf("%s: %d warnings %q, want %d", c.name, len(ws), ws, len(c.want))
			continue
		}
		for i, w := range ws {
			if !strings.Contains(w, c.want[i]) || c.avoid != "" && strings.Contains(w, c.avoid) {
				t.Errorf("%s: warning %q, want it to contain %q and not %q", c.name, w, c.want[i], c.avoid)
			}
		}
	}
}

// TestEmulatorFrom recognizes QEMU's user mode by the process name it
// gives itself, and any emulator by an x86 host's cpuinfo under another
// GOARCH.
func TestEmulatorFrom(t *testing.T) {
	x86 := "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
	arm := "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n"
	for _, c := range []struct{ status, cpuinfo, goarch, want string }{
		{"Name:\tqemu-aarch64\nUmask:\t0022\n", x86, "arm64", "qemu-aarch64"},
		{"Name:\trunbench\n", x86, "arm64", "an emulator on an x86 host"},
		{"Name:\trunbench\n", arm, "arm64", ""},
		{"Name:\trunbench\n", x86, "amd64", ""},
		{"", "", "arm64", ""},
	} {
		if got := emulatorFrom(c.status, c.cpuinfo, c.goarch); got != c.want {
			t.Errorf("emulatorFrom(%q, %q, %s) = %q, want %q", c.status, c.cpuinfo, c.goarch, got, c.want)
		}
	}
}

// TestArchFeatures lists arm64's features (every arm64 target has Advanced
// SIMD) and nothing elsewhere.
func TestArchFeatures(t *testing.T) {
	fs := archFeatures()
	switch {
	case runtime.GOARCH == "arm64" && !slices.Contains(fs, "asimd"):
		t.Errorf("arm64 features %v lack asimd", fs)
	case runtime.GOARCH != "arm64" && fs != nil:
		t.Errorf("%s: arch features %v", runtime.GOARCH, fs)
	}
}
