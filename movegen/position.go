// Package movegen is a legal chess move generator on bitlab's board and
// square conventions, written to carry the sliding-attack and
// serialization techniques of package kernels into a whole program: perft
// counts every legal move sequence to a depth, so a technique's cost per
// query meets its cost per node.
//
// The pipeline per node: [Position.masks] finds the checkers, the check
// mask (the squares a move must land on to answer a check), the pin rays
// and the squares the enemy attacks with our king removed; generation (or,
// at the last ply, counting) then ANDs each piece's attack set with them,
// so every generated move is legal without being played. Moves are played
// by copy-make: [Position.Play] returns the new position, with its Zobrist
// hash updated incrementally.
//
// Check and pin masks, king danger with the king removed and the
// en-passant rank case follow the Chess Programming Wiki's move-generation
// pages ([cpw-movegen]); the counts it must reproduce are [cpw-perft]'s.
package movegen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"bitlab/board"
)

// Castling rights, one bit each.
const (
	WhiteKingside uint8 = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
)

// Position is a position as the generator keeps it: piece bitboards by
// side and type, the sides' and the board's occupancy, and the state FEN
// holds beyond the pieces, with a Zobrist hash of all of it.
type Position struct {
	Pieces   [2][6]uint64 // [board.Color][board.Piece]
	Colors   [2]uint64    // each side's pieces
	Occupied uint64
	Side     board.Color
	Castling uint8        // WhiteKingside | ... as still allowed
	EP       board.Square // en-passant target square, or board.NoSquare
	Hash     uint64
}

// FromBoard converts a parsed FEN position. It rejects positions the
// generator cannot play: not exactly one king a side, pawns on the first
// or last rank, castling rights without the king and rook at home, an
// en-passant square without the pawn that just moved past it, or the side
// not to move in check.
func FromBoard(b board.Position) (Position, error) {
	p := Position{Pieces: b.Pieces, Side: b.Side, EP: b.EnPassant}
	for c := range 2 {
		for _, s := range b.Pieces[c] {
			if p.Colors[c]&s != 0 || p.Occupied&s != 0 {
				return p, fmt.Errorf("movegen: two pieces on one square")
			}
			p.Colors[c] |= s
		}
		p.Occupied |= p.Colors[c]
		if n := bits.OnesCount64(b.Pieces[c][board.King]); n != 1 {
			return p, fmt.Errorf("movegen: %v has %d kings", board.Color(c), n)
		}
	}
	if (p.Pieces[0][board.Pawn]|p.Pieces[1][board.Pawn])&(rank1|rank8) != 0 {
		return p, fmt.Errorf("movegen: a pawn on the first or last rank")
	}
	for _, r := range b.Castling {
		i := strings.IndexRune("KQkq", r)
		if i < 0 {
			if b.Castling == "-" {
				break
			}
			return p, fmt.Errorf("movegen: castling field %q", b.Castling)
		}
		c := castles[i]
		if p.Pieces[c.side][board.King]&c.king.Bitboard() == 0 || p.Pieces[c.side][board.Rook]&c.rookFrom.Bitboard() == 0 {
			return p, fmt.Errorf("movegen: castling right %c without king and rook at home", r)
		}
		p.Castling |= 1 << i
	}
	if p.EP != board.NoSquare {
		them := p.Side ^ 1
		pushed := p.EP + 8
		if them == board.Black {
			pushed = p.EP - 8
		}
		if wantRank := [2]int{2, 5}[them]; p.EP.Rank() != wantRank || p.Pieces[them][board.Pawn]&pushed.Bitboard() == 0 {
			return p, fmt.Errorf("movegen: en-passant square %v without the pawn that passed it", p.EP)
		}
	}
	if p.attacked(p.king(p.Side^1), p.Side, p.Occupied) {
		return p, fmt.Errorf("movegen: the side not to move is in check")
	}
	p.Hash = p.zobrist()
	return p, nil
}

// ParseFEN parses a FEN position for the generator.
func ParseFEN(fen string) (Position, error) {
	b, err := board.ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	return FromBoard(b)
}

