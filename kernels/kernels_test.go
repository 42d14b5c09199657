package kernels_test

import (
	"math/bits"
	"os"
	"regexp"
	"slices"
	"testing"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/positions"
	"bitlab/qbb"
)

// bitboardFamilies are the families whose input is one bitboard, each with
// its check: proven on bitboards() by TestBitboardFamilies and fuzzed by
// FuzzBitboardFamilies. A new bitboard family needs one line here.
var bitboardFamilies = []struct {
	name  string
	check func(*testing.T, []uint64)
}{
	{"popcount", func(t *testing.T, src []uint64) { check(t, kernels.Popcount(), src) }},
	{"bitscan-forward", func(t *testing.T, src []uint64) { check(t, kernels.BitscanForward(), src) }},
	{"bitscan-reverse", func(t *testing.T, src []uint64) { check(t, kernels.BitscanReverse(), src) }},
	{"ls1b-reset", func(t *testing.T, src []uint64) { check(t, kernels.LS1BReset(), src) }},
	{"bitreverse", func(t *testing.T, src []uint64) { check(t, kernels.BitReverse(), src) }},
	{"serialize", func(t *testing.T, src []uint64) { check(t, kernels.Serialize(), src) }},
}

func TestBitboardFamilies(t *testing.T) {
	for _, f := range bitboardFamilies {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			f.check(t, bitboards())
		})
	}
	t.Logf("%d bitboards: all 16-bit patterns at offsets 0..48, %d edge cases, 1,000,000 random", len(bitboards()), len(edgeCases))
}

func TestSerializeColor(t *testing.T) {
	t.Parallel()
	var src []kernels.ColoredBB
	for _, x := range sparseBitboards() {
		src = append(src, kernels.ColoredBB{BB: x, Side: board.White}, kernels.ColoredBB{BB: x, Side: board.Black})
	}
	check(t, kernels.SerializeColor(), src)
}

// leaperTargets returns every subset of every square's attack set.
func leaperTargets(p board.Piece, attacks *[64]uint64) []kernels.Targets {
	var ts []kernels.Targets
	for s := range board.Square(64) {
		board.Subsets(attacks[s], func(t uint64) {
			ts = append(ts, kernels.Targets{BB: t, From: s, Piece: p})
		})
	}
	return ts
}

func TestMoveList(t *testing.T) {
	t.Parallel()
	king := leaperTargets(board.King, board.KingAttacks())
	knight := leaperTargets(board.Knight, board.KnightAttacks())
	if len(king) != 10016 || len(knight) != 5520 {
		t.Errorf("move-target subsets: %d king, %d knight; the seed counts 10016 and 5520", len(king), len(knight))
	}
	check(t, kernels.MoveList(), append(king, knight...))
	t.Logf("every move-target subset: %d king and %d knight move lists", len(king), len(knight))
}

func TestSliding(t *testing.T) {
	t.Parallel()
	qs, rook, bishop := sliderQueries()
	if rook != 102400 || bishop != 5248 {
		t.Errorf("relevant-occupancy cases: %d rook, %d bishop; want 102400 and 5248", rook, bishop)
	}
	check(t, kernels.Sliding(), qs)
	t.Logf("every square x every relevant occupancy: %d rook and %d bishop cases, then %d random", rook, bishop, len(qs)-rook-bishop)
}

// rotatedQueries gives each query its rotated occupancies.
func rotatedQueries(qs []kernels.Query) []kernels.RotatedQuery {
	rqs := make([]kernels.RotatedQuery, len(qs))
	for i, q := range qs {
		rqs[i] = kernels.RotatedQuery{Query: q, Rot: board.Rotate(q.Occ)}
	}
	return rqs
}

func TestSlidingRotated(t *testing.T) {
	t.Parallel()
	qs, rook, bishop := sliderQueries()
	check(t, kernels.SlidingRotated(), rotatedQueries(qs))
	t.Logf("every square x every relevant occupancy: %d rook and %d bishop cases, then %d random", rook, bishop, len(qs)-rook-bishop)
}

