package harness

import (
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"bitlab/uarch"
)

// zen5Run is the self-check of a Zen 5 run at GOAMD64=v3 on an idle
// machine (results/amd-epyc-authenticamd-family-26-model-2-stepping-1/
// 20261124-071120-v3.txt), the instructions with published figures.
var zen5Run = []SelfCheckRow{
	{Instr: "ADD", Latency: 0.993, Throughput: 0.200}, {Instr: "IMUL", Latency: 2.975, Throughput: 0.336},
	{Instr: "POPCNT", Latency: 0.993, Throughput: 0.199}, {Instr: "TZCNT", Latency: 1.000, Throughput: 0.337},
	{Instr: "BLSR", Latency: 1.007, Throughput: 0.337}, {Instr: "BSWAP", Latency: 1.007, Throughput: 0.197},
	{Instr: "PEXT", Latency: 3.021, Throughput: 0.361}, {Instr: "VPOPCNTQ zmm", Latency: 2.003, Throughput: 0.497},
	{Instr: "VPCOMPRESSB zmm", Latency: 5.032, Throughput: 1.004}, {Instr: "VGF2P8AFFINEQB zmm", Latency: 3.023, Throughput: 0.504},
}

// TestSelfCheckFindings checks which deviations warn, which only note,
// and which pass: warnings need most figures to move together beyond the
// band, one instruction alone gets a note beyond loneTolerance, and a
// figure's spread widens its band.
func TestSelfCheckFindings(t *testing.T) {
	zen5 := uarch.Core{Name: "Zen 5", Vendor: "AuthenticAMD", Family: 26, Model: 2}
	published := func(rows []SelfCheckRow) []SelfCheckRow {
		out := slices.Clone(rows)
		for i := range out {
			out[i].Published, _ = uarch.Published(zen5, out[i].Instr)
		}
		return out
	}
	scale := func(rows []SelfCheckRow, lat, tp float64) []SelfCheckRow {
		out := published(rows)
		for i := range out {
			out[i].Latency *= lat
			out[i].Throughput *= tp
		}
		return out
	}
	pext58 := published(zen5Run) // the run: PEXT alone 5.8% slow
	for i := range pext58 {
		if pext58[i].Instr == "PEXT" {
			pext58[i].Throughput = 0.349
		}
	}
	noisy := scale(zen5Run, 1.08, 1) // every latency 8% slow, but each measured to +-4%
	for i := range noisy {
		noisy[i].LatencySpread = 0.04
	}
	for _, c := range []struct {
		name     string
		rows     []SelfCheckRow
		warnings []string // a regular expression matching each warning, in order
		notes    []string // a substring of each note, in order
	}{
		{"zen 5 idle", published(zen5Run), nil, []string{"BLSR throughput 0.337 cycles is -26.7% off Zen 5's published 0.46: most other figures agree, so the clock is right: this core runs this chain faster than the published figure says"}},
		{"pext +5.8%", pext58, nil, []string{"BLSR throughput"}},
		{"ports", scale(zen5Run, 1, 1.2), []string{`^9 of 10 throughputs are slower than Zen 5's published costs \(ADD \+26\.3%, .*\) while the latencies agree, so the clock is right: something may share this core's execution ports`}, nil},
		{"clock", scale(zen5Run, 1.2, 1.2), []string{`^10 of 10 latencies are off Zen 5's published costs \(ADD \+19\.2%, .*\): the cycle clock or the instrument is off`}, nil},
		{"noisy", noisy, nil, []string{"BLSR throughput"}},
		{"unpublished", []SelfCheckRow{{Instr: "ADD", Latency: 3, Throughput: 3}, {Instr: "PEXT", Skipped: "CPU lacks bmi2"}}, nil, nil},
	} {
		var ws, ns []string
		for _, f := range SelfCheckFindings(zen5, c.rows) {
			if f.Warning {
				ws = append(ws, f.Text)
			} else {
				ns = append(ns, f.Text)
			}
		}
		if len(ws) != len(c.warnings) {
			t.Errorf("%s: warnings %q, want %d", c.name, ws, len(c.warnings))
		}
		for i, w := range ws {
			if i < len(c.warnings) && !regexp.MustCompile(c.warnings[i]).MatchString(w) {
				t.Errorf("%s: warning %q does not match %q", c.name, w, c.warnings[i])
			}
		}
		if len(ns) != len(c.notes) {
			t.Errorf("%s: notes %q, want %d", c.name, ns, len(c.notes))
		}
		for i, n := range ns {
			if i < len(c.notes) && !strings.Contains(n, c.notes[i]) {
				t.Errorf("%s: note %q, want it to contain %q", c.name, n, c.notes[i])
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
