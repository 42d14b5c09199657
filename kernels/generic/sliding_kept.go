package generic

import (
	"math/bits"

	"bitlab/board"
)

// Sliders over representations an engine keeps up to date beside its
// occupancy, move by move, instead of deriving them per query: Ryan Mack's
// reversed occupancy and Robert Hyatt's rotated ones. They take what a
// kernels.Query does not carry, so they are not members of the sliding
// family; package movegen keeps their inputs incrementally and proves them
// against the plain occupancy after every move.

// ReversedBit returns square s's bit in a reversed bitboard, where bit
// 63-x stands for square x ([mack-hyperbola]: "simply subtract the bit
// number from 63").
func ReversedBit(s board.Square) uint64 { return 1 << 63 >> (s & 63) }

// ReversedRookHalves returns a rook's attacks from s split as Mack's
// reversed bitboards compute them: up, the attacks toward higher squares
// (north and east) by x ^ (x - 2r) on the occupancy occ, and down, those
// toward lower squares (south and west) by the same trick on rev, occ's bit
// reversal, left in the reversed frame (bit 63-x stands for square x).
// Nothing is reversed: a caller that ANDs down with reversed bitboards (the
// king-in-check test of [mack-hyperbola]) never needs the normal frame.
func ReversedRookHalves(s board.Square, occ, rev uint64) (up, down uint64) {
	t := 63 - s&63
	return positiveRay(s, occ, board.FileMask[s]) | positiveRay(s, occ, board.RankMask[s]),
		positiveRay(t, rev, board.FileMask[t]) | positiveRay(t, rev, board.RankMask[t])
}

// ReversedBishopHalves is ReversedRookHalves along the diagonals: up
// toward north-east and north-west, down (reversed) toward south-west and
// south-east. Reversal maps each diagonal through s onto the diagonal of
// the same direction through 63-s, so the masks come from the same tables.
func ReversedBishopHalves(s board.Square, occ, rev uint64) (up, down uint64) {
	t := 63 - s&63
	return positiveRay(s, occ, board.DiagonalMask[s]) | positiveRay(s, occ, board.AntiDiagonalMask[s]),
		positiveRay(t, rev, board.DiagonalMask[t]) | positiveRay(t, rev, board.AntiDiagonalMask[t])
}

// SlidingReversedRook returns the rook attacks from s on the occupancy occ
// whose bit reversal rev the caller keeps incrementally ([mack-hyperbola]):
// Hyperbola Quintessence on the rank and the file alike, one bit reversal
// (the paper's SWAR steps) per query to bring the lower half back, none
// for the occupancy.
func SlidingReversedRook(s board.Square, occ, rev uint64) uint64 {
	up, down := ReversedRookHalves(s, occ, rev)
	return up | bitReverseSWAR(down)
}

// SlidingReversedBishop is SlidingReversedRook along the diagonals.
func SlidingReversedBishop(s board.Square, occ, rev uint64) uint64 {
	up, down := ReversedBishopHalves(s, occ, rev)
	return up | bitReverseSWAR(down)
}

// Rotated holds the occupancy in the three rotated frames of Hyatt's
// rotated bitboards ([cpw-sliding], Rotated Bitboards), each of which lays
// one kind of line out as consecutive bits the way a rank is laid out in
// the normal frame: Files rotated by 90 degrees (file by file), Diagonals
// and AntiDiagonals rotated by 45 degrees (a1-h8 and h1-a8 lines, each
// line after the other).
type Rotated struct{ Files, Diagonals, AntiDiagonals uint64 }

// The frames: the normal one (ranks) and the three rotated ones, in
// rotatedFrames' order.
const (
	frameRanks = iota
	frameFiles
	frameDiagonals
	frameAntiDiagonals
)

// rotatedFrame says where each square's bit lies in one frame and how to
// read its line's inner squares (all but the two ends, which never block)
// from there: shift them down to bit 0, mask at most six bits.
type rotatedFrame struct {
	bit     [64]uint64
	shift   [64]uint8
	inner   [64]uint64
	attacks [64][64]uint64 // [square][inner occupancy of its line]
}

