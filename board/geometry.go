package board

import "slices"

// Direction is one of the eight compass steps on the board.
type Direction struct{ DFile, DRank int }

// The eight directions. The first four ([North], [East], [NorthEast], [NorthWest])
// are the positive rays: they lead to higher square numbers.

// North is one rank up (toward rank 8).
func North() Direction { return Direction{0, 1} }

// East is one file right (toward file h).
func East() Direction { return Direction{1, 0} }

// NorthEast is one step up the a1-h8 diagonal.
func NorthEast() Direction { return Direction{1, 1} }

// NorthWest is one step up the h1-a8 diagonal.
func NorthWest() Direction { return Direction{-1, 1} }

// South is one rank down (toward rank 1).
func South() Direction { return Direction{0, -1} }

// West is one file left (toward file a).
func West() Direction { return Direction{-1, 0} }

// SouthWest is one step down the a1-h8 diagonal.
func SouthWest() Direction { return Direction{-1, -1} }

// SouthEast is one step down the h1-a8 diagonal.
func SouthEast() Direction { return Direction{1, -1} }

// Direction sets of the pieces.
var (
	rookDirections   = []Direction{North(), East(), South(), West()}
	bishopDirections = []Direction{NorthEast(), NorthWest(), SouthWest(), SouthEast()}
	positiveRook     = []Direction{North(), East()}
	positiveBishop   = []Direction{NorthEast(), NorthWest()}
)

// RookDirections returns the rook's directions, North, East, South and
// West.
func RookDirections() []Direction { return slices.Clone(rookDirections) }

// BishopDirections returns the bishop's directions, NorthEast, NorthWest,
// SouthWest and SouthEast.
func BishopDirections() []Direction { return slices.Clone(bishopDirections) }

// PositiveRook returns the rook's positive directions, North and East.
func PositiveRook() []Direction { return slices.Clone(positiveRook) }

// PositiveBishop returns the bishop's positive directions, [NorthEast] and
// NorthWest.
func PositiveBishop() []Direction { return slices.Clone(positiveBishop) }

// step returns the square one step from s in direction d, or false at the edge.
func step(s Square, d Direction) (Square, bool) {
	f, r := s.File()+d.DFile, s.Rank()+d.DRank
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return NewSquare(f, r), true
}

// RayAttacks is the square-by-square reference for sliding attacks: from s it
// walks each direction until it leaves the board or reaches an occupied
// square, which it includes. Whether s itself is occupied does not matter.
func RayAttacks(s Square, occ uint64, dirs []Direction) uint64 {
	var a uint64
	for _, d := range dirs {
		for t, ok := step(s, d); ok; t, ok = step(t, d) {
			a |= t.Bitboard()
			if occ&t.Bitboard() != 0 {
				break
			}
		}
	}
	return a
}

// RookAttacks returns the rook attacks from s with occupancy occ (ray loop).
func RookAttacks(s Square, occ uint64) uint64 { return RayAttacks(s, occ, rookDirections) }

// BishopAttacks returns the bishop attacks from s with occupancy occ (ray loop).
func BishopAttacks(s Square, occ uint64) uint64 { return RayAttacks(s, occ, bishopDirections) }

// PositiveRookAttacks returns the rook attacks from s with occupancy occ
// along the positive rays only, North and East (ray loop).
func PositiveRookAttacks(s Square, occ uint64) uint64 { return RayAttacks(s, occ, positiveRook) }

// PositiveBishopAttacks returns the bishop attacks from s with occupancy
// occ along the positive rays only, [NorthEast] and [NorthWest] (ray loop).
func PositiveBishopAttacks(s Square, occ uint64) uint64 {
	return RayAttacks(s, occ, positiveBishop)
}

// relevant returns the squares of the rays from s whose occupancy changes the
// attacks: every ray square but the last one before the edge.
func relevant(s Square, dirs []Direction) uint64 {
	var m uint64
	for _, d := range dirs {
		for t, ok := step(s, d); ok; t, ok = step(t, d) {
			if _, more := step(t, d); more {
				m |= t.Bitboard()
			}
		}
	}
	return m
}

// Leaper attack tables and the relevant-occupancy masks of the sliders.
var kingAttacks, knightAttacks, rookRelevant, bishopRelevant [64]uint64

// KingAttacks returns the table of the squares a king attacks from each
// square.
func KingAttacks() *[64]uint64 { return &kingAttacks }

// KnightAttacks returns the table of the squares a knight attacks from
// each square.
func KnightAttacks() *[64]uint64 { return &knightAttacks }

// RookRelevant returns the table of the squares whose occupancy changes
// the rook attacks from a square: its rays without the last square before
// each edge.
func RookRelevant() *[64]uint64 { return &rookRelevant }

// BishopRelevant returns [RookRelevant]'s table for bishops.
func BishopRelevant() *[64]uint64 { return &bishopRelevant }

func init() {
	king := []Direction{North(), East(), South(), West(), NorthEast(), NorthWest(), SouthWest(), SouthEast()}
	knight := []Direction{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for s := Square(0); s < 64; s++ {
		for _, d := range king {
			if t, ok := step(s, d); ok {
				kingAttacks[s] |= t.Bitboard()
			}
		}
		for _, d := range knight {
			if t, ok := step(s, d); ok {
				knightAttacks[s] |= t.Bitboard()
			}
		}
		rookRelevant[s] = relevant(s, rookDirections)
		bishopRelevant[s] = relevant(s, bishopDirections)
	}
}

// The line masks through each square, the square itself excluded, as
// Hyperbola Quintessence uses them ([mack-hyperbola]).
var fileMasks, rankMasks, diagonalMasks, antiDiagonalMasks [64]uint64

// FileMasks returns the table of the file through each square, the square
// excluded.
func FileMasks() *[64]uint64 { return &fileMasks }

// RankMasks returns the table of the rank through each square, the square
// excluded.
func RankMasks() *[64]uint64 { return &rankMasks }

// DiagonalMasks returns the table of the a1-h8 diagonal through each
// square, the square excluded.
func DiagonalMasks() *[64]uint64 { return &diagonalMasks }

// AntiDiagonalMasks returns the table of the h1-a8 diagonal through each
// square, the square excluded.
func AntiDiagonalMasks() *[64]uint64 { return &antiDiagonalMasks }

func init() {
	line := func(s Square, d Direction) uint64 {
		return RayAttacks(s, 0, []Direction{d, {-d.DFile, -d.DRank}})
	}
	for s := Square(0); s < 64; s++ {
		fileMasks[s] = line(s, North())
		rankMasks[s] = line(s, East())
		diagonalMasks[s] = line(s, NorthEast())
		antiDiagonalMasks[s] = line(s, NorthWest())
	}
}

var firstRankAttacks [8][64]uint8

// FirstRankAttacks returns the table whose entry [f][o] is the attack set
// along rank 1 of a rook on file f when the six inner squares b1..g1 have
// occupancy o: the rank lookup of Hyperbola Quintessence, since a byte swap
// cannot reverse bits within a rank.
func FirstRankAttacks() *[8][64]uint8 { return &firstRankAttacks }

func init() {
	for f := range Square(8) {
		for o := range uint64(64) {
			firstRankAttacks[f][o] = uint8(RayAttacks(f, o<<1, []Direction{East(), West()}))
		}
	}
}

// Subsets calls f for every subset of mask, the empty set first, in the
// order of the Carry-Rippler enumeration.
func Subsets(mask uint64, f func(uint64)) {
	for s := uint64(0); ; {
		f(s)
		s = (s - mask) & mask
		if s == 0 {
			return
		}
	}
}
