package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Color is the side: White = 0, Black = 1, as in the source's
// "m = (U64)color - 1; // -1 if white, 0 for black" ([cpw-serialization], Black or White).
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// String names the side, "white" or "black", as error messages do.
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Piece is a piece type.
type Piece uint8

// The six piece types, in FEN letter order PNBRQK.
const (
	Pawn Piece = iota
	Knight
	Bishop
	Rook
	Queen
	King
)

const pieceLetters = "PNBRQK"

// Position is a chess position as twelve piece bitboards plus the FEN state.
type Position struct {
	Pieces    [2][6]uint64 // [color][piece]
	Side      Color        // side to move
	Castling  string       // FEN castling field, "-" for none
	EnPassant Square       // en-passant target square or [NoSquare]
	Halfmove  int
	Fullmove  int
}

// Occupied returns the squares holding a piece of either side.
func (p *Position) Occupied() uint64 { return p.ColorSet(White) | p.ColorSet(Black) }

// ColorSet returns the squares holding a piece of side c.
func (p *Position) ColorSet(c Color) uint64 {
	var b uint64
	for _, x := range p.Pieces[c] {
		b |= x
	}
	return b
}

// PieceAt returns the piece on s, or ok = false for an empty square.
func (p *Position) PieceAt(s Square) (c Color, pc Piece, ok bool) {
	for c := White; c <= Black; c++ {
		for pc := Pawn; pc <= King; pc++ {
			if p.Pieces[c][pc]&s.Bitboard() != 0 {
				return c, pc, true
			}
		}
	}
	return 0, 0, false
}

// Quote quotes an input for a message: whole when it is short, else its
// start and its length, so that a long one (a 10 KB FEN field) does not
// flood the message.
func Quote(s string) string {
	const most, start = 100, 60
	if len(s) <= most {
		return strconv.Quote(s)
	}
	cut := start
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:cut], len(s))
}

// ParseFEN parses a position in Forsyth-Edwards Notation. The move counters
// may be left out; they default to 0 and 1.
func ParseFEN(fen string) (Position, error) {
	var p Position
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return p, fmt.Errorf("board: FEN %s: want 4 to 6 fields, have %d", Quote(fen), len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fmt.Errorf("board: FEN %s: want 8 ranks, have %d", Quote(fen), len(ranks))
	}
	for i, row := range ranks {
		rank, file := 7-i, 0
		for _, ch := range row {
			switch {
			case ch >= '1' && ch <= '8':
				file += int(ch - '0')
			case strings.ContainsRune(pieceLetters, ch) || strings.ContainsRune(strings.ToLower(pieceLetters), ch):
				if file > 7 {
					return p, fmt.Errorf("board: FEN %s: rank %d is too long", Quote(fen), rank+1)
				}
				c := White
				if ch >= 'a' {
					c, ch = Black, ch-'a'+'A'
				}
				pc := Piece(strings.IndexRune(pieceLetters, ch))
				p.Pieces[c][pc] |= NewSquare(file, rank).Bitboard()
				file++
			default:
				return p, fmt.Errorf("board: FEN %s: bad character %q", Quote(fen), ch)
			}
		}
		if file != 8 {
			return p, fmt.Errorf("board: FEN %s: rank %d has %d files", Quote(fen), rank+1, file)
		}
	}
	switch f[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return p, fmt.Errorf("board: FEN %s: bad side to move %s", Quote(fen), Quote(f[1]))
	}
	p.Castling = f[2]
	p.EnPassant = NoSquare
	if f[3] != "-" {
		s, err := ParseSquare(f[3])
		if err != nil {
			return p, fmt.Errorf("board: FEN %s: %v", Quote(fen), err)
		}
		p.EnPassant = s
	}
	p.Halfmove, p.Fullmove = 0, 1
	for i, dst := range []*int{&p.Halfmove, &p.Fullmove} {
		if len(f) > 4+i {
			n, err := strconv.Atoi(f[4+i])
			if err != nil || n < 0 {
				return p, fmt.Errorf("board: FEN %s: bad move counter %s", Quote(fen), Quote(f[4+i]))
			}
			*dst = n
		}
	}
	return p, nil
}

// FEN returns the position in Forsyth-Edwards Notation with all six fields.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c, pc, ok := p.PieceAt(NewSquare(file, rank))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			ch := pieceLetters[pc]
			if c == Black {
				ch += 'a' - 'A'
			}
			b.WriteByte(ch)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if p.Side == Black {
		side = "b"
	}
	castling := p.Castling
	if castling == "" {
		castling = "-"
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, castling, p.EnPassant, p.Halfmove, p.Fullmove)
	return b.String()
}
