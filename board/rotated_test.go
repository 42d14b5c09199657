package board

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestFrames checks the rotated layouts: each frame's bits are a
// permutation of the 64 squares, every line's squares consecutive from
// its lowest, and Toggle and Or keep Rotate exact.
func TestFrames(t *testing.T) {
	for i, f := range frames {
		var all uint64
		for s := range Square(64) {
			b := f.Bit[s]
			if bits.OnesCount64(b) != 1 || all&b != 0 {
				t.Fatalf("frame %d: square %v has bit %#x, already used or not one bit", i, s, b)
			}
			all |= b
			// The next square up the line is the next bit.
			if up := RayAttacks(s, 0, f.Lines[:1]); up != 0 {
				if next := Square(bits.TrailingZeros64(up)); f.Bit[next] != b<<1 {
					t.Fatalf("frame %d: %v after %v is bit %#x, not %#x", i, next, s, f.Bit[next], b<<1)
				}
			}
			line := RayAttacks(s, 0, f.Lines[:]) | s.Bitboard()
			if n := bits.OnesCount64(line); f.Inner[s] != 1<<max(n-2, 0)-1 {
				t.Fatalf("frame %d: %v's line has %d squares, inner mask %#x", i, s, n, f.Inner[s])
			}
		}
	}
	if frames[FrameRanks].Bit != func() (b [64]uint64) {
		for s := range Square(64) {
			b[s] = s.Bitboard()
		}
		return b
	}() {
		t.Error("the rank frame is not the normal bitboard")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 10_000 {
		occ, s := r.Uint64(), Square(r.IntN(64))
		if got, want := Rotate(occ).Toggle(s), Rotate(occ^s.Bitboard()); got != want {
			t.Fatalf("Rotate(%#x).Toggle(%v) = %+v, want %+v", occ, s, got, want)
		}
		a, b := r.Uint64(), r.Uint64()
		if got, want := Rotate(a).Or(Rotate(b)), Rotate(a|b); got != want {
			t.Fatalf("Rotate(%#x).Or(Rotate(%#x)) = %+v, want %+v", a, b, got, want)
		}
	}
}
