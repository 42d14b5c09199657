package movegen

import (
	"fmt"
	"math/bits"
	"strings"

	"bitlab/board"
)

// Castling in standard chess and in Chess960 ([fide-laws], and its
// Guidelines II for Chess960): the king and the castling rook, on
// their first rank, end on the g- and f-files (kingside) or the c- and
// d-files (queenside) wherever they started; every square either of them
// crosses or lands on must be empty but for the two of them; the king must
// not be in check, cross an attacked square, or land on one. Standard chess
// is the setup with the king on e1 and the rooks on a1 and h1.
//
// A game's setup (the king's file and the castling rooks' files, the same
// for both sides, since every game starts with the sides' arrays
// mirrored) never changes while a right remains, so FromBoard works out
// each right's squares and masks once, and the position carries only the
// setup's index: the generator's test of a right stays the standard one,
// the right's bit and three mask tests.

// sideRights returns side c's castling rights: a function the
// side-specialized generator folds to a constant.
func sideRights(c board.Color) uint8 { return (WhiteKingside | WhiteQueenside) << (2 * c) }

// castle is one right's castling in one setup: the squares of the king
// and the rook before and after, the to-square of its move, the squares
// that must be empty (those the king and the rook cross or land on, but
// their own), those that must not be attacked (the king's path, its square
// and its destination included), and xray: the squares beyond the rook
// from the king's destination, but not beyond the rook's destination, from
// which an enemy rook or queen would attack the king once the rook left:
// only a queenside rook on the b-file has one, a1 or a8, next to it.
type castle struct {
	rights           uint8
	kingTo           board.Square
	rookFrom, rookTo board.Square
	to               board.Square // the move's to-square: kingTo for standard chess's castling, else rookFrom
	empty, safe      uint64
	xray             uint64
}

// setupKey is a castling setup: the king's file and the files of the
// kingside and the queenside castling rooks.
type setupKey struct{ king, kingside, queenside int }

// standardSetup is standard chess's setup, the index 0 of castles (so that
// the zero Position castles as standard chess).
var standardSetup = setupKey{4, 7, 0}

// numSetups counts the setups: the king on the b- to g-file, a kingside
// rook on a file right of it, a queenside rook on one left of it.
const numSetups = 6 + 10 + 12 + 12 + 10 + 6

// The tables below have a row for every value of Position.setup, so that
// the generator indexes them without a bounds check; rows past numSetups
// stay zero and unused (zero pages, never read).
var (
	// castles[setup][i] is right i's castling (WhiteKingside,
	// WhiteQueenside, BlackKingside, BlackQueenside in bit order).
	castles [256][4]castle
	// keepRights[setup][s] are the castling rights that survive a move from
	// or to s.
	keepRights [256][64]uint8
	// setupIndex[king][kingside][queenside] is a setup's index in castles.
	setupIndex [8][8][8]uint8
	// castleReach[setup][c] is the reach of the squares side c's king
	// steps to and of its castlings' safe squares, with the king on its
	// first square (a castling right's).
	castleReach [256][2]reach
)

func init() {
	keys := []setupKey{standardSetup}
	for k := 1; k <= 6; k++ {
		for ks := k + 1; ks <= 7; ks++ {
			for qs := range k {
				if s := (setupKey{k, ks, qs}); s != standardSetup {
					keys = append(keys, s)
				}
			}
		}
	}
	if len(keys) != numSetups {
		panic(fmt.Sprintf("movegen: %d castling setups, want %d", len(keys), numSetups))
	}
	for i, key := range keys {
		setupIndex[key.king][key.kingside][key.queenside] = uint8(i)
		for s := range keepRights[i] {
			keepRights[i][s] = 15
		}
		for r := range 4 {
			c := newCastle(key, r)
			castles[i][r] = c
			home := board.Square(56 * (r / 2))
			keepRights[i][home+board.Square(key.king)] &^= c.rights
			keepRights[i][c.rookFrom] &^= c.rights
		}
		for side := range 2 {
			king := board.Square(56*side + key.king)
			castleReach[i][side] = reachOf(board.KingAttacks()[king] | castles[i][2*side].safe | castles[i][2*side+1].safe)
		}
	}
}

