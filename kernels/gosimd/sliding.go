//go:build goexperiment.simd && amd64

package gosimd

import (
	"simd/archsimd"
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
)

func init() {
	loop(kernels.Sliding().Register(kernels.Info{
		Impl: "archsimd-hyperbola-gfni", Arch: kernels.ArchSIMD, Usage: kernels.SIMDBatch,
		Features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI},
		Source:   "[isenberg-hq] Hyperbola Quintessence on [mack-hyperbola]'s reversed bitboards, reversed by GFNI; sliding/hyperbola-gfni-zmm in Go with simd/archsimd",
		Doc:      "Hyperbola Quintessence on eight queries at once, one per quadword lane: full lines by Permute (VPERMQ) and ConcatPermute (VPERMI2Q) of the squares, the occupancy reversed by GaloisFieldAffineTransform and PermuteOrZeroGrouped, the four lines' reversed parts XORed and reversed once, lines chosen by AND with all-ones lane selectors",
		Tables:   kernels.TableBytes(&lines),
	}, hyperbolaGFNI, nil), "hyperbolaQueries", 8)
}

// lineTables are the full lines (the square included) that hyperbolaQueries
// gathers per lane: by file, by rank, by (file-rank)&15 and by file+rank,
// and the lines of square 63-s, which are the lines of s reversed: file
// 7-f and rank 7-r.
type lineTables struct {
	file, rank       [8]uint64
	fileRev, rankRev [8]uint64
	diag, anti       [16]uint64
}

var lines = func() (t lineTables) {
	for s := range board.Square(64) {
		f, r := s.File(), s.Rank()
		t.file[f] |= s.Bitboard()
		t.rank[r] |= s.Bitboard()
		t.diag[(f-r)&15] |= s.Bitboard()
		t.anti[f+r] |= s.Bitboard()
	}
	for i := range 8 {
		t.fileRev[i], t.rankRev[i] = t.file[7-i], t.rank[7-i]
	}
	return t
}()

// pieceShift is the bit position of a query's Piece in its second quadword.
const pieceShift = uint8(8 * (unsafe.Offsetof(kernels.Query{}.Piece) - unsafe.Offsetof(kernels.Query{}.Sq)))

// hqConstants are hyperbolaQueries' vectors of constants: the indices that
// gather the first (even) and second (odd) quadwords of eight 16-byte
// queries held in two vectors, and broadcasts.
var hqConstants = struct {
	even, odd                    [8]uint64
	one, seven, fourteen, bitRev [8]uint64
}{
	even: [8]uint64{0, 2, 4, 6, 8, 10, 12, 14}, odd: [8]uint64{1, 3, 5, 7, 9, 11, 13, 15},
	one: broadcast(1), seven: broadcast(7), fourteen: broadcast(14), bitRev: broadcast(bitReversal),
}

func broadcast(x uint64) [8]uint64 { return [8]uint64{x, x, x, x, x, x, x, x} }

// hyperbolaGFNI is the twin of sliding/hyperbola-gfni-zmm.
func hyperbolaGFNI(dst []uint64, src []kernels.Query) int {
	var s scratch[kernels.Query, uint64]
	hyperbolaQueries(dst, src)
	hyperbolaQueries(s.tail(src))
	return s.untail(dst, src)
}

