package movegen

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"bitlab/factor"
	"bitlab/internal/experiment"
	"bitlab/internal/gentest"
	"bitlab/positions"
)

// maxNodes bounds the test's perft depth per position: the deepest count
// at or below it runs in a second or so.
const maxNodes = 5_000_000

// TestPerft proves the generator against the standard counts.
func TestPerft(t *testing.T) {
	for _, c := range positions.PerftCases() {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for d, want := range c.Counts {
			if want > maxNodes && d > 2 {
				break
			}
			if got := Perft(&p, d+1); got != want {
				t.Errorf("%s depth %d: %d, want %d", c.Name, d+1, got, want)
			}
		}
	}
}

// TestPlayKeepsInvariants plays random games from every perft position and
// checks after every move what copy-make must keep: the original position
// unchanged, the incremental hash equal to one computed from scratch, the
// side and board occupancies equal to the pieces', the mover's king safe,
// and Count equal to the number of moves Moves lists.
func TestPlayKeepsInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, c := range positions.PerftCases() {
		start, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for game := range 200 {
			p := start
			for ply := range 200 {
				checkInvariants(t, &p)
				var l MoveList
				p.Moves(&l)
				if l.N == 0 {
					break
				}
				before := p
				q := p.Play(l.Moves[r.IntN(l.N)])
				if p != before {
					t.Fatalf("%s game %d ply %d: Play changed its position", c.Name, game, ply)
				}
				if q.attacked(q.king(p.Side), q.Side, q.Occupied) {
					t.Fatalf("%s: %s leaves the king in check", p.FEN(), l.Moves[0])
				}
				p = q
			}
		}
	}
}

func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	fen := p.FEN()
	var occ uint64
	for c := range 2 {
		var set uint64
		for _, b := range p.Pieces[c] {
			set |= b
		}
		if set != p.Colors[c] {
			t.Fatalf("%s: side %d occupancy %#x, pieces %#x", fen, c, p.Colors[c], set)
		}
		occ |= set
	}
	if occ != p.Occupied {
		t.Fatalf("%s: occupancy %#x, pieces %#x", fen, p.Occupied, occ)
	}
	var l MoveList
	p.Moves(&l)
	if n := p.Count(); n != l.N {
		t.Fatalf("%s: Count %d, Moves %d", fen, n, l.N)
	}
	// Through FEN and back: the same position and hash.
	q, err := ParseFEN(fen)
	if err != nil || !sameGame(&q, p) {
		t.Fatalf("%s: FEN round trip: %v", fen, err)
	}
}

// sameGame reports whether two positions are the same in play: equal but
// perhaps in their castling setups' files of rooks that have no right
// left (a position keeps its game's setup as rights are lost, a FEN names
// only the rooks that keep one).
func sameGame(p, q *Position) bool {
	for r := range 4 {
		if p.Castling&(1<<r) != 0 && castles[p.setup][r] != castles[q.setup][r] {
			return false
		}
	}
	a, b := *p, *q
	a.setup, b.setup = 0, 0
	return a == b
}

// TestGeneratedFilesAreFresh reruns internal/configs and requires its
// output to match the committed configs_*_gen.go byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t)
}

