package generic

import (
	"math/bits"

	"bitlab/board"
)

// The sliding methods of small engines and of the Chess Programming Wiki's
// catalogue that read no large table ([cpw-sliding]).

// kindergartenFill[f][o] is the first rank's attacks of a slider on file f
// with inner occupancy o, copied to every rank: masked with a line, the
// line's attacks.
var kindergartenFill [8][64]uint64

// kindergartenFile[r][o] is the a-file's attacks of a rook on rank r with
// the a-file's inner occupancy o, as the multiplication by kindergartenA
// indexes it.
var kindergartenFile [8][64]uint64

// The multipliers of Kindergarten bitboards: the b-file collects a line's
// occupancy by file into the top six bits; the c2-h7 diagonal collects the
// a-file's by rank.
const (
	kindergartenB = 0x0202020202020202
	kindergartenA = 0x0080402010080400
	aFile         = 0x0101010101010101
)

func init() {
	for f := range 8 {
		for o := range 64 {
			kindergartenFill[f][o] = aFile * uint64(firstRankAttacks[f][o])
		}
	}
	for r := range board.Square(8) {
		board.Subsets(aFile&^1&^(1<<56), func(occ uint64) {
			kindergartenFile[r][(occ*kindergartenA)>>58] = board.RookAttacks(8*r, occ) & aFile
		})
	}
}

// kindergartenLine returns the attacks along a rank or diagonal: the
// line's occupancy, multiplied down to its six inner files, indexes the
// filled first-rank attacks.
func kindergartenLine(s board.Square, occ, line uint64) uint64 {
	return line & kindergartenFill[s&7][((line&occ)*kindergartenB)>>58]
}

// rookKindergarten computes the rank like a diagonal and the file by
// shifting it to the a-file and multiplying its occupancy onto six bits.
//
//bitlab:kernel sliding/kindergarten rook
//bitlab:source [cpw-sliding], Kindergarten Bitboards
//bitlab:tables kindergartenFill, kindergartenFile, rankMasks, diagonalMasks, antiDiagonalMasks
func rookKindergarten(s board.Square, occ uint64) uint64 {
	f := s & 7
	file := kindergartenFile[s>>3][((aFile&(occ>>f))*kindergartenA)>>58] << f
	return file | kindergartenLine(s, occ, rankMasks[s])
}

//bitlab:kernel sliding/kindergarten bishop
func bishopKindergarten(s board.Square, occ uint64) uint64 {
	return kindergartenLine(s, occ, diagonalMasks[s]) | kindergartenLine(s, occ, antiDiagonalMasks[s])
}

// obstructionLine returns the attacks along one line (slider excluded)
// from the nearest blockers below and above r: the most significant
// blocker below and the least significant above bound 2*ls1b + ~(ms1b - 1).
func obstructionLine(r, occ, line uint64) uint64 {
	lower := line & (r - 1) & occ
	upper := line &^ (r - 1) & occ
	ms1b := ^uint64(0) << (63 - bits.LeadingZeros64(lower|1))
	ls1b := upper & -upper
	return line & (2*ls1b + ms1b)
}

// rookObstruction is Obstruction Difference on the file and the rank.
//
//bitlab:kernel sliding/obstruction-difference rook
//bitlab:source [cpw-sliding], Obstruction Difference (Michael Hoffmann)
//bitlab:tables fileMasks, rankMasks, diagonalMasks, antiDiagonalMasks
func rookObstruction(s board.Square, occ uint64) uint64 {
	r := s.Bitboard()
	return obstructionLine(r, occ, fileMasks[s]) | obstructionLine(r, occ, rankMasks[s])
}

//bitlab:kernel sliding/obstruction-difference bishop
func bishopObstruction(s board.Square, occ uint64) uint64 {
	r := s.Bitboard()
	return obstructionLine(r, occ, diagonalMasks[s]) | obstructionLine(r, occ, antiDiagonalMasks[s])
}

// classicalRays[d][s] is the ray from s in direction d, in the order of
// board's directions: [board.North], [board.East], [board.NorthEast],
// [board.NorthWest] (toward higher squares), then [board.South],
// [board.West], [board.SouthWest], [board.SouthEast].
var classicalRays [8][64]uint64

func init() {
	for d, dir := range []board.Direction{board.North(), board.East(), board.NorthEast(), board.NorthWest(),
		board.South(), board.West(), board.SouthWest(), board.SouthEast()} {
		for s := range board.Square(64) {
			classicalRays[d][s] = board.RayAttacks(s, 0, []board.Direction{dir})
		}
	}
}

// rayUp returns the attacks along a ray toward higher squares: the ray
// minus the ray beyond its first blocker. The blocker's scan starts from
// h8 set, whose rays up are empty, so that a ray without blocker needs no
// branch.
func rayUp(ray *[64]uint64, s board.Square, occ uint64) uint64 {
	a := ray[s]
	return a ^ ray[bits.TrailingZeros64(a&occ|1<<63)]
}

