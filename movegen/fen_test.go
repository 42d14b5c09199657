package movegen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bitlab/board"
	"bitlab/factor"
	"bitlab/positions"
)

// rejected are positions no game reaches, each with the part of the error
// that names its rule: the first two are issue 26's (27 men; an occupied
// en-passant square, which listed a capture twice).
var rejected = []struct{ fen, rule string }{
	{"QQQQQQnk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", "white has 27 men (a side starts with 16"},
	{"rnbqkbnr/ppp1pppp/8/8/3pP3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "en-passant square e3 is occupied"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "en-passant square e3 without the white pawn on e4"},
	{"rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1", "en-passant square e3 with e2 occupied, from where the white pawn on e4"},
	{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en-passant square e3 with white to move: not on the sixth rank"},
	{"rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR b KQkq d6 0 1", "en-passant square d6 with black to move: not on the third rank"},
	{"kk6/8/8/8/8/8/8/K7 w - - 0 1", "black has 2 kings"},
	{"8/8/8/8/8/8/8/K7 w - - 0 1", "black has no king"},
	{"k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1", "white has 9 pawns"},
	{"k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1", "white has 2 queens, 0 rooks, 0 bishops (0 on light squares) and 0 knights: at least 1 promoted, but 0 of its pawns are missing"},
	{"k7/8/8/8/8/8/PPPPPPPP/KB1B4 w - - 0 1", "white has 0 queens, 0 rooks, 2 bishops (2 on light squares)"},
	{"k7/pppppppp/8/8/8/8/8/K2nnn2 w - - 0 1", "black has 0 queens, 0 rooks, 0 bishops (0 on light squares) and 3 knights: at least 1 promoted"},
	{"P6k/8/8/8/8/8/8/K7 w - - 0 1", "a white pawn on a8"},
	{"k7/8/8/8/8/8/8/K6p w - - 0 1", "a black pawn on h1"},
	{"k6R/8/8/8/8/8/8/K7 w - - 0 1", "black is in check with white to move"},
	{"K6r/8/8/8/8/8/8/k7 b - - 0 1", "white is in check with black to move"},
	{"4r3/1b6/5n2/8/4K3/8/8/7k w - - 0 1", "white, to move, is in check by 3 pieces"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right K: white has no rook on its first rank right of its king on e1"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", "castling right Q: white has no rook on its first rank left of its king on e1"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HFhf - 0 1", "castling right F: white has no rook on f1"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkE - 0 1", "castling right E: white has no rook on e1"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1", "names white's kingside castling twice"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkqa - 0 1", "names black's queenside castling twice"},
	{"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "castling right K: the white king is on e2, not on its first rank"},
	{"r3k2r/8/8/8/8/8/4K3/R6R w Hkq - 0 1", "castling right H: the white king is on e2, not on its first rank"},
	{"r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "white's king is on the e-file and black's on the d-file"},
	{"1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "white's queenside rook is on the a-file and black's on the b-file"},
	{"k7/8/8/8/8/8/8/K6R w K - 0 1", "the white king is on a1, but every game starts with the king between its rooks"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", `castling field "KX": 'X' is none of`},
	{"", `board: FEN "": want 4 to 6 fields`},
}

// TestRejects checks that every position of rejected is refused with its
// rule, naming the colours by name.
func TestRejects(t *testing.T) {
	for _, c := range rejected {
		_, err := ParseFEN(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: %v, want an error with %q", c.fen, err, c.rule)
		} else if colourAsNumber.MatchString(err.Error()) {
			t.Errorf("%s: %q names a colour by number", c.fen, err)
		}
	}
	for _, msg := range []string{"movegen: 0 has 2 kings", "movegen: Color(2) has no king", "movegen: 1 is in check"} {
		if !colourAsNumber.MatchString(msg) {
			t.Errorf("colourAsNumber misses %q", msg)
		}
	}
}

// colourAsNumber matches a colour written as a number in the
// generator's errors, such as "movegen: 0 has 2 kings" (the board parser's
// errors name ranks by number, "rank 1 has 0 files").
var colourAsNumber = regexp.MustCompile(`^movegen: .*(\b[01] (has|is|to move)\b|Color\()`)

// FuzzFEN feeds the parser arbitrary text: it must return an error naming
// colours by name, or a position that goes through FEN and back unchanged,
// on which generation keeps its invariants and lists the reference's
// moves, and whose perft(2) every configuration of checkedConfigs counts
// as the default and the reference do. Its seeds are the perft positions,
// some Chess960 ones, the most mobile position known, and every rejected
// one.
func FuzzFEN(f *testing.F) {
	for _, c := range positions.PerftCases() {
		f.Add(c.FEN)
	}
	for _, c := range positions.Chess960Cases()[:8] {
		f.Add(c.FEN)
	}
	for _, c := range mostMoves {
		f.Add(c.fen)
	}
	for _, c := range rejected {
		f.Add(c.fen)
	}
	for _, fen := range chess960Castlings {
		f.Add(fen.fen)
	}
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("k7/8/8/8/8/8/8/K7 w KQkq e3 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if colourAsNumber.MatchString(err.Error()) {
				t.Fatalf("%q: error %q names a colour by number", fen, err)
			}
			return
		}
		if q, err := ParseFEN(p.FEN()); err != nil || q != p {
			t.Fatalf("%q: FEN %q parses to %v, %v", fen, p.FEN(), q.FEN(), err)
		}
		checkInvariants(t, &p)
		var l MoveList
		p.Moves(&l)
		if got, want := slices.Sorted(slices.Values(l.Slice())), refMoves(&p); !slices.Equal(got, want) {
			t.Fatalf("%s: moves %v, the reference's %v", p.FEN(), got, want)
		}
		for _, m := range l.Slice() {
			if q, want := p.Play(m), refPlay(&p, m); q != want {
				t.Fatalf("%s: %v plays to %s, the reference to %s", p.FEN(), m, q.FEN(), want.FEN())
			}
		}
		want := refPerft(&p, 2)
		var sum uint64
		for _, mc := range Divide(&p, 2) {
			sum += mc.Nodes
		}
		if sum != want {
			t.Fatalf("%s: Divide sums to %d, the reference's perft(2) is %d", p.FEN(), sum, want)
		}
		for _, c := range checkedConfigs(t) {
			perft, _ := PerftFunc(c)
			if got := perft(p, 2); got != want {
				t.Fatalf("%s: %s perft(2) %d, the reference's %d", p.FEN(), c, got, want)
			}
		}
	})
}

// checkedConfigs returns the default configuration and one of each other
// factor's, those the fuzz target counts in: a slider, and pext-split's
// one-line assembly entry points where the CPU runs them, the leaf strategy
// that lists the moves, with it a serialization loop, the vector
// serializers where the build has them and the CPU runs them, the
// move-list kernel and the order, the batch count where the build has it
// and the CPU runs it, and both kept representations.
func checkedConfigs(t *testing.T) []Config {
	t.Helper()
	d := DefaultConfig()
	with := func(edit func(c *Config)) Config { c := d; edit(&c); return c }
	cs := []Config{d,
		with(func(c *Config) { c.Slider = "classical" }),
		with(func(c *Config) { c.Slider = "pext-split" }),
		with(func(c *Config) { c.Leaf = factor.ListingLeaf() }),
		with(func(c *Config) { c.Serialize, c.Leaf = "bytes", factor.ListingLeaf() }),
		with(func(c *Config) { c.Serialize, c.Leaf = "avx512-vbmi2", factor.ListingLeaf() }),
		with(func(c *Config) { c.Serialize, c.Leaf = "archsimd-vbmi2", factor.ListingLeaf() }),
		with(func(c *Config) { c.Moves, c.Leaf = "magic-hash", factor.ListingLeaf() }),
		with(func(c *Config) { c.Order, c.Leaf = "flip-vertical", factor.ListingLeaf() }),
		with(func(c *Config) { c.Count = "archsimd-vpopcnt" }),
		with(func(c *Config) { c.Slider, c.Repr = "hyperbola-reverse", "reversed" }),
		with(func(c *Config) { c.Slider, c.Repr = "rotated", "rotated" }),
	}
	var run []Config
	for _, c := range cs {
		if _, err := PerftFunc(c); err == nil {
			run = append(run, c)
		} else if Supported(c) == nil {
			t.Fatal(err)
		}
	}
	return run
}

// mostMoves are positions at the bound of legal moves: Nenad Petrović's
// 218 (1964), the most a reachable position has ([max-moves]), that
// position with the colours and the board turned, and one with sixteen
// promotions to list; their counts are Stockfish's ([stockfish], go
// perft).
var mostMoves = []struct {
	fen    string
	counts []uint64
}{
	{"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", []uint64{218, 99, 19073}},
	{"Kbnn1kb1/PP1q4/q4q2/2q4q/4q3/1q4q1/3q4/r6r b - - 0 1", []uint64{218, 99, 19073}},
	{"1n1n1n1n/PPPPPPPP/8/1Q2R3/R2B4/3B1N2/N7/K6k w - - 0 1", []uint64{96, 1207, 109387}},
}

// TestMostMoves counts the positions at the bound of legal moves in
// every configuration, so with every serialization of the move list.
func TestMostMoves(t *testing.T) {
	for _, c := range append(Configs(), GridConfigs()...) {
		f, err := PerftFunc(c)
		if err != nil && Supported(c) != nil {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mostMoves {
			p, err := ParseFEN(m.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range m.counts {
				if got := f(p, d+1); got != want {
					t.Errorf("%s: %s depth %d: %d, want %d", c, m.fen, d+1, got, want)
				}
			}
		}
	}
}

// TestMoveListBound works out the most legal moves a position FromBoard
// accepts can have from the bounds it enforces (one king, at most 8
// pawns, at most 8 - pawns promoted pieces, so 16 men) and each piece's
// most targets on an empty board, and checks that every way the
// configurations write the move list stays within MoveList: the
// serialization loops write at N & (MaxMoves-1), so N must stay below
// MaxMoves; moves=magic-hash copies 8 moves from N, so N+8 must; the
// vector serializer stores up to 64 moves from N & (MaxMoves-1), so
// MaxMoves-1+64 must lie within the array.
func TestMoveListBound(t *testing.T) {
	most := func(attacks func(s board.Square) uint64) int {
		n := 0
		for s := range board.Square(64) {
			n = max(n, bits.OnesCount64(attacks(s)))
		}
		return n
	}
	king := most(func(s board.Square) uint64 { return board.KingAttacks()[s] })
	knight := most(func(s board.Square) uint64 { return board.KnightAttacks()[s] })
	bishop := most(func(s board.Square) uint64 { return board.BishopAttacks(s, 0) })
	rook := most(func(s board.Square) uint64 { return board.RookAttacks(s, 0) })
	queen := most(func(s board.Square) uint64 { return board.RookAttacks(s, 0) | board.BishopAttacks(s, 0) })
	const pawn = 3 * 4 // from the seventh rank: a push and two captures, four promotions each
	const castlings = 2
	if queen < max(rook, bishop, knight, pawn) {
		t.Fatalf("a queen's %d targets are not the most", queen)
	}
	bound := 0
	for pawns := 0; pawns <= 8; pawns++ {
		// Every promoted piece a queen, the most mobile.
		n := king + castlings + pawns*pawn + (1+8-pawns)*queen + 2*rook + 2*bishop + 2*knight
		bound = max(bound, n)
	}
	if bound != 323 {
		t.Errorf("bound %d, the documented one is 323", bound)
	}
	var l MoveList
	if bound+8 > MaxMoves || MaxMoves&(MaxMoves-1) != 0 || len(l.Moves) < MaxMoves-1+64 {
		t.Errorf("MaxMoves %d and a list of %d do not hold %d moves in every configuration", MaxMoves, len(l.Moves), bound)
	}
}

// TestRandomPositions builds random positions that FromBoard often
// accepts (random pieces on random squares, half of them around a random
// Chess960 castling setup with its rights in a random notation, a random
// en-passant square now and then) and checks each accepted one as FuzzFEN
// does: the reference's moves, and perft(2) in the configurations of
// checkedConfigs.
func TestRandomPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 960))
	configs := checkedConfigs(t)
	accepted, castling := 0, 0
	for range 4000 {
		b := randomPosition(r)
		p, err := FromBoard(b)
		if err != nil {
			continue
		}
		accepted++
		if p.Castling != 0 {
			castling++
		}
		if q, err := ParseFEN(p.FEN()); err != nil || q != p {
			t.Fatalf("%s reads back as %s (%v)", p.FEN(), q.FEN(), err)
		}
		var l MoveList
		p.Moves(&l)
		if got, want := slices.Sorted(slices.Values(l.Slice())), refMoves(&p); !slices.Equal(got, want) {
			t.Fatalf("%s: moves %v, the reference's %v", p.FEN(), got, want)
		}
		want := refPerft(&p, 2)
		for _, c := range configs {
			perft, _ := PerftFunc(c)
			if got := perft(p, 2); got != want {
				t.Fatalf("%s: %s perft(2) %d, the reference's %d", p.FEN(), c, got, want)
			}
		}
	}
	if accepted < 1000 || castling < 300 {
		t.Errorf("only %d positions accepted, %d with castling rights", accepted, castling)
	}
	t.Logf("%d random positions accepted, %d with castling rights", accepted, castling)
}

// randomPosition returns a random position: half the time kings and rooks
// in a random Chess960 setup, mirrored, with random rights on them written
// as KQkq or file letters; then up to 10 more pieces a side anywhere (pawns
// off the first and last ranks), a random side to move, and a random
// en-passant square a quarter of the time.
func randomPosition(r *rand.Rand) board.Position {
	b := board.Position{Side: board.Color(r.IntN(2)), Castling: "-", EnPassant: board.NoSquare}
	free := ^uint64(0)
	place := func(c board.Color, pc board.Piece, s board.Square) {
		if free&s.Bitboard() != 0 {
			b.Pieces[c][pc] |= s.Bitboard()
			free &^= s.Bitboard()
		}
	}
	if r.IntN(2) == 0 {
		king := 1 + r.IntN(6)
		rooks := []int{king + 1 + r.IntN(7-king), r.IntN(king)}
		var rights []byte
		for c := board.White; c <= board.Black; c++ {
			home := 7 * int(c)
			place(c, board.King, board.NewSquare(king, home))
			for wing, f := range rooks {
				if r.IntN(4) == 0 {
					continue
				}
				place(c, board.Rook, board.NewSquare(f, home))
				if r.IntN(4) != 0 {
					letter := "KQ"[wing]
					if r.IntN(2) == 0 {
						letter = byte('A' + f)
					}
					if c == board.Black {
						letter += 'a' - 'A'
					}
					rights = append(rights, letter)
				}
			}
		}
		if len(rights) > 0 {
			b.Castling = string(rights)
		}
	} else {
		for c := board.White; c <= board.Black; c++ {
			place(c, board.King, board.Square(r.IntN(64)))
		}
	}
	for c := board.White; c <= board.Black; c++ {
		for range r.IntN(11) {
			pc := board.Piece(r.IntN(5))
			s := board.Square(r.IntN(64))
			if pc == board.Pawn && (s.Rank() == 0 || s.Rank() == 7) {
				continue
			}
			place(c, pc, s)
		}
	}
	if r.IntN(4) == 0 {
		b.EnPassant = board.NewSquare(r.IntN(8), [2]int{5, 2}[b.Side])
	}
	return b
}

// TestFenLongFieldsTruncated: a very long FEN, or field of one, is not
// echoed whole in the error, which says how long it was.
func TestFenLongFieldsTruncated(t *testing.T) {
	long := strings.Repeat("x", 10000)
	for _, fen := range []string{
		long + " w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 " + long + " - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w " + long + " - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - " + long + " 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - " + long + " 1",
	} {
		_, err := ParseFEN(fen)
		if err == nil || len(err.Error()) > 500 || !strings.Contains(err.Error(), " bytes)") {
			t.Errorf("field %d: %d bytes of error: %.300v", strings.Index(fen, long), len(fmt.Sprint(err)), err)
		}
	}
}
