package generic

import (
	"math/bits"

	"bitlab/board"
	"bitlab/kernels"
)

// serializeColorFlipVertical is the source's branchless conditional
// serialization: a mask from the side to move selects a vertically flipped
// bitboard once, outside the loop, and idx ^ o maps each scanned square back.
//
//bitlab:kernel serialize-color/flip-vertical
//bitlab:source [cpw-serialization], Black or White: conditional flipVertical
func serializeColorFlipVertical(d *[64]board.Square, c kernels.ColoredBB) int {
	n, x := 0, c.BB
	if x != 0 {
		m := uint64(c.Side) - 1 // -1 if white, 0 for black
		o := board.Square(m & 56)
		x ^= (x ^ board.FlipVertical(x)) & m // conditional flip
		for {
			d[n&63] = board.Square(bits.TrailingZeros64(x)) ^ o
			n++
			if x &= x - 1; x == 0 {
				break
			}
		}
	}
	return n
}

// serializeColorFlipBranchy flips the bitboard for white with an if on the
// side instead of the source's mask; same lists as flip-vertical.
//
//bitlab:kernel serialize-color/flip-branchy
//bitlab:source [cpw-serialization], Black or White (the branch the source's mask avoids)
func serializeColorFlipBranchy(d *[64]board.Square, c kernels.ColoredBB) int {
	n, x, o := 0, c.BB, board.Square(0)
	if c.Side == board.White {
		x, o = board.FlipVertical(x), 56
	}
	for ; x != 0; x &= x - 1 {
		d[n&63] = board.Square(bits.TrailingZeros64(x)) ^ o
		n++
	}
	return n
}

// serializeColorReverseScan scans white bitboards in reverse (h8, g8, ...,
// a8, h7, ...), black ones forward: rank order as the reference, but the
// files of white lists are mirrored.
//
//bitlab:kernel serialize-color/reverse-scan
//bitlab:source [cpw-serialization], Black or White: bitscan reverse "covers the rank symmetry, but also mirrors the files"
//bitlab:order unordered
func serializeColorReverseScan(d *[64]board.Square, c kernels.ColoredBB) int {
	n, x := 0, c.BB
	if c.Side == board.White {
		for ; x != 0; n++ {
			idx := 63 - bits.LeadingZeros64(x)
			d[n&63] = board.Square(idx)
			x ^= 1 << idx
		}
		return n
	}
	for ; x != 0; x &= x - 1 {
		d[n&63] = board.Square(bits.TrailingZeros64(x))
		n++
	}
	return n
}
