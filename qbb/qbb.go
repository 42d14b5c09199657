// Package qbb implements quad-bitboards as a board definition ([cpw-quad],
// "Quad-Bitboards"): four bitboards whose bits at one square form a vertical
// nibble, the code of the piece on that square.
package qbb

import (
	"fmt"

	"bitlab/board"
)

// QBB is a quad-bitboard: bit s of bb[i] is bit i of the code of square s.
type QBB [4]uint64

// Code is a square code: the nibble of one square.
type Code uint8

// The source's arbitrary square codes: bit 0 is black, bits 1..3 the piece.
const (
	Empty       Code = 0b0000
	WhitePawn   Code = 0b0010
	WhiteKnight Code = 0b0100
	WhiteBishop Code = 0b0110
	WhiteRook   Code = 0b1000
	WhiteQueen  Code = 0b1010
	WhiteKing   Code = 0b1100
	BlackPawn   Code = 0b0011
	BlackKnight Code = 0b0101
	BlackBishop Code = 0b0111
	BlackRook   Code = 0b1001
	BlackQueen  Code = 0b1011
	BlackKing   Code = 0b1101
)

// CodeOf returns the code of a piece of side c.
func CodeOf(c board.Color, p board.Piece) Code { return Code(2*(p+1)) | Code(c) }

// Piece decodes a code; ok is false for Empty and the unused codes.
func (k Code) Piece() (c board.Color, p board.Piece, ok bool) {
	n := k >> 1
	if n < 1 || n > 6 {
		return 0, 0, false
	}
	return board.Color(k & 1), board.Piece(n - 1), true
}

// GetPiece returns the code on s ([cpw-quad], getPiece).
func (q *QBB) GetPiece(s board.Square) Code {
	return Code((q[0]>>s)&1 + 2*((q[1]>>s)&1) + 4*((q[2]>>s)&1) + 8*((q[3]>>s)&1))
}

// The disjoint sets of [cpw-quad]: black = bb0, occupied = bb1|bb2|bb3,
// odd = bb1^bb2^bb3 (pawn, knight or rook), white = bb0^occupied, then the
// piece types by intersection.

// Black returns the squares of black pieces.
func (q *QBB) Black() uint64 { return q[0] }

// Occupied returns the squares holding any piece.
func (q *QBB) Occupied() uint64 { return q[1] | q[2] | q[3] }

// Odd returns the squares of pawns, knights and rooks.
func (q *QBB) Odd() uint64 { return q[1] ^ q[2] ^ q[3] }

// White returns the squares of white pieces.
func (q *QBB) White() uint64 { return q[0] ^ q.Occupied() }

// Pawns returns the squares of pawns of either side.
func (q *QBB) Pawns() uint64 { return q.Odd() & q[1] }

// Knights returns the squares of knights of either side.
func (q *QBB) Knights() uint64 { return q.Odd() & q[2] }

// Bishops returns the squares of bishops of either side.
func (q *QBB) Bishops() uint64 { return q[1] & q[2] }

// Rooks returns the squares of rooks of either side.
func (q *QBB) Rooks() uint64 { return q.Odd() & q[3] }

// Queens returns the squares of queens of either side.
func (q *QBB) Queens() uint64 { return q[1] & q[3] }

// Kings returns the squares of kings of either side.
func (q *QBB) Kings() uint64 { return q[2] & q[3] }

// Pieces returns the squares of one piece type of either side.
func (q *QBB) Pieces(p board.Piece) uint64 {
	switch p {
	case board.Pawn:
		return q.Pawns()
	case board.Knight:
		return q.Knights()
	case board.Bishop:
		return q.Bishops()
	case board.Rook:
		return q.Rooks()
	case board.Queen:
		return q.Queens()
	default:
		return q.Kings()
	}
}

// Delta returns the quad-bitboard with code k on square s and nothing else:
// XOR it into a QBB to put k on an empty square or take it off again.
func Delta(k Code, s board.Square) QBB {
	var d QBB
	for i := range d {
		d[i] = uint64(k>>i&1) << s
	}
	return d
}

// Xor applies a delta: the make/unmake step of [cpw-quad],
// "qbb ^= fromTable[move.fromAspects()] ^ toTable[move.toAspects()]".
func (q *QBB) Xor(d QBB) {
	for i := range q {
		q[i] ^= d[i]
	}
}

// MoveDelta returns the delta of moving piece k from one square to another,
// capturing the code captured on the target square (Empty for none). The
// same delta makes and unmakes the move.
func MoveDelta(k Code, from, to board.Square, captured Code) QBB {
	d := Delta(k, from)
	d.Xor(Delta(k, to))
	d.Xor(Delta(captured, to))
	return d
}

// FromPosition encodes the pieces of a position.
func FromPosition(p *board.Position) QBB {
	var q QBB
	for c := board.White; c <= board.Black; c++ {
		for pc := board.Pawn; pc <= board.King; pc++ {
			k := CodeOf(c, pc)
			for i := range q {
				if k>>i&1 != 0 {
					q[i] |= p.Pieces[c][pc]
				}
			}
		}
	}
	return q
}

// Position decodes the pieces into p, leaving p's other fields alone. It
// fails on a square with an unused code.
func (q *QBB) Position(p *board.Position) error {
	p.Pieces = [2][6]uint64{}
	for s := board.Square(0); s < 64; s++ {
		k := q.GetPiece(s)
		if k == Empty {
			continue
		}
		c, pc, ok := k.Piece()
		if !ok {
			return fmt.Errorf("qbb: square %v has unused code %04b", s, k)
		}
		p.Pieces[c][pc] |= s.Bitboard()
	}
	return nil
}

// ParseFEN returns the quad-bitboard of a FEN's piece placement.
func ParseFEN(fen string) (QBB, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return QBB{}, err
	}
	return FromPosition(&p), nil
}
