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
// by copy-make: [Position.Play] returns the new position.
//
// Check and pin masks, king danger with the king removed and the
// en-passant rank case follow the Chess Programming Wiki's move-generation
// pages ([cpw-movegen]); the counts it must reproduce are [cpw-perft]'s.
//
// Positions come from FEN through [FromBoard], which refuses, naming the
// rule, every position no game reaches that would break a bound the
// generator relies on (so no accepted position has more moves than a
// [MoveList] holds), and reads castling rights in standard FEN, X-FEN and
// Shredder-FEN: Chess960 positions castle by Chess960's rules
// ([fide-laws]), standard chess being the setup with the king on the
// e-file and the rooks in the corners, through the same per-right masks.
// The Chess960 counts it must reproduce are [ethereal-perft]'s.
package movegen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

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
// holds beyond the pieces. It keeps no hash: perft without a
// transposition table never reads one, and [PerftTT] computes it where it
// probes ([Position.Hash]).
type Position struct {
	Pieces   [2][6]uint64 // [board.Color][board.Piece]
	Colors   [2]uint64    // each side's pieces
	Occupied uint64
	Side     board.Color
	Castling uint8        // WhiteKingside | ... as still allowed
	EP       board.Square // en-passant target square, or board.NoSquare
	setup    uint8        // the castling setup's index in castles (0: standard chess)
}

