package movegen

import (
	"slices"

	"bitlab/board"
)

// The plain reference the generator is checked against: every piece's
// moves square by square from package board's attack references, castling
// by its rules checked square by square, each move played by a make of
// its own that rebuilds the occupancies and the hash from scratch, and
// kept when the mover's king is not attacked after it. It shares with the
// generator only the position's data (the castling rooks' squares of its
// setup) and the plain attack test.

// refMoves returns the legal moves of p, sorted.
func refMoves(p *Position) []Move {
	us, them := p.Side, p.Side^1
	own := p.Colors[us]
	var pseudo []Move
	add := func(from board.Square, targets uint64, kind int) {
		for s := range board.Square(64) {
			if targets&s.Bitboard() != 0 {
				pseudo = append(pseudo, newMove(from, s, kind))
			}
		}
	}
	forward, startRank, lastRank := 1, 1, 7
	if us == board.Black {
		forward, startRank, lastRank = -1, 6, 0
	}
	for s := range board.Square(64) {
		bb := s.Bitboard()
		switch {
		case own&bb == 0:
		case p.Pieces[us][board.King]&bb != 0:
			add(s, board.KingAttacks()[s]&^own, Quiet)
		case p.Pieces[us][board.Knight]&bb != 0:
			add(s, board.KnightAttacks()[s]&^own, Quiet)
		case p.Pieces[us][board.Bishop]&bb != 0:
			add(s, board.BishopAttacks(s, p.Occupied)&^own, Quiet)
		case p.Pieces[us][board.Rook]&bb != 0:
			add(s, board.RookAttacks(s, p.Occupied)&^own, Quiet)
		case p.Pieces[us][board.Queen]&bb != 0:
			add(s, (board.RookAttacks(s, p.Occupied)|board.BishopAttacks(s, p.Occupied))&^own, Quiet)
		default: // a pawn
			rank := s.Rank() + forward
			pawnTo := func(to board.Square, kind int) {
				if rank == lastRank {
					for k := PromoKnight; k <= PromoQueen; k++ {
						pseudo = append(pseudo, newMove(s, to, k))
					}
				} else {
					pseudo = append(pseudo, newMove(s, to, kind))
				}
			}
			if one := board.NewSquare(s.File(), rank); p.Occupied&one.Bitboard() == 0 {
				pawnTo(one, Quiet)
				if two := board.NewSquare(s.File(), rank+forward); s.Rank() == startRank && p.Occupied&two.Bitboard() == 0 {
					pawnTo(two, DoublePush)
				}
			}
			for _, df := range []int{-1, 1} {
				if f := s.File() + df; f >= 0 && f < 8 {
					to := board.NewSquare(f, rank)
					if p.Colors[them]&to.Bitboard() != 0 {
						pawnTo(to, Quiet)
					} else if to == p.EP {
						pawnTo(to, EnPassant)
					}
				}
			}
		}
	}
	pseudo = append(pseudo, refCastlings(p)...)
	var legal []Move
	for _, m := range pseudo {
		q := refPlay(p, m)
		if !q.attacked(q.king(us), them, q.Occupied) {
			legal = append(legal, m)
		}
	}
	slices.Sort(legal)
	return legal
}

// refCastlings returns the side to move's castlings that the rules allow
// before the move is played: the king not in check, every square the king
// and the rook cross or land on empty but for the two of them, no square
// of the king's path attacked (a check after the move is refMoves' test).
// Written as the king's move to its destination for standard chess's
// castling (the king from the e-file, the rook from its corner), as the
// king taking its rook for any other.
func refCastlings(p *Position) []Move {
	us, them := p.Side, p.Side^1
	king := p.king(us)
	home := 56 * int(us)
	var out []Move
	for wing := range 2 {
		r := 2*int(us) + wing
		if p.Castling&(1<<r) == 0 {
			continue
		}
		rook := castles[p.setup][r].rookFrom
		kingTo, rookTo := board.Square(home+6), board.Square(home+5)
		if wing == 1 {
			kingTo, rookTo = board.Square(home+2), board.Square(home+3)
		}
		ok := !p.attacked(king, them, p.Occupied)
		for _, path := range [][2]board.Square{{king, kingTo}, {rook, rookTo}} {
			lo, hi := min(path[0], path[1]), max(path[0], path[1])
			for s := lo; s <= hi; s++ {
				if s != king && s != rook && p.Occupied&s.Bitboard() != 0 {
					ok = false
				}
				if path[0] == king && p.attacked(s, them, p.Occupied) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		to := rook
		if king.File() == 4 && (rook.File() == 0 || rook.File() == 7) {
			to = kingTo
		}
		out = append(out, newMove(king, to, Castle))
	}
	return out
}

// refPlay returns the position after the pseudo-legal move m, made piece
// by piece: what it captures taken off, what it moves put on its
// destination, castling rights lost by a king's move or by a move from or
// to a castling rook's square, the occupancies and the hash computed from
// scratch.
func refPlay(p *Position, m Move) Position {
	q := *p
	us, them := p.Side, p.Side^1
	from, to, kind := m.From(), m.To(), m.Kind()
	b := p.Board()
	_, moved, _ := b.PieceAt(from)
	take := func(c board.Color, s board.Square) {
		for pc := range q.Pieces[c] {
			q.Pieces[c][pc] &^= s.Bitboard()
		}
	}
	put := func(c board.Color, pc board.Piece, s board.Square) { q.Pieces[c][pc] |= s.Bitboard() }
	q.EP = board.NoSquare
	switch kind {
	case Castle:
		home := 56 * int(us)
		wing, kingTo, rookTo := 0, board.Square(home+6), board.Square(home+5)
		if to < from {
			wing, kingTo, rookTo = 1, board.Square(home+2), board.Square(home+3)
		}
		rook := castles[p.setup][2*int(us)+wing].rookFrom
		take(us, from)
		take(us, rook)
		put(us, board.King, kingTo)
		put(us, board.Rook, rookTo)
	case EnPassant:
		take(them, board.NewSquare(to.File(), from.Rank()))
		take(us, from)
		put(us, board.Pawn, to)
	default:
		take(them, to)
		take(us, from)
		placed := moved
		if kind >= PromoKnight {
			placed = board.Knight + board.Piece(kind-PromoKnight)
		}
		put(us, placed, to)
		if kind == DoublePush {
			q.EP = board.NewSquare(from.File(), (from.Rank()+to.Rank())/2)
		}
	}
	for r := range 4 {
		side := board.Color(r / 2)
		rook := castles[p.setup][r].rookFrom
		if (side == us && moved == board.King) || from == rook || to == rook {
			q.Castling &^= 1 << r
		}
	}
	q.Side = them
	q.Colors, q.Occupied = [2]uint64{}, 0
	for c := range 2 {
		for _, b := range q.Pieces[c] {
			q.Colors[c] |= b
		}
		q.Occupied |= q.Colors[c]
	}
	return q
}

// refPerft counts the legal move sequences of the given depth by the
// reference.
func refPerft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range refMoves(p) {
		q := refPlay(p, m)
		n += refPerft(&q, depth-1)
	}
	return n
}