// rotatedFrames are the four frames' layouts and attack tables: 4 x 32 KiB
// of attacks, 4 x 1.5 KiB of layout.
var rotatedFrames = func() *[4]rotatedFrame {
	var fs [4]rotatedFrame
	lines := [4][2]board.Direction{
		{board.East, board.West}, {board.North, board.South},
		{board.NorthEast, board.SouthWest}, {board.NorthWest, board.SouthEast},
	}
	for i, dirs := range lines {
		f := &fs[i]
		// Lay the lines out one after the other, each from its end with
		// the lowest square: then a line's squares are consecutive bits in
		// increasing square order.
		next := 0
		for s := range board.Square(64) {
			if board.RayAttacks(s, 0, dirs[1:]) != 0 {
				continue // not the lowest square of its line
			}
			line := []board.Square{s}
			for up := board.RayAttacks(s, 0, dirs[:1]); up != 0; up &= up - 1 {
				line = append(line, board.Square(bits.TrailingZeros64(up)))
			}
			inner := line[1:max(len(line)-1, 1)]
			for _, t := range line {
				f.bit[t] = 1 << next
				next++
				f.shift[t] = uint8(bits.TrailingZeros64(f.bit[line[0]]) + 1)
				f.inner[t] = 1<<len(inner) - 1
				for o := range f.inner[t] + 1 {
					var occ uint64 // o scattered onto the inner squares
					for j, u := range inner {
						occ |= (o >> j & 1) << u
					}
					f.attacks[t][o] = board.RayAttacks(t, occ, dirs[:])
				}
			}
		}
	}
	return &fs
}()

// Toggle returns r with square s toggled in each rotated frame: the
// three table look-ups an engine pays per square a move empties or fills
// ([mack-hyperbola]: "a table lookup is required to convert a bit from the
// forward format to most rotated formats").
func (r Rotated) Toggle(s board.Square) Rotated {
	s &= 63
	r.Files ^= rotatedFrames[frameFiles].bit[s]
	r.Diagonals ^= rotatedFrames[frameDiagonals].bit[s]
	r.AntiDiagonals ^= rotatedFrames[frameAntiDiagonals].bit[s]
	return r
}

// Or returns the union of two rotated occupancies (of the two sides).
func (r Rotated) Or(o Rotated) Rotated {
	return Rotated{r.Files | o.Files, r.Diagonals | o.Diagonals, r.AntiDiagonals | o.AntiDiagonals}
}

// Rotate returns the rotated occupancies of occ, square by square: what
// an engine computes once for the root and then keeps with Toggle.
func Rotate(occ uint64) Rotated {
	var r Rotated
	for ; occ != 0; occ &= occ - 1 {
		r = r.Toggle(board.Square(bits.TrailingZeros64(occ)))
	}
	return r
}

// lineAttacks looks up the attacks along s's line of one frame, given the
// occupancy in that frame.
func lineAttacks(f *rotatedFrame, s board.Square, occ uint64) uint64 {
	return f.attacks[s][occ>>f.shift[s]&f.inner[s]]
}

// SlidingRotatedRook returns the rook attacks from s with Hyatt's rotated
// bitboards ([cpw-sliding], Rotated Bitboards): the rank's inner
// occupancy read from the normal occupancy occ, the file's from the
// 90-degree frame r.Files, each indexing a per-square table.
func SlidingRotatedRook(s board.Square, occ uint64, r Rotated) uint64 {
	s &= 63
	return lineAttacks(&rotatedFrames[frameRanks], s, occ) | lineAttacks(&rotatedFrames[frameFiles], s, r.Files)
}

// SlidingRotatedBishop returns the bishop attacks from s with rotated
// bitboards: each diagonal's inner occupancy read from its 45-degree frame.
func SlidingRotatedBishop(s board.Square, r Rotated) uint64 {
	s &= 63
	return lineAttacks(&rotatedFrames[frameDiagonals], s, r.Diagonals) |
		lineAttacks(&rotatedFrames[frameAntiDiagonals], s, r.AntiDiagonals)
}

// RotatedTableBytes are the bytes of tables the rotated sliders and Toggle
// read.
const RotatedTableBytes = 4 * (64*64*8 + 64*(8+1+8))
