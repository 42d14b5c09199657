package amd64

import (
	"math/bits"

	"bitlab/board"
)

// hqTables are the line masks and the first-rank table of
// hyperbolaBswap; the offsets are internal/asm's hqFile ... hqRank.
type hqTables struct {
	file, diag, anti [64]uint64
	firstRank        [8][64]uint8
}

// pextTables are the relevant-occupancy masks, table offsets and attack
// sets of slidingPext; the offsets are internal/asm's pextRookMask ...
type pextTables struct {
	rookMask, bishopMask [64]uint64
	rookOff, bishopOff   [64]uint32
	attacks              [102400 + 5248]uint64
}

// gfniTables are, per square, the four line masks [file, rank, diagonal,
// anti-diagonal] of hyperbolaGFNI, and per slider the lines it uses.
type gfniTables struct {
	lines [64][4]uint64
	sel   [4][4]uint64
}

var (
	hq   hqTables
	pext pextTables
	gf   gfniTables
)

func init() {
	hq.firstRank = board.FirstRankAttacks
	for s := range board.Square(64) {
		hq.file[s], hq.diag[s], hq.anti[s] = board.FileMask[s], board.DiagonalMask[s], board.AntiDiagonalMask[s]
		gf.lines[s] = [4]uint64{board.FileMask[s], board.RankMask[s], board.DiagonalMask[s], board.AntiDiagonalMask[s]}
	}
	gf.sel = [4][4]uint64{{}, {^uint64(0), ^uint64(0), 0, 0}, {0, 0, ^uint64(0), ^uint64(0)},
		{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
	off := uint32(0)
	for _, p := range []struct {
		mask, relevant *[64]uint64
		attacks        func(board.Square, uint64) uint64
		offsets        *[64]uint32
	}{
		{&pext.rookMask, &board.RookRelevant, board.RookAttacks, &pext.rookOff},
		{&pext.bishopMask, &board.BishopRelevant, board.BishopAttacks, &pext.bishopOff},
	} {
		for s := range board.Square(64) {
			p.mask[s], p.offsets[s] = p.relevant[s], off
			board.Subsets(p.relevant[s], func(occ uint64) {
				pext.attacks[off+uint32(softPext(occ, p.relevant[s]))] = p.attacks(s, occ)
			})
			off += 1 << bits.OnesCount64(p.relevant[s])
		}
	}
}

// softPext gathers the bits of x under mask into the low bits, as PEXT does.
func softPext(x, mask uint64) uint64 {
	var r uint64
	for i := 0; mask != 0; mask &= mask - 1 {
		r |= (x >> bits.TrailingZeros64(mask) & 1) << i
		i++
	}
	return r
}
