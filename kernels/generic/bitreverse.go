package generic

import "math/bits"

// bitReverseSWAR swaps adjacent bits, then bit pairs, then nibbles with the
// masks 0x5555..., 0x3333..., 0x0F0F..., and finally reverses the bytes, as
// Ryan Mack's paper converts a reversed bitboard back (its last two steps,
// PSHUFW and word shifts, are one byte swap). It is the same sequence as
// math/bits.Reverse64.
//
//bitlab:kernel bitreverse/swar
//bitlab:source [mack-hyperbola], Ryan Mack, The Hyperbola Project: How can the reverse bitboards be converted back to normal?
func bitReverseSWAR(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F
	x = (x>>1)&k1 | (x&k1)<<1
	x = (x>>2)&k2 | (x&k2)<<2
	x = (x>>4)&k4 | (x&k4)<<4
	return bits.ReverseBytes64(x)
}

// bitReverseMathbits calls math/bits.Reverse64.
//
//bitlab:kernel bitreverse/mathbits
//bitlab:source Go standard library math/bits.Reverse64
func bitReverseMathbits(x uint64) uint64 { return bits.Reverse64(x) }

// reverse8[b] is byte b with its bits in reverse order.
var reverse8 [256]uint8

func init() {
	for b := range reverse8 {
		reverse8[b] = bits.Reverse8(uint8(b))
	}
}

// bitReverseTable8 reverses the bits of each byte in place with a 256-entry
// table, then swaps the bytes.
//
//bitlab:kernel bitreverse/table8
//bitlab:source [mack-hyperbola] (byte swap for the byte order); byte-table bit reversal
//bitlab:tables reverse8
func bitReverseTable8(x uint64) uint64 {
	y := uint64(reverse8[x&0xFF]) | uint64(reverse8[x>>8&0xFF])<<8 |
		uint64(reverse8[x>>16&0xFF])<<16 | uint64(reverse8[x>>24&0xFF])<<24 |
		uint64(reverse8[x>>32&0xFF])<<32 | uint64(reverse8[x>>40&0xFF])<<40 |
		uint64(reverse8[x>>48&0xFF])<<48 | uint64(reverse8[x>>56])<<56
	return bits.ReverseBytes64(y)
}
