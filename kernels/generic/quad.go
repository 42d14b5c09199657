package generic

import (
	"math/bits"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/qbb"
)

// quad2hexGeneric builds the 16 disjoint bitboards as the source's SSE2 code
// does, in scalar Go: the four products of bb0/bb1 and of bb2/bb3 and their
// complements, then every pairing of the two.
//
//bitlab:kernel quad2hex/generic
//bitlab:source [cpw-quad], SSE2 Conversions: To Hex Bitboards (scalar form)
func quad2hexGeneric(h *kernels.Hex, q *qbb.QBB) {
	l0, l1, l2, l3 := ^(q[1] | q[0]), q[0]&^q[1], q[1]&^q[0], q[1]&q[0]
	h0, h1, h2, h3 := ^(q[3] | q[2]), q[2]&^q[3], q[3]&^q[2], q[3]&q[2]
	h[0], h[1], h[2], h[3] = h0&l0, h0&l1, h0&l2, h0&l3
	h[4], h[5], h[6], h[7] = h1&l0, h1&l1, h1&l2, h1&l3
	h[8], h[9], h[10], h[11] = h2&l0, h2&l1, h2&l2, h2&l3
	h[12], h[13], h[14], h[15] = h3&l0, h3&l1, h3&l2, h3&l3
}

// spreadBits[b] has byte i set to bit i of b.
var spreadBits [256]uint64

func init() {
	for b := range spreadBits {
		for i := range 8 {
			spreadBits[b] |= uint64(b>>i&1) << (8 * i)
		}
	}
}

// quad2boardGeneric spreads each rank byte of the four bitboards to one bit
// of eight mailbox bytes with a 256-entry table and combines the four.
//
//bitlab:kernel quad2board/generic
//bitlab:source [cpw-quad], SSE2 Conversions: To Mailbox (scalar form)
//bitlab:tables spreadBits
func quad2boardGeneric(m *kernels.Mailbox, q *qbb.QBB) {
	for r := 0; r < 64; r += 8 {
		put8(m[:], r, spreadBits[uint8(q[0]>>r)]|spreadBits[uint8(q[1]>>r)]<<1|
			spreadBits[uint8(q[2]>>r)]<<2|spreadBits[uint8(q[3]>>r)]<<3)
	}
}

// The eight directions as rotate amounts, and the squares a one-step move in
// each direction can reach: rotating and masking with them is a shift that
// does not wrap around the board's edges.
var (
	fillRotate    = [8]int{8, 9, 1, -7, -8, -9, -1, 7}
	fillAvoidWrap [8]uint64
)

func init() {
	for i, d := range []board.Direction{board.North(), board.NorthEast(), board.East(), board.SouthEast(),
		board.South(), board.SouthWest(), board.West(), board.NorthWest()} {
		for s := range board.Square(64) {
			if f, r := s.File()+d.DFile, s.Rank()+d.DRank; f >= 0 && f < 8 && r >= 0 && r < 8 {
				fillAvoidWrap[i] |= board.NewSquare(f, r).Bitboard()
			}
		}
		if bits.RotateLeft64(1, fillRotate[i]) != uint64(1)<<((8*d.DRank+d.DFile)&63) {
			panic("generic: fillRotate does not match its direction")
		}
	}
}

// quadFillKoggeStone runs the Kogge-Stone occluded fill (the source's
// nortOccl, generalized by rotation to all eight directions) over all four
// bitboards of the quad-bitboard with one common propagator, then shifts each
// fill one more step to get the attacks.
//
//bitlab:kernel quad-fill/kogge-stone
//bitlab:source [cpw-quad], As Sliding Piece Generators: nortOccl on quad-bitboards; Chess Programming Wiki, Kogge-Stone Algorithm
//bitlab:tables fillRotate, fillAvoidWrap
func quadFillKoggeStone(a *qbb.QBB, f *kernels.Fill) {
	*a = qbb.QBB{}
	for d, r := range fillRotate {
		gen := f.Gen
		pro := f.Empty & fillAvoidWrap[d]
		for i := range gen {
			gen[i] |= pro & bits.RotateLeft64(gen[i], r)
		}
		pro &= bits.RotateLeft64(pro, r)
		for i := range gen {
			gen[i] |= pro & bits.RotateLeft64(gen[i], 2*r)
		}
		pro &= bits.RotateLeft64(pro, 2*r)
		for i := range gen {
			gen[i] |= pro & bits.RotateLeft64(gen[i], 4*r)
			a[i] |= bits.RotateLeft64(gen[i], r) & fillAvoidWrap[d]
		}
	}
}
