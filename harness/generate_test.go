//go:build amd64

package harness

import (
	"testing"

	"bitlab/internal/gentest"
)

func TestGeneratedAssemblyIsFresh(t *testing.T) {
	gentest.Check(t)
}
