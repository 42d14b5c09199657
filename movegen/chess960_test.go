package movegen

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bitlab/board"
	"bitlab/positions"
)

// chess960Depth is TestChess960's depth: 4 (563 million nodes over the
// suite, seconds), or BITLAB_CHESS960_DEPTH's, up to the suite's 6 (a
// slower, exhaustive check: 5 counts 17 billion nodes, about a minute; 6
// counts 507 billion, about half an hour).
func chess960Depth(t *testing.T) int {
	s := os.Getenv("BITLAB_CHESS960_DEPTH")
	if s == "" {
		return 4
	}
	d, err := strconv.Atoi(s)
	if err != nil || d < 1 || d > 6 {
		t.Fatalf("BITLAB_CHESS960_DEPTH=%q: want a depth from 1 to 6", s)
	}
	return d
}

// TestChess960 reproduces the published counts of the Chess960 suite
// ([ethereal-perft]) in the default configuration: all 960 positions at
// every depth up to chess960Depth.
func TestChess960(t *testing.T) {
	depth := chess960Depth(t)
	cs := positions.Chess960Cases()
	for _, c := range cs {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if q, err := ParseFEN(p.FEN()); err != nil || q != p {
			t.Errorf("%s: written as %s, read back as %s (%v)", c.Name, p.FEN(), q.FEN(), err)
		}
		for d := 1; d <= depth; d++ {
			if got := Perft(&p, d); got != c.Counts[d-1] {
				t.Errorf("%s (%s) depth %d: %d, want %d", c.Name, c.FEN, d, got, c.Counts[d-1])
			}
		}
	}
	t.Logf("%d Chess960 positions reproduced to depth %d", len(cs), depth)
}