// FromBoard converts a parsed FEN position. It rejects, naming the rule,
// every position no game can reach that would break a bound the generator
// relies on (see validate) and every castling field it cannot read:
// castling rights in standard FEN, X-FEN or Shredder-FEN, so Chess960
// positions too (see parseCastling).
func FromBoard(b board.Position) (Position, error) {
	p := Position{Pieces: b.Pieces, Side: b.Side, EP: b.EnPassant}
	if b.Side > board.Black {
		return p, fmt.Errorf("movegen: side to move %v", b.Side)
	}
	for c := range 2 {
		for _, s := range b.Pieces[c] {
			if p.Colors[c]&s != 0 || p.Occupied&s != 0 {
				return p, fmt.Errorf("movegen: two pieces on one square")
			}
			p.Colors[c] |= s
		}
		p.Occupied |= p.Colors[c]
	}
	if err := p.validate(); err != nil {
		return p, err
	}
	if err := p.parseCastling(b.Castling); err != nil {
		return p, err
	}
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
// and 1), its castling rights in X-FEN (standard FEN in standard chess).
func (p *Position) Board() board.Position {
	return board.Position{Pieces: p.Pieces, Side: p.Side, EnPassant: p.EP, Fullmove: 1, Castling: p.castlingField()}
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	b := p.Board()
	return b.FEN()
}

// king returns the square of side c's king (which every position has: the
// mask spares the tables it indexes a bounds check).
func (p *Position) king(c board.Color) board.Square {
	return board.Square(bits.TrailingZeros64(p.Pieces[c][board.King]) & 63)
}

// attacked reports whether side by attacks square s through occupancy occ,
// by the plain references: for checks outside the hot path.
func (p *Position) attacked(s board.Square, by board.Color, occ uint64) bool {
	e := &p.Pieces[by]
	return board.KnightAttacks()[s]&e[board.Knight] != 0 ||
		board.KingAttacks()[s]&e[board.King] != 0 ||
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

// Hash returns the position's Zobrist hash, computed from its pieces and
// state.
func (p *Position) Hash() uint64 {
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
// Castling is the king's move to its destination when it is standard
// chess's castling, the king from the e-file and the rook from its corner
// ("e1g1"), and the king taking its own rook in any other (Chess960's UCI
// convention: "f1h1"), which stays unambiguous when the king moves one
// square or none.
func (m Move) String() string {
	s := m.From().String() + m.To().String()
	if k := m.Kind(); k >= PromoKnight {
		s += string("nbrq"[k-PromoKnight])
	}
	return s
}

const (
	rank1 = 0xFF
	rank8 = 0xFF << 56
)

// pawnAttacks[c][s] are the squares a pawn of side c on s attacks.
var pawnAttacks [2][64]uint64

// between[a][b] are the squares strictly between a and b on a line, or 0
// (a variable initializer, so that the castling setups' init can use it).
var between = func() (between [64][64]uint64) {
	lines := [][]board.Direction{board.RookDirections(), board.BishopDirections()}
	for s := range board.Square(64) {
		for t := range board.Square(64) {
			for _, dirs := range lines {
				if board.RayAttacks(s, 0, dirs)&t.Bitboard() != 0 {
					between[s][t] = board.RayAttacks(s, t.Bitboard(), dirs) & board.RayAttacks(t, s.Bitboard(), dirs)
				}
			}
		}
	}
	return between
}()

func init() {
	for s := range board.Square(64) {
		b := s.Bitboard()
		pawnAttacks[board.White][s] = (b << 7 &^ fileH) | (b << 9 &^ fileA)
		pawnAttacks[board.Black][s] = (b >> 9 &^ fileH) | (b >> 7 &^ fileA)
	}
}

const (
	fileA = 0x0101010101010101
	fileH = fileA << 7
)

// Play returns the position after move m, which must be legal here (a
// move of [Position.Moves]). It updates no hash (Position keeps none).
func (p *Position) Play(m Move) Position {
	var q Position
	if p.Side == board.White {
		play[white](&q, p, m)
	} else {
		play[black](&q, p, m)
	}
	return q
}

// play writes to q the position after move m of side Us, which is to move
// in p (q is not p: it is written in place, no copy returned). Every
// bitboard it changes is written once, from p's value and the squares the
// move toggles (a field read back right after the copy of p into q would
// wait for that copy's store to be forwarded); keep follows each toggled
// piece, so that the representations a configuration keeps beside the
// bitboards follow the same updates (internal/configs copies play for
// them, on their position types).
func play[Us side](q, p *Position, m Move) {
	from, to, kind := m.From(), m.To(), m.Kind()
	us := sideOf[Us]()
	them := us ^ 1
	*q = *p
	q.EP = board.NoSquare
	moved := p.pieceOn(us, from)
	placed := moved
	var theirs, rooks uint64 // the squares of their pieces, and of our rook, the move toggles
	// A capture: the piece on the target square (en passant: beside it).
	if p.Colors[them]&to.Bitboard() != 0 {
		victim := p.pieceOn(them, to)
		q.Pieces[them][victim] = p.Pieces[them][victim] ^ to.Bitboard()
		q.keep(them, victim, to)
		theirs = to.Bitboard()
	}
	q.keep(us, moved, from)
	switch kind {
	case DoublePush:
		q.EP = (from + to) / 2
	case EnPassant:
		capSq := board.NewSquare(to.File(), from.Rank())
		q.Pieces[them][board.Pawn] = p.Pieces[them][board.Pawn] ^ capSq.Bitboard()
		q.keep(them, board.Pawn, capSq)
		theirs = capSq.Bitboard()
	case Castle:
		// The king lands on its destination, whether to is that or the
		// rook's square (Chess960's move text); the rook moves too (in
		// Chess960 either may stand where the other lands, or the rook
		// not move at all: the toggles cancel).
		c := &castles[p.setup][castleIndex(us, from, to)]
		rooks = c.rookFrom.Bitboard() ^ c.rookTo.Bitboard()
		q.Pieces[us][board.Rook] = p.Pieces[us][board.Rook] ^ rooks
		q.keep(us, board.Rook, c.rookFrom)
		q.keep(us, board.Rook, c.rookTo)
		to = c.kingTo
	case PromoKnight, PromoBishop, PromoRook, PromoQueen:
		placed = board.Knight + board.Piece(kind-PromoKnight)
	}
	ours := from.Bitboard() ^ to.Bitboard()
	if placed == moved {
		q.Pieces[us][moved] = p.Pieces[us][moved] ^ ours
	} else {
		q.Pieces[us][moved] = p.Pieces[us][moved] ^ from.Bitboard()
		q.Pieces[us][placed] = p.Pieces[us][placed] ^ to.Bitboard()
	}
	q.keep(us, placed, to)
	q.Colors[us] = p.Colors[us] ^ ours ^ rooks
	q.Colors[them] = p.Colors[them] ^ theirs
	q.Occupied = p.Occupied ^ ours ^ rooks ^ theirs
	q.Castling = p.Castling & keepRights[p.setup][from] & keepRights[p.setup][to]
	q.Side = them
}

// pieceOn returns the type of side c's piece on s, which holds one,
// without a branch: the type's three bits, each the bit on s of the
// bitboards of the types that have it (board.Pawn is 0, board.Knight 1 ...
// board.King 5).
func (p *Position) pieceOn(c board.Color, s board.Square) board.Piece {
	b := &p.Pieces[c]
	s &= 63
	bit0 := (b[board.Knight] | b[board.Rook] | b[board.King]) >> s & 1
	bit1 := (b[board.Bishop] | b[board.Rook]) >> s & 1
	bit2 := (b[board.Queen] | b[board.King]) >> s & 1
	return board.Piece(bit0 | bit1<<1 | bit2<<2)
}