func TestSlidingRay(t *testing.T) {
	t.Parallel()
	qs, _, _ := sliderQueries()
	check(t, kernels.SlidingRay(), qs)
}

func TestQuad2Hex(t *testing.T)   { t.Parallel(); check(t, kernels.Quad2Hex(), suiteQBBs()) }
func TestQuad2Board(t *testing.T) { t.Parallel(); check(t, kernels.Quad2Board(), suiteQBBs()) }

func TestQuadFill(t *testing.T) {
	t.Parallel()
	var src []kernels.Fill
	for _, p := range positions.Suite() {
		q := qbb.FromPosition(&p)
		// The source's rook-queen/king coding, and every piece-type set as generators.
		src = append(src, kernels.Fill{Gen: qbb.QBB{
			p.Pieces[board.White][board.Rook] | p.Pieces[board.White][board.Queen],
			p.Pieces[board.Black][board.Rook] | p.Pieces[board.Black][board.Queen],
			p.Pieces[board.Black][board.King], p.Pieces[board.White][board.King]}, Empty: ^p.Occupied()},
			kernels.Fill{Gen: q, Empty: ^p.Occupied()})
	}
	r := newRand()
	for range 20_000 {
		src = append(src, kernels.Fill{Gen: qbb.QBB{r.Uint64() & r.Uint64() & r.Uint64(), r.Uint64() & r.Uint64() & r.Uint64(),
			r.Uint64() & r.Uint64() & r.Uint64(), r.Uint64() & r.Uint64() & r.Uint64()}, Empty: r.Uint64() | r.Uint64()})
	}
	check(t, kernels.QuadFill(), src)
}

// TestReferences pins the references themselves to math/bits and board on
// the edge cases, so that a reference bug cannot hide behind agreement.
func TestReferences(t *testing.T) {
	for _, x := range append(edgeCases, 0x1234_5678_9abc_def0) {
		if got := kernels.Popcount().Reference(nil, x)[0]; int(got) != bits.OnesCount64(x) {
			t.Errorf("popcount(%#x) = %d", x, got)
		}
		fwd, rev := board.NoSquare, board.NoSquare
		if x != 0 {
			fwd, rev = board.Square(bits.TrailingZeros64(x)), board.Square(bits.Len64(x)-1)
		}
		if got := kernels.BitscanForward().Reference(nil, x)[0]; got != fwd {
			t.Errorf("bitscan-forward(%#x) = %d, want %d", x, got, fwd)
		}
		if got := kernels.BitscanReverse().Reference(nil, x)[0]; got != rev {
			t.Errorf("bitscan-reverse(%#x) = %d, want %d", x, got, rev)
		}
		if got := kernels.BitReverse().Reference(nil, x)[0]; got != bits.Reverse64(x) {
			t.Errorf("bitreverse(%#x) = %#x", x, got)
		}
		if got := kernels.LS1BReset().Reference(nil, x)[0]; got != x&(x-1) {
			t.Errorf("ls1b-reset(%#x) = %#x", x, got)
		}
	}
	// A rook on d4 with blockers on d6 and b4: d1-d3, b4-c4, e4-h4, d5-d6;
	// the positive rays alone: e4-h4, d5-d6.
	d4 := board.NewSquare(3, 3)
	occ := board.NewSquare(3, 5).Bitboard() | board.NewSquare(1, 3).Bitboard()
	q := kernels.Query{Occ: occ, Sq: d4, Piece: kernels.Orthogonal}
	if got, want := kernels.Sliding().Reference(nil, q)[0], uint64(0x00_00_08_08_F6_08_08_08); got != want {
		t.Errorf("rook d4: %#x, want %#x", got, want)
	}
	if got, want := kernels.SlidingRay().Reference(nil, q)[0], uint64(0x00_00_08_08_F0_00_00_00); got != want {
		t.Errorf("rook d4 positive rays: %#x, want %#x", got, want)
	}
}

// lists returns the per-element output lists of one implementation.
func lists[In any](k *kernels.Impl[In, board.Square], src []In) [][]board.Square {
	var out [][]board.Square
	d := make([]board.Square, 64)
	for _, x := range src {
		n := k.Throughput(d, []In{x})
		out = append(out, slices.Clone(d[:n]))
	}
	return out
}