// TestChess960Configs reproduces the Chess960 suite's counts at depth 3 in
// every configuration, grid included, on every fourth position (240).
func TestChess960Configs(t *testing.T) {
	cs := positions.Chess960Cases()
	var ps []Position
	var want []uint64
	for i := 0; i < len(cs); i += 4 {
		p, err := ParseFEN(cs[i].FEN)
		if err != nil {
			t.Fatal(err)
		}
		ps, want = append(ps, p), append(want, cs[i].Counts[2])
	}
	if len(ps) < 100 {
		t.Fatalf("%d positions", len(ps))
	}
	configs := 0
	for _, c := range append(Configs(), GridConfigs()...) {
		f, err := PerftFunc(c)
		if err != nil && Supported(c) != nil {
			t.Logf("skipped: %v", err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		configs++
		for i, p := range ps {
			if got := f(p, 3); got != want[i] {
				t.Errorf("%s: %s depth 3: %d, want %d", c, p.FEN(), got, want[i])
			}
		}
	}
	t.Logf("%d Chess960 positions reproduced at depth 3 in %d configurations", len(ps), configs)
}

// chess960Castlings are castlings the suite may not try: Chess960's
// cases where the king or the rook does not move, the two swap places, a
// rook shields the king's destination from an enemy queen (castling
// illegal) or from a knight (legal), the king's path is attacked, both
// sides castle, and a castling rook with another rook beyond it (written
// by file in X-FEN). Counts by Stockfish with UCI_Chess960 ([stockfish],
// go perft).
var chess960Castlings = []struct {
	fen    string
	counts []uint64
}{
	{"7k/8/8/8/8/8/8/qR3K2 w B - 0 1", []uint64{9, 145, 1836}},
	{"7k/8/8/8/8/8/8/nR3K2 w B - 0 1", []uint64{17, 78, 1316}},
	{"Qr3k2/8/8/8/8/8/8/6K1 b b - 0 1", []uint64{9, 171, 2228, 49951}},
	{"nr3k2/8/8/8/8/8/8/6K1 b b - 0 1", []uint64{18, 85, 1675, 8669}},
	{"k7/8/8/8/8/8/8/6KR w H - 0 1", []uint64{12, 33, 588, 3051}},
	{"k7/8/8/8/8/8/8/5KR1 w G - 0 1", []uint64{13, 36, 639}},
	{"7k/8/8/8/8/8/8/2RK4 w C - 0 1", []uint64{14, 39, 684}},
	{"k7/8/8/8/8/8/8/5K1R w H - 0 1", []uint64{14, 39, 696, 3645}},
	{"k3r3/8/8/8/8/8/8/1K5R w H - 0 1", []uint64{17, 263, 4192, 64784}},
	{"1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1", []uint64{24, 479, 10954}},
	{"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", []uint64{24, 479, 11099}},
	{"rkr5/8/8/8/8/8/8/RKR5 w ACac - 0 1", []uint64{20, 328, 6855, 138584}},
	{"r3k1r1/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", []uint64{25, 525, 12415, 277828}},
	{"b3rk1r/8/8/8/8/8/8/B3RK1R w EHeh - 0 1", []uint64{28, 626, 16305, 412415}},
	{"k7/8/8/8/8/8/8/1KR4R w C - 0 1", []uint64{27, 75, 2085, 9064}},
}

// TestChess960Castlings counts chess960Castlings in every configuration,
// and by the reference to depth 3.
func TestChess960Castlings(t *testing.T) {
	for _, c := range append(Configs(), GridConfigs()...) {
		f, err := PerftFunc(c)
		if err != nil {
			continue // TestChess960Configs says why
		}
		for _, pc := range chess960Castlings {
			p, err := ParseFEN(pc.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range pc.counts {
				if got := f(p, d+1); got != want {
					t.Errorf("%s: %s depth %d: %d, want %d", c, pc.fen, d+1, got, want)
				}
			}
			if c == DefaultConfig() {
				if got := refPerft(&p, 3); got != pc.counts[2] {
					t.Errorf("%s: the reference's depth 3: %d, want %d", pc.fen, got, pc.counts[2])
				}
			}
		}
	}
}

// TestCastleMasks checks the castling tables: standard chess's setup,
// index 0, has standard chess's squares and masks; in every setup the xray
// square is the one next to a b-file queenside rook, beyond it (so no
// piece can stand between the two), and none elsewhere; each setup's
// rights are lost by a move of its king or from or to its rooks' squares.
func TestCastleMasks(t *testing.T) {
	standard := [4]castle{
		{WhiteKingside, 6, 7, 5, 6, 0x60, 0x70, 0},
		{WhiteQueenside, 2, 0, 3, 2, 0x0E, 0x1C, 0},
		{BlackKingside, 62, 63, 61, 62, 0x60 << 56, 0x70 << 56, 0},
		{BlackQueenside, 58, 56, 59, 58, 0x0E << 56, 0x1C << 56, 0},
	}
	if castles[0] != standard {
		t.Errorf("setup 0: %+v, want standard chess's %+v", castles[0], standard)
	}
	setups := 0
	for king := range 8 {
		for kingside := range 8 {
			for queenside := range 8 {
				if king < 1 || king > 6 || kingside <= king || queenside >= king {
					continue
				}
				setups++
				i := setupIndex[king][kingside][queenside]
				for r, c := range castles[i] {
					var want uint64
					if r%2 == 1 && queenside == 1 {
						want = c.rookFrom.Bitboard() >> 1
					}
					if c.xray != want {
						t.Errorf("setup %d%d%d right %d: xray %#x, want %#x", king, kingside, queenside, r, c.xray, want)
					}
					home := 56 * (r / 2)
					for _, s := range []int{home + king, int(c.rookFrom)} {
						if keepRights[i][s]&(1<<r) != 0 {
							t.Errorf("setup %d%d%d: a move from %v keeps right %d", king, kingside, queenside, board.Square(s), r)
						}
					}
				}
			}
		}
	}
	if setups != numSetups {
		t.Errorf("%d setups, numSetups %d", setups, numSetups)
	}
}

// TestChess960Text checks the castling fields FEN writes (X-FEN: KQkq for
// the outermost rooks, else the file) and the castling moves' text (the
// king to its destination for standard chess's castling, the king taking
// its rook for any other).
func TestChess960Text(t *testing.T) {
	for _, c := range []struct{ fen, castling, moves string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "KQkq", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQkq", "e1c1 e1g1"},
		{"k7/8/8/8/8/8/8/1KR4R w C - 0 1", "C", "b1c1"},
		{"7k/8/8/8/8/8/8/RK4R1 w AG - 0 1", "KQ", "b1a1 b1g1"},
		{"r3k2r/8/8/8/8/8/8/1R2K2R w Kk - 0 1", "Kk", "e1g1"},
		{"rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", "Bb", "e1b1"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Board().Castling; got != c.castling {
			t.Errorf("%s: castling field %q, want %q", c.fen, got, c.castling)
		}
		var l MoveList
		p.Moves(&l)
		var castlings []string
		for _, m := range l.Slice() {
			if m.Kind() == Castle {
				castlings = append(castlings, m.String())
			}
		}
		slices.Sort(castlings)
		if got := strings.Join(castlings, " "); got != c.moves {
			t.Errorf("%s: castlings %q, want %q", c.fen, got, c.moves)
		}
	}
}

// TestChess960Games plays random games from every sixteenth position of
// the suite and checks after every move the invariants, the reference's
// moves and the reference's make, in the default generator and in both
// kept representations' copies of Play.
func TestChess960Games(t *testing.T) {
	r := rand.New(rand.NewPCG(960, 518))
	cs := positions.Chess960Cases()
	for i := 0; i < len(cs); i += 16 {
		start, err := ParseFEN(cs[i].FEN)
		if err != nil {
			t.Fatal(err)
		}
		for range 4 {
			p := start
			rev, rot := keptReversed(p), keptRotated(p)
			for range 120 {
				checkInvariants(t, &p)
				want := refMoves(&p)
				var l MoveList
				p.Moves(&l)
				if got := slices.Sorted(slices.Values(l.Slice())); !slices.Equal(got, want) {
					t.Fatalf("%s: moves %v, the reference's %v", p.FEN(), got, want)
				}
				if len(want) == 0 {
					break
				}
				m := want[r.IntN(len(want))]
				q := p.Play(m)
				if ref := refPlay(&p, m); q != ref {
					t.Fatalf("%s: %v plays to %s, the reference to %s", p.FEN(), m, q.FEN(), ref.FEN())
				}
				prev := rev
				sided(p.Side, playReprReversed[white], playReprReversed[black])(&rev, &prev, m)
				prot := rot
				sided(p.Side, playReprRotated[white], playReprRotated[black])(&rot, &prot, m)
				if rev.Position != q || rev != keptReversed(q) || rot.Position != q || rot != keptRotated(q) {
					t.Fatalf("%s: after %v the kept representations differ from the position's", p.FEN(), m)
				}
				p = q
			}
		}
	}
}
