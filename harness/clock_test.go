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

// zen4Quiet is the self-check of a Zen 4 run at GOAMD64=v1 on a quiet
// machine, with the spreads it measured.
var zen4Quiet = []SelfCheckRow{
	{Instr: "ADD", Latency: 1.000, LatencySpread: 0.013, Throughput: 0.254}, {Instr: "IMUL", Latency: 2.974, LatencySpread: 0.009, Throughput: 1.000, ThroughputSpread: 0.008},
	{Instr: "POPCNT", Latency: 1.007, LatencySpread: 0.001, Throughput: 0.253, ThroughputSpread: 0.002}, {Instr: "TZCNT", Latency: 0.992, Throughput: 0.254, ThroughputSpread: 0.010},
	{Instr: "BLSR", Latency: 0.990, LatencySpread: 0.002, Throughput: 0.256}, {Instr: "BSWAP", Latency: 1.000, LatencySpread: 0.009, Throughput: 0.256, ThroughputSpread: 0.014},
	{Instr: "PEXT", Latency: 3.000, LatencySpread: 0.007, Throughput: 1.007},
}

// TestSelfCheckFindings checks which deviations warn, which only note,
// and which pass: warnings need most figures to move together beyond the
// band; one instruction alone beyond loneTolerance gets a note when it was
// measured steadily and a warning to rerun when its sample, or the clock's
// (ADD's), was disturbed; and a figure's spread widens its band.
func TestSelfCheckFindings(t *testing.T) {
	zen5 := uarch.Core{Name: "Zen 5", Vendor: "AuthenticAMD", Family: 26, Model: 2}
	zen4 := uarch.Core{Name: "Zen 4", Vendor: "AuthenticAMD", Family: 25, Model: 17}
	publishedOn := func(core uarch.Core, rows []SelfCheckRow) []SelfCheckRow {
		out := slices.Clone(rows)
		for i := range out {
			out[i].Published, _ = uarch.Published(core, out[i].Instr)
		}
		return out
	}
	published := func(rows []SelfCheckRow) []SelfCheckRow { return publishedOn(zen5, rows) }
	// The disturbed run: BLSR and BSWAP throughputs 48% and 52%
	// slow while ADD repeated only within 29.6%; the same figures steady;
	// and BLSR alone slow with a wide spread of its own.
	zen4With := func(blsr, bswap, blsrSpread, addSpread float64) []SelfCheckRow {
		out := publishedOn(zen4, zen4Quiet)
		for i := range out {
			switch out[i].Instr {
			case "BLSR":
				out[i].Throughput, out[i].ThroughputSpread = blsr, blsrSpread
			case "BSWAP":
				out[i].Throughput = bswap
			case "ADD":
				out[i].ThroughputSpread = addSpread
			}
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
		core     uarch.Core
		rows     []SelfCheckRow
		warnings []string // a regular expression matching each warning, in order
		notes    []string // a substring of each note, in order
	}{
		{"zen 5 idle", zen5, published(zen5Run), nil, []string{"BLSR throughput 0.337 cycles is -26.7% off Zen 5's published 0.46, measured steadily (±0.0%, ADD's ±0.0%) while most other figures agree, " +
			"so the clock is right: this core runs this chain faster than the published figure says (measured in another loop); nothing to do"}},
		{"pext +5.8%", zen5, pext58, nil, []string{"BLSR throughput"}},
		{"ports", zen5, scale(zen5Run, 1, 1.2), []string{`^9 of 10 throughputs are slower than Zen 5's published costs \(ADD \+26\.3%, .*\) while the latencies agree, so the clock is right: something may share this core's execution ports`}, nil},
		{"clock", zen5, scale(zen5Run, 1.2, 1.2), []string{`^10 of 10 latencies are off Zen 5's published costs \(ADD \+19\.2%, .*\): the cycle clock or the instrument is off`}, nil},
		{"noisy", zen5, noisy, nil, []string{"BLSR throughput"}},
		{"unpublished", zen5, []SelfCheckRow{{Instr: "ADD", Latency: 3, Throughput: 3}, {Instr: "PEXT", Skipped: "CPU lacks bmi2"}}, nil, nil},
		{"zen 4 quiet", zen4, publishedOn(zen4, zen4Quiet), nil, nil},
		{"zen 4 disturbed clock", zen4, zen4With(0.370, 0.380, 0.002, 0.296), []string{`^BLSR throughput \+48\.0%, BSWAP throughput \+52\.0% off Zen 4's published costs, ` +
			`measured while something disturbed the machine \(ADD, the clock's own chain, repeated only within ±29\.6%; .*\): a disturbed sample, not a property of the core; rerun on a quiet machine`}, nil},
		{"zen 4 disturbed figure", zen4, zen4With(0.370, 0.256, 0.12, 0.01), []string{`^BLSR throughput \+48\.0% off Zen 4's published costs, measured while something disturbed the machine \(BLSR throughput within ±12\.0%; .*rerun on a quiet machine`}, nil},
		{"zen 4 steady", zen4, zen4With(0.370, 0.380, 0.002, 0.01), nil, []string{"BLSR throughput 0.370 cycles is +48.0% off Zen 4's published 0.25, measured steadily (±0.2%, ADD's ±1.3%)", "BSWAP throughput 0.380 cycles is +52.0%"}},
	} {
		var ws, ns []string
		for _, f := range SelfCheckFindings(c.core, c.rows) {
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

// TestDriftWarning warns of a clock that moved for more than a few
// recalibrations, never of one low recalibration (the runs, where
// one 3.36 GHz calibration among 3.69s warned every run), and advises what
// the machine allows.
func TestDriftWarning(t *testing.T) {
	steady := func(n int) []float64 {
		ghz := make([]float64, n)
		for i := range ghz {
			ghz[i] = 3.69 - 0.01*float64(i%3)
		}
		return ghz
	}
	oneLow := append(steady(600), 3.36)
	twoLow := append(steady(10), 3.36, 3.30) // two of twelve: more than outliers
	halves := append(steady(300), slices.Repeat([]float64{3.36}, 300)...)
	c := Cycles{calibrations: slices.Clone(oneLow)}
	if w := c.DriftWarning(); w != "" {
		t.Errorf("one low recalibration in %d: %q", len(oneLow), w)
	}
	c.ResetRange()
	if len(c.calibrations) != 0 {
		t.Errorf("ResetRange kept %d calibrations", len(c.calibrations))
	}
	for _, tc := range []struct {
		name    string
		ghz     []float64
		control clockControl
		want    string // a regular expression; "" for no warning
	}{
		{"steady", steady(600), clockGoverned, ""},
		{"one low", oneLow, clockGoverned, ""},
		{"too few to tell", []float64{3.69, 3.36}, clockGoverned, ""},
		{"two low", twoLow, clockGoverned, `^the core clock moved during the run: 12 recalibrations less the 1 lowest and 1 highest span 3\.36 to 3\.69 GHz \(10%; all of them 3\.30 to 3\.69 GHz\): ` +
			`cycle figures follow it, ns figures do not; compare ns only within one run, or fix the clock \(performance governor, no turbo\)$`},
		{"halves, VM", halves, clockVirtual, `span 3\.36 to 3\.69 GHz .*; this is a virtual machine \(CPUID's hypervisor bit\), whose clock its host sets: compare ns only within one run; cycles compare across runs$`},
		{"halves, no cpufreq", halves, clockUncontrolled, `; the system offers no clock control \(no /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor\): compare ns only within one run`},
	} {
		got := driftWarning(tc.ghz, tc.control)
		if (tc.want == "") != (got == "") || (tc.want != "" && !regexp.MustCompile(tc.want).MatchString(got)) {
			t.Errorf("%s: warning %q, want %q", tc.name, got, tc.want)
		}
	}
}
