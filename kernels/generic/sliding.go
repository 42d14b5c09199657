package generic

import (
	"math/bits"

	"bitlab/board"
)

// rookRayLoop walks the four rook rays square by square: the reference.
//
//bitlab:kernel sliding/ray-loop rook
//bitlab:source the square-by-square ray walk all the sources' tricks replace (bitlab's reference)
//bitlab:tables board.RookDirections(), board.BishopDirections()
func rookRayLoop(s board.Square, occ uint64) uint64 { return board.RookAttacks(s, occ) }

//bitlab:kernel sliding/ray-loop bishop
func bishopRayLoop(s board.Square, occ uint64) uint64 { return board.BishopAttacks(s, occ) }

// hyperbolaBswap returns the attacks along one line (mask, slider excluded)
// as o ^ (o - 2r), the positive direction, XORed with the same trick on the
// byte-swapped bitboard for the negative direction ([mack-hyperbola]); r is the
// slider's bit and rr its byte swap. Masking off the slider does the first
// subtraction of r.
func hyperbolaBswap(occ, mask, r, rr uint64) uint64 {
	forward := occ & mask
	reverse := bits.ReverseBytes64(forward)
	forward -= r
	reverse -= rr
	return (forward ^ bits.ReverseBytes64(reverse)) & mask
}

// rankAttacks looks the rank attacks up in the first-rank table: a byte swap
// cannot reverse the bits within one rank.
func rankAttacks(s board.Square, occ uint64) uint64 {
	shift := s &^ 7
	return uint64(firstRankAttacks[s&7][occ>>(shift+1)&63]) << shift
}

// rookHyperbolaBswap is Hyperbola Quintessence: o ^ (o - 2r) with a byte
// swap for the file, a first-rank lookup for the rank.
//
//bitlab:kernel sliding/hyperbola-bswap rook
//bitlab:source [mack-hyperbola], Gerd Isenberg: the bswap approach based on o^(o-2r) (Hyperbola Quintessence)
//bitlab:tables fileMasks, diagonalMasks, antiDiagonalMasks, firstRankAttacks
func rookHyperbolaBswap(s board.Square, occ uint64) uint64 {
	r := s.Bitboard()
	return hyperbolaBswap(occ, fileMasks[s], r, bits.ReverseBytes64(r)) | rankAttacks(s, occ)
}

//bitlab:kernel sliding/hyperbola-bswap bishop
func bishopHyperbolaBswap(s board.Square, occ uint64) uint64 {
	r := s.Bitboard()
	rr := bits.ReverseBytes64(r)
	return hyperbolaBswap(occ, diagonalMasks[s], r, rr) | hyperbolaBswap(occ, antiDiagonalMasks[s], r, rr)
}

// hyperbolaReverse is hyperbolaBswap with a full bit reversal: Ryan Mack's
// reversed bitboard, where bit x is bit 63-x, serves all four lines.
func hyperbolaReverse(s board.Square, occ, mask uint64) uint64 {
	r := s.Bitboard()
	forward := occ & mask
	reverse := bitReverseSWAR(forward)
	forward -= r
	reverse -= bitReverseSWAR(r)
	return (forward ^ bitReverseSWAR(reverse)) & mask
}

// rookHyperbolaReverse uses reversed bitboards (full bit reversal by the
// paper's SWAR steps) for the file and the rank alike.
//
//bitlab:kernel sliding/hyperbola-reverse rook
//bitlab:source [mack-hyperbola], Ryan Mack, The Hyperbola Project: reversed bitboards
//bitlab:tables fileMasks, rankMasks, diagonalMasks, antiDiagonalMasks
func rookHyperbolaReverse(s board.Square, occ uint64) uint64 {
	return hyperbolaReverse(s, occ, fileMasks[s]) | hyperbolaReverse(s, occ, rankMasks[s])
}

//bitlab:kernel sliding/hyperbola-reverse bishop
func bishopHyperbolaReverse(s board.Square, occ uint64) uint64 {
	return hyperbolaReverse(s, occ, diagonalMasks[s]) | hyperbolaReverse(s, occ, antiDiagonalMasks[s])
}

// rookRayLoopPositive walks the north and east rays square by square.
//
//bitlab:kernel sliding-ray/ray-loop rook
//bitlab:source the square-by-square ray walk (bitlab's reference)
//bitlab:tables board.PositiveRook(), board.PositiveBishop()
func rookRayLoopPositive(s board.Square, occ uint64) uint64 {
	return board.PositiveRookAttacks(s, occ)
}

//bitlab:kernel sliding-ray/ray-loop bishop
func bishopRayLoopPositive(s board.Square, occ uint64) uint64 {
	return board.PositiveBishopAttacks(s, occ)
}

// positiveRay returns the attacks toward higher squares along one line with
// the Hyperbola paper's x ^ (x - 2): borrowing from the first blocker above
// the slider flips every square up to it. For s = 63, 2r is 0 and so is the
// result, as it should be.
func positiveRay(s board.Square, occ, mask uint64) uint64 {
	o := occ & mask
	return (o ^ (o - 2*s.Bitboard())) & mask
}

// rookSubtract computes the north and east rays with o ^ (o - 2r).
//
//bitlab:kernel sliding-ray/subtract rook
//bitlab:source [mack-hyperbola], Ryan Mack: x XOR (x - 2) "calculates attacks in the positive direction"
//bitlab:tables fileMasks, rankMasks, diagonalMasks, antiDiagonalMasks
func rookSubtract(s board.Square, occ uint64) uint64 {
	return positiveRay(s, occ, fileMasks[s]) | positiveRay(s, occ, rankMasks[s])
}

//bitlab:kernel sliding-ray/subtract bishop
func bishopSubtract(s board.Square, occ uint64) uint64 {
	return positiveRay(s, occ, diagonalMasks[s]) | positiveRay(s, occ, antiDiagonalMasks[s])
}
