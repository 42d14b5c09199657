package board

import (
	"math/bits"
	"testing"
)

func TestSquares(t *testing.T) {
	for _, c := range []struct {
		name       string
		sq         Square
		file, rank int
		dark       uint8
	}{{"a1", 0, 0, 0, 7}, {"h1", 7, 7, 0, 0}, {"a2", 8, 0, 1, 15}, {"e4", 28, 4, 3, 27}, {"a8", 56, 0, 7, 63}, {"h8", 63, 7, 7, 56}} {
		if got := NewSquare(c.file, c.rank); got != c.sq || got.String() != c.name || got.File() != c.file || got.Rank() != c.rank {
			t.Errorf("NewSquare(%d, %d) = %d %q, want %d %q", c.file, c.rank, got, got, c.sq, c.name)
		}
		if p, err := ParseSquare(c.name); err != nil || p != c.sq {
			t.Errorf("ParseSquare(%q) = %v, %v", c.name, p, err)
		}
		// DarkThought numbers a8 = 63 ... h1 = 0.
		if c.sq.DarkThought() != c.dark || FromDarkThought(c.dark) != c.sq {
			t.Errorf("%s: DarkThought number %d, want %d", c.name, c.sq.DarkThought(), c.dark)
		}
	}
	for _, bad := range []string{"", "i1", "a9", "a0", "e44"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) succeeded", bad)
		}
	}
	if NoSquare.String() != "-" {
		t.Errorf("NoSquare prints %q", NoSquare)
	}
}

func TestFlips(t *testing.T) {
	for s := range Square(64) {
		if FlipVertical(s.Bitboard()) != s.FlipVertical().Bitboard() {
			t.Errorf("FlipVertical moves %v wrongly", s)
		}
		if Rotate180(s.Bitboard()) != Square(63-s).Bitboard() {
			t.Errorf("Rotate180 moves %v wrongly", s)
		}
	}
}

func TestGeometry(t *testing.T) {
	rook, bishop := 0, 0
	for s := range Square(64) {
		rook += 1 << bits.OnesCount64(rookRelevant[s])
		bishop += 1 << bits.OnesCount64(bishopRelevant[s])
		if fileMasks[s]|rankMasks[s] != RookAttacks(s, 0) || diagonalMasks[s]|antiDiagonalMasks[s] != BishopAttacks(s, 0) {
			t.Errorf("%v: line masks disagree with the empty-board attacks", s)
		}
	}
	// The well-known sizes of plain magic-bitboard tables.
	if rook != 102400 || bishop != 5248 {
		t.Errorf("relevant occupancies: %d rook, %d bishop; want 102400 and 5248", rook, bishop)
	}
	kings, knights := 0, 0
	for s := range Square(64) {
		kings += bits.OnesCount64(kingAttacks[s])
		knights += bits.OnesCount64(knightAttacks[s])
	}
	if kings != 420 || knights != 336 {
		t.Errorf("leaper moves: %d king, %d knight; want 420 and 336", kings, knights)
	}
	n := 0
	Subsets(0b1011, func(uint64) { n++ })
	if n != 8 {
		t.Errorf("Subsets of 3 bits gave %d", n)
	}
}

func TestFEN(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 12 40",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: %q -> %q", fen, got)
		}
	}
	p, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if p.Pieces[White][King] != NewSquare(4, 0).Bitboard() || p.Pieces[Black][Pawn] != 0xFF<<48 || p.Occupied() != 0xFFFF00000000FFFF {
		t.Errorf("initial position parsed wrongly: %+v", p)
	}
	if c, pc, ok := p.PieceAt(NewSquare(3, 7)); !ok || c != Black || pc != Queen {
		t.Errorf("d8 holds %v %v %v", c, pc, ok)
	}
	if got, _ := ParseFEN("8/8/8/8/8/8/8/8 w - -"); got.Fullmove != 1 {
		t.Errorf("missing counters: %+v", got)
	}
	for _, bad := range []string{"", "8/8/8/8/8/8/8 w - - 0 1", "9/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/7 w - - 0 1",
		"8/8/8/8/8/8/8/8 x - - 0 1", "8/8/8/8/8/8/8/8 w - z9 0 1", "8/8/8/8/8/8/8/7X w - - 0 1", "8/8/8/8/8/8/8/8 w - - -1 1",
		"pppppppppp/8/8/8/8/8/8/8 w - - 0 1"} {
		if _, err := ParseFEN(bad); err == nil {
			t.Errorf("ParseFEN(%q) succeeded", bad)
		}
	}
}

func TestColorNames(t *testing.T) {
	for c, want := range map[Color]string{White: "white", Black: "black", 2: "Color(2)"} {
		if got := c.String(); got != want {
			t.Errorf("Color(%d).String() = %q, want %q", uint8(c), got, want)
		}
	}
}
