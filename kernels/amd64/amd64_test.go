//go:build amd64

package amd64

import (
	"testing"
	"unsafe"

	"bitlab/internal/gentest"
	"bitlab/kernels"
	"bitlab/qbb"
)

func TestGeneratedAssemblyIsFresh(t *testing.T) {
	gentest.Check(t)
}

// TestLayouts pins the memory layouts the assembly reads: the element types
// of the families and the table offsets of internal/asm.
func TestLayouts(t *testing.T) {
	var q kernels.Query
	var tg kernels.Targets
	var f kernels.Fill
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"Query size", unsafe.Sizeof(q), 16}, {"Query.Sq", unsafe.Offsetof(q.Sq), 8}, {"Query.Piece", unsafe.Offsetof(q.Piece), 9},
		{"Targets size", unsafe.Sizeof(tg), 16}, {"Targets.From", unsafe.Offsetof(tg.From), 8},
		{"Fill size", unsafe.Sizeof(f), 40}, {"Fill.Empty", unsafe.Offsetof(f.Empty), 32},
		{"QBB size", unsafe.Sizeof(qbb.QBB{}), 32}, {"Hex size", unsafe.Sizeof(kernels.Hex{}), 128},
		{"Mailbox size", unsafe.Sizeof(kernels.Mailbox{}), 64}, {"Move size", unsafe.Sizeof(kernels.Move(0)), 2},
		{"hq.diag", unsafe.Offsetof(hq.diag), 512}, {"hq.anti", unsafe.Offsetof(hq.anti), 1024}, {"hq.firstRank", unsafe.Offsetof(hq.firstRank), 1536},
		{"pext.bishopMask", unsafe.Offsetof(pext.bishopMask), 512}, {"pext.rookOff", unsafe.Offsetof(pext.rookOff), 1024},
		{"pext.bishopOff", unsafe.Offsetof(pext.bishopOff), 1280}, {"pext.attacks", unsafe.Offsetof(pext.attacks), 1536},
		{"gf.sel", unsafe.Offsetof(gf.sel), 2048},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, the assembly assumes %d", c.name, c.got, c.want)
		}
	}
}

func TestSoftPext(t *testing.T) {
	if got := softPext(0b1011_0110, 0b1111_0000); got != 0b1011 {
		t.Errorf("softPext = %b", got)
	}
}
