package placement

import (
	"testing"

	"bitlab/internal/gentest"
)

// TestGeneratedFilesAreFresh reruns the package's go:generate command and
// compares its output with the committed files.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t)
}
