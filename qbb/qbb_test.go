package qbb

import (
	"testing"

	"bitlab/board"
	"bitlab/positions"
)

func TestCodes(t *testing.T) {
	// The source's table of square codes.
	want := map[Code][2]int{
		WhitePawn: {0, 0}, WhiteKnight: {0, 1}, WhiteBishop: {0, 2}, WhiteRook: {0, 3}, WhiteQueen: {0, 4}, WhiteKing: {0, 5},
		BlackPawn: {1, 0}, BlackKnight: {1, 1}, BlackBishop: {1, 2}, BlackRook: {1, 3}, BlackQueen: {1, 4}, BlackKing: {1, 5},
	}
	for k, cp := range want {
		if CodeOf(board.Color(cp[0]), board.Piece(cp[1])) != k {
			t.Errorf("CodeOf(%v) = %04b, want %04b", cp, CodeOf(board.Color(cp[0]), board.Piece(cp[1])), k)
		}
		if c, p, ok := k.Piece(); !ok || int(c) != cp[0] || int(p) != cp[1] {
			t.Errorf("%04b decodes to %v %v %v", k, c, p, ok)
		}
	}
	for _, k := range []Code{Empty, 1, 14, 15} {
		if _, _, ok := k.Piece(); ok {
			t.Errorf("code %04b decodes to a piece", k)
		}
	}
}

// TestAgainstPieceBitboards checks getPiece and every extraction formula of
// the seed against the twelve-bitboard form on the position suite, and the
// conversions QBB <-> 12 bitboards <-> FEN.
func TestAgainstPieceBitboards(t *testing.T) {
	for _, p := range positions.Suite() {
		q := FromPosition(&p)
		for s := range board.Square(64) {
			want := Empty
			if c, pc, ok := p.PieceAt(s); ok {
				want = CodeOf(c, pc)
			}
			if got := q.GetPiece(s); got != want {
				t.Errorf("%s: getPiece(%v) = %04b, want %04b", p.FEN(), s, got, want)
			}
		}
		if q.Black() != p.ColorSet(board.Black) || q.White() != p.ColorSet(board.White) || q.Occupied() != p.Occupied() {
			t.Errorf("%s: colour sets disagree", p.FEN())
		}
		if q.Odd() != q.Pawns()|q.Knights()|q.Rooks() {
			t.Errorf("%s: odd is not pawns, knights and rooks", p.FEN())
		}
		for pc := board.Pawn; pc <= board.King; pc++ {
			if got, want := q.Pieces(pc), p.Pieces[board.White][pc]|p.Pieces[board.Black][pc]; got != want {
				t.Errorf("%s: piece %d: %#x, want %#x", p.FEN(), pc, got, want)
			}
		}
		back := p
		if err := q.Position(&back); err != nil || back.FEN() != p.FEN() {
			t.Errorf("QBB -> position: %q (%v), want %q", back.FEN(), err, p.FEN())
		}
		if q2, err := ParseFEN(p.FEN()); err != nil || q2 != q {
			t.Errorf("ParseFEN(%q) = %v, %v", p.FEN(), q2, err)
		}
	}
	var bad QBB
	bad.Xor(Delta(15, 0))
	if err := bad.Position(&board.Position{}); err == nil {
		t.Error("an unused code decoded")
	}
	if _, err := ParseFEN("nonsense"); err == nil {
		t.Error("ParseFEN accepted nonsense")
	}
}

// TestMakeUnmake plays every capture and quiet move of every piece to every
// square of each suite position by XOR deltas, checks the result square by
// square, and undoes it with the same delta.
func TestMakeUnmake(t *testing.T) {
	moves := 0
	for _, p := range positions.Suite() {
		q := FromPosition(&p)
		for from := range board.Square(64) {
			k := q.GetPiece(from)
			if k == Empty {
				continue
			}
			for to := range board.Square(64) {
				captured := q.GetPiece(to)
				if to == from || (captured != Empty && captured&1 == k&1) {
					continue
				}
				d := MoveDelta(k, from, to, captured)
				after := q
				after.Xor(d)
				for s := range board.Square(64) {
					want := q.GetPiece(s)
					switch s {
					case from:
						want = Empty
					case to:
						want = k
					}
					if after.GetPiece(s) != want {
						t.Fatalf("%s: %v%v: square %v holds %04b, want %04b", p.FEN(), from, to, s, after.GetPiece(s), want)
					}
				}
				after.Xor(d)
				if after != q {
					t.Fatalf("%s: unmake of %v%v did not restore the board", p.FEN(), from, to)
				}
				moves++
			}
		}
	}
	t.Logf("%d moves made and unmade", moves)
}
