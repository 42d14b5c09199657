package report

import (
	"errors"
	"os"
	"path/filepath"
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