// Board returns the position as package board keeps it (move counters 0
// and 1).
func (p *Position) Board() board.Position {
	b := board.Position{Pieces: p.Pieces, Side: p.Side, EnPassant: p.EP, Fullmove: 1}
	for i, r := range "KQkq" {
		if p.Castling&(1<<i) != 0 {
			b.Castling += string(r)
		}
	}
	if b.Castling == "" {
		b.Castling = "-"
	}
	return b
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	b := p.Board()
	return b.FEN()
}

func (p *Position) king(c board.Color) board.Square {
	return board.Square(bits.TrailingZeros64(p.Pieces[c][board.King]))
}

// attacked reports whether side by attacks square s through occupancy occ,
// by the plain references: for checks outside the hot path.
func (p *Position) attacked(s board.Square, by board.Color, occ uint64) bool {
	e := &p.Pieces[by]
	return board.KnightAttacks[s]&e[board.Knight] != 0 ||
		board.KingAttacks[s]&e[board.King] != 0 ||
		pawnAttacks[by^1][s]&e[board.Pawn] != 0 ||
		board.RookAttacks(s, occ)&(e[board.Rook]|e[board.Queen]) != 0 ||
		board.BishopAttacks(s, occ)&(e[board.Bishop]|e[board.Queen]) != 0
}

// The Zobrist keys ([cpw-zobrist]): one per piece on a square, the side
// to move, each castling-rights value and each en-passant file, drawn from
// a fixed seed.
var (
	pieceKeys    [2][6][64]uint64
	sideKey      uint64
	castlingKeys [16]uint64
	epKeys       [8]uint64
)

func init() {
	r := rand.New(rand.NewPCG(1997, 2000))
	for c := range pieceKeys {
		for pc := range pieceKeys[c] {
			for s := range pieceKeys[c][pc] {
				pieceKeys[c][pc][s] = r.Uint64()
			}
		}
	}
	sideKey = r.Uint64()
	for i := range castlingKeys {
		castlingKeys[i] = r.Uint64()
	}
	for i := range epKeys {
		epKeys[i] = r.Uint64()
	}
}

// zobrist computes the position's hash from scratch.
func (p *Position) zobrist() uint64 {
	var h uint64
	for c := range 2 {
		for pc := range 6 {
			for b := p.Pieces[c][pc]; b != 0; b &= b - 1 {
				h ^= pieceKeys[c][pc][bits.TrailingZeros64(b)]
			}
		}
	}
	if p.Side == board.Black {
		h ^= sideKey
	}
	h ^= castlingKeys[p.Castling]
	if p.EP != board.NoSquare {
		h ^= epKeys[p.EP.File()]
	}
	return h
}

// Move is a move: to-square in bits 0-5, from-square in bits 6-11, its
// kind in bits 12-15.
type Move uint16

// Move kinds.
const (
	Quiet       = iota
	DoublePush  // a pawn's two-square advance: sets the en-passant square
	Castle      // the king's move of a castling; the rook follows
	EnPassant   // the capture of the pawn beside, landing behind it
	PromoKnight // promotions, to knight ... queen: board.Knight + kind - PromoKnight
	PromoBishop
	PromoRook
	PromoQueen
)

func newMove(from, to board.Square, kind int) Move {
	return Move(to) | Move(from)<<6 | Move(kind)<<12
}

// From returns the move's from-square.
func (m Move) From() board.Square { return board.Square(m >> 6 & 63) }

// To returns the move's to-square.
func (m Move) To() board.Square { return board.Square(m & 63) }

// Kind returns the move's kind (Quiet ... PromoQueen).
func (m Move) Kind() int { return int(m >> 12) }

// String returns the move in UCI notation, such as "e2e4" or "e7e8q".
func (m Move) String() string {
	s := m.From().String() + m.To().String()
	if k := m.Kind(); k >= PromoKnight {
		s += string("nbrq"[k-PromoKnight])
	}
	return s
}

// castle describes one castling: the king's and the rook's squares, the
// squares that must be empty and those the king crosses, which must not be
// attacked.
type castle struct {
	side             board.Color
	king, kingTo     board.Square
	rookFrom, rookTo board.Square
	empty, safe      uint64
	rights           uint8
}

var castles = [4]castle{
	{board.White, 4, 6, 7, 5, 0x60, 0x70, WhiteKingside},
	{board.White, 4, 2, 0, 3, 0x0E, 0x1C, WhiteQueenside},
	{board.Black, 60, 62, 63, 61, 0x60 << 56, 0x70 << 56, BlackKingside},
	{board.Black, 60, 58, 56, 59, 0x0E << 56, 0x1C << 56, BlackQueenside},
}

