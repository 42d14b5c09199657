//go:build amd64

package amd64

import (
	"slices"
	"testing"
	"unsafe"

	"bitlab/board"
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

// TestSerializeStaysInDst runs every supported amd64 serialize kernel with
// dst exactly MaxOut*len(src) long inside a larger buffer: the writes past
// a bitboard's count (scratch by the contract) must stay inside dst, also
// for the last bitboards, dense or not.
func TestSerializeStaysInDst(t *testing.T) {
	const guard, mark = 128, board.Square(0xAA)
	words := []uint64{0, 1, 0xFF, 0x1FF, 0xFFFF, 0x1FFFF, 1 << 63, 0x5555555555555555, ^uint64(0)}
	var srcs [][]uint64
	for _, a := range words {
		srcs = append(srcs, []uint64{a})
		for _, b := range words {
			srcs = append(srcs, []uint64{a, b}, []uint64{^uint64(0), a, b}, []uint64{0, 0, a, b})
		}
	}
	f := kernels.Serialize
	for _, k := range f.Impls() {
		if k.Info().Arch != kernels.AMD64 || k.Supported() != nil {
			continue
		}
		for _, src := range srcs {
			n := f.MaxOut() * len(src)
			buf := make([]board.Square, n+guard)
			for i := range buf {
				buf[i] = mark
			}
			k.Throughput(buf[:n], src)
			if i := slices.IndexFunc(buf[n:], func(s board.Square) bool { return s != mark }); i >= 0 {
				t.Errorf("%s on %#x wrote dst[%d], past its end %d", k.Info().ID(), src, n+i, n)
			}
		}
	}
}
