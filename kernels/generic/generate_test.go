package generic

import (
	"os"
	"path/filepath"
	"testing"

	"bitlab/internal/gentest"
)

// TestGeneratedFilesAreFresh reruns the generators and requires their
// output to match the committed files byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t, "bitlab/kernels/generic/internal/magics", []string{"-o", "movelist_magics.go"}, "movelist_magics.go")
	// The loop generator reads the package's sources: give it a copy.
	wd, _ := os.Getwd()
	srcs, _ := filepath.Glob(filepath.Join(wd, "*.go"))
	gentest.CheckIn(t, "bitlab/kernels/generic/internal/gen", []string{"-o", "kernels_gen.go"}, srcs, "kernels_gen.go")
}