// keepRights[s] are the castling rights that survive a move from or to s.
var keepRights [64]uint8

const (
	rank1 = 0xFF
	rank8 = 0xFF << 56
)

// pawnAttacks[c][s] are the squares a pawn of side c on s attacks.
var pawnAttacks [2][64]uint64

// between[a][b] are the squares strictly between a and b on a line, or 0.
var between [64][64]uint64

func init() {
	for s := range keepRights {
		keepRights[s] = 15
	}
	for _, c := range castles {
		keepRights[c.king] &^= c.rights
		keepRights[c.rookFrom] &^= c.rights
	}
	for s := range board.Square(64) {
		b := s.Bitboard()
		pawnAttacks[board.White][s] = (b << 7 &^ fileH) | (b << 9 &^ fileA)
		pawnAttacks[board.Black][s] = (b >> 9 &^ fileH) | (b >> 7 &^ fileA)
		for t := range board.Square(64) {
			for _, dirs := range [][]board.Direction{board.RookDirections, board.BishopDirections} {
				if board.RayAttacks(s, 0, dirs)&t.Bitboard() != 0 {
					between[s][t] = board.RayAttacks(s, t.Bitboard(), dirs) & board.RayAttacks(t, s.Bitboard(), dirs)
				}
			}
		}
	}
}

const (
	fileA = 0x0101010101010101
	fileH = fileA << 7
)

// Play returns the position after move m, which must be legal here (a
// move of [Position.Moves]): every piece it moves, captures or promotes
// is a toggle, so that the representations a configuration keeps beside
// the bitboards follow the same updates (internal/configs copies Play for
// them, each toggle followed by the representation's keep).
func (p *Position) Play(m Move) Position {
	q := *p
	from, to, kind := m.From(), m.To(), m.Kind()
	us, them := p.Side, p.Side^1
	toBB := to.Bitboard()
	q.Hash ^= sideKey ^ castlingKeys[p.Castling]
	if p.EP != board.NoSquare {
		q.Hash ^= epKeys[p.EP.File()]
	}
	q.EP = board.NoSquare
	moved := p.pieceOn(us, from.Bitboard())
	// A capture: the piece on the target square (en passant: beside it).
	if p.Colors[them]&toBB != 0 {
		victim := p.pieceOn(them, toBB)
		q.toggle(them, victim, to)
	}
	q.toggle(us, moved, from)
	placed := moved
	switch kind {
	case DoublePush:
		q.EP = (from + to) / 2
		q.Hash ^= epKeys[q.EP.File()]
	case EnPassant:
		capSq := board.NewSquare(to.File(), from.Rank())
		q.toggle(them, board.Pawn, capSq)
	case Castle:
		c := castles[castleIndex(us, to)]
		q.toggle(us, board.Rook, c.rookFrom)
		q.toggle(us, board.Rook, c.rookTo)
	case PromoKnight, PromoBishop, PromoRook, PromoQueen:
		placed = board.Knight + board.Piece(kind-PromoKnight)
	}
	q.toggle(us, placed, to)
	q.Castling &= keepRights[from] & keepRights[to]
	q.Side = them
	q.Hash ^= castlingKeys[q.Castling]
	return q
}

// toggle puts side c's piece pc on the empty square s, or takes it off.
func (p *Position) toggle(c board.Color, pc board.Piece, s board.Square) {
	b := s.Bitboard()
	p.Pieces[c][pc] ^= b
	p.Colors[c] ^= b
	p.Occupied ^= b
	p.Hash ^= pieceKeys[c][pc][s]
}

// castleIndex returns the index in castles of side c's castling whose king
// lands on to.
func castleIndex(c board.Color, to board.Square) int {
	i := 2 * int(c)
	if to.File() == 2 {
		i++
	}
	return i
}

// pieceOn returns the type of side c's piece on the square of b.
func (p *Position) pieceOn(c board.Color, b uint64) board.Piece {
	for pc := board.Pawn; pc < board.King; pc++ {
		if p.Pieces[c][pc]&b != 0 {
			return pc
		}
	}
	return board.King
}
