package movegen

import (
	"fmt"
	"math/bits"

	"bitlab/board"
)

// Light squares: a1 is dark.
const lightSquares = 0x55AA55AA55AA55AA

// validate rejects, naming the rule, the positions no game can reach
// that would break a bound the generator relies on:
//
//   - a side without exactly one king (the check and pin masks assume
//     one);
//   - more than 16 men or 8 pawns a side, or more promoted pieces than
//     missing pawns (queens beyond one, rooks, knights beyond two,
//     bishops beyond one on each square colour): these bound the moves a
//     side can have (maxMovesBound), and so the move list;
//   - a pawn on the first or last rank (pawn moves are generated only
//     from the ranks between);
//   - an en-passant square not on the third or sixth rank behind a pawn
//     of the side that just moved, or occupied, or with the square the
//     pawn came from occupied (the generator would list a capture onto an
//     occupied square, or of no pawn);
//   - the side not to move in check (its king could be taken), or the side
//     to move in check by more than two pieces (no move checks with three).
//
// Castling rights are checked as they are read (parseCastling).
func (p *Position) validate() error {
	for c := board.White; c <= board.Black; c++ {
		pcs := &p.Pieces[c]
		switch n := bits.OnesCount64(pcs[board.King]); n {
		case 1:
		case 0:
			return fmt.Errorf("movegen: %v has no king (a side has exactly one)", c)
		default:
			return fmt.Errorf("movegen: %v has %d kings (a side has exactly one)", c, n)
		}
		if n := bits.OnesCount64(p.Colors[c]); n > 16 {
			return fmt.Errorf("movegen: %v has %d men (a side starts with 16 and never gains one)", c, n)
		}
		pawns := bits.OnesCount64(pcs[board.Pawn])
		if pawns > 8 {
			return fmt.Errorf("movegen: %v has %d pawns (at most 8)", c, pawns)
		}
		if promoted := promotedPieces(pcs); promoted > 8-pawns {
			return fmt.Errorf("movegen: %v has %d queens, %d rooks, %d bishops (%d on light squares) and %d knights: "+
				"at least %d promoted, but %d of its pawns are missing (a side starts with one queen, two rooks, two knights "+
				"and a bishop on each square colour)",
				c, bits.OnesCount64(pcs[board.Queen]), bits.OnesCount64(pcs[board.Rook]), bits.OnesCount64(pcs[board.Bishop]),
				bits.OnesCount64(pcs[board.Bishop]&lightSquares), bits.OnesCount64(pcs[board.Knight]), promoted, 8-pawns)
		}
		if b := pcs[board.Pawn] & (rank1 | rank8); b != 0 {
			return fmt.Errorf("movegen: a %v pawn on %v (pawns never stand on the first or last rank)", c, board.Square(bits.TrailingZeros64(b)))
		}
	}
	if err := p.validateEnPassant(); err != nil {
		return err
	}
	us, them := p.Side, p.Side^1
	if p.attacked(p.king(them), us, p.Occupied) {
		return fmt.Errorf("movegen: %v is in check with %v to move (%v's last move cannot have left its own king in check)", them, us, them)
	}
	if n := bits.OnesCount64(p.checkers()); n > 2 {
		return fmt.Errorf("movegen: %v, to move, is in check by %d pieces (a move checks with two at most)", us, n)
	}
	return nil
}

// promotedPieces returns the fewest promoted pieces among a side's pieces:
// those beyond the initial set of one queen, two rooks, two knights and
// one bishop on each square colour.
func promotedPieces(pcs *[6]uint64) int {
	beyond := func(b uint64, initial int) int { return max(bits.OnesCount64(b)-initial, 0) }
	return beyond(pcs[board.Queen], 1) + beyond(pcs[board.Rook], 2) + beyond(pcs[board.Knight], 2) +
		beyond(pcs[board.Bishop]&lightSquares, 1) + beyond(pcs[board.Bishop]&^lightSquares, 1)
}

// validateEnPassant checks the en-passant square: behind a pawn of the
// side not to move that just moved two squares past it, so on the sixth
// rank with white to move and the third with black to move, empty, and
// with the square the pawn came from empty.
func (p *Position) validateEnPassant() error {
	if p.EP == board.NoSquare {
		return nil
	}
	them := p.Side ^ 1
	wantRank, step := 5, -8 // white to move: black's pawn passed the sixth rank down to the fifth
	if them == board.White {
		wantRank, step = 2, 8
	}
	if p.EP.Rank() != wantRank {
		return fmt.Errorf("movegen: en-passant square %v with %v to move: not on the %s rank, behind a %v pawn that just moved two squares",
			p.EP, p.Side, [2]string{"sixth", "third"}[p.Side], them)
	}
	pawn, origin := p.EP+board.Square(step), p.EP-board.Square(step)
	switch {
	case p.Occupied&p.EP.Bitboard() != 0:
		return fmt.Errorf("movegen: en-passant square %v is occupied (a pawn that just moved two squares passed it)", p.EP)
	case p.Pieces[them][board.Pawn]&pawn.Bitboard() == 0:
		return fmt.Errorf("movegen: en-passant square %v without the %v pawn on %v that just moved past it", p.EP, them, pawn)
	case p.Occupied&origin.Bitboard() != 0:
		return fmt.Errorf("movegen: en-passant square %v with %v occupied, from where the %v pawn on %v just moved", p.EP, origin, them, pawn)
	}
	return nil
}

// checkers returns the pieces checking the side to move, by the plain
// references: for checks outside the hot path.
func (p *Position) checkers() uint64 {
	us, them := p.Side, p.Side^1
	e := &p.Pieces[them]
	k := p.king(us)
	return board.KnightAttacks()[k]&e[board.Knight] | board.KingAttacks()[k]&e[board.King] |
		pawnAttacks[us][k]&e[board.Pawn] |
		board.RookAttacks(k, p.Occupied)&(e[board.Rook]|e[board.Queen]) |
		board.BishopAttacks(k, p.Occupied)&(e[board.Bishop]|e[board.Queen])
}