// hyperbolaQueries, hyperbolaGFNI's main loop, kept out of line (as Loops
// names it), computes the attacks of the whole blocks of eight queries of
// src:
// Hyperbola Quintessence ([isenberg-hq]) on Ryan Mack's reversed
// bitboards ([mack-hyperbola]). A lane's square s (file f, rank r)
// indexes its full lines m (s included) and the lines rm of square 63-s,
// the reversed m. With o the occupancy without s, each line gives the
// attacks (o&m - s)&m ^ rev((rev(o)&rm - rev(s))&rm), whose two bits on s
// cancel; the lines' attack sets are disjoint, so the forward parts are
// XORed and so are the reversed parts, which are reversed once. The
// square's bits come from the low byte of a query's second quadword, the
// lines from its Piece byte.
//
//go:noinline
func hyperbolaQueries(dst []uint64, src []kernels.Query) {
	dst = dst[:len(src)]
	for i := range len(src) / 8 {
		// The constants are loaded where they are used, which the compiler
		// folds into the instructions as memory operands: kept in
		// registers, they would be spilled (its allocator has 15 vector
		// registers; the twin keeps its tables in 23 of 32).
		words := (*[16]uint64)(unsafe.Pointer(block(src, i)))
		a, b := archsimd.LoadUint64x8((*[8]uint64)(words[:8])), archsimd.LoadUint64x8((*[8]uint64)(words[8:]))
		occ, second := a.ConcatPermute(b, archsimd.LoadUint64x8(&hqConstants.even)), a.ConcatPermute(b, archsimd.LoadUint64x8(&hqConstants.odd))
		// All ones in the lanes whose piece lacks the lines, else zero (no
		// mask register: selecting by Masked needs AVX-512 DQ). Rotations
		// by constants are VPRORQ with an immediate; shifts by constants
		// would go through a general-purpose register and a legacy-SSE
		// MOVQ (golang/go#80835).
		one := archsimd.LoadUint64x8(&hqConstants.one)
		piece := second.RotateAllRight(pieceShift)
		notOrth, notDiag := piece.And(one).Sub(one), piece.RotateAllRight(1).And(one).Sub(one)
		f, r := second.And(archsimd.LoadUint64x8(&hqConstants.seven)), second.RotateAllRight(3) // the index bits are exact in the low four
		mFile, rmFile := archsimd.LoadUint64x8(&lines.file).Permute(f), archsimd.LoadUint64x8(&lines.fileRev).Permute(f)
		mRank, rmRank := archsimd.LoadUint64x8(&lines.rank).Permute(r), archsimd.LoadUint64x8(&lines.rankRev).Permute(r)
		diagLo, diagHi := archsimd.LoadUint64x8Slice(lines.diag[:8]), archsimd.LoadUint64x8Slice(lines.diag[8:])
		mDiag, rmDiag := diagLo.ConcatPermute(diagHi, f.Sub(r)), diagLo.ConcatPermute(diagHi, r.Sub(f))
		fr := f.Add(r)
		antiLo, antiHi := archsimd.LoadUint64x8Slice(lines.anti[:8]), archsimd.LoadUint64x8Slice(lines.anti[8:])
		mAnti, rmAnti := antiLo.ConcatPermute(antiHi, fr), antiLo.ConcatPermute(antiHi, archsimd.LoadUint64x8(&hqConstants.fourteen).Sub(fr))
		s, rs := mFile.And(mRank), rmFile.And(rmRank)
		o := occ.AndNot(s)
		bitRev, byteRev := archsimd.LoadUint64x8(&hqConstants.bitRev), archsimd.LoadInt8x64(&quadwordBytesReversed)
		ro := reverse8(o, bitRev, byteRev)
		forward := func(m archsimd.Uint64x8) archsimd.Uint64x8 { return o.And(m).Sub(s).And(m) }
		reversed := func(rm archsimd.Uint64x8) archsimd.Uint64x8 { return ro.And(rm).Sub(rs).And(rm) }
		fwd := forward(mFile).Xor(forward(mRank)).AndNot(notOrth).Xor(forward(mDiag).Xor(forward(mAnti)).AndNot(notDiag))
		rev := reversed(rmFile).Xor(reversed(rmRank)).AndNot(notOrth).Xor(reversed(rmDiag).Xor(reversed(rmAnti)).AndNot(notDiag))
		fwd.Xor(reverse8(rev, bitRev, byteRev)).Store(block(dst, i))
	}
	archsimd.ClearAVXUpperBits()
}
