package kernels

import (
	"bitlab/board"
	"bitlab/qbb"
)

// The element types of the families.
type (
	// Slider says which lines a sliding piece moves along: a bit set of
	// Orthogonal (rook) and Diagonal (bishop); a queen has both.
	Slider uint8

	// Query asks for the attacks of a slider on Sq with occupancy Occ. Occ may
	// or may not contain Sq; the attacks are the same.
	Query struct {
		Occ   uint64
		Sq    board.Square
		Piece Slider
	}

	// ColoredBB is a bitboard to serialize for one side.
	ColoredBB struct {
		BB   uint64
		Side board.Color
	}

	// Targets is a move-target set of a king or knight on From. BB must be a
	// subset of the piece's attacks from From (seed 000: "moveTarget =
	// KingAttacks[sq] & ~(ownPieces | attackedSquares)").
	Targets struct {
		BB    uint64
		From  board.Square
		Piece board.Piece // board.King or board.Knight
	}

	// Move is a move as the seed's assembly stores it: the to-square in bits
	// 0..5 combined with the from-square aspect in bits 6..11.
	Move uint16

	// Hex holds the 16 disjoint bitboards of a quad-bitboard: Hex[k] is the
	// set of squares whose code is k (seed 004, quad2hexBB).
	Hex [16]uint64

	// Mailbox holds the code of every square, Mailbox[s] for square s
	// (seed 004, quadBB2Board).
	Mailbox [64]qbb.Code

	// Fill asks for the sliding attacks of the four generator sets of a
	// quad-bitboard through the empty squares Empty (seed 004, "As Sliding
	// Piece Generators").
	Fill struct {
		Gen   qbb.QBB
		Empty uint64
	}
)

// The sliders.
const (
	Orthogonal Slider = 1 << iota // rook lines
	Diagonal                      // bishop lines
	QueenLines = Orthogonal | Diagonal
)

// NewMove returns the move from one square to another.
func NewMove(from, to board.Square) Move { return Move(to) | Move(from)<<6 }

// From returns the move's from-square.
func (m Move) From() board.Square { return board.Square(m >> 6 & 63) }

// To returns the move's to-square.
func (m Move) To() board.Square { return board.Square(m & 63) }

// The latency chains: each folds the previous output into the next input.
// They are small enough to inline into the implementations' loops.

// NextCount chains a count into the next bitboard.
func NextCount(x uint64, prev uint8) uint64 { return x ^ uint64(prev) }

// NextSquare chains a square index into the next bitboard.
func NextSquare(x uint64, prev board.Square) uint64 { return x ^ uint64(prev) }

// NextBitboard chains a bitboard into the next bitboard.
func NextBitboard(x, prev uint64) uint64 { return x ^ prev }

// NextQuery chains an attack set into the next query's occupancy.
func NextQuery(q Query, prev uint64) Query {
	q.Occ ^= prev
	return q
}

// The families, in listing order.
var (
	Popcount = newFamily("popcount",
		"bitboard -> number of one-bits (uint8)", 1, "kernighan",
		one(refPopcount), NextCount)

	BitscanForward = newFamily("bitscan-forward",
		"bitboard -> index of the least significant one-bit; 64 for the empty set", 1, "table16",
		one(refBitscanForward), NextSquare)

	BitscanReverse = newFamily("bitscan-reverse",
		"bitboard -> index of the most significant one-bit; 64 for the empty set", 1, "table16",
		one(refBitscanReverse), NextSquare)

	LS1BReset = newFamily("ls1b-reset",
		"bitboard -> the bitboard without its least significant one-bit", 1, "and",
		one(refLS1BReset), NextBitboard)

	Serialize = newFamily("serialize",
		"bitboard -> list of its square indices, ascending unless the implementation says otherwise", 64, "forward",
		refSerialize, nil)

	SerializeColor = newFamily("serialize-color",
		"bitboard + side -> squares from the side's far rank: black a1..h1, a2..; white a8..h8, a7..", 64, "flip-branchy",
		refSerializeColor, nil)

	MoveList = newFamily("movelist",
		"king or knight on a square + target subset -> moves in ascending to-square order", 8, "loop",
		refMoveList, nil)

	BitReverse = newFamily("bitreverse",
		"bitboard -> bitboard with bit i moved to bit 63-i", 1, "swar",
		one(refBitReverse), NextBitboard)

	Sliding = newFamily("sliding",
		"rook, bishop or queen square + occupancy -> attack set", 1, "ray-loop",
		one(refSliding), NextQuery)

	SlidingRay = newFamily("sliding-ray",
		"slider square + occupancy -> attacks along the positive rays only (north, east, north-east, north-west)", 1, "ray-loop",
		one(refSlidingRay), NextQuery)

	Quad2Hex = newFamily("quad2hex",
		"quad-bitboard -> 16 disjoint bitboards, one per square code", 1, "generic",
		one(refQuad2Hex), nil)

	Quad2Board = newFamily("quad2board",
		"quad-bitboard -> 64-byte mailbox of square codes", 1, "generic",
		one(refQuad2Board), nil)

	QuadFill = newFamily("quad-fill",
		"quad-bitboard of generators + empty squares -> queen-line attacks of each of the four sets", 1, "kogge-stone",
		one(refQuadFill), nil)
)