// TestSerializeContracts checks the orders each implementation documents,
// the round trip list -> bitboard, and the empty set.
func TestSerializeContracts(t *testing.T) {
	src := sparseBitboards()[:20000]
	for _, k := range kernels.Serialize().Impls() {
		if k.Supported() != nil {
			continue
		}
		order := k.Info().Order
		for i, l := range lists(k, src) {
			if (order != kernels.Unordered && !sortedBy(l, order == kernels.Reversed)) || roundTrip(l) != src[i] {
				t.Errorf("%s: %#x -> %v: not a list of its squares %s", k.Info().ID(), src[i], l, order)
				break
			}
		}
		if n := k.Throughput(make([]board.Square, 64), []uint64{0}); n != 0 {
			t.Errorf("%s: the empty set gave %d squares", k.Info().ID(), n)
		}
	}
}

func TestSerializeColorSymmetry(t *testing.T) {
	var white, black, rotated []kernels.ColoredBB
	for _, x := range sparseBitboards()[:20000] {
		white = append(white, kernels.ColoredBB{BB: x, Side: board.White})
		black = append(black, kernels.ColoredBB{BB: board.FlipVertical(x), Side: board.Black})
		rotated = append(rotated, kernels.ColoredBB{BB: board.Rotate180(x), Side: board.Black})
	}
	mirror := func(l []board.Square, f func(board.Square) board.Square) []board.Square {
		m := make([]board.Square, len(l))
		for i, s := range l {
			m[i] = f(s)
		}
		return m
	}
	for _, k := range kernels.SerializeColor().Impls() {
		if k.Supported() != nil {
			continue
		}
		w, b, r := lists(k, white), lists(k, black), lists(k, rotated)
		for i := range w {
			if roundTrip(w[i]) != white[i].BB || roundTrip(b[i]) != black[i].BB {
				t.Fatalf("%s: lists of %#x do not round-trip", k.Info().ID(), white[i].BB)
			}
			switch k.Info().Order {
			case kernels.Unordered:
				// Weaker: the white list of x is the black list of x turned
				// 180 degrees with every square s mapped to 63-s; the vertical
				// mirror matches only rank by rank, files reversed.
				if !slices.Equal(w[i], mirror(r[i], func(s board.Square) board.Square { return 63 - s })) {
					t.Fatalf("%s: white %v is not black(rotate180) mapped 63-s %v", k.Info().ID(), w[i], r[i])
				}
			default:
				// The white list of x equals the black list of flipVertical(x)
				// with every square mirrored.
				if !slices.Equal(w[i], mirror(b[i], board.Square.FlipVertical)) {
					t.Fatalf("%s: white %v is not black(flipVertical) mirrored %v", k.Info().ID(), w[i], b[i])
				}
			}
		}
	}
}

func sortedBy(l []board.Square, descending bool) bool {
	for i := 1; i < len(l); i++ {
		if (l[i] > l[i-1]) == descending {
			return false
		}
	}
	return true
}

func roundTrip(l []board.Square) uint64 {
	var b uint64
	for _, s := range l {
		b |= s.Bitboard()
	}
	return b
}

func TestBaselinesAreRegisteredPortableImplementations(t *testing.T) {
	for _, f := range kernels.Families() {
		k, ok := kernels.Lookup(f.Name() + "/" + f.Baseline())
		if !ok || k.Info().Arch != kernels.Generic {
			t.Errorf("%s: baseline %q is not a registered generic implementation", f.Name(), f.Baseline())
		}
	}
}