// newCastle works out right r's castling (0 WhiteKingside ... 3
// BlackQueenside) in a setup. Its move is written as the king's move to
// its destination when it is standard chess's (the king from the e-file,
// the rook from its corner), as the king taking its own rook otherwise
// (Chess960's UCI convention, unambiguous where the king moves one square
// or none).
func newCastle(key setupKey, r int) castle {
	home := 56 * (r / 2)
	rookFile, kingTo, rookTo := key.kingside, 6, 5
	if r%2 == 1 {
		rookFile, kingTo, rookTo = key.queenside, 2, 3
	}
	sq := func(file int) board.Square { return board.Square(home + file) }
	king, rook := sq(key.king), sq(rookFile)
	c := castle{rights: 1 << r, kingTo: sq(kingTo), rookFrom: rook, rookTo: sq(rookTo), to: rook}
	if key.king == 4 && (rookFile == 0 || rookFile == 7) {
		c.to = c.kingTo
	}
	c.safe = rankSpan(king, c.kingTo)
	c.empty = (c.safe | rankSpan(rook, c.rookTo)) &^ (king.Bitboard() | rook.Bitboard())
	for f := range 8 {
		if line := between[c.kingTo][sq(f)]; line&rook.Bitboard() != 0 && line&c.rookTo.Bitboard() == 0 {
			c.xray |= sq(f).Bitboard()
		}
	}
	return c
}

// rankSpan returns the squares from a to b on their rank, both included.
func rankSpan(a, b board.Square) uint64 {
	return between[a][b] | a.Bitboard() | b.Bitboard()
}

