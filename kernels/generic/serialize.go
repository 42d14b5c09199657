package generic

import (
	"iter"
	"math/bits"

	"bitlab/board"
)

// The list families write into d *[64]board.Square and return the length.
// Indexing with n&63 costs one AND and lets the compiler drop the bounds
// check; n never exceeds 63 inside a loop.

// serializeForward scans forward and clears the least significant one-bit,
// in the source's if-do-while shape, where the reset sets the loop condition.
//
//bitlab:kernel serialize/forward
//bitlab:source [cpw-serialization], Scanning Forward
func serializeForward(d *[64]board.Square, x uint64) int {
	n := 0
	if x != 0 {
		for {
			d[n&63] = board.Square(bits.TrailingZeros64(x))
			n++
			if x &= x - 1; x == 0 {
				break
			}
		}
	}
	return n
}

// serializeReverse scans in reverse and clears the found bit with
// x ^= 1 << idx; its lists are in descending order.
//
//bitlab:kernel serialize/reverse
//bitlab:source [cpw-serialization], Scanning Reverse
//bitlab:order reversed
func serializeReverse(d *[64]board.Square, x uint64) int {
	n := 0
	if x != 0 {
		for {
			idx := 63 - bits.LeadingZeros64(x)
			d[n&63] = board.Square(idx)
			n++
			if x ^= 1 << idx; x == 0 {
				break
			}
		}
	}
	return n
}

// serializeUnrolled writes eight indices with no test between them, then
// eight more if x has more than eight one-bits, then loops over the rest:
// the branch per one-bit of the scanning loops becomes about one per
// word. Positions past x's count receive 64 or later indices; the
// family's contract lets a kernel use all of d as scratch. The compiler
// unrolls no loop, so the sixteen steps are written out.
//
//bitlab:kernel serialize/unrolled
//bitlab:source [lemire-simdjson] simdjson's bit-set decoder (flatten_bits): eight TZCNT-BLSR steps unconditionally, eight more above a count of 8, then a loop
func serializeUnrolled(d *[64]board.Square, x uint64) int {
	n := bits.OnesCount64(x)
	d[0], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[1], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[2], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[3], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[4], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[5], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[6], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	d[7], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
	if n > 8 {
		d[8], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[9], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[10], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[11], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[12], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[13], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[14], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		d[15], x = board.Square(bits.TrailingZeros64(x)), x&(x-1)
		for i := 16; x != 0; i++ {
			d[i&63] = board.Square(bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return n
}

// bitScanAndReset returns the index of the least significant one-bit of *x
// and clears it ([cpw-serialization], Scanning with Reset).
func bitScanAndReset(x *uint64) board.Square {
	i := bits.TrailingZeros64(*x)
	*x &= *x - 1
	return board.Square(i)
}

// serializeScanReset loops while x is non-empty over a combined
// scan-and-reset helper, the source's preferred control structure.
//
//bitlab:kernel serialize/scan-reset
//bitlab:source [cpw-serialization], Scanning with Reset
func serializeScanReset(d *[64]board.Square, x uint64) int {
	n := 0
	for x != 0 {
		d[n&63] = bitScanAndReset(&x)
		n++
	}
	return n
}

// squares iterates over the one-bits of x in ascending order, hiding the
// scan and the reset as the source's STL bit_set iterator does. It walks a
// copy of x: a closure that modified x itself would capture it by reference
// and keep it in memory, adding a store and a load to every step.
func squares(x uint64) iter.Seq[board.Square] {
	return func(yield func(board.Square) bool) {
		for b := x; b != 0; b &= b - 1 {
			if !yield(board.Square(bits.TrailingZeros64(b))) {
				return
			}
		}
	}
}

// serializeIterator ranges over an iter.Seq, Go's counterpart of the source's
// STL-style bit-set iterator.
//
//bitlab:kernel serialize/iterator
//bitlab:source [cpw-serialization], STL Iterator (Rein Halbersma's bit_set)
func serializeIterator(d *[64]board.Square, x uint64) int {
	n := 0
	for s := range squares(x) {
		d[n&63] = s
		n++
	}
	return n
}

// byteLists[b] packs the indices of the one-bits of byte b, one per byte,
// ascending from the least significant byte; word16Lists is the same for
// 16-bit words in two halves.
var (
	byteLists   [256]uint64
	word16Lists [1 << 16][2]uint64
)

func init() {
	for w := range word16Lists {
		var list [16]byte
		n := 0
		for i := range 16 {
			if w>>i&1 != 0 {
				list[n] = byte(i)
				n++
			}
		}
		for i, b := range list {
			word16Lists[w][i/8] |= uint64(b) << (8 * (i % 8))
		}
	}
	for b := range byteLists {
		byteLists[b] = word16Lists[b][0]
	}
}

// spread8 holds 1 in every byte: adding k*spread8 adds k to eight packed
// square indices at once.
const spread8 = 0x0101010101010101

// put8 stores the eight bytes of v, least significant first, at d[n:n+8];
// the compiler merges the byte stores into one 64-bit store.
func put8[T ~uint8](d []T, n int, v uint64) {
	s := d[n : n+8 : n+8]
	s[0], s[1], s[2], s[3] = T(v), T(v>>8), T(v>>16), T(v>>24)
	s[4], s[5], s[6], s[7] = T(v>>32), T(v>>40), T(v>>48), T(v>>56)
}

// serializeBytes bisects x into halves and bytes, skipping empty ones, and
// copies each non-empty byte's precomputed list of up to 8 squares (offset by
// the byte's first square) eight at a time.
//
//bitlab:kernel serialize/bytes
//bitlab:source [cpw-serialization], Multiple Bits: bisection into bytes indexing pre-calculated lists
//bitlab:tables byteLists, count8
func serializeBytes(d *[64]board.Square, x uint64) int {
	n := 0
	for half := 0; half < 64; half += 32 {
		if uint32(x>>half) == 0 {
			continue
		}
		for j := half; j < half+32; j += 8 {
			if b := uint8(x >> j); b != 0 {
				put8(d[:], n&63, byteLists[b]+uint64(j)*spread8)
				n += int(count8[b])
			}
		}
	}
	return n
}

// serializeWords16 splits x into 16-bit words, skipping empty ones, and
// copies each word's precomputed list of up to 16 squares from a 1 MiB table,
// always both halves of it, so that no branch depends on the count.
//
//bitlab:kernel serialize/words16
//bitlab:source [cpw-serialization], Multiple Bits: word-wide subsets indexing lists of up to sixteen elements
//bitlab:tables word16Lists, count16
func serializeWords16(d *[64]board.Square, x uint64) int {
	n := 0
	for j := 0; j < 64; j += 16 {
		if w := uint16(x >> j); w != 0 {
			l := &word16Lists[w]
			put8(d[:], n&63, l[0]+uint64(j)*spread8)
			put8(d[:], (n+8)&63, l[1]+uint64(j)*spread8)
			n += int(count16[w])
		}
	}
	return n
}
