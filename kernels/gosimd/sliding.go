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
const pieceShift = uint64(8 * (unsafe.Offsetof(kernels.Query{}.Piece) - unsafe.Offsetof(kernels.Query{}.Sq)))

// The indices that gather the first (even) and second (odd) quadwords of
// eight 16-byte queries held in two vectors.
var evenQuadwords, oddQuadwords = [8]uint64{0, 2, 4, 6, 8, 10, 12, 14}, [8]uint64{1, 3, 5, 7, 9, 11, 13, 15}

// hyperbolaGFNI is the twin of sliding/hyperbola-gfni-zmm.
func hyperbolaGFNI(dst []uint64, src []kernels.Query) int {
	return inEights(dst, src, hyperbolaQueries)
}

// hyperbolaQueries, hyperbolaGFNI's main loop, kept out of line (as Loops
// names it), computes the attacks of a multiple of eight queries:
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
	words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(src))), 2*len(src))
	dst = dst[:len(src)]
	orthogonal, diagonal := archsimd.BroadcastUint64x8(uint64(kernels.Orthogonal)), archsimd.BroadcastUint64x8(uint64(kernels.Diagonal))
	bitRev, byteRev := archsimd.BroadcastUint64x8(bitReversal), archsimd.LoadInt8x64(&quadwordBytesReversed)
	even, odd := archsimd.LoadUint64x8(&evenQuadwords), archsimd.LoadUint64x8(&oddQuadwords)
	file, rank := archsimd.LoadUint64x8(&lines.file), archsimd.LoadUint64x8(&lines.rank)
	fileRev, rankRev := archsimd.LoadUint64x8(&lines.fileRev), archsimd.LoadUint64x8(&lines.rankRev)
	diagLo, diagHi := archsimd.LoadUint64x8Slice(lines.diag[:8]), archsimd.LoadUint64x8Slice(lines.diag[8:])
	antiLo, antiHi := archsimd.LoadUint64x8Slice(lines.anti[:8]), archsimd.LoadUint64x8Slice(lines.anti[8:])
	seven, fourteen := archsimd.BroadcastUint64x8(7), archsimd.BroadcastUint64x8(14)
	var zero archsimd.Uint64x8
	for len(words) >= 16 && len(dst) >= 8 {
		a, b := archsimd.LoadUint64x8Slice(words), archsimd.LoadUint64x8Slice(words[8:])
		occ, second := a.ConcatPermute(b, even), a.ConcatPermute(b, odd)
		// All ones in the lanes whose piece has the lines, else zero: no
		// mask register, as selecting by Masked needs AVX-512 DQ.
		piece := second.ShiftAllRight(pieceShift)
		orth, diag := zero.Sub(piece.And(orthogonal)), zero.Sub(piece.And(diagonal).ShiftAllRight(1))
		f, r := second.And(seven), second.ShiftAllRight(3) // the index bits are exact in the low four
		mFile, rmFile := file.Permute(f), fileRev.Permute(f)
		mRank, rmRank := rank.Permute(r), rankRev.Permute(r)
		mDiag, rmDiag := diagLo.ConcatPermute(diagHi, f.Sub(r)), diagLo.ConcatPermute(diagHi, r.Sub(f))
		fr := f.Add(r)
		mAnti, rmAnti := antiLo.ConcatPermute(antiHi, fr), antiLo.ConcatPermute(antiHi, fourteen.Sub(fr))
		s, rs := mFile.And(mRank), rmFile.And(rmRank)
		o := occ.AndNot(s)
		ro := reverse8(o, bitRev, byteRev)
		forward := func(m archsimd.Uint64x8) archsimd.Uint64x8 { return o.And(m).Sub(s).And(m) }
		reversed := func(rm archsimd.Uint64x8) archsimd.Uint64x8 { return ro.And(rm).Sub(rs).And(rm) }
		fwd := forward(mFile).Xor(forward(mRank)).And(orth).Xor(forward(mDiag).Xor(forward(mAnti)).And(diag))
		rev := reversed(rmFile).Xor(reversed(rmRank)).And(orth).Xor(reversed(rmDiag).Xor(reversed(rmAnti)).And(diag))
		fwd.Xor(reverse8(rev, bitRev, byteRev)).StoreSlice(dst)
		words, dst = words[16:], dst[8:]
	}
}
