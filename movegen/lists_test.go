package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bitlab/board"
)

// TestListTemplates proves the functions written around a kernel (the
// templates of the serialize, order, moves and count factors' copies,
// each calling its family's baseline kernel) against the default's own:
// on random target sets, the same moves in the same order (the order's
// kernel lists the same moves in its own order) and the same counts.
func TestListTemplates(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	sorted := func(l *MoveList) []Move { return slices.Sorted(slices.Values(l.Slice())) }
	for range 5000 {
		from := board.Square(r.IntN(64))
		targets := r.Uint64() & r.Uint64()
		kind, delta := r.IntN(Castle+1), []int{8, -8, 16, -16, 7, 9, -7, -9}[r.IntN(8)]
		side := board.Color(r.IntN(2))
		var want, got MoveList
		want.add(from, targets, kind)
		got.addSquares(from, targets, kind)
		if !slices.Equal(got.Slice(), want.Slice()) {
			t.Fatalf("addSquares(%v, %#x, %d) = %v, add %v", from, targets, kind, got.Slice(), want.Slice())
		}
		got.N = 0
		got.addColored(side, from, targets, kind)
		if !slices.Equal(sorted(&got), sorted(&want)) {
			t.Fatalf("addColored(%v, %v, %#x, %d) = %v, add %v", side, from, targets, kind, got.Slice(), want.Slice())
		}
		want.N, got.N = 0, 0
		want.addPawns(targets, delta, kind)
		got.addPawnsSquares(targets, delta, kind)
		if !slices.Equal(got.Slice(), want.Slice()) {
			t.Fatalf("addPawnsSquares(%#x, %d, %d) = %v, addPawns %v", targets, delta, kind, got.Slice(), want.Slice())
		}
		got.N = 0
		got.addPawnsColored(side, targets, delta, kind)
		if !slices.Equal(sorted(&got), sorted(&want)) {
			t.Fatalf("addPawnsColored(%v, %#x, %d, %d) = %v, addPawns %v", side, targets, delta, kind, got.Slice(), want.Slice())
		}
		piece, attacks := board.Knight, board.KnightAttacks()[from]
		if r.IntN(2) == 0 {
			piece, attacks = board.King, board.KingAttacks()[from]
		}
		want.N, got.N = 0, 0
		want.addLeaper(side, piece, from, targets&attacks)
		got.addListed(piece, from, targets&attacks)
		if !slices.Equal(sorted(&got), sorted(&want)) {
			t.Fatalf("addListed(%v, %v, %#x) = %v, addLeaper %v", piece, from, targets&attacks, got.Slice(), want.Slice())
		}
		if countKernel(targets) != count(targets) {
			t.Fatalf("countKernel(%#x) = %d, count %d", targets, countKernel(targets), count(targets))
		}
	}
}