// parseCastling reads a FEN castling field for the position's pieces: "-",
// or rights in standard FEN (KQkq), X-FEN (KQkq naming the outermost rook
// on that side of the king, a file letter any other) or Shredder-FEN (the
// castling rooks' files, A-H for white, a-h for black), in any order
// ([cpw-fen]). It sets the position's rights and setup, and rejects, naming
// the rule, rights no game can have: a right twice, without its rook on
// the first rank on that side of the king, with the king off its first
// rank or in a corner, or with white's king or a rook both sides castle
// with on another file than black's.
func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	var rookFiles [4]int
	for _, r := range field {
		side, home := board.White, 0
		letter := r
		if r >= 'a' && r <= 'z' {
			side, home, letter = board.Black, 7, r-'a'+'A'
		}
		king := p.king(side)
		rooks := p.Pieces[side][board.Rook] & (rank1 << (8 * home))
		var rookFile int
		switch {
		case letter == 'K' || letter == 'Q':
			if king.Rank() != home {
				return fmt.Errorf("movegen: castling right %c: the %v king is on %v, not on its first rank", r, side, king)
			}
			if letter == 'K' {
				rooks &^= rankSpan(board.Square(8*home), king)
				if rooks == 0 {
					return fmt.Errorf("movegen: castling right %c: %v has no rook on its first rank right of its king on %v", r, side, king)
				}
				rookFile = 63 - bits.LeadingZeros64(rooks)
			} else {
				rooks &= between[board.Square(8*home)][king] | board.Square(8*home).Bitboard()
				if rooks == 0 {
					return fmt.Errorf("movegen: castling right %c: %v has no rook on its first rank left of its king on %v", r, side, king)
				}
				rookFile = bits.TrailingZeros64(rooks)
			}
			rookFile &= 7
		case letter >= 'A' && letter <= 'H':
			rookFile = int(letter - 'A')
			if rooks&board.NewSquare(rookFile, home).Bitboard() == 0 {
				return fmt.Errorf("movegen: castling right %c: %v has no rook on %v", r, side, board.NewSquare(rookFile, home))
			}
			if king.Rank() != home || king.File() == rookFile {
				return fmt.Errorf("movegen: castling right %c: the %v king is on %v, not on its first rank beside the rook", r, side, king)
			}
		default:
			return fmt.Errorf("movegen: castling field %s: %q is none of K, Q, k, q, A-H, a-h (X-FEN and Shredder-FEN) or a lone -", board.Quote(field), r)
		}
		if king.File() == 0 || king.File() == 7 {
			return fmt.Errorf("movegen: castling right %c: the %v king is on %v, but every game starts with the king between its rooks", r, side, king)
		}
		right := 2 * int(side)
		if rookFile < king.File() {
			right++
		}
		if p.Castling&(1<<right) != 0 {
			return fmt.Errorf("movegen: castling field %s names %v's %s castling twice", board.Quote(field), side, [2]string{"kingside", "queenside"}[right%2])
		}
		p.Castling |= 1 << right
		rookFiles[right] = rookFile
	}
	// One setup for both sides: the same king file, and the same rook file
	// for a right both sides hold.
	key := standardSetup
	kingFile := -1
	for side := range 2 {
		if p.Castling>>(2*side)&3 == 0 {
			continue
		}
		f := p.king(board.Color(side)).File()
		if kingFile >= 0 && f != kingFile {
			return fmt.Errorf("movegen: castling field %s: white's king is on the %c-file and black's on the %c-file, but every game starts with the sides mirrored", board.Quote(field), 'a'+kingFile, 'a'+f)
		}
		kingFile, key.king = f, f
	}
	for wing, file := range []*int{&key.kingside, &key.queenside} {
		white, black := p.Castling&(1<<wing) != 0, p.Castling&(4<<wing) != 0
		switch {
		case white && black && rookFiles[wing] != rookFiles[2+wing]:
			return fmt.Errorf("movegen: castling field %s: white's %s rook is on the %c-file and black's on the %c-file, but every game starts with the sides mirrored",
				board.Quote(field), [2]string{"kingside", "queenside"}[wing], 'a'+rookFiles[wing], 'a'+rookFiles[2+wing])
		case white:
			*file = rookFiles[wing]
		case black:
			*file = rookFiles[2+wing]
		}
	}
	// A wing no side castles on keeps the standard rook file (h or a),
	// which lies beyond any king between the b- and g-files.
	p.setup = setupIndex[key.king][key.kingside][key.queenside]
	return nil
}

// castlingField writes the position's castling rights in X-FEN: KQkq for
// a castling rook that is the outermost rook on its side of the king
// (standard FEN in standard chess), the rook's file letter for any other,
// "-" for none.
func (p *Position) castlingField() string {
	var b strings.Builder
	for r := range 4 {
		if p.Castling&(1<<r) == 0 {
			continue
		}
		c := &castles[p.setup][r]
		side := board.Color(r / 2)
		home := board.Square(56 * (r / 2))
		outer := home // the squares beyond the rook, away from the king
		if r%2 == 0 {
			outer = home + 7
		}
		beyond := rankSpan(c.rookFrom, outer) &^ c.rookFrom.Bitboard()
		letter := byte("KQ"[r%2])
		if p.Pieces[side][board.Rook]&beyond != 0 {
			letter = 'A' + byte(c.rookFrom.File())
		}
		if side == board.Black {
			letter += 'a' - 'A'
		}
		b.WriteByte(letter)
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// castleIndex returns the index in castles of side c's castling whose move
// goes from from to to: the kingside one when it goes right, whether to is
// the king's destination or the rook's square.
func castleIndex(c board.Color, from, to board.Square) int {
	i := 2 * int(c)
	if to < from {
		i++
	}
	return i
}

// emptyRights returns the rights of castling c if the squares it needs
// empty are empty in occ, else none.
func emptyRights(occ uint64, c *castle) uint8 {
	if occ&c.empty != 0 {
		return 0
	}
	return c.rights
}
