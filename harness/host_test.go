package harness

import (
	"os"
	"runtime"
	"testing"
)

// TestCPUName: a brand string with a model number stands alone; one
// without gets what tells the core apart: x86's family, model and
// stepping, arm64's MIDR implementer and part (Linux on arm64 names no
// model, and one CI runner label gives a Neoverse N1 or an N2).
func TestCPUName(t *testing.T) {
	for _, c := range []struct {
		id   identity
		want string
	}{
		{identity{name: "AMD EPYC 7763 64-Core Processor", vendor: "AuthenticAMD", family: 25, model: 1, stepping: 1}, "AMD EPYC 7763 64-Core Processor"},
		{identity{name: "AMD  EPYC", vendor: "AuthenticAMD", family: 25, model: 1, stepping: 1}, "AMD EPYC (AuthenticAMD family 25 model 1 stepping 1)"},
		{identity{midrImplementer: 0x41, midrPart: 0xd49}, runtime.GOARCH + " CPU (MIDR implementer 0x41 part 0xd49)"},
		{identity{midrImplementer: 0x41, midrPart: 0xd0c}, runtime.GOARCH + " CPU (MIDR implementer 0x41 part 0xd0c)"},
		{identity{name: "Apple M1 (Virtual)"}, "Apple M1 (Virtual)"},
		{identity{}, runtime.GOARCH + " CPU"},
	} {
		if got := cpuName(c.id); got != c.want {
			t.Errorf("cpuName(%+v) = %q, want %q", c.id, got, c.want)
		}
	}
}

// TestHost: BITLAB_HOST replaces the host name in the results header
// (ci on a hosted CI runner) and BITLAB_RUNNER gives the runner label;
// without them, the host name and no label.
func TestHost(t *testing.T) {
	t.Setenv(HostEnv, "ci")
	t.Setenv(RunnerEnv, "macos-15")
	if name, runner := host(); name != "ci" || runner != "macos-15" {
		t.Errorf("host() = %q, %q; want ci, macos-15", name, runner)
	}
	t.Setenv(HostEnv, "")
	t.Setenv(RunnerEnv, "")
	want, _ := os.Hostname()
	if name, runner := host(); name != want || runner != "" {
		t.Errorf("host() = %q, %q; want %q and no runner", name, runner, want)
	}
}
