// Package experiment tells which Go experiments (GOEXPERIMENT) the running
// binary was built with, as its build information records them: the tests
// that expect code compiled only with an experiment (kernels/gosimd's,
// movegen's archsimd configurations) ask it, independently of what
// registered itself.
package experiment

import (
	"runtime/debug"
	"slices"
	"strings"
)

// On reports whether the running binary was built with the Go experiment
// x (GOEXPERIMENT, a comma-separated list, naming x).
func On(x string) bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "GOEXPERIMENT" {
			return slices.Contains(strings.Split(s.Value, ","), x)
		}
	}
	return false
}
