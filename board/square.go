// Package board defines bitlab's square numbering, bitboard geometry, the
// plain square-by-square attack references, and chess positions in FEN.
//
// # Square numbering
//
// Bit i of a bitboard is square i in little-endian rank-file order:
//
//	a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63
//
// so square = 8*rank + file with files a..h and ranks 1..8 counted from 0.
// This is the numbering of the Chess Programming Wiki pages [cpw-serialization] and [cpw-quad]
// and of [mack-hyperbola]. DarkThought ([heinz-darkthought]) numbers a8 = 63 ... h1 = 0, which
// mirrors the files; [FromDarkThought] and [Square.DarkThought] map between
// the two.
//
// # Tables
//
// The lookup tables, filled once at start-up, are reached through
// accessors such as [FileMasks] that return the table by address, so that
// table-driven code indexes it in place and kernels can declare its size
// ([bitlab/kernels.TableBytes]). Callers read them and never write to them; small
// sets such as [PositiveRook] are returned as copies.
package board

import (
	"fmt"
	"math/bits"
)

// Square is a square index 0..63 in little-endian rank-file order.
type Square uint8

// NoSquare is the result of a bit scan of the empty set. It lies outside
// 0..63, like the result of TZCNT on zero.
const NoSquare Square = 64

// NewSquare returns the square on file 0..7 (a..h) and rank 0..7 (1..8).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s) >> 3 }

// Bitboard returns the bitboard with only s set.
func (s Square) Bitboard() uint64 { return 1 << (s & 63) }

// FlipVertical returns the square mirrored across the middle of the board
// (a1 <-> a8): the square-level twin of [FlipVertical].
func (s Square) FlipVertical() Square { return s ^ 56 }

// DarkThought returns the square's number in DarkThought's scheme
// ([heinz-darkthought], "Bitboard Infrastructure": a8 = 63 ... h1 = 0).
func (s Square) DarkThought() uint8 { return uint8(s) ^ 7 }

// FromDarkThought converts a DarkThought square number (a8 = 63 ... h1 = 0)
// to bitlab's numbering.
func FromDarkThought(n uint8) Square { return Square(n ^ 7) }

// String returns the square's name, such as "e4", or "-" for [NoSquare].
func (s Square) String() string {
	if s > 63 {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, fmt.Errorf("board: bad square %s", Quote(name))
	}
	return NewSquare(int(name[0]-'a'), int(name[1]-'1')), nil
}

// FlipVertical mirrors a bitboard across the middle of the board: rank 1
// becomes rank 8 and so on. It is a byte swap (x86 BSWAP).
func FlipVertical(b uint64) uint64 { return bits.ReverseBytes64(b) }

// Rotate180 turns a bitboard half around: square s becomes 63-s. It is a
// full bit reversal, Ryan Mack's "reversed bitboard" ([mack-hyperbola]).
func Rotate180(b uint64) uint64 { return bits.Reverse64(b) }
