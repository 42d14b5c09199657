package positions

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"bitlab/board"
)

// TestSuiteIsSane parses every position and checks what a transcription
// error would most likely break: one king a side, at most 16 pieces and 8
// pawns a side, no pawns on the first or last rank.
func TestSuiteIsSane(t *testing.T) {
	perft, wac := Perft(), WinAtChess()
	if len(perft) != 7 || len(wac) != 299 || len(Suite()) != 306 {
		t.Fatalf("%d perft and %d WAC positions, want 7 and 299", len(perft), len(wac))
	}
	for i, p := range Suite() {
		for c := board.White; c <= board.Black; c++ {
			if n := bits.OnesCount64(p.Pieces[c][board.King]); n != 1 {
				t.Errorf("position %d (%s): side %d has %d kings", i, p.FEN(), c, n)
			}
			if bits.OnesCount64(p.ColorSet(c)) > 16 || bits.OnesCount64(p.Pieces[c][board.Pawn]) > 8 {
				t.Errorf("position %d (%s): too many pieces", i, p.FEN())
			}
			if p.Pieces[c][board.Pawn]&0xFF000000000000FF != 0 {
				t.Errorf("position %d (%s): pawn on a back rank", i, p.FEN())
			}
		}
		if p.ColorSet(board.White)&p.ColorSet(board.Black) != 0 {
			t.Errorf("position %d: overlapping sides", i)
		}
	}
	if got := wac[0].FEN(); got != "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1" {
		t.Errorf("WAC.001 parsed as %q", got)
	}
}

// TestPerftCases checks the perft records: seven named positions in the
// order of Perft, each with counts from depth 1 that grow with depth.
func TestPerftCases(t *testing.T) {
	cs, ps := PerftCases(), Perft()
	if len(cs) != len(ps) {
		t.Fatalf("%d perft cases, %d perft positions", len(cs), len(ps))
	}
	seen := map[string]bool{}
	for i, c := range cs {
		b, err := board.ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		if b.Pieces != ps[i].Pieces || c.Name == "" || seen[c.Name] || len(c.Counts) < 5 {
			t.Errorf("case %d (%s): %q, %d counts", i, c.Name, c.FEN, len(c.Counts))
		}
		seen[c.Name] = true
		for d := 1; d < len(c.Counts); d++ {
			if c.Counts[d] <= c.Counts[d-1] {
				t.Errorf("%s: D%d %d not above D%d %d", c.Name, d+1, c.Counts[d], d, c.Counts[d-1])
			}
		}
	}
	if cs[1].Name != "kiwipete" || cs[1].Counts[4] != 193690690 {
		t.Errorf("kiwipete parsed as %+v", cs[1])
	}
}

// TestChess960Cases checks the Chess960 suite's records: 960 positions
// named by line, each parsed with six counts that grow with depth, every
// castling field in Shredder-FEN (rook files or -).
func TestChess960Cases(t *testing.T) {
	cs := Chess960Cases()
	if len(cs) != 960 {
		t.Fatalf("%d Chess960 cases, want 960", len(cs))
	}
	for i, c := range cs {
		b, err := board.ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if c.Name != fmt.Sprintf("chess960-%d", i+1) || len(c.Counts) != 6 {
			t.Errorf("case %d: %q with %d counts", i, c.Name, len(c.Counts))
		}
		if strings.Trim(b.Castling, "ABCDEFGHabcdefgh") != "" && b.Castling != "-" {
			t.Errorf("%s: castling field %q is not Shredder-FEN", c.Name, b.Castling)
		}
		for d := 1; d < len(c.Counts); d++ {
			if c.Counts[d] <= c.Counts[d-1] {
				t.Errorf("%s: D%d %d not above D%d %d", c.Name, d+1, c.Counts[d], d, c.Counts[d-1])
			}
		}
	}
	if c := cs[0]; c.FEN != "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" || c.Counts[5] != 227689589 {
		t.Errorf("chess960-1 parsed as %+v", c)
	}
	if c := cs[959]; c.Counts[0] == 0 {
		t.Errorf("chess960-960 parsed as %+v", c)
	}
}
