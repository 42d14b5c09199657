package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := Load(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	if _, _, err := Load(empty); !errors.Is(err, errNoResults) || !strings.Contains(err.Error(), "empty.txt") {
		t.Errorf("empty file: %v", err)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("goos: linux\nBenchmarkKernel/family=popcount/impl=x/dist=k1/size=4096/mode=throughput 10 zz ns/op\n"), 0o644)
	if _, _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("malformed line: %v", err)
	}
	if _, _, err := Load(t.TempDir()); !errors.Is(err, errNoResults) {
		t.Errorf("empty folder: %v", err)
	}
}

func TestLoadSkipsUnknown(t *testing.T) {
	dir := t.TempDir()
	p := reporttest.Results(t, dir, "a.txt", "v1", 1)
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("BenchmarkOther 10 5 ns/op\nBenchmarkKernel/family=popcount/impl=popcnt/dist=k1/size=4096/mode=throughput 10 5 widgets/op\n")
	f.Close()
	s, warns, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2 || !strings.Contains(warns[0].String(), "a.txt:") {
		t.Errorf("warnings: %v", warns)
	}
	if got := s.Impls("v1", "popcount"); len(got) != 2 {
		t.Errorf("impls %v", got)
	}
	if d := s.Dists("v1", "popcount", "throughput", schema.L1Elements); strings.Join(d, ",") != "k0,k1,k2,k4,k8,random" {
		t.Errorf("dists in order: %v", d)
	}
}

func TestCPULabel(t *testing.T) {
	for in, want := range map[string]string{
		"Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207 stepping 2)": "Raptor Cove",
		"AMD EPYC (AuthenticAMD family 25 model 1 stepping 1)":                    "Zen 3",
		"Some CPU (AuthenticAMD family 99 model 1 stepping 1)":                    "99/1",
		"AMD Ryzen 9 7950X 16-Core Processor":                                     "Ryzen 9 7950X",
		"Intel(R) Core(TM) i9-12900K CPU @ 3.20GHz":                               "Intel Core i9-12900K",
		"": "cpu",
	} {
		if got := cpuLabel(in, ""); got != want {
			t.Errorf("cpuLabel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := cpuLabel("AMD EPYC (AuthenticAMD family 25 model 1 stepping 1)", "Zen 3"); got != "Zen 3" {
		t.Errorf("with a uarch line: %q", got)
	}
}

// TestRelative: v3, twice as fast as v1, stands at 2x against it, inside
// its interval.
func TestRelative(t *testing.T) {
	s := mustLoad(t, reporttest.TwoLevels(t))
	if r, ok := s.Relative("v3", "v1", "popcount", "popcnt"); !ok || r.Speedup < 1.99 || r.Speedup > 2.01 || r.SpeedupLo > r.Speedup || r.SpeedupHi < r.Speedup {
		t.Errorf("v3 relative to v1: %+v %v, want 2 inside its interval", r, ok)
	}
}

// TestLoadCRLF: a results file with CRLF line ends (a Windows checkout's)
// reads as the same file with LF ones.
func TestLoadCRLF(t *testing.T) {
	dir := t.TempDir()
	lf := reporttest.Results(t, dir, "lf.txt", "v1", 1)
	data, _ := os.ReadFile(lf)
	data = append([]byte("# run: full\n# date: 2026-11-26T05:57:57Z\n"), data...)
	os.WriteFile(lf, data, 0o644)
	crlf := filepath.Join(dir, "crlf.txt")
	os.WriteFile(crlf, []byte(strings.ReplaceAll(string(data), "\n", "\r\n")), 0o644)
	a, b := mustLoad(t, lf), mustLoad(t, crlf)
	if len(a.Values) == 0 || len(b.Values) != len(a.Values) {
		t.Fatalf("%d cases from CRLF, %d from LF", len(b.Values), len(a.Values))
	}
	for k, v := range a.Values {
		if !slices.Equal(b.Values[k], v) {
			t.Errorf("%s: %v from CRLF, %v from LF", caseName(k), b.Values[k], v)
		}
	}
	f, err := ScanFile(crlf)
	if err != nil || f.Date.IsZero() || f.Run.Kind != schema.RunFull || f.CPU != "Test CPU 9000" || f.Incomplete != "" {
		t.Errorf("the CRLF file's header: %+v, %v", f, err)
	}
}

// TestLoadFloods: a value skipped on every line of a file (a unit bitlab
// does not write, a negative value) is one warning with a count, and a
// file whose every value is skipped is an error that says why.
func TestLoadFloods(t *testing.T) {
	dir := t.TempDir()
	write := func(name, values string) string {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\n")
		for i := range 300 {
			fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=swar/dist=k%d/size=4096/mode=throughput 10 %s\n", i, values)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(b.String()), 0o644)
		return p
	}
	for _, c := range []struct {
		file, values string
		warns        []string
		why          string
	}{
		{"ms.txt", "0.001 ms/op", []string{`skipped unit "ms/op": not one bitlab writes (and on 299 more lines, the last line 304)`},
			`every value was skipped: unit "ms/op" is not one bitlab writes`},
		{"negative.txt", "-1 ns/op -3 cycles/op", []string{"(and on 299 more lines, the last line 304)", "(and on 299 more lines, the last line 304)"},
			"every value was skipped: its ns/op values are not positive, finite and below 1e+12; its cycles/op values"},
	} {
		_, warns, err := Load(write(c.file, c.values))
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want an error saying %q", c.file, err, c.why)
		}
		if len(warns) != len(c.warns) {
			t.Errorf("%s: %d warnings, want %d: %v", c.file, len(warns), len(c.warns), warns)
			continue
		}
		for i, w := range warns {
			if !strings.Contains(w.String(), c.file+":5: ") || !strings.Contains(w.String(), c.warns[i]) {
				t.Errorf("%s: warning %q, want %q at line 5", c.file, w, c.warns[i])
			}
		}
	}
	// A run in ms/op beside a good one: nothing to compare, and why.
	good := mustLoad(t, reporttest.Results(t, dir, "good.txt", "v1", 1))
	mixed := write("mixed.txt", "0.001 ms/op")
	f, _ := os.OpenFile(mixed, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("BenchmarkKernel/family=bitscan-forward/impl=swar/dist=k1/size=4096/mode=throughput 10 5 ns/op\n")
	f.Close()
	_, _, err := compare(good, mustLoad(t, mixed), CompareOptions{Threshold: 0.05})
	if err == nil || !strings.Contains(err.Error(), `nothing to compare`) || !strings.Contains(err.Error(), `values of NEW were skipped: unit "ms/op" is not one bitlab writes`) {
		t.Errorf("compare with a run in ms/op: %v", err)
	}
}
