package generic

import (
	"math/bits"

	"bitlab/board"
)

// The de Bruijn sequence of the Chess Programming Wiki's "BitScan" page
// (Kim Walisch's form): each 6-bit window of it is distinct, so multiplying
// by a power of two (forward) or a filled mask 2^(i+1)-1 (reverse) and
// keeping the top 6 bits names i uniquely.
const deBruijn64 = 0x03f79d71b4cb0a89

var (
	deBruijnForward [64]board.Square // index by (ls1b * deBruijn64) >> 58
	deBruijnReverse [64]board.Square // index by (filled * deBruijn64) >> 58
	lsb16, msb16    [1 << 16]board.Square
)

func init() {
	for i := range board.Square(64) {
		deBruijnForward[(uint64(1)<<i*deBruijn64)>>58] = i
		deBruijnReverse[((uint64(2)<<i-1)*deBruijn64)>>58] = i
	}
	for i := 1; i < len(lsb16); i++ {
		lsb16[i] = board.Square(bits.TrailingZeros16(uint16(i)))
		msb16[i] = board.Square(bits.Len16(uint16(i)) - 1)
	}
}

// bitscanForwardDeBruijn isolates the least significant one-bit with
// x & -x and looks its index up by a de Bruijn multiply.
//
//bitlab:kernel bitscan-forward/debruijn
//bitlab:source [cpw-serialization] (Scanning Forward: bitScanForward); Chess Programming Wiki, BitScan: De Bruijn Multiplication
//bitlab:tables deBruijnForward
func bitscanForwardDeBruijn(x uint64) board.Square {
	if x == 0 {
		return board.NoSquare
	}
	return deBruijnForward[((x&-x)*deBruijn64)>>58]
}

// bitscanForwardTable16 looks the lowest non-empty 16-bit word up in a
// 65,536-entry table of least significant bit indices.
//
//bitlab:kernel bitscan-forward/table16
//bitlab:source [heinz-darkthought]: table-driven find-bit
//bitlab:tables lsb16
func bitscanForwardTable16(x uint64) board.Square {
	switch {
	case x&0xFFFF != 0:
		return lsb16[x&0xFFFF]
	case x>>16&0xFFFF != 0:
		return 16 + lsb16[x>>16&0xFFFF]
	case x>>32&0xFFFF != 0:
		return 32 + lsb16[x>>32&0xFFFF]
	case x != 0:
		return 48 + lsb16[x>>48]
	}
	return board.NoSquare
}

// bitscanForwardMSBTrick finds the least significant one-bit as the most
// significant one-bit of x ^ (x - 1), with the 16-bit table reverse scan.
//
//bitlab:kernel bitscan-forward/msb-trick
//bitlab:source [heinz-darkthought]: FIND LSB(b) = FIND MSB(b ^ (b - 1))
//bitlab:tables msb16
func bitscanForwardMSBTrick(x uint64) board.Square {
	if x == 0 { // x ^ (x - 1) would be all ones, whose MSB is 63
		return board.NoSquare
	}
	return bitscanReverseTable16(x ^ (x - 1))
}

// bitscanForwardMathbits calls math/bits.TrailingZeros64 (TZCNT or BSF).
//
//bitlab:kernel bitscan-forward/mathbits
//bitlab:source Go standard library math/bits.TrailingZeros64
func bitscanForwardMathbits(x uint64) board.Square {
	return board.Square(bits.TrailingZeros64(x))
}

// bitscanReverseDeBruijn fills every bit below the most significant one and
// looks the filled mask up by a de Bruijn multiply.
//
//bitlab:kernel bitscan-reverse/debruijn
//bitlab:source [cpw-serialization] (Scanning Reverse: bitScanReverse); Chess Programming Wiki, BitScan: De Bruijn Multiplication (Kim Walisch)
//bitlab:tables deBruijnReverse
func bitscanReverseDeBruijn(x uint64) board.Square {
	if x == 0 {
		return board.NoSquare
	}
	x |= x >> 1
	x |= x >> 2
	x |= x >> 4
	x |= x >> 8
	x |= x >> 16
	x |= x >> 32
	return deBruijnReverse[(x*deBruijn64)>>58]
}

// bitscanReverseTable16 looks the highest non-empty 16-bit word up in a
// 65,536-entry table of most significant bit indices.
//
//bitlab:kernel bitscan-reverse/table16
//bitlab:source [heinz-darkthought]: table-driven find-bit
//bitlab:tables msb16
func bitscanReverseTable16(x uint64) board.Square {
	switch {
	case x>>48 != 0:
		return 48 + msb16[x>>48]
	case x>>32 != 0:
		return 32 + msb16[x>>32]
	case x>>16 != 0:
		return 16 + msb16[x>>16]
	case x != 0:
		return msb16[x]
	}
	return board.NoSquare
}

// bitscanReverseMathbits calls math/bits.Len64 (BSR or LZCNT).
//
//bitlab:kernel bitscan-reverse/mathbits
//bitlab:source Go standard library math/bits.Len64
func bitscanReverseMathbits(x uint64) board.Square {
	if x == 0 {
		return board.NoSquare
	}
	return board.Square(bits.Len64(x) - 1)
}

// ls1bResetAnd clears the least significant one-bit with x & (x - 1).
//
//bitlab:kernel ls1b-reset/and
//bitlab:source [cpw-serialization], Single Bits: x &= x-1
func ls1bResetAnd(x uint64) uint64 { return x & (x - 1) }

// ls1bResetXor isolates the least significant one-bit with x & -x and
// clears it with an XOR.
//
//bitlab:kernel ls1b-reset/xor
//bitlab:source [cpw-serialization], Single Bits: x ^= ls1b
func ls1bResetXor(x uint64) uint64 { return x ^ (x & -x) }
