package generic

import (
	"testing"

	"bitlab/internal/gentest"
)

// TestGeneratedFilesAreFresh reruns the package's go:generate commands and
// requires their output to match the committed files byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t)
}
