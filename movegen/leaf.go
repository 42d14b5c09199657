package movegen

import (
	"math/bits"

	"bitlab/board"
)

// The last two plies of perft: a leaf's parent counts its moves (generate
// with J = counts), and a leaf's grandparent adds up its children's counts
// in one of two ways, the leaf factor's values: fused (the default) expands
// each move into its child's count as generate finds it, no move list
// built, the move played in place on the grandparent's position and taken
// back, the moving piece and the kind of move known from where generate
// found them; listed (leaf=count) lists the moves, plays each into a
// position of its own and counts the child's moves.

// leafParents returns the number of legal move sequences of depth 2 from
// the position, side Us to move, Them the other: the moves of every child
// summed, fused into generation ([DefaultConfig]'s leaf=fused).
func leafParents[Us, Them side](p *Position) uint64 {
	return uint64(generate[Us, Them, expands](p, nil))
}

// leafParentsListed is leafParents from a move list, each move played
// into a position of its own (leaf=count).
func leafParentsListed[Us, Them side](p *Position) uint64 {
	var l MoveList
	generate[Us, Them, lists](p, &l)
	var n uint64
	var q Position
	for _, m := range l.Moves[:l.N] {
		play[Us](&q, p, m)
		n += uint64(generate[Them, Us, counts](&q, nil))
	}
	return n
}

// flip toggles side c's piece pc on s in place: its bitboard, the side's
// and the board's occupancy, and what the position keeps beside them.
func flip(p *Position, c board.Color, pc board.Piece, s board.Square) {
	b := s.Bitboard()
	p.Pieces[c][pc] ^= b
	p.Colors[c] ^= b
	p.Occupied ^= b
	p.keep(c, pc, s)
}

// capture toggles side c's piece pc on s in its bitboard, its side's
// occupancy and what the position keeps beside them, but not in the
// board's occupancy: the square of a captured piece stays occupied by the
// piece that takes it.
func capture(p *Position, c board.Color, pc board.Piece, s board.Square) {
	b := s.Bitboard()
	p.Pieces[c][pc] ^= b
	p.Colors[c] ^= b
	p.keep(c, pc, s)
}

// childMoves returns the sum of the legal moves of the children reached by
// side Us's piece pc (not a pawn) moving from from to each square of
// targets (neither castling nor en passant), each move played in place on
// p and taken back: the piece is lifted once, then set down on each target
// in turn, the quiet moves first, then the captures. The moving piece's
// bitboard and the occupancies are written from their values with the
// piece lifted, which the loop keeps, rather than toggled on and off (the
// count's call leaves no value in a register, so a toggle loads each
// back); a captured piece is taken off and put back (capture). A quiet
// move takes no castling right away but by its from-square: a right
// remains only while its king and rook stand on their first squares, so
// the empty square it moves to is neither.
func childMoves[Us, Them side](p *Position, pc board.Piece, from board.Square, targets uint64) int {
	us := sideOf[Us]()
	them := us ^ 1
	ep, castling := p.EP, p.Castling
	p.EP, p.Side = board.NoSquare, them
	rights := castling & keepRights[p.setup][from]
	p.Castling = rights
	flip(p, us, pc, from)
	piece := &p.Pieces[us][pc]
	lifted, own, occ := *piece, p.Colors[us], p.Occupied
	n := 0
	for b := targets &^ p.Colors[them]; b != 0; b &= b - 1 {
		to := board.Square(bits.TrailingZeros64(b))
		*piece, p.Colors[us], p.Occupied = lifted|to.Bitboard(), own|to.Bitboard(), occ|to.Bitboard()
		p.keep(us, pc, to)
		n += generate[Them, Us, counts](p, nil)
		p.keep(us, pc, to)
	}
	p.Occupied = occ
	for b := targets & p.Colors[them]; b != 0; b &= b - 1 {
		to := board.Square(bits.TrailingZeros64(b))
		victim := p.pieceOn(them, to)
		capture(p, them, victim, to)
		*piece, p.Colors[us] = lifted|to.Bitboard(), own|to.Bitboard()
		p.keep(us, pc, to)
		p.Castling = rights & keepRights[p.setup][to]
		n += generate[Them, Us, counts](p, nil)
		p.keep(us, pc, to)
		capture(p, them, victim, to)
	}
	*piece, p.Colors[us] = lifted, own
	flip(p, us, pc, from)
	p.EP, p.Castling, p.Side = ep, castling, us
	return n
}

// childPawns returns the sum of the legal moves of the children reached by
// side Us's pawn moves to the squares of targets, each from the square
// delta below it (mod 64), as addPawns lists them: a push of two squares
// (delta ±16) sets the en-passant square, a move to the last rank is four
// promotions. Each is played in place on p and taken back: as in
// childMoves, the pawns' bitboard and the occupancies are written from
// their values before the moves, a captured piece taken off and put back.
func childPawns[Us, Them side](p *Position, targets uint64, delta int) int {
	us := sideOf[Us]()
	them := us ^ 1
	ep, castling := p.EP, p.Castling
	p.EP, p.Side = board.NoSquare, them
	pawns, own, occ := p.Pieces[us][board.Pawn], p.Colors[us], p.Occupied
	n := 0
	for ; targets != 0; targets &= targets - 1 {
		to := board.Square(bits.TrailingZeros64(targets))
		from := (to - board.Square(delta)) & 63
		if delta == 16 || delta == -16 {
			p.EP = (from + to) / 2
		}
		victim := board.Piece(board.King) // none: a king is never captured
		if p.Colors[them]&to.Bitboard() != 0 {
			victim = p.pieceOn(them, to)
			capture(p, them, victim, to)
		}
		moved := from.Bitboard() | to.Bitboard()
		p.Colors[us], p.Occupied = own^moved, occ&^from.Bitboard()|to.Bitboard()
		p.keep(us, board.Pawn, from)
		if to.Bitboard()&(rank1|rank8) == 0 {
			p.Pieces[us][board.Pawn] = pawns ^ moved
			p.keep(us, board.Pawn, to)
			n += generate[Them, Us, counts](p, nil)
			p.keep(us, board.Pawn, to)
		} else {
			// Only a capture on the last rank takes a right away (a
			// pawn's from-square is never a king's or a rook's first).
			p.Pieces[us][board.Pawn] = pawns ^ from.Bitboard()
			p.Castling = castling & keepRights[p.setup][to]
			for placed := board.Knight; placed <= board.Queen; placed++ {
				p.Pieces[us][placed] ^= to.Bitboard()
				p.keep(us, placed, to)
				n += generate[Them, Us, counts](p, nil)
				p.Pieces[us][placed] ^= to.Bitboard()
				p.keep(us, placed, to)
			}
			p.Castling = castling
		}
		p.keep(us, board.Pawn, from)
		if victim != board.King {
			capture(p, them, victim, to)
		}
	}
	p.Pieces[us][board.Pawn], p.Colors[us], p.Occupied = pawns, own, occ
	p.EP, p.Castling, p.Side = ep, castling, us
	return n
}

// childPlayed returns the legal moves of the child reached by side Us's
// move of kind kind (a castling, an en-passant capture) from from to to,
// played by play into a position of its own: such moves are rare.
func childPlayed[Us, Them side](p *Position, from, to board.Square, kind int) int {
	var q Position
	play[Us](&q, p, newMove(from, to, kind))
	return generate[Them, Us, counts](&q, nil)
}
