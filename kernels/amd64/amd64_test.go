//go:build amd64

package amd64

import (
	"math/bits"
	"math/rand/v2"
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
// gfni_amd64.s reads as numbers (hyperbolaZMM takes zmmTables' offsets
// from go_asm.h); internal/asm reads the generated kernels' layouts from
// the Go types themselves.
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
	f := kernels.Serialize()
	for _, k := range f.Impls() {
		if k.Info().Arch != kernels.AMD64 || k.Supported() != nil {
			continue
		}
		for _, src := range srcs {
			n := f.MaxOut() * len(src)
			if i := writesPast(n, guard, mark, func(dst []board.Square) { k.Throughput(dst, src) }); i >= 0 {
				t.Errorf("%s on %#x wrote dst[%d], past its end %d", k.Info().ID(), src, i, n)
			}
		}
	}
}

// TestSlidingStaysInDst runs every supported amd64 sliding kernel on
// batches of 1 to 17 queries with dst exactly as long inside a larger
// buffer: the writes of a batch's tail (eight-query kernels store it under
// a mask) must stay inside dst.
func TestSlidingStaysInDst(t *testing.T) {
	const guard, mark = 16, uint64(0xA5A5_A5A5_A5A5_A5A5)
	for _, k := range kernels.Sliding().Impls() {
		if k.Info().Arch != kernels.AMD64 || k.Supported() != nil {
			continue
		}
		for n := 1; n <= 17; n++ {
			src := make([]kernels.Query, n)
			for i := range src {
				src[i] = kernels.Query{Occ: uint64(i) * 0x0123_4567_89ab_cdef, Sq: board.Square(i * 5 % 64), Piece: kernels.QueenLines}
			}
			if i := writesPast(n, guard, mark, func(dst []uint64) { k.Throughput(dst, src) }); i >= 0 {
				t.Errorf("%s on %d queries wrote dst[%d], past its end", k.Info().ID(), n, i)
			}
		}
	}
}

// writesPast runs run on dst, the first n elements of a buffer guard
// elements longer whose every element is mark, and returns the index of
// the first element past dst that run changed, or -1.
func writesPast[T comparable](n, guard int, mark T, run func(dst []T)) int {
	buf := make([]T, n+guard)
	for i := range buf {
		buf[i] = mark
	}
	run(buf[:n])
	if i := slices.IndexFunc(buf[n:], func(x T) bool { return x != mark }); i >= 0 {
		return n + i
	}
	return -1
}

// queryEntries are the one-query entry points of query_amd64.go, by the
// implementation of the sliding family they belong to.
var queryEntries = []struct {
	impl         string
	rook, bishop func(board.Square, uint64) uint64
}{
	{"pext", SlidingPextRook, SlidingPextBishop},
	{"pext-split", SlidingPextSplitRook, SlidingPextSplitBishop},
	{"magic-fancy-asm", SlidingMagicFancyAsmRook, SlidingMagicFancyAsmBishop},
	{"magic-black-asm", SlidingMagicBlackAsmRook, SlidingMagicBlackAsmBishop},
}

// runnableEntries returns the queryEntries this CPU runs, logging the
// others and why (the GODEBUG feature-off passes take that branch); it
// fails for an entry of no registered kernel.
func runnableEntries(t *testing.T) []int {
	t.Helper()
	var runnable []int
	for j, c := range queryEntries {
		k, ok := kernels.Lookup("sliding/" + c.impl)
		if !ok || k.Info().Arch != kernels.AMD64 {
			t.Fatalf("no amd64 kernel sliding/%s", c.impl)
		}
		if err := k.Supported(); err != nil {
			t.Logf("sliding/%s: skipped: %v", c.impl, err)
			continue
		}
		runnable = append(runnable, j)
	}
	return runnable
}

// checkEntry compares the entry point of queryEntries[j] of a rook
// ([kernels.Orthogonal]) or a bishop ([kernels.Diagonal]) with the sliding
// family's reference on square s and occupancy occ.
func checkEntry(t *testing.T, j int, piece kernels.Slider, s board.Square, occ uint64) {
	t.Helper()
	c := queryEntries[j]
	entry := c.rook
	if piece == kernels.Diagonal {
		entry = c.bishop
	}
	want := kernels.Sliding().Reference(nil, kernels.Query{Occ: occ, Sq: s, Piece: piece})[0]
	if got := entry(s, occ); got != want {
		t.Fatalf("%s slider %d on %v, occupancy %#x: %#x, want %#x", c.impl, piece, s, occ, got, want)
	}
}

// TestQueries proves the one-query entry points against the sliding
// family's reference on every relevant occupancy of every square (those
// of a CPU that runs them).
func TestQueries(t *testing.T) {
	for _, j := range runnableEntries(t) {
		n := 0
		for s := range board.Square(64) {
			board.Subsets(board.RookRelevant()[s], func(o uint64) {
				n++
				checkEntry(t, j, kernels.Orthogonal, s, o)
			})
			board.Subsets(board.BishopRelevant()[s], func(o uint64) {
				n++
				checkEntry(t, j, kernels.Diagonal, s, o)
			})
		}
		if n != 102400+5248 {
			t.Errorf("%s: %d occupancies", queryEntries[j].impl, n)
		}
	}
}

