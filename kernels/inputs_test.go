package kernels_test

import (
	"math/rand/v2"
	"sync"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/positions"
	"bitlab/qbb"
)

// newRand returns the fixed-seed generator of every randomized input set.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(0xb17b0a4d, 2026)) }

var edgeCases = []uint64{0, 1, 1 << 63, ^uint64(0), 1<<63 | 1, 0x8000000000000001 >> 1,
	0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0xFF, 0xFF << 56, 0x0101010101010101, 0x8080808080808080}

// bitboards returns every 16-bit pattern at every offset 0..48, the edge
// cases, and a fixed-seed random million: the proof set of the counting and
// scanning families.
var bitboards = sync.OnceValue(func() []uint64 {
	xs := make([]uint64, 0, 49<<16+len(edgeCases)+1_000_000)
	for off := range 49 {
		for p := range uint64(1 << 16) {
			xs = append(xs, p<<off)
		}
	}
	xs = append(xs, edgeCases...)
	r := newRand()
	for range 1_000_000 {
		xs = append(xs, r.Uint64())
	}
	return xs
})

// sparseBitboards returns the edge cases, random words and random words
// ANDed once and twice (a spread of densities), 300,000 in all.
func sparseBitboards() []uint64 {
	xs := append([]uint64(nil), edgeCases...)
	r := newRand()
	for len(xs) < 300_000 {
		xs = append(xs, r.Uint64(), r.Uint64()&r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64())
	}
	return xs
}

// sliderQueries returns every square with every subset of its relevant
// occupancy, for rook lines and for bishop lines, then random full-board
// occupancies for every slider, with the slider's own square occupied or not.
func sliderQueries() (qs []kernels.Query, rook, bishop int) {
	for s := range board.Square(64) {
		board.Subsets(board.RookRelevant()[s], func(o uint64) {
			qs = append(qs, kernels.Query{Occ: o, Sq: s, Piece: kernels.Orthogonal})
			rook++
		})
		board.Subsets(board.BishopRelevant()[s], func(o uint64) {
			qs = append(qs, kernels.Query{Occ: o, Sq: s, Piece: kernels.Diagonal})
			bishop++
		})
	}
	r := newRand()
	for range 200_000 {
		s := board.Square(r.IntN(64))
		occ := r.Uint64() & r.Uint64()
		if r.IntN(2) == 0 {
			occ |= s.Bitboard()
		} else {
			occ &^= s.Bitboard()
		}
		qs = append(qs, kernels.Query{Occ: occ, Sq: s, Piece: kernels.Slider(1 + r.IntN(3))})
	}
	return qs, rook, bishop
}

// suiteQBBs returns the quad-bitboards of the position suite and random
// quad-bitboards (which may hold unused codes: the conversions must not care).
func suiteQBBs() []qbb.QBB {
	var qs []qbb.QBB
	for _, p := range positions.Suite() {
		qs = append(qs, qbb.FromPosition(&p))
	}
	r := newRand()
	for range 20_000 {
		qs = append(qs, qbb.QBB{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()},
			qbb.QBB{r.Uint64() & r.Uint64(), r.Uint64() & r.Uint64(), r.Uint64() & r.Uint64(), r.Uint64() & r.Uint64()})
	}
	return qs
}
