//go:build goexperiment.simd && amd64

package gosimd_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/kernels/amd64"
	"bitlab/kernels/gosimd"
)

// TestMovegenEntryPoints (in a package of its own, whose functions
// TestRequires does not take for the package's) proves the move generator's entry points
// (movegen.go): the serialization's against their twins, package amd64's
// entry points of serialize/avx512-vbmi2 (proven against a scalar loop,
// which needs the same features), list for list and count for count, on
// edge sets and random ones of every density (with promotions for the
// pawns') at list indices from 0 to past amd64.ListMoves, of every kind
// but the promotions' (which are the pawns' entry points' own); the
// sum of eight population counts against math/bits.
func TestMovegenEntryPoints(t *testing.T) {
	for _, id := range []string{"serialize/archsimd-vbmi2", "serialize/avx512-vbmi2", "popcount/archsimd-vpopcnt"} {
		k, ok := kernels.Lookup(id)
		if !ok {
			t.Fatalf("%s is not registered", id)
		}
		if err := k.Supported(); err != nil {
			t.Skipf("%s: %v", id, err)
		}
	}
	const promo uint64 = 0xFF000000000000FF
	sets := []uint64{0, 1, 1 << 31, 1 << 32, 1 << 63, 0xFFFFFFFF, 0xFFFFFFFF00000000, ^uint64(0), 0x8000000000000001, 0x5555555555555555}
	r := rand.New(rand.NewPCG(7, 11))
	for range 3000 {
		b := r.Uint64()
		for range r.IntN(4) {
			b &= r.Uint64() // sparser
		}
		sets = append(sets, b)
	}
	var got, want [amd64.ListLen]uint16
	for _, targets := range sets {
		for _, n0 := range []int{0, 7, 255, amd64.ListMoves - 1, amd64.ListMoves + 3} {
			kind, from, delta := r.IntN(4), board.Square(r.IntN(64)), []int{8, -8, 16, -16, 7, -7, 9, -9}[r.IntN(8)]
			for _, f := range []struct {
				name      string
				got, want func(list *[amd64.ListLen]uint16, n *int)
			}{
				{"Append",
					func(l *[amd64.ListLen]uint16, n *int) { gosimd.SerializeArchsimdVbmi2Append(l, n, targets, from, kind) },
					func(l *[amd64.ListLen]uint16, n *int) { amd64.SerializeAvx512Vbmi2Append(l, n, targets, from, kind) }},
				{"AppendPawns",
					func(l *[amd64.ListLen]uint16, n *int) {
						gosimd.SerializeArchsimdVbmi2AppendPawns(l, n, targets, delta, kind)
					},
					func(l *[amd64.ListLen]uint16, n *int) {
						amd64.SerializeAvx512Vbmi2AppendPawns(l, n, targets, delta, kind)
					}},
			} {
				got, want = [amd64.ListLen]uint16{}, [amd64.ListLen]uint16{}
				n, m := n0, n0
				f.got(&got, &n)
				f.want(&want, &m)
				wrapped := f.name == "AppendPawns" && targets&promo != 0 // listed by a scalar loop
				if g, w := listed(&got, n0, n-n0, wrapped), listed(&want, n0, m-n0, wrapped); !slices.Equal(g, w) {
					t.Fatalf("%s of %#x at %d: %d moves %x, want %d %x", f.name, targets, n0, n-n0, g, m-n0, w)
				}
			}
		}
	}
	for i := 0; i+8 <= len(sets); i += 8 {
		block := [8]uint64(sets[i : i+8])
		want := 0
		for _, b := range block {
			want += bits.OnesCount64(b)
		}
		if got := gosimd.PopcountArchsimdVpopcntSum(&block); got != want {
			t.Fatalf("PopcountArchsimdVpopcntSum(%#x) = %d, want %d", block, got, want)
		}
	}
}

// listed returns count moves of list from index n0: at the indices from
// n0 mod amd64.ListMoves on, as the vector stores write them, or wrapped
// below amd64.ListMoves one by one, as a scalar loop does.
func listed(list *[amd64.ListLen]uint16, n0, count int, wrapped bool) []uint16 {
	out := make([]uint16, count)
	for j := range out {
		i := n0&(amd64.ListMoves-1) + j
		if wrapped {
			i = (n0 + j) & (amd64.ListMoves - 1)
		}
		out[j] = list[i]
	}
	return out
}
