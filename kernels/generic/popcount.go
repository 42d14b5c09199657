package generic

import "math/bits"

// popcountKernighan counts one-bits by clearing the least significant one
// until none is left, one iteration per one-bit.
//
//bitlab:kernel popcount/kernighan
//bitlab:source [heinz-darkthought], Bitboard Infrastructure: iterative_popcount
func popcountKernighan(b uint64) uint8 {
	var n uint8
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// popcountSWAR counts one-bits with DarkThought's non-iterative SWAR sums,
// folding the 64-bit word to 32 bits after the 2-bit step.
//
//bitlab:kernel popcount/swar
//bitlab:source [heinz-darkthought], Bitboard Infrastructure: non_iterative_popcount
func popcountSWAR(b uint64) uint8 {
	const m1, m2 = 0x5555555555555555, 0x3333333333333333
	a := b - ((b >> 1) & m1)
	c := (a & m2) + ((a >> 2) & m2)
	n := uint32(c) + uint32(c>>32)
	n = (n & 0x0F0F0F0F) + ((n >> 4) & 0x0F0F0F0F)
	n = (n & 0xFFFF) + (n >> 16)
	n = (n & 0xFF) + (n >> 8)
	return uint8(n)
}

// popcountSWARMul counts one-bits with 64-bit SWAR sums and one multiply
// that adds the eight byte counts into the top byte.
//
//bitlab:kernel popcount/swar-mul
//bitlab:source Hacker's Delight 5-1 (the 64-bit multiply form of [heinz-darkthought]'s SWAR)
func popcountSWARMul(b uint64) uint8 {
	const m1, m2, m4, h01 = 0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F, 0x0101010101010101
	b -= (b >> 1) & m1
	b = (b & m2) + ((b >> 2) & m2)
	b = (b + (b >> 4)) & m4
	return uint8((b * h01) >> 56)
}

// popcountTable8 adds eight lookups of a 256-entry byte-count table.
//
//bitlab:kernel popcount/table8
//bitlab:source [heinz-darkthought]: the lookup-table method it weighs against SWAR
//bitlab:tables count8
func popcountTable8(b uint64) uint8 {
	return count8[b&0xFF] + count8[b>>8&0xFF] + count8[b>>16&0xFF] + count8[b>>24&0xFF] +
		count8[b>>32&0xFF] + count8[b>>40&0xFF] + count8[b>>48&0xFF] + count8[b>>56]
}

// popcountTable16 adds four lookups of a 65,536-entry table (64 KiB).
//
//bitlab:kernel popcount/table16
//bitlab:source [heinz-darkthought], quoting the question "take 16 bits at a time and look up the bit count"
//bitlab:tables count16
func popcountTable16(b uint64) uint8 {
	return count16[b&0xFFFF] + count16[b>>16&0xFFFF] + count16[b>>32&0xFFFF] + count16[b>>48]
}

// popcountMathbits calls math/bits.OnesCount64: POPCNT where the compiler
// may assume it (GOAMD64=v2 and up), a run-time check for it otherwise.
//
//bitlab:kernel popcount/mathbits
//bitlab:source Go standard library math/bits.OnesCount64
func popcountMathbits(b uint64) uint8 { return uint8(bits.OnesCount64(b)) }

var (
	count8  [256]uint8
	count16 [1 << 16]uint8
)

func init() {
	for i := range count16 {
		count16[i] = count16[i>>1] + uint8(i&1)
	}
	copy(count8[:], count16[:256])
}