// FuzzQueries compares the one-query entry points with the sliding
// family's reference on any occupancy, the square's own bit and the edges
// included.
func FuzzQueries(f *testing.F) {
	for i, occ := range []uint64{0, ^uint64(0), 1, 1 << 63, 0x8100000000000081, 0x0000001818000000, 0x5555555555555555} {
		f.Add(occ, uint8(i*19))
	}
	f.Fuzz(func(t *testing.T, occ uint64, sq uint8) {
		for _, j := range runnableEntries(t) {
			for _, piece := range []kernels.Slider{kernels.Orthogonal, kernels.Diagonal} {
				checkEntry(t, j, piece, board.Square(sq&63), occ)
			}
		}
	})
}

// TestMoveEntryPoints proves serialize/avx512-vbmi2's move-list entry
// points (moves_amd64.go) against a scalar loop, on edge sets and random
// ones of every density, appended at list indices from 0 to past
// ListMoves: the moves of the targets in ascending order, the count added,
// and no write outside the list (nor, for the vector stores, outside the
// 64 words from the index).
func TestMoveEntryPoints(t *testing.T) {
	for _, k := range kernels.Serialize().Kernels() {
		if i := k.Info(); i.Impl == "avx512-vbmi2" && i.Arch == kernels.AMD64 && k.Supported() != nil {
			t.Skipf("serialize/avx512-vbmi2: %v", k.Supported())
		}
	}
	const promo uint64 = 0xFF000000000000FF
	sets := []uint64{0, 1, 1 << 31, 1 << 32, 1 << 63, 0xFFFFFFFF, 0xFFFFFFFF00000000, ^uint64(0), 0x8000000000000001,
		0x5555555555555555, ^uint64(promo), 0xFF00, 0xFF << 48, 0x00FF_0000_0000_FF00}
	r := rand.New(rand.NewPCG(3, 5))
	for range 3000 {
		b := r.Uint64()
		for range r.IntN(4) {
			b &= r.Uint64() // sparser
		}
		sets = append(sets, b, b&^promo)
	}
	const mark = 0xBEEF
	var buf struct {
		pre  [64]uint16
		list [ListLen]uint16
		post [64]uint16
	}
	// run appends with f at n0 and checks the moves want against the
	// list, the count and the guards; vector says the stores stay within
	// 64 words of the index.
	run := func(name string, targets uint64, n0 int, want []uint16, vector bool, f func(n *int)) {
		t.Helper()
		for i := range buf.pre {
			buf.pre[i], buf.post[i] = mark, mark
		}
		for i := range buf.list {
			buf.list[i] = mark
		}
		n := n0
		f(&n)
		at := n0 % ListMoves
		if n != n0+len(want) {
			t.Fatalf("%s of %#x at %d: count %d, want %d", name, targets, n0, n-n0, len(want))
		}
		// The vector stores run on past ListMoves into the slack; the
		// scalar loop wraps every move's index below ListMoves.
		for j, w := range want {
			i := at + j
			if !vector {
				i = (n0 + j) % ListMoves
			}
			if buf.list[i] != w {
				t.Fatalf("%s of %#x at %d: move %d is %#x, want %#x", name, targets, n0, j, buf.list[i], w)
			}
		}
		for i := range buf.pre {
			if buf.pre[i] != mark || buf.post[i] != mark {
				t.Fatalf("%s of %#x at %d wrote outside the list", name, targets, n0)
			}
		}
		for i, w := range buf.list {
			if vector && w != mark && (i < at || i >= at+64) {
				t.Fatalf("%s of %#x at %d wrote word %d, outside its 64 words", name, targets, n0, i)
			}
		}
	}
	for _, targets := range sets {
		for _, n0 := range []int{0, 7, 200, 255, ListMoves + 3, 1000} {
			for _, kind := range []int{0, 3, 15} {
				from := board.Square(r.IntN(64))
				var want []uint16
				for b := targets; b != 0; b &= b - 1 {
					want = append(want, uint16(bits.TrailingZeros64(b))|uint16(from)<<6|uint16(kind)<<12)
				}
				run("SerializeAvx512Vbmi2Append", targets, n0, want, true, func(n *int) {
					SerializeAvx512Vbmi2Append(&buf.list, n, targets, from, kind)
				})
			}
			for _, delta := range []int{8, -8, 16, -16, 7, -7, 9, -9, 0, 63} {
				for _, kind := range []int{0, 1} {
					var want []uint16
					for b := targets; b != 0; b &= b - 1 {
						to := bits.TrailingZeros64(b)
						m := uint16(to) | uint16((to-delta)&63)<<6
						if uint64(1)<<to&promo == 0 {
							want = append(want, m|uint16(kind)<<12)
							continue
						}
						for k := 4; k <= 7; k++ {
							want = append(want, m|uint16(k)<<12)
						}
					}
					run("SerializeAvx512Vbmi2AppendPawns", targets, n0, want, targets&promo == 0, func(n *int) {
						SerializeAvx512Vbmi2AppendPawns(&buf.list, n, targets, delta, kind)
					})
				}
			}
		}
	}
}
