package harness

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"sync"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/positions"
	"bitlab/qbb"
	"bitlab/schema"
)

// A Workload is a deterministic input batch: Size elements drawn from the
// distribution Dist ([schema.Dist]'s grammar) with the generator seeded by
// Seed. For the families' input types:
//
//	k<N>, d<N>  bitboards, and bitboards of a random side
//	random      uniform random bitboards (d32); for sliders a random square,
//	            the AND of two random words as occupancy and one of the
//	            family's RandomSliders; king or knight targets that are a
//	            random subset of its attacks; random quad-bitboards
//	chess       taken from the shipped position suite: piece sets, attack
//	            sets and move-target sets; slider squares and occupancies;
//	            king and knight target sets; whole positions for quad-bitboards
type Workload struct {
	Dist string
	Size int
	Seed uint64
}

// generators holds the workload generator of every input type, by type.
var generators = map[reflect.Type]func(r *rand.Rand, fam kernels.AnyFamily, d schema.Dist, n, size int) (any, error){
	reflect.TypeFor[uint64](): typed(func(r *rand.Rand, _ kernels.AnyFamily, d schema.Dist) uint64 { return bitboard(r, d) }),
	reflect.TypeFor[kernels.ColoredBB](): typed(func(r *rand.Rand, _ kernels.AnyFamily, d schema.Dist) kernels.ColoredBB {
		return kernels.ColoredBB{BB: bitboard(r, d), Side: board.Color(r.IntN(2))}
	}),
	reflect.TypeFor[kernels.Query](): queries,
	reflect.TypeFor[kernels.RotatedQuery](): func(r *rand.Rand, fam kernels.AnyFamily, d schema.Dist, n, size int) (any, error) {
		qs, err := queries(r, fam, d, n, size)
		if err != nil {
			return nil, err
		}
		// The same queries, each with its rotated occupancies: what an
		// engine keeps up to date, computed here before timing.
		plain := qs.([]kernels.Query)
		rqs := make([]kernels.RotatedQuery, len(plain))
		for i, q := range plain {
			rqs[i] = kernels.RotatedQuery{Query: q, Rot: board.Rotate(q.Occ)}
		}
		return rqs, nil
	},
	reflect.TypeFor[kernels.Targets](): typed(targets),
	reflect.TypeFor[qbb.QBB]():         typed(quad),
	reflect.TypeFor[kernels.Fill]():    typed(quadFill),
}

// typed turns an element generator into a batch generator of a []T.
func typed[T any](gen func(*rand.Rand, kernels.AnyFamily, schema.Dist) T) func(*rand.Rand, kernels.AnyFamily, schema.Dist, int, int) (any, error) {
	return func(r *rand.Rand, fam kernels.AnyFamily, d schema.Dist, n, size int) (any, error) {
		var zero T
		_, isBitboard := any(zero).(uint64)
		_, isColored := any(zero).(kernels.ColoredBB)
		if d.Bitboard() && !isBitboard && !isColored {
			return nil, fmt.Errorf("harness: distribution %s needs bitboard inputs; %s takes %T", d, fam.Name(), zero)
		}
		if d.Slider() {
			return nil, fmt.Errorf("harness: distribution %s draws slider queries; %s takes %T", d, fam.Name(), zero)
		}
		return fill(n, size, func() T { return gen(r, fam, d) }), nil
	}
}

