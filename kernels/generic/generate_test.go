package generic

import (
	"path/filepath"
	"testing"

	"bitlab/internal/gentest"
)

// TestGeneratedFilesAreFresh reruns the generators and requires their
// output to match the committed files byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t, "bitlab/kernels/generic/internal/magics", []string{"-o", "movelist_magics.go"}, "movelist_magics.go")
	// The loop generator reads the package's sources and the family
	// declarations: give it copies.
	srcs, _ := filepath.Glob("*.go")
	gentest.CheckIn(t, "bitlab/kernels/generic/internal/gen", []string{"-families", "../families.go", "-o", "kernels_gen.go"},
		append(srcs, "../families.go"), "kernels_gen.go")
}