// TestConfigs proves every compiled configuration on every perft position
// to a depth of at most configNodes leaves, after checking that every
// configuration package factor declares for this architecture (and the
// build's Go experiments) is compiled, and the grid where it is built
// (with the tag factor.GridTag).
func TestConfigs(t *testing.T) {
	const configNodes = 100_000
	cs := Configs()
	var want []Config
	for _, c := range factor.Configs() {
		if a, x := c.Arch(), c.Experiment(); a == "" || a == runtime.GOARCH && (x == "" || experiment.On(x)) {
			want = append(want, c)
		}
	}
	if !slices.Equal(cs, want) || cs[0] != DefaultConfig() {
		t.Fatalf("compiled configurations %v, want %v", cs, want)
	}
	grid := GridConfigs()
	if len(grid) > 0 && !slices.Equal(grid, factor.Grid()) {
		t.Fatalf("grid %v, want none or all of %v", grid, factor.Grid())
	}
	t.Logf("%d configurations and %d of the grid", len(cs), len(grid))
	cs = append(cs, grid...)
	for _, c := range cs {
		f, err := PerftFunc(c)
		if err != nil && Supported(c) != nil {
			t.Logf("skipped: %v", err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, pc := range positions.PerftCases() {
			p, err := ParseFEN(pc.FEN)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range pc.Counts {
				if want > configNodes && d > 1 {
					break
				}
				if got := f(p, d+1); got != want {
					t.Errorf("%s: %s depth %d: %d, want %d", c, pc.Name, d+1, got, want)
				}
			}
		}
	}
	if _, err := PerftFunc(Config{Slider: "no-such-slider"}); err == nil {
		t.Error("PerftFunc accepted an unknown configuration")
	}
}

// TestPerftTT checks the table: the same counts as without it, from an
// empty table and from a full one, in a table small enough to replace.
func TestPerftTT(t *testing.T) {
	if _, err := NewTT(8); err == nil {
		t.Error("NewTT(8) made a table")
	}
	for _, size := range []int{1 << 10, 1 << 20} {
		tt, err := NewTT(size + 5)
		if err != nil || tt.Bytes() != size {
			t.Fatalf("NewTT(%d): %v bytes, %v", size+5, tt.Bytes(), err)
		}
		for _, c := range positions.PerftCases() {
			p, _ := ParseFEN(c.FEN)
			for pass := range 2 {
				if got := PerftTT(&p, 4, tt); got != c.Counts[3] {
					t.Errorf("%s depth 4 with a %d-byte table, pass %d: %d, want %d", c.Name, size, pass, got, c.Counts[3])
				}
			}
		}
		tt.Clear()
	}
}

// TestOrderFactor checks order=flip-vertical: the same moves as the
// default's, for white from the far rank down rather than ascending.
func TestOrderFactor(t *testing.T) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var plain, flipped MoveList
	sided(p.Side, generate[white, black, lists], generate[black, white, lists])(&p, &plain)
	sided(p.Side, generateOrdFlipVertical[white, black, lists], generateOrdFlipVertical[black, white, lists])(&p, &flipped)
	a, b := plain.Slice(), flipped.Slice()
	if slices.Equal(a, b) {
		t.Error("flip-vertical listed white's moves in the plain order")
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Errorf("flip-vertical lists other moves: %v, want %v", b, a)
	}
}

// TestKeptRepresentations plays random games in the reversed and rotated
// configurations' copies of Play and checks after every move that the
// bitboards they keep incrementally equal ones computed from scratch, that
// the position under them is the default Play's, and that their
// generators list the default generator's moves.
func TestKeptRepresentations(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	moves := func(gen func(*MoveList) int) []Move {
		var l MoveList
		gen(&l)
		return slices.Sorted(slices.Values(l.Slice()))
	}
	for _, c := range positions.PerftCases() {
		start, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for game := range 50 {
			p := start
			rev, rot := keptReversed(p), keptRotated(p)
			for ply := range 200 {
				want := moves(p.generateAny)
				revGen := sided(p.Side, generateHyperbolaReverseReprReversed[white, black, lists], generateHyperbolaReverseReprReversed[black, white, lists])
				rotGen := sided(p.Side, generateRotatedReprRotated[white, black, lists], generateRotatedReprRotated[black, white, lists])
				if got := moves(func(l *MoveList) int { return revGen(&rev, l) }); !slices.Equal(got, want) {
					t.Fatalf("%s: repr=reversed moves %v, want %v", p.FEN(), got, want)
				}
				if got := moves(func(l *MoveList) int { return rotGen(&rot, l) }); !slices.Equal(got, want) {
					t.Fatalf("%s: repr=rotated moves %v, want %v", p.FEN(), got, want)
				}
				if len(want) == 0 {
					break
				}
				m := want[r.IntN(len(want))]
				prev := rev
				sided(p.Side, playReprReversed[white], playReprReversed[black])(&rev, &prev, m)
				prot := rot
				sided(p.Side, playReprRotated[white], playReprRotated[black])(&rot, &prot, m)
				p = p.Play(m)
				if rev.Position != p || rev != keptReversed(p) {
					t.Fatalf("%s game %d ply %d: after %v the reversed bitboards are %#x, from scratch %#x",
						c.Name, game, ply, m, rev.Rev, keptReversed(p).Rev)
				}
				if rot.Position != p || rot != keptRotated(p) {
					t.Fatalf("%s game %d ply %d: after %v the rotated bitboards are %+v, from scratch %+v",
						c.Name, game, ply, m, rot.Rot, keptRotated(p).Rot)
				}
			}
		}
	}
}