// Inputs builds the workload for a family: a slice of the family's input
// element type, ready for [kernels.Kernel.Bind], the batch a case with
// that workload times.
func Inputs(fam kernels.AnyFamily, w Workload) (any, error) {
	d, err := schema.ParseDist(w.Dist)
	if err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	if w.Size < 1 {
		return nil, fmt.Errorf("harness: workload size %d", w.Size)
	}
	gen, ok := generators[fam.InputType()]
	if !ok {
		return nil, fmt.Errorf("harness: no workloads for inputs of type %v", fam.InputType())
	}
	r := rand.New(rand.NewPCG(w.Seed, uint64(len(w.Dist))<<32|uint64(d.N+1)<<8|uint64(d.Base[0])))
	n := w.Size
	if d.Period > 0 {
		n = min(d.Period, w.Size)
	}
	return gen(r, fam, d, n, w.Size)
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

// bitboard draws one bitboard of a distribution.
func bitboard(r *rand.Rand, d schema.Dist) uint64 {
	k := d.N
	switch d.Base {
	case "random":
		return r.Uint64()
	case "chess":
		pool := chessBitboards()
		return pool[r.IntN(len(pool))]
	case "d":
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

// queries draws a batch of slider queries.
func queries(r *rand.Rand, fam kernels.AnyFamily, d schema.Dist, n, size int) (any, error) {
	if d.Bitboard() {
		return nil, fmt.Errorf("harness: distribution %s needs bitboard inputs; %s takes slider queries", d, fam.Name())
	}
	if d.Base == "gigantua" {
		var g gigantua
		g.reset()
		i, occ := 0, uint64(0)
		return fill(n, size, func() kernels.Query {
			if i%12 == 0 {
				a := g.rand64() // Gigantua draws two words and ANDs them, in this order
				occ = a & g.rand64()
			}
			i++
			return kernels.Query{Occ: occ, Sq: board.Square(g.rand32() % 64), Piece: kernels.QueenLines}
		}), nil
	}
	return fill(n, size, func() kernels.Query { return query(r, fam, d) }), nil
}

func query(r *rand.Rand, fam kernels.AnyFamily, d schema.Dist) kernels.Query {
	switch d.Base {
	case "chess":
		pool := chessQueries()
		return pool[r.IntN(len(pool))]
	case "rook", "bishop":
		piece := map[string]kernels.Slider{"rook": kernels.Orthogonal, "bishop": kernels.Diagonal}[d.Base]
		return kernels.Query{Occ: r.Uint64() & r.Uint64(), Sq: board.Square(r.IntN(64)), Piece: piece}
	}
	pieces := fam.RandomSliders()
	piece := pieces[0]
	if len(pieces) > 1 {
		piece = pieces[r.IntN(len(pieces))]
	}
	return kernels.Query{Occ: r.Uint64() & r.Uint64(), Sq: board.Square(r.IntN(64)), Piece: piece}
}

// gigantua is the generator of Gigantua's sliding benchmark ([gigantua]):
// Marsaglia's xorshift96 from fixed seeds, 64-bit words made of two draws,
// the first the high half.
type gigantua struct{ x, y, z uint32 }

func (g *gigantua) reset() { g.x, g.y, g.z = 123456789, 362436069, 521288629 }

func (g *gigantua) rand32() uint32 {
	g.x ^= g.x << 16
	g.x ^= g.x >> 5
	g.x ^= g.x << 1
	t := g.x
	g.x, g.y = g.y, g.z
	g.z = t ^ g.x ^ g.y
	return g.z
}

func (g *gigantua) rand64() uint64 {
	hi := g.rand32()
	return uint64(hi)<<32 | uint64(g.rand32())
}

func targets(r *rand.Rand, _ kernels.AnyFamily, d schema.Dist) kernels.Targets {
	if d.Base == "chess" {
		pool := chessTargets()
		return pool[r.IntN(len(pool))]
	}
	s, p, attacks := board.Square(r.IntN(64)), board.King, board.KingAttacks()
	if r.IntN(2) == 1 {
		p, attacks = board.Knight, board.KnightAttacks()
	}
	return kernels.Targets{BB: attacks[s] & r.Uint64(), From: s, Piece: p}
}

func quad(r *rand.Rand, _ kernels.AnyFamily, d schema.Dist) qbb.QBB {
	if d.Base == "chess" {
		ps := suite()
		return qbb.FromPosition(&ps[r.IntN(len(ps))])
	}
	return qbb.QBB{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
}

func quadFill(r *rand.Rand, _ kernels.AnyFamily, d schema.Dist) kernels.Fill {
	if d.Base == "chess" {
		ps := suite()
		p := &ps[r.IntN(len(ps))]
		// The source's coding: white rooks or queens, black rooks or queens,
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
		return board.KnightAttacks()[s]
	case board.King:
		return board.KingAttacks()[s]
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
