package harness

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"strconv"
	"sync"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/positions"
	"bitlab/qbb"
)

// A Workload is a deterministic input batch: Size elements drawn from the
// distribution Dist with the generator seeded by Seed.
//
// Distributions:
//
//	k<N>        bitboards with exactly N one-bits, N = 0..64 (every word the
//	            same count: a loop over the bits has a constant trip count)
//	d<N>        bit density N/64: every bit set independently with probability
//	            N/64, so N one-bits on average and a binomial spread around it
//	random      uniform random bitboards (d32); for sliders a random square and the
//	            AND of two random words as occupancy (a queen for "sliding")
//	chess       taken from the shipped position suite: piece sets, attack
//	            sets and move-target sets; slider squares and occupancies;
//	            king and knight target sets; whole positions for quad-bitboards
//	<d>-rep<R>  R elements of distribution d repeated to fill the batch:
//	            predictable for the branch predictor
type Workload struct {
	Dist string
	Size int
	Seed uint64
}

var distPattern = regexp.MustCompile(`^(random|chess|([kd])(\d+))(?:-rep(\d+))?$`)

// parseDist splits a distribution name into its base ("random", "chess",
// "k" or "d"), the N of k<N> and d<N> (-1 otherwise) and the repeat period
// (0 for none).
func parseDist(d string) (base string, k, period int, err error) {
	m := distPattern.FindStringSubmatch(d)
	if m == nil {
		return "", 0, 0, fmt.Errorf("harness: unknown distribution %q (want random, chess, k0..k64, d0..d64, optionally -rep<R>)", d)
	}
	base, k = m[1], -1
	if m[2] != "" {
		base = m[2]
		if k, err = strconv.Atoi(m[3]); err != nil || k > 64 {
			return "", 0, 0, fmt.Errorf("harness: distribution %q: N must be 0..64", d)
		}
	}
	if m[4] != "" {
		if period, err = strconv.Atoi(m[4]); err != nil || period < 1 {
			return "", 0, 0, fmt.Errorf("harness: distribution %q: bad repeat period", d)
		}
	}
	return base, k, period, nil
}

// Inputs builds the workload for a family: a slice of the family's input
// element type, ready for kernels.Kernel.Bind.
func Inputs(fam kernels.FamilyInfo, w Workload) (any, error) {
	base, k, period, err := parseDist(w.Dist)
	if err != nil {
		return nil, err
	}
	if w.Size < 1 {
		return nil, fmt.Errorf("harness: workload size %d", w.Size)
	}
	r := rand.New(rand.NewPCG(w.Seed, uint64(len(w.Dist))<<32|uint64(k+1)<<8|uint64(base[0])))
	n := w.Size
	if period > 0 {
		n = min(period, w.Size)
	}
	if k >= 0 && !bitboardInput(fam) {
		return nil, fmt.Errorf("harness: distribution %s needs a bitboard family; %s takes %T", w.Dist, fam.Name(), fam.Input())
	}
	if base == "d" {
		base = "density"
	}
	switch fam.Input().(type) {
	case uint64:
		return fill(n, w.Size, func() uint64 { return bitboard(r, base, k) }), nil
	case kernels.ColoredBB:
		return fill(n, w.Size, func() kernels.ColoredBB {
			return kernels.ColoredBB{BB: bitboard(r, base, k), Side: board.Color(r.IntN(2))}
		}), nil
	case kernels.Query:
		return fill(n, w.Size, func() kernels.Query { return query(r, base, fam.Name()) }), nil
	case kernels.Targets:
		return fill(n, w.Size, func() kernels.Targets { return targets(r, base) }), nil
	case qbb.QBB:
		return fill(n, w.Size, func() qbb.QBB { return quad(r, base) }), nil
	case kernels.Fill:
		return fill(n, w.Size, func() kernels.Fill { return quadFill(r, base) }), nil
	}
	return nil, fmt.Errorf("harness: no workloads for inputs of type %T", fam.Input())
}

// bitboardInput reports whether the family's input is (or holds) one
// bitboard, so that the k<N> distributions apply.
func bitboardInput(fam kernels.FamilyInfo) bool {
	switch fam.Input().(type) {
	case uint64, kernels.ColoredBB:
		return true
	}
	return false
}

// fill draws n elements and repeats them to size elements.
func fill[T any](n, size int, gen func() T) []T {
	s := make([]T, n, size)
	for i := range s {
		s[i] = gen()
	}
	for len(s) < size {
		s = append(s, s[:min(len(s), size-len(s))]...)
	}
	return s
}

// bitboard draws one bitboard of a bitboard distribution.
func bitboard(r *rand.Rand, base string, k int) uint64 {
	switch base {
	case "random":
		return r.Uint64()
	case "chess":
		pool := chessBitboards()
		return pool[r.IntN(len(pool))]
	case "density":
		var x uint64
		for i := range 64 {
			if r.IntN(64) < k {
				x |= 1 << i
			}
		}
		return x
	}
	// k one-bits: set or clear random bits, whichever needs fewer steps.
	x, want, flip := uint64(0), k, false
	if k > 32 {
		x, want, flip = ^uint64(0), 64-k, true
	}
	for n := 0; n < want; {
		b := uint64(1) << r.IntN(64)
		if (x&b != 0) == flip {
			x ^= b
			n++
		}
	}
	return x
}

