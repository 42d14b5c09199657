package generic

import (
	"math/bits"

	"bitlab/board"
)

// Sliders over representations an engine keeps up to date beside its
// occupancy, move by move, instead of deriving them per query: Ryan Mack's
// reversed occupancy and Robert Hyatt's rotated ones. Package movegen
// keeps their inputs incrementally (and proves them against the plain
// occupancy after every move); the sliding-rotated family times the
// rotated slider on queries that carry the rotated occupancies.

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
	return positiveRay(s, occ, fileMasks[s]) | positiveRay(s, occ, rankMasks[s]),
		positiveRay(t, rev, fileMasks[t]) | positiveRay(t, rev, rankMasks[t])
}

// ReversedBishopHalves is [ReversedRookHalves] along the diagonals: up
// toward north-east and north-west, down (reversed) toward south-west and
// south-east. Reversal maps each diagonal through s onto the diagonal of
// the same direction through 63-s, so the masks come from the same tables.
func ReversedBishopHalves(s board.Square, occ, rev uint64) (up, down uint64) {
	t := 63 - s&63
	return positiveRay(s, occ, diagonalMasks[s]) | positiveRay(s, occ, antiDiagonalMasks[s]),
		positiveRay(t, rev, diagonalMasks[t]) | positiveRay(t, rev, antiDiagonalMasks[t])
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

// SlidingReversedBishop is [SlidingReversedRook] along the diagonals.
func SlidingReversedBishop(s board.Square, occ, rev uint64) uint64 {
	up, down := ReversedBishopHalves(s, occ, rev)
	return up | bitReverseSWAR(down)
}

// rotatedAttacks[f][s][o] are the attacks along square s's line of frame
// f (frames) when the line's inner squares have occupancy o: the
// per-square tables of Hyatt's rotated bitboards, 4 x 32 KiB.
var rotatedAttacks [4][64][64]uint64

func init() {
	for i := range frames {
		f := &frames[i]
		for s := range board.Square(64) {
			line := board.RayAttacks(s, 0, f.Lines[:])
			for o := range f.Inner[s] + 1 {
				var occ uint64 // o scattered onto the line's inner squares
				for b := line; b != 0; b &= b - 1 {
					t := board.Square(bits.TrailingZeros64(b))
					if at := bits.TrailingZeros64(f.Bit[t]) - int(f.Shift[s]); at >= 0 && o>>at&1 != 0 {
						occ |= t.Bitboard()
					}
				}
				rotatedAttacks[i][s][o] = board.RayAttacks(s, occ, f.Lines[:])
			}
		}
	}
}

// lineAttacks looks up the attacks along s's line of frame i, given the
// occupancy in that frame.
func lineAttacks(i int, s board.Square, occ uint64) uint64 {
	f := &frames[i]
	return rotatedAttacks[i][s][occ>>f.Shift[s]&f.Inner[s]]
}

// SlidingRotatedRook returns the rook attacks from s with Hyatt's rotated
// bitboards ([cpw-sliding], Rotated Bitboards): the rank's inner
// occupancy read from the normal occupancy occ, the file's from the
// 90-degree frame r.Files, each indexing a per-square table.
//
//bitlab:kernel sliding-rotated/rotated rook
//bitlab:source [cpw-sliding], Rotated Bitboards (Robert Hyatt): three incrementally kept rotated occupancies index per-line tables
//bitlab:tables rotatedAttacks, frames
func SlidingRotatedRook(s board.Square, occ uint64, r board.Rotated) uint64 {
	s &= 63
	return lineAttacks(board.FrameRanks, s, occ) | lineAttacks(board.FrameFiles, s, r.Files)
}

// SlidingRotatedBishop returns the bishop attacks from s with rotated
// bitboards: each diagonal's inner occupancy read from its 45-degree
// frame (occ is not read; it keeps the rook's signature).
//
//bitlab:kernel sliding-rotated/rotated bishop
func SlidingRotatedBishop(s board.Square, _ uint64, r board.Rotated) uint64 {
	s &= 63
	return lineAttacks(board.FrameDiagonals, s, r.Diagonals) | lineAttacks(board.FrameAntiDiagonals, s, r.AntiDiagonals)
}

// rookRotatedRayLoop walks the rook rays square by square, the rotated
// occupancies unread: the family's reference point.
//
//bitlab:kernel sliding-rotated/ray-loop rook
//bitlab:source the square-by-square ray walk (bitlab's reference), on the same queries
//bitlab:tables board.RookDirections(), board.BishopDirections()
func rookRotatedRayLoop(s board.Square, occ uint64, _ board.Rotated) uint64 {
	return board.RookAttacks(s, occ)
}

//bitlab:kernel sliding-rotated/ray-loop bishop
func bishopRotatedRayLoop(s board.Square, occ uint64, _ board.Rotated) uint64 {
	return board.BishopAttacks(s, occ)
}