// The references: deliberately plain, one square or bit at a time.

func refPopcount(x uint64) uint8 {
	n := uint8(0)
	for i := range 64 {
		n += uint8(x >> i & 1)
	}
	return n
}

func refBitscanForward(x uint64) board.Square {
	for i := range board.Square(64) {
		if x>>i&1 != 0 {
			return i
		}
	}
	return board.NoSquare
}

func refBitscanReverse(x uint64) board.Square {
	for i := 63; i >= 0; i-- {
		if x>>i&1 != 0 {
			return board.Square(i)
		}
	}
	return board.NoSquare
}

func refLS1BReset(x uint64) uint64 {
	if s := refBitscanForward(x); s != board.NoSquare {
		return x &^ s.Bitboard()
	}
	return 0
}

func refBitReverse(x uint64) uint64 {
	var r uint64
	for i := range 64 {
		r |= (x >> i & 1) << (63 - i)
	}
	return r
}

func refSerialize(dst []board.Square, x uint64) []board.Square {
	for s := range board.Square(64) {
		if x&s.Bitboard() != 0 {
			dst = append(dst, s)
		}
	}
	return dst
}

func refSerializeColor(dst []board.Square, c ColoredBB) []board.Square {
	for i := range board.Square(64) {
		s := i
		if c.Side == board.White {
			s = i.FlipVertical()
		}
		if c.BB&s.Bitboard() != 0 {
			dst = append(dst, s)
		}
	}
	return dst
}

func refMoveList(dst []Move, t Targets) []Move {
	for _, to := range refSerialize(nil, t.BB) {
		dst = append(dst, NewMove(t.From, to))
	}
	return dst
}

func refSliding(q Query) uint64 { return sliderRays(q, board.RookDirections, board.BishopDirections) }

func refSlidingRay(q Query) uint64 {
	return sliderRays(q, board.PositiveRook, board.PositiveBishop)
}

func sliderRays(q Query, orthogonal, diagonal []board.Direction) uint64 {
	var a uint64
	if q.Piece&Orthogonal != 0 {
		a |= board.RayAttacks(q.Sq, q.Occ, orthogonal)
	}
	if q.Piece&Diagonal != 0 {
		a |= board.RayAttacks(q.Sq, q.Occ, diagonal)
	}
	return a
}

func refQuad2Hex(q qbb.QBB) Hex {
	var h Hex
	for s := range board.Square(64) {
		h[q.GetPiece(s)] |= s.Bitboard()
	}
	return h
}

func refQuad2Board(q qbb.QBB) Mailbox {
	var m Mailbox
	for s := range board.Square(64) {
		m[s] = q.GetPiece(s)
	}
	return m
}

func refQuadFill(f Fill) qbb.QBB {
	var a qbb.QBB
	for i, gen := range f.Gen {
		for s := range board.Square(64) {
			if gen&s.Bitboard() != 0 {
				a[i] |= sliderRays(Query{Occ: ^f.Empty, Sq: s, Piece: QueenLines},
					board.RookDirections, board.BishopDirections)
			}
		}
	}
	return a
}
