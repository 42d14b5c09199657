package generic

import (
	"math/bits"
	"testing"

	"bitlab/board"
)

// TestMagicHashIsMinimalPerfect proves the source's claim for every square:
// the magic has four one-bits and maps the 2^n subsets of the attack set
// onto 0 .. 2^n-1 without a collision.
func TestMagicHashIsMinimalPerfect(t *testing.T) {
	for _, p := range []struct {
		name    string
		piece   board.Piece
		attacks *[64]uint64
		want    int
	}{{"king", board.King, board.KingAttacks(), 10016}, {"knight", board.Knight, board.KnightAttacks(), 5520}} {
		h := &moveHash[p.piece]
		lists := 0
		for s := range board.Square(64) {
			if n := bits.OnesCount64(h.magic[s]); n != 4 {
				t.Errorf("%s %v: magic %#x has %d one-bits, want 4", p.name, s, h.magic[s], n)
			}
			size := 1 << bits.OnesCount64(p.attacks[s])
			seen := make([]bool, size)
			board.Subsets(p.attacks[s], func(x uint64) {
				i := x * h.magic[s] >> h.shift[s]
				if i >= uint64(size) || seen[i] {
					t.Errorf("%s %v: subset %#x hashes to %d: out of range or taken", p.name, s, x, i)
					return
				}
				seen[i] = true
				lists++
			})
		}
		if lists != p.want || len(h.lists) != p.want {
			t.Errorf("%s: %d subsets, %d lists; the seed counts %d", p.name, lists, len(h.lists), p.want)
		}
		t.Logf("%s: %d move lists, every subset of every square's attack set hashed without collision", p.name, lists)
	}
}
