package board

// Direction is one of the eight compass steps on the board.
type Direction struct{ DFile, DRank int }

// The eight directions. The first four (North, East, NorthEast, NorthWest)
// are the positive rays: they lead to higher square numbers.
var (
	North     = Direction{0, 1}
	East      = Direction{1, 0}
	NorthEast = Direction{1, 1}
	NorthWest = Direction{-1, 1}
	South     = Direction{0, -1}
	West      = Direction{-1, 0}
	SouthWest = Direction{-1, -1}
	SouthEast = Direction{1, -1}
)

// Direction sets of the pieces.
var (
	RookDirections   = []Direction{North, East, South, West}
	BishopDirections = []Direction{NorthEast, NorthWest, SouthWest, SouthEast}
	PositiveRook     = []Direction{North, East}
	PositiveBishop   = []Direction{NorthEast, NorthWest}
)

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
func RookAttacks(s Square, occ uint64) uint64 { return RayAttacks(s, occ, RookDirections) }

// BishopAttacks returns the bishop attacks from s with occupancy occ (ray loop).
func BishopAttacks(s Square, occ uint64) uint64 { return RayAttacks(s, occ, BishopDirections) }

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
var (
	KingAttacks   [64]uint64
	KnightAttacks [64]uint64
	// RookRelevant[s] holds the squares whose occupancy changes the rook
	// attacks from s: its rays without the last square before each edge.
	RookRelevant [64]uint64
	// BishopRelevant is RookRelevant for bishops.
	BishopRelevant [64]uint64
)

func init() {
	king := []Direction{North, East, South, West, NorthEast, NorthWest, SouthWest, SouthEast}
	knight := []Direction{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for s := Square(0); s < 64; s++ {
		for _, d := range king {
			if t, ok := step(s, d); ok {
				KingAttacks[s] |= t.Bitboard()
			}
		}
		for _, d := range knight {
			if t, ok := step(s, d); ok {
				KnightAttacks[s] |= t.Bitboard()
			}
		}
		RookRelevant[s] = relevant(s, RookDirections)
		BishopRelevant[s] = relevant(s, BishopDirections)
	}
}

// Line masks through a square, the square itself excluded, as Hyperbola
// Quintessence uses them ([mack-hyperbola]).
var (
	FileMask         [64]uint64
	RankMask         [64]uint64
	DiagonalMask     [64]uint64 // a1-h8 direction
	AntiDiagonalMask [64]uint64 // h1-a8 direction
)

func init() {
	line := func(s Square, d Direction) uint64 {
		return RayAttacks(s, 0, []Direction{d, {-d.DFile, -d.DRank}})
	}
	for s := Square(0); s < 64; s++ {
		FileMask[s] = line(s, North)
		RankMask[s] = line(s, East)
		DiagonalMask[s] = line(s, NorthEast)
		AntiDiagonalMask[s] = line(s, NorthWest)
	}
}

// FirstRankAttacks[f][o] is the attack set along rank 1 of a rook on file
// f when the six inner squares b1..g1 have occupancy o: the rank lookup of
// Hyperbola Quintessence, since a byte swap cannot reverse bits within a rank.
var FirstRankAttacks [8][64]uint8

func init() {
	for f := range Square(8) {
		for o := range uint64(64) {
			FirstRankAttacks[f][o] = uint8(RayAttacks(f, o<<1, []Direction{East, West}))
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
