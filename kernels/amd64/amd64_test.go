//go:build amd64

package amd64

import (
	"testing"
	"unsafe"

	"bitlab/internal/gentest"
	"bitlab/kernels"
)

func TestGeneratedAssemblyIsFresh(t *testing.T) {
	gentest.Check(t)
}

// TestLayouts pins the memory layouts the hand-written assembly of
// gfni_amd64.s reads; internal/asm reads the generated kernels' layouts
// from the Go types themselves.
func TestLayouts(t *testing.T) {
	var q kernels.Query
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"Query size", unsafe.Sizeof(q), 16}, {"Query.Occ", unsafe.Offsetof(q.Occ), 0},
		{"Query.Sq", unsafe.Offsetof(q.Sq), 8}, {"Query.Piece", unsafe.Offsetof(q.Piece), 9},
		{"gf.lines", unsafe.Offsetof(gf.lines), 0}, {"gf.lines[1]", unsafe.Sizeof(gf.lines[0]), 32},
		{"gf.sel", unsafe.Offsetof(gf.sel), 2048}, {"gf.sel[1]", unsafe.Sizeof(gf.sel[0]), 32},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, gfni_amd64.s assumes %d", c.name, c.got, c.want)
		}
	}
}

func TestSoftPext(t *testing.T) {
	if got := softPext(0b1011_0110, 0b1111_0000); got != 0b1011 {
		t.Errorf("softPext = %b", got)
	}
}
