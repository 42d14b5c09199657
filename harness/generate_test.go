//go:build amd64

package harness

import (
	"testing"

	"bitlab/internal/gentest"
)

func TestGeneratedAssemblyIsFresh(t *testing.T) {
	gentest.Check(t, "bitlab/harness/internal/asm",
		[]string{"-out", "chains_amd64.s", "-stubs", "chains_amd64.go", "-pkg", "harness"}, "chains_amd64.s", "chains_amd64.go")
}
