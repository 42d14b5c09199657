package generic

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"bitlab/board"
)

// checkKept compares every kept-representation slider with the ray walk
// for one square and occupancy, the representations computed from
// scratch.
func checkKept(t *testing.T, s board.Square, occ uint64) {
	t.Helper()
	rev, rot := bits.Reverse64(occ), board.Rotate(occ)
	rook, bishop := board.RookAttacks(s, occ), board.BishopAttacks(s, occ)
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"SlidingReversedRook", SlidingReversedRook(s, occ, rev), rook},
		{"SlidingReversedBishop", SlidingReversedBishop(s, occ, rev), bishop},
		{"SlidingRotatedRook", SlidingRotatedRook(s, occ, rot), rook},
		{"SlidingRotatedBishop", SlidingRotatedBishop(s, occ, rot), bishop},
	} {
		if c.got != c.want {
			t.Fatalf("%s(%v, %#x) = %#x, want %#x", c.name, s, occ, c.got, c.want)
		}
	}
	up, down := ReversedRookHalves(s, occ, rev)
	if want := board.PositiveRookAttacks(s, occ); up != want {
		t.Fatalf("ReversedRookHalves(%v, %#x) up = %#x, want %#x", s, occ, up, want)
	}
	if want := board.RayAttacks(s, occ, []board.Direction{board.South(), board.West()}); bits.Reverse64(down) != want {
		t.Fatalf("ReversedRookHalves(%v, %#x) down reversed = %#x, want %#x", s, occ, bits.Reverse64(down), want)
	}
	up, down = ReversedBishopHalves(s, occ, rev)
	if want := board.PositiveBishopAttacks(s, occ); up != want {
		t.Fatalf("ReversedBishopHalves(%v, %#x) up = %#x, want %#x", s, occ, up, want)
	}
	if want := board.RayAttacks(s, occ, []board.Direction{board.SouthWest(), board.SouthEast()}); bits.Reverse64(down) != want {
		t.Fatalf("ReversedBishopHalves(%v, %#x) down reversed = %#x, want %#x", s, occ, bits.Reverse64(down), want)
	}
}

// TestKeptSliders proves the reversed and rotated sliders exhaustively:
// every square with every occupancy of its relevant squares (rook and
// bishop lines), each with and without the slider's own square and with
// the edge squares set, then random full occupancies.
func TestKeptSliders(t *testing.T) {
	n := 0
	for s := range board.Square(64) {
		for _, mask := range []uint64{board.RookRelevant()[s], board.BishopRelevant()[s]} {
			board.Subsets(mask, func(o uint64) {
				for _, extra := range []uint64{0, s.Bitboard(), ^(board.RookRelevant()[s] | board.BishopRelevant()[s])} {
					checkKept(t, s, o|extra)
					n++
				}
			})
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100_000 {
		checkKept(t, board.Square(r.IntN(64)), r.Uint64()&r.Uint64())
		n++
	}
	t.Logf("%d square and occupancy pairs", n)
}

func TestReversedBit(t *testing.T) {
	for s := range board.Square(64) {
		if got, want := ReversedBit(s), bits.Reverse64(s.Bitboard()); got != want {
			t.Fatalf("ReversedBit(%v) = %#x, want %#x", s, got, want)
		}
	}
}

// FuzzKeptSliders compares the kept-representation sliders with the ray
// walk on any square and occupancy.
func FuzzKeptSliders(f *testing.F) {
	f.Add(uint8(0), uint64(0))
	f.Add(uint8(63), ^uint64(0))
	f.Add(uint8(27), uint64(0x0000_0810_2400_0000))
	f.Fuzz(func(t *testing.T, s uint8, occ uint64) {
		checkKept(t, board.Square(s&63), occ)
	})
}
