package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bitlab/board"
	"bitlab/factor"
	"bitlab/positions"
)

// vectorSerializer is a configuration whose serialization stores whole
// vectors into the move list: its generator's copies for each side
// (listing the moves), and its append of one target set.
type vectorSerializer struct {
	config       Config
	white, black func(*Position, *MoveList) int
	add          func(l *MoveList, from board.Square, targets uint64, kind int)
	scratch      int // how far past a set's last move its stores may write
}

// vectorSerializers are serialize=avx512-vbmi2 and, in builds with
// GOEXPERIMENT=simd, its archsimd twin (simd_test.go).
var vectorSerializers = []vectorSerializer{{
	DefaultConfig().With(factor.Serialize, "avx512-vbmi2").With(factor.Leaf, factor.ListingLeaf()),
	generateSerAvx512Vbmi2[white, black, lists], generateSerAvx512Vbmi2[black, white, lists], (*MoveList).addCompressed, 32,
}}

// forVectorSerializers runs test on each vector serializer, skipped where
// the CPU lacks its kernel's features (GODEBUG's feature-off passes).
func forVectorSerializers(t *testing.T, test func(t *testing.T, v vectorSerializer)) {
	for _, v := range vectorSerializers {
		t.Run(v.config.Get(factor.Serialize), func(t *testing.T) {
			if !slices.Contains(Configs(), v.config) {
				t.Fatalf("Configs lacks %s", v.config)
			}
			if err := Supported(v.config); err != nil {
				t.Skipf("%s: %v", v.config, err)
			}
			test(t, v)
		})
	}
}

// TestVBMI2Lists plays random games from every perft position and checks
// that each vector serializer lists the default generator's moves in the
// default's order (promotions included, which serialize=avx512-vbmi2's
// pawn entry point lists in a scalar loop, archsimd-vbmi2 by the default's
// addPawns).
func TestVBMI2Lists(t *testing.T) { forVectorSerializers(t, testLists) }

func testLists(t *testing.T, v vectorSerializer) {
	r := rand.New(rand.NewPCG(19, 23))
	promotions := 0
	for _, c := range positions.PerftCases() {
		start, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			p := start
			for range 200 {
				var want, got MoveList
				n := p.generateAny(&want)
				if m := sided(p.Side, v.white, v.black)(&p, &got); m != n || !slices.Equal(got.Slice(), want.Slice()) {
					t.Fatalf("%s: count %d, moves %v; want %d, %v", p.FEN(), m, got.Slice(), n, want.Slice())
				}
				if want.N == 0 {
					break
				}
				for _, m := range want.Slice() {
					if m.Kind() >= PromoKnight {
						promotions++
					}
				}
				p = p.Play(want.Moves[r.IntN(want.N)])
			}
		}
	}
	if promotions == 0 {
		t.Error("the games listed no promotion")
	}
}

// TestVBMI2Slack lists the position with the most legal moves known (218,
// Nenad Petrovic's) with each vector serializer into a list followed by
// guard words: the default's moves, none of the vector stores' scratch
// beyond its reach past the last move, and nothing written past the list
// (which holds MaxMoves+listSlack). Then an append at the last index below
// MaxMoves, of a full target set: its 64 moves, written within the slack.
func TestVBMI2Slack(t *testing.T) { forVectorSerializers(t, testSlack) }

func testSlack(t *testing.T, v vectorSerializer) {
	p, err := ParseFEN("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	const mark = Move(0xBEEF)
	var buf struct {
		l     MoveList
		guard [64]Move
	}
	reset := func() {
		for i := range buf.l.Moves {
			buf.l.Moves[i] = mark
		}
		for i := range buf.guard {
			buf.guard[i] = mark
		}
		buf.l.N = 0
	}
	reset()
	var want MoveList
	p.Moves(&want)
	if n := sided(p.Side, v.white, v.black)(&p, &buf.l); n != 218 || want.N != 218 || !slices.Equal(buf.l.Slice(), want.Slice()) {
		t.Fatalf("%d moves %v, want 218: %v", n, buf.l.Slice(), want.Slice())
	}
	last := slices.IndexFunc(buf.l.Moves[buf.l.N:], func(m Move) bool { return m == mark })
	if i := slices.IndexFunc(buf.l.Moves[buf.l.N+v.scratch:], func(m Move) bool { return m != mark }); last < 0 || i >= 0 {
		t.Errorf("scratch written up to index %d, past the last move %d + %d", buf.l.N+v.scratch+i, buf.l.N, v.scratch)
	}
	reset()
	buf.l.N = MaxMoves - 1
	v.add(&buf.l, 0, ^uint64(0), Quiet)
	if buf.l.N != MaxMoves-1+64 {
		t.Errorf("N %d after 64 moves from %d", buf.l.N, MaxMoves-1)
	}
	for i, m := range buf.l.Moves[MaxMoves-1 : MaxMoves-1+64] {
		if m != newMove(0, board.Square(i), Quiet) {
			t.Fatalf("Moves[%d] = %v, want %v", MaxMoves-1+i, m, newMove(0, board.Square(i), Quiet))
		}
	}
	if slices.ContainsFunc(buf.guard[:], func(m Move) bool { return m != mark }) {
		t.Error("a store left the list")
	}
}