func query(r *rand.Rand, base, family string) kernels.Query {
	if base == "chess" {
		pool := chessQueries()
		return pool[r.IntN(len(pool))]
	}
	piece := kernels.QueenLines
	if family != "sliding" {
		piece = kernels.Slider(1 + r.IntN(3))
	}
	return kernels.Query{Occ: r.Uint64() & r.Uint64(), Sq: board.Square(r.IntN(64)), Piece: piece}
}

func targets(r *rand.Rand, base string) kernels.Targets {
	if base == "chess" {
		pool := chessTargets()
		return pool[r.IntN(len(pool))]
	}
	s, p, attacks := board.Square(r.IntN(64)), board.King, &board.KingAttacks
	if r.IntN(2) == 1 {
		p, attacks = board.Knight, &board.KnightAttacks
	}
	return kernels.Targets{BB: attacks[s] & r.Uint64(), From: s, Piece: p}
}

func quad(r *rand.Rand, base string) qbb.QBB {
	if base == "chess" {
		ps := suite()
		return qbb.FromPosition(&ps[r.IntN(len(ps))])
	}
	return qbb.QBB{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
}

func quadFill(r *rand.Rand, base string) kernels.Fill {
	if base == "chess" {
		ps := suite()
		p := &ps[r.IntN(len(ps))]
		// The seed's coding: white rooks or queens, black rooks or queens,
		// black king, white king.
		w, b := p.Pieces[board.White], p.Pieces[board.Black]
		return kernels.Fill{Gen: qbb.QBB{w[board.Rook] | w[board.Queen], b[board.Rook] | b[board.Queen],
			b[board.King], w[board.King]}, Empty: ^p.Occupied()}
	}
	sparse := func() uint64 { return r.Uint64() & r.Uint64() & r.Uint64() & r.Uint64() }
	return kernels.Fill{Gen: qbb.QBB{sparse(), sparse(), sparse(), sparse()}, Empty: r.Uint64() | r.Uint64()}
}

var suite = sync.OnceValue(positions.Suite)

// chessBitboards is the pool of the chess distribution: for every position
// of the suite, the twelve piece sets, the sides and the occupancy, and per
// piece its attack set and its move-target set (attacks less own pieces).
var chessBitboards = sync.OnceValue(func() []uint64 {
	var pool []uint64
	for _, p := range suite() {
		occ := p.Occupied()
		pool = append(pool, occ, p.ColorSet(board.White), p.ColorSet(board.Black))
		for c := board.White; c <= board.Black; c++ {
			own := p.ColorSet(c)
			for pc := board.Pawn; pc <= board.King; pc++ {
				pool = append(pool, p.Pieces[c][pc])
				for x := p.Pieces[c][pc]; x != 0; x &= x - 1 {
					a := attacks(pc, c, board.Square(bits.TrailingZeros64(x)), occ)
					pool = append(pool, a, a&^own)
				}
			}
		}
	}
	return pool
})

// attacks returns the attack set of one piece (pawn captures for pawns).
func attacks(pc board.Piece, c board.Color, s board.Square, occ uint64) uint64 {
	switch pc {
	case board.Pawn:
		b := s.Bitboard()
		notA, notH := uint64(0xFEFEFEFEFEFEFEFE), uint64(0x7F7F7F7F7F7F7F7F)
		if c == board.White {
			return (b<<7)&notH | (b<<9)&notA
		}
		return (b>>9)&notH | (b>>7)&notA
	case board.Knight:
		return board.KnightAttacks[s]
	case board.King:
		return board.KingAttacks[s]
	case board.Bishop:
		return board.BishopAttacks(s, occ)
	case board.Rook:
		return board.RookAttacks(s, occ)
	}
	return board.RookAttacks(s, occ) | board.BishopAttacks(s, occ)
}

// chessQueries holds every slider of every suite position with its lines
// and the position's occupancy.
var chessQueries = sync.OnceValue(func() []kernels.Query {
	var pool []kernels.Query
	lines := [...]kernels.Slider{board.Bishop: kernels.Diagonal, board.Rook: kernels.Orthogonal, board.Queen: kernels.QueenLines}
	for _, p := range suite() {
		for c := board.White; c <= board.Black; c++ {
			for pc := board.Bishop; pc <= board.Queen; pc++ {
				for x := p.Pieces[c][pc]; x != 0; x &= x - 1 {
					pool = append(pool, kernels.Query{Occ: p.Occupied(), Sq: board.Square(bits.TrailingZeros64(x)), Piece: lines[pc]})
				}
			}
		}
	}
	return pool
})

// chessTargets holds the move-target set of every king and knight of every
// suite position: its attacks less its own side's pieces.
var chessTargets = sync.OnceValue(func() []kernels.Targets {
	var pool []kernels.Targets
	for _, p := range suite() {
		for c := board.White; c <= board.Black; c++ {
			for _, pc := range []board.Piece{board.King, board.Knight} {
				for x := p.Pieces[c][pc]; x != 0; x &= x - 1 {
					s := board.Square(bits.TrailingZeros64(x))
					pool = append(pool, kernels.Targets{BB: attacks(pc, c, s, 0) &^ p.ColorSet(c), From: s, Piece: pc})
				}
			}
		}
	}
	return pool
})
