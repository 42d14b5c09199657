package harness

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/schema"
)

// TestExperimentLine checks the goexperiment line against the registry: a
// build with GOEXPERIMENT=simd, and only such a build, registers
// kernels/gosimd's kernels (on amd64), and its results say so; a build
// without experiments writes no such line, as the results from before the
// line did not.
func TestExperimentLine(t *testing.T) {
	m := ThisMachine()
	cfg := FileConfig(m, &Cycles{Source: "none"}, 1)
	i := slices.IndexFunc(cfg, func(c benchfmt.Config) bool { return c.Key == schema.KeyGOEXPERIMENT })
	archsimd := slices.ContainsFunc(kernels.All(), func(k kernels.Kernel) bool { return k.Info().Arch == kernels.ArchSIMD })
	switch {
	case m.GOEXPERIMENT == "" && i >= 0:
		t.Errorf("a build without experiments writes %s: %s", cfg[i].Key, cfg[i].Value)
	case m.GOEXPERIMENT != "" && (i < 0 || string(cfg[i].Value) != m.GOEXPERIMENT):
		t.Errorf("GOEXPERIMENT=%s is not the results' line (%v)", m.GOEXPERIMENT, cfg)
	case archsimd != (runtime.GOARCH == "amd64" && slices.Contains(strings.Split(m.GOEXPERIMENT, ","), "simd")):
		t.Errorf("GOEXPERIMENT %q on %s, but archsimd kernels registered: %v", m.GOEXPERIMENT, runtime.GOARCH, archsimd)
	}
	t.Logf("GOEXPERIMENT %q, archsimd kernels registered: %v", m.GOEXPERIMENT, archsimd)
}
