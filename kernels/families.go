package kernels

import (
	"fmt"
	"math/bits"

	"bitlab/board"
	"bitlab/qbb"
	"bitlab/schema"
	"bitlab/uarch"
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

	// RotatedQuery is a Query that also carries its occupancy in the
	// rotated frames of Hyatt's rotated bitboards, as an engine keeps them
	// up to date beside the occupancy ([cpw-sliding], Rotated Bitboards).
	// Rot must equal [board.Rotate](Occ).
	RotatedQuery struct {
		Query
		Rot board.Rotated
	}

	// ColoredBB is a bitboard to serialize for one side.
	ColoredBB struct {
		BB   uint64
		Side board.Color
	}

	// Targets is a move-target set of a king or knight on From. BB must be a
	// subset of the piece's attacks from From ([cpw-serialization]: "moveTarget =
	// KingAttacks[sq] & ~(ownPieces | attackedSquares)").
	Targets struct {
		BB    uint64
		From  board.Square
		Piece board.Piece // [board.King] or [board.Knight]
	}

	// Move is a move as the source's assembly stores it: the to-square in bits
	// 0..5 combined with the from-square aspect in bits 6..11.
	Move uint16

	// Hex holds the 16 disjoint bitboards of a quad-bitboard: Hex[k] is the
	// set of squares whose code is k ([cpw-quad], quad2hexBB).
	Hex [16]uint64

	// Mailbox holds the code of every square, Mailbox[s] for square s
	// ([cpw-quad], quadBB2Board).
	Mailbox [64]qbb.Code

	// Fill asks for the sliding attacks of the four generator sets of a
	// quad-bitboard through the empty squares Empty ([cpw-quad], "As Sliding
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

// lines returns the number of line sets, rook and bishop, the slider moves
// along: 1, or 2 for a queen.
func (s Slider) lines() int { return bits.OnesCount8(uint8(s)) }

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

// The default workloads the family declarations below use. They are
// declared first so that they are initialized first: the families must be
// initialized, and so listed, in declaration order.

// defaultPlans run uniform random and chess inputs at the L1 size.
var defaultPlans = Plans{schema.L1: {Dists: []string{"random", "chess"}, QuickDists: []string{"random", "chess"}}}

// sweep is the k<N> sweep of the counting, scanning and serialization
// families: dense enough to show where the loops cross the fixed-cost methods.
var sweep = []int{0, 1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 63, 64}

// sweptL1 is the L1 plan of the families whose cost depends on the bit count.
var sweptL1 = func() Plan {
	var ds []string
	for _, k := range sweep {
		ds = append(ds, fmt.Sprintf("k%d", k))
	}
	return Plan{Dists: append(ds, "d2", "d8", "d32", "random", "chess"),
		QuickDists: []string{"k1", "k8", "d8", "random", "chess"}}
}()

var throughputOnly = []schema.Mode{schema.Throughput}

// learning is the learning curve: one distribution repeated after 256 ...
// 65,536 distinct elements, and never within a stream-sized batch.
var learning = []string{"d4-rep256", "d4-rep1024", "d4-rep4096", "d4-rep16384", "d4-rep65536", "d4"}

// streamPlan is the headline plan of the families whose cost depends on
// what the branch predictor learns: bit densities over a batch too long to
// learn, the learning curve, and chess inputs.
var streamPlan = Plan{Dists: append([]string{"d1", "d8", "d32", "random", "chess"}, learning...),
	QuickDists: []string{"d4", "d8"}, Modes: throughputOnly}

// slidingPlans adds rook-only and bishop-only queries (engines ask for
// them apart) and Gigantua's benchmark sequence, also as a stream as long as
// a peer's run reads from memory.
var slidingPlans = Plans{
	schema.L1:     {Dists: []string{"random", "chess", "rook", "bishop", "gigantua"}, QuickDists: []string{"random", "chess"}},
	schema.Stream: {Dists: []string{"gigantua"}, Modes: throughputOnly},
}

// The families, in listing order, returned by the accessors that follow.
// kernels/generic's loop generator and kernels/amd64's assembly generator
// read these declarations: each family's variable, name and Next function,
// and the accessor that returns the variable.
var (
	popcount = newFamily(Spec[uint64, uint8]{
		Name: "popcount", Doc: "bitboard -> number of one-bits (uint8)", MaxOut: 1, Baseline: "kernighan",
		Reference: one(refPopcount), Next: NextCount,
		Plans: Plans{schema.L1: sweptL1,
			schema.L2:     {Dists: []string{"random", "d8"}, Modes: throughputOnly},
			schema.Stream: {Dists: learning, Modes: throughputOnly},
			schema.Mem:    {Dists: []string{"random"}, Modes: throughputOnly}},
		// VPOPCNTQ counts eight words at once where the core has
		// AVX512-VPOPCNTDQ; POPCNT one word everywhere else.
		Floors: []Floor{{Instr: uarch.VPOPCNTQ, PerInstr: 8, Element: "word"}, {Instr: uarch.POPCNT, PerInstr: 1, Element: "word"}},
	})

	bitscanForward = newFamily(Spec[uint64, board.Square]{
		Name: "bitscan-forward", Doc: "bitboard -> index of the least significant one-bit; 64 for the empty set",
		MaxOut: 1, Baseline: "table16", Reference: one(refBitscanForward), Next: NextSquare,
		Plans: Plans{schema.L1: sweptL1}, Floors: []Floor{{Instr: uarch.TZCNT, PerInstr: 1, Element: "word"}},
	})

	bitscanReverse = newFamily(Spec[uint64, board.Square]{
		Name: "bitscan-reverse", Doc: "bitboard -> index of the most significant one-bit; 64 for the empty set",
		MaxOut: 1, Baseline: "table16", Reference: one(refBitscanReverse), Next: NextSquare,
		Plans: Plans{schema.L1: sweptL1},
	})

	ls1bReset = newFamily(Spec[uint64, uint64]{
		Name: "ls1b-reset", Doc: "bitboard -> the bitboard without its least significant one-bit",
		MaxOut: 1, Baseline: "and", Reference: one(refLS1BReset), Next: NextBitboard,
		Floors: []Floor{{Instr: uarch.BLSR, PerInstr: 1, Element: "word"}},
	})

	serialize = newFamily(Spec[uint64, board.Square]{
		Name: "serialize", Doc: "bitboard -> list of its square indices, ascending unless the implementation says otherwise",
		MaxOut: 64, Baseline: "forward", Reference: refSerialize,
		// The L1 sweep repeats 4,096 words: what a predictor can learn, the
		// contrast to the stream. (With k<N> every word has N bits and the
		// loops' exits are predictable anyway.)
		Plans: Plans{schema.L1: sweptL1, schema.Stream: streamPlan}, Headline: schema.Stream,
		// One VPCOMPRESSB writes a word's squares, all 64 at most, where
		// the core has AVX512-VBMI2, under the mask a KMOVQ loads: the
		// pair as the loop issues it (on Zen 4 the two share a pipe).
		Floors: []Floor{{Instr: uarch.KMOVQVPCOMPRESSB, PerInstr: 1, Element: "word"}},
	})

	serializeColor = newFamily(Spec[ColoredBB, board.Square]{
		Name: "serialize-color", Doc: "bitboard + side -> squares from the side's far rank: black a1..h1, a2..; white a8..h8, a7..",
		MaxOut: 64, Baseline: "flip-branchy", Reference: refSerializeColor, Valid: validColoredBB,
		Plans: Plans{schema.L1: {Dists: []string{"d8", "random", "chess"}, QuickDists: []string{"d8", "chess"}},
			schema.Stream: {Dists: []string{"d8", "random", "chess"}, QuickDists: []string{"d8"}, Modes: throughputOnly}},
		Headline: schema.Stream,
	})

	moveList = newFamily(Spec[Targets, Move]{
		Name: "movelist", Doc: "king or knight on a square + target subset -> moves in ascending to-square order",
		MaxOut: 8, Baseline: "loop", Reference: refMoveList, Valid: validTargets,
		Plans: Plans{schema.L1: defaultPlans[schema.L1],
			schema.Stream: {Dists: []string{"random", "chess"}, QuickDists: []string{"random"}, Modes: throughputOnly}},
		Headline: schema.Stream,
	})

	bitReverse = newFamily(Spec[uint64, uint64]{
		Name: "bitreverse", Doc: "bitboard -> bitboard with bit i moved to bit 63-i",
		MaxOut: 1, Baseline: "swar", Reference: one(refBitReverse), Next: NextBitboard,
	})

	sliding = newFamily(Spec[Query, uint64]{
		Name: "sliding", Doc: "rook, bishop or queen square + occupancy -> attack set",
		MaxOut: 1, Baseline: "ray-loop", Reference: one(refSliding), Next: NextQuery, Valid: validQuery,
		RandomSliders: []Slider{QueenLines}, Plans: slidingPlans,
		// A query needs one table lookup by PEXT per line set, rook or
		// bishop (Slider.lines): a queen query two. Where PEXT is
		// microcoded (Zen 2 and older), uarch's tables leave it out and
		// there is no floor.
		Floors: []Floor{{Instr: uarch.PEXT, Element: "query", uses: perInput(func(q Query) int { return q.Piece.lines() })}},
	})

	slidingRotated = newFamily(Spec[RotatedQuery, uint64]{
		Name: "sliding-rotated", Doc: "slider square + occupancy + its rotated occupancies -> attack set (the sliding family's queries, carrying what rotated bitboards keep)",
		MaxOut: 1, Baseline: "ray-loop", Reference: one(refSlidingRotated), Valid: validRotatedQuery,
		RandomSliders: []Slider{QueenLines}, Plans: slidingPlans,
	})

	slidingRay = newFamily(Spec[Query, uint64]{
		Name: "sliding-ray", Doc: "slider square + occupancy -> attacks along the positive rays only (north, east, north-east, north-west)",
		MaxOut: 1, Baseline: "ray-loop", Reference: one(refSlidingRay), Next: NextQuery, Valid: validQuery,
	})

	quad2Hex = newFamily(Spec[qbb.QBB, Hex]{
		Name: "quad2hex", Doc: "quad-bitboard -> 16 disjoint bitboards, one per square code",
		MaxOut: 1, Baseline: "generic", Reference: one(refQuad2Hex),
	})

	quad2Board = newFamily(Spec[qbb.QBB, Mailbox]{
		Name: "quad2board", Doc: "quad-bitboard -> 64-byte mailbox of square codes",
		MaxOut: 1, Baseline: "generic", Reference: one(refQuad2Board),
	})

	quadFill = newFamily(Spec[Fill, qbb.QBB]{
		Name: "quad-fill", Doc: "quad-bitboard of generators + empty squares -> queen-line attacks of each of the four sets",
		MaxOut: 1, Baseline: "kogge-stone", Reference: one(refQuadFill),
	})
)

// Popcount returns the popcount family.
func Popcount() *Family[uint64, uint8] { return popcount }

// BitscanForward returns the bitscan-forward family.
func BitscanForward() *Family[uint64, board.Square] { return bitscanForward }

// BitscanReverse returns the bitscan-reverse family.
func BitscanReverse() *Family[uint64, board.Square] { return bitscanReverse }

// LS1BReset returns the ls1b-reset family.
func LS1BReset() *Family[uint64, uint64] { return ls1bReset }

// Serialize returns the serialize family.
func Serialize() *Family[uint64, board.Square] { return serialize }

// SerializeColor returns the serialize-color family.
func SerializeColor() *Family[ColoredBB, board.Square] { return serializeColor }

// MoveList returns the movelist family.
func MoveList() *Family[Targets, Move] { return moveList }

// BitReverse returns the bitreverse family.
func BitReverse() *Family[uint64, uint64] { return bitReverse }

// Sliding returns the sliding family.
func Sliding() *Family[Query, uint64] { return sliding }

// SlidingRotated returns the sliding-rotated family.
func SlidingRotated() *Family[RotatedQuery, uint64] { return slidingRotated }

// SlidingRay returns the sliding-ray family.
func SlidingRay() *Family[Query, uint64] { return slidingRay }

// Quad2Hex returns the quad2hex family.
func Quad2Hex() *Family[qbb.QBB, Hex] { return quad2Hex }

// Quad2Board returns the quad2board family.
func Quad2Board() *Family[qbb.QBB, Mailbox] { return quad2Board }

// QuadFill returns the quad-fill family.
func QuadFill() *Family[Fill, qbb.QBB] { return quadFill }

// The input domains.

func validSquare(s board.Square) error {
	if s >= 64 {
		return fmt.Errorf("square %d is not below 64", s)
	}
	return nil
}

func validColoredBB(c ColoredBB) error {
	if c.Side != board.White && c.Side != board.Black {
		return fmt.Errorf("side %d is neither white (0) nor black (1)", c.Side)
	}
	return nil
}

func validQuery(q Query) error {
	if q.Piece != Orthogonal && q.Piece != Diagonal && q.Piece != QueenLines {
		return fmt.Errorf("slider %d is not rook (1), bishop (2) or queen (3) lines", q.Piece)
	}
	return validSquare(q.Sq)
}

func validRotatedQuery(q RotatedQuery) error {
	if err := validQuery(q.Query); err != nil {
		return err
	}
	if want := board.Rotate(q.Occ); q.Rot != want {
		return fmt.Errorf("rotated occupancies %+v are not those of occupancy %#x, %+v", q.Rot, q.Occ, want)
	}
	return nil
}

func validTargets(t Targets) error {
	if err := validSquare(t.From); err != nil {
		return err
	}
	var attacks uint64
	switch t.Piece {
	case board.King:
		attacks = board.KingAttacks()[t.From]
	case board.Knight:
		attacks = board.KnightAttacks()[t.From]
	default:
		return fmt.Errorf("piece %d is neither a king nor a knight", t.Piece)
	}
	if extra := t.BB &^ attacks; extra != 0 {
		return fmt.Errorf("targets %#x are not attacked from square %d", extra, t.From)
	}
	return nil
}

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

func refSliding(q Query) uint64 { return sliderRays(q, board.RookAttacks, board.BishopAttacks) }

func refSlidingRotated(q RotatedQuery) uint64 { return refSliding(q.Query) }

func refSlidingRay(q Query) uint64 {
	return sliderRays(q, board.PositiveRookAttacks, board.PositiveBishopAttacks)
}

// sliderRays returns the attacks of q's slider: those of orthogonal
// (rook) and diagonal (bishop) lines its piece has, by the given ray walks.
func sliderRays(q Query, orthogonal, diagonal func(board.Square, uint64) uint64) uint64 {
	var a uint64
	if q.Piece&Orthogonal != 0 {
		a |= orthogonal(q.Sq, q.Occ)
	}
	if q.Piece&Diagonal != 0 {
		a |= diagonal(q.Sq, q.Occ)
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
				a[i] |= sliderRays(Query{Occ: ^f.Empty, Sq: s, Piece: QueenLines}, board.RookAttacks, board.BishopAttacks)
			}
		}
	}
	return a
}