// TestOutputPlacement checks that a bound batch's output starts half a page
// from its input, modulo 4096, for outputs of every element size, in a
// buffer of its own and in one lent by an Outputs.
func TestOutputPlacement(t *testing.T) {
	src := make([]uint64, 4096)
	var out kernels.Outputs
	for _, lent := range []*kernels.Outputs{nil, &out} {
		for _, k := range []kernels.Kernel{mustLookup(t, "popcount/mathbits"), mustLookup(t, "serialize/forward"), mustLookup(t, "ls1b-reset/and")} {
			if lent != nil {
				lent.Reserve(k.FamilyOf(), len(src))
			}
			b, err := k.Bind(src, kernels.Throughput, lent)
			if err != nil {
				t.Fatal(err)
			}
			if off := kernels.OutputOffset(b, src); off%4096 != 2048 {
				t.Errorf("%s: output at %d modulo 4096 from the input, want 2048", k.Info().ID(), off%4096)
			}
		}
	}
}

// TestOutputsShared binds batches of one output type, the shorter ones
// on inputs at other offsets, into one Outputs: they share one buffer,
// allocated once at the reserved length, whatever the binding order.
func TestOutputsShared(t *testing.T) {
	long, short := make([]uint64, 1<<14), make([]uint64, 4096+3)
	serialize, scan := mustLookup(t, "serialize/forward"), mustLookup(t, "bitscan-forward/table16")
	var out kernels.Outputs
	out.Reserve(scan.FamilyOf(), len(short))
	out.Reserve(serialize.FamilyOf(), len(long))
	out.Reserve(serialize.FamilyOf(), len(short[3:]))
	// board.Square outputs: 64 per input, and room for any placement.
	if want := int64(64*len(long) + 4096 + 1); out.Bytes() != want {
		t.Errorf("reserved %d bytes, want %d", out.Bytes(), want)
	}
	first, err := scan.Bind(short, kernels.Throughput, &out)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		k   kernels.Kernel
		src []uint64
	}{{serialize, long}, {serialize, short[3:]}, {scan, short}} {
		b, err := c.k.Bind(c.src, kernels.Throughput, &out)
		if err != nil {
			t.Fatal(err)
		}
		if off := kernels.OutputOffset(b, c.src); off%4096 != 2048 {
			t.Errorf("%s on %d inputs: output at %d modulo 4096 from the input, want 2048", c.k.Info().ID(), len(c.src), off%4096)
		}
		if !kernels.SameOutputBuffer(first, b) {
			t.Errorf("%s on %d inputs: outputs in a buffer of their own", c.k.Info().ID(), len(c.src))
		}
	}
	if want := int64(64*len(long) + 4096 + 1); out.Bytes() != want {
		t.Errorf("%d bytes lent, want %d", out.Bytes(), want)
	}
}

func mustLookup(t *testing.T, id string) kernels.Kernel {
	k, ok := kernels.Lookup(id)
	if !ok {
		t.Fatalf("no kernel %s", id)
	}
	return k
}

// TestFamiliesListedInDeclarationOrder pins the listing order to the order
// of the declarations in families.go, which package initialization follows
// only while nothing a declaration uses is declared later.
func TestFamiliesListedInDeclarationOrder(t *testing.T) {
	src, err := os.ReadFile("families.go")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, m := range regexp.MustCompile(`(?m)^\s+Name: "([a-z0-9-]+)"`).FindAllStringSubmatch(string(src), -1) {
		declared = append(declared, m[1])
	}
	var listed []string
	for _, f := range kernels.Families() {
		listed = append(listed, f.Name())
	}
	if !slices.Equal(declared, listed) {
		t.Errorf("listed %v, declared %v", listed, declared)
	}
}

// TestUsageDeclared: registration refuses an implementation without a
// usage, and every registered one has one of the three, so that the verdict
// knows which implementations a move generator can call per query.
func TestUsageDeclared(t *testing.T) {
	for _, k := range kernels.All() {
		if u := k.Info().Usage; u != kernels.PerQuery && u != kernels.SIMDBatch && u != kernels.LoopOnly {
			t.Errorf("%s: usage %v", k.Info().ID(), u)
		}
	}
	for _, u := range []kernels.Usage{0, kernels.LoopOnly + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("registration with usage %v did not panic", u)
				}
			}()
			kernels.Popcount().Register(kernels.Info{Impl: "no-usage", Arch: kernels.Generic, Source: "test", Doc: "test", Usage: u},
				func(dst []uint8, src []uint64) int { return 0 }, nil)
		}()
	}
}