// rayDown is rayUp toward lower squares, from a1 set.
func rayDown(ray *[64]uint64, s board.Square, occ uint64) uint64 {
	a := ray[s]
	return a ^ ray[63-bits.LeadingZeros64(a&occ|1)]
}

// rookClassical is the classical approach: a ray table, and a bit scan to
// the first blocker in each direction.
//
//bitlab:kernel sliding/classical rook
//bitlab:source [cpw-sliding], Classical Approach
//bitlab:tables classicalRays
func rookClassical(s board.Square, occ uint64) uint64 {
	return rayUp(&classicalRays[0], s, occ) | rayUp(&classicalRays[1], s, occ) |
		rayDown(&classicalRays[4], s, occ) | rayDown(&classicalRays[5], s, occ)
}

//bitlab:kernel sliding/classical bishop
func bishopClassical(s board.Square, occ uint64) uint64 {
	return rayUp(&classicalRays[2], s, occ) | rayUp(&classicalRays[3], s, occ) |
		rayDown(&classicalRays[6], s, occ) | rayDown(&classicalRays[7], s, occ)
}

// A fill direction as a rotation and the squares a step may enter (those
// a rotation does not wrap around the board's edge onto).
type fillDir struct {
	rot   int
	enter uint64
}

const (
	notA     = 0xFEFEFEFEFEFEFEFE
	notH     = 0x7F7F7F7F7F7F7F7F
	notRank1 = 0xFFFFFFFFFFFFFF00
	notRank8 = 0x00FFFFFFFFFFFFFF
)

var (
	rookFills   = [4]fillDir{{8, notRank1}, {-8, notRank8}, {1, notA}, {-1, notH}}
	bishopFills = [4]fillDir{{9, notA & notRank1}, {7, notH & notRank1}, {-7, notA & notRank8}, {-9, notH & notRank8}}
)

// koggeStone returns the attacks of gen in one direction through empty:
// an occluded fill in three doubling steps, then one step more.
func koggeStone(gen, empty uint64, d fillDir) uint64 {
	pro := empty & d.enter
	gen |= pro & bits.RotateLeft64(gen, d.rot)
	pro &= bits.RotateLeft64(pro, d.rot)
	gen |= pro & bits.RotateLeft64(gen, 2*d.rot)
	pro &= bits.RotateLeft64(pro, 2*d.rot)
	gen |= pro & bits.RotateLeft64(gen, 4*d.rot)
	return bits.RotateLeft64(gen, d.rot) & d.enter
}

// rookKoggeStone fills the four rook directions from the square, one query
// at a time ([cpw-sliding], Kogge-Stone Algorithm, generalized by rotation).
//
//bitlab:kernel sliding/kogge-stone rook
//bitlab:source [cpw-sliding], Kogge-Stone Algorithm
//bitlab:tables rookFills, bishopFills
func rookKoggeStone(s board.Square, occ uint64) uint64 {
	r, empty := s.Bitboard(), ^occ
	return koggeStone(r, empty, rookFills[0]) | koggeStone(r, empty, rookFills[1]) |
		koggeStone(r, empty, rookFills[2]) | koggeStone(r, empty, rookFills[3])
}

//bitlab:kernel sliding/kogge-stone bishop
func bishopKoggeStone(s board.Square, occ uint64) uint64 {
	r, empty := s.Bitboard(), ^occ
	return koggeStone(r, empty, bishopFills[0]) | koggeStone(r, empty, bishopFills[1]) |
		koggeStone(r, empty, bishopFills[2]) | koggeStone(r, empty, bishopFills[3])
}

// dumb7Fill returns the attacks of gen in one direction through empty: six
// single steps, then one more.
func dumb7Fill(gen, empty uint64, d fillDir) uint64 {
	pro, flood := empty&d.enter, gen
	for range 6 {
		gen = bits.RotateLeft64(gen, d.rot) & pro
		flood |= gen
	}
	return bits.RotateLeft64(flood, d.rot) & d.enter
}

// rookDumb7Fill steps each rook direction square by square with whole
// bitboards ([cpw-sliding], Dumb7Fill).
//
//bitlab:kernel sliding/dumb7fill rook
//bitlab:source [cpw-sliding], Dumb7Fill
//bitlab:tables rookFills, bishopFills
func rookDumb7Fill(s board.Square, occ uint64) uint64 {
	r, empty := s.Bitboard(), ^occ
	return dumb7Fill(r, empty, rookFills[0]) | dumb7Fill(r, empty, rookFills[1]) |
		dumb7Fill(r, empty, rookFills[2]) | dumb7Fill(r, empty, rookFills[3])
}

//bitlab:kernel sliding/dumb7fill bishop
func bishopDumb7Fill(s board.Square, occ uint64) uint64 {
	r, empty := s.Bitboard(), ^occ
	return dumb7Fill(r, empty, bishopFills[0]) | dumb7Fill(r, empty, bishopFills[1]) |
		dumb7Fill(r, empty, bishopFills[2]) | dumb7Fill(r, empty, bishopFills[3])
}
