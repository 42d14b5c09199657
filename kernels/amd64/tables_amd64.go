package amd64

import (
	"math/bits"
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/magic"
)

// slidingPext indexes its entries by a query's square and slider lines
// read as one 16-bit word, sliderIndex(sq, piece) = sq | piece<<8
// ([kernels.Query]'s Piece follows Sq): one entry per square and slider, so
// a rook, bishop or queen query runs the same code, the lines a slider
// lacks under zero masks.
const sliderEntries = 4 << 8 // every [kernels.Slider] value 0..3

// sliderIndex returns the table entry of a slider on square s.
func sliderIndex(s board.Square, p kernels.Slider) int { return int(s) | int(p)<<8 }

// hqTables are the line masks and the first-rank table of hyperbolaBswap,
// copied from [board.FileMasks], [board.DiagonalMasks],
// [board.AntiDiagonalMasks] and [board.FirstRankAttacks].
type hqTables struct {
	file, diag, anti [64]uint64
	firstRank        [8][64]uint8
}

// hqYMMTables are the tables of hyperbolaBswapAVX2, which computes a
// query's file, diagonal and anti-diagonal in the lanes 0, 1 and 2 of one
// YMM register and its rank on the integer units. Per square: the masks
// of its three lines, the square excluded, and a zero lane 3 (lines), and
// the square's bit and its byte swap in every lane (bit, swapped); per
// slider the lanes of the lines it has, lane 3 standing for its rank
// (lanes); the first-rank attacks by rank occupancy and file,
// rank[o][f] = [board.FirstRankAttacks][f][o]; and per square the shift
// of its rank to the first, sq&56, and the address of rank[0][sq&7]
// (rankRow, see setsAt), from which the rank's attacks are a load at the
// shifted occupancy times 4: loads where computing them took a copy and
// an AND, and an add of the file to the index, each.
type hqYMMTables struct {
	lines, bit, swapped [64][4]uint64
	lanes               [4][4]uint64
	rank                [64][8]uint8
	rankRow             [64]uintptr
	shift               [64]uint8
}

// pextEntry is one square and slider's relevant-occupancy masks and the
// addresses of its attack sets for slidingPext and slidingPextSplit; a
// line the slider lacks has mask 0 and the address of an empty set. 32
// bytes: an entry's offset is a shift of its index.
type pextEntry struct {
	rookMask, bishopMask uint64
	rookSets, bishopSets uintptr // see setsAt
}

// pextTables are the entries and attack sets of slidingPext and
// slidingPextSplit: 102,400 rook and 5,248 bishop sets, then the empty set.
type pextTables struct {
	entries [sliderEntries]pextEntry
	attacks [102400 + 5248 + 1]uint64
}

// magicEntry is one square and slider's magic lookups for slidingFancy
// and slidingBlack ([cpw-magic]): per line the mask (fancy: the relevant
// squares, ANDed; black: the others, ORed), the magic, the shift (fancy
// only; black shifts are fixed) and the address of the square's attack
// sets. A line the slider lacks has magic 0, so it hashes to index 0 at
// the address of an empty set. 64 bytes: an entry's offset is a shift of
// its index.
type magicEntry struct {
	rookMask, rookMagic, bishopMask, bishopMagic uint64
	rookShift, bishopShift                       uint64
	rookSets, bishopSets                         uintptr // see setsAt
}

// setsAt returns the address of a line's first attack set, for an entry's
// rookSets or bishopSets. The kernels load a set from there plus the index:
// no add of an offset before the load, which measured 5% slower on Zen 4
// on Gigantua's queries. Every table is a package variable, which never
// moves, so its addresses stay valid.
func setsAt(first *uint64) uintptr { return uintptr(unsafe.Pointer(first)) }

// fancyTables are slidingFancy's entries and the empty set; the entries
// address the sets of [magic.FancyAttacks], read where they are.
type fancyTables struct {
	entries [sliderEntries]magicEntry
	empty   uint64
}

// blackTables are slidingBlack's entries and the empty set; the entries
// address the sets of the shared [magic.BlackAttacks], read where they are.
type blackTables struct {
	entries [sliderEntries]magicEntry
	empty   uint64
}

// gfniTables are, per square, the four line masks [file, rank, diagonal,
// anti-diagonal] of hyperbolaGFNI, and per slider the lines it uses.
type gfniTables struct {
	lines [64][4]uint64
	sel   [4][4]uint64
}

// zmmTables are the tables of hyperbolaZMM: full lines, the square
// included, each list in the order in which one VPERMQ or VPERMI2Q of a
// lane's square reads it, and the Piece bits of the two kinds of line in a
// query's second quadword (its bytes Sq, Piece, padding).
type zmmTables struct {
	file, rank       [8]uint64  // by file, by rank
	fileRev, rankRev [8]uint64  // by file and rank: file 7-f, rank 7-r, the lines of square 63-s, reversed
	diag, anti       [16]uint64 // by (file-rank)&15, by file+rank
	orth, diagonal   uint64     // [kernels.Orthogonal] and [kernels.Diagonal], shifted to Piece's byte
}

// count8 is popcount/table8-asm's table: count8[b] is the number of
// one-bits of byte b. The assembly indexes it by its Go name.
var count8 = func() (t [256]uint8) {
	for b := range t {
		t[b] = uint8(bits.OnesCount8(uint8(b)))
	}
	return t
}()

var (
	hq    hqTables
	hqYMM hqYMMTables
	pext  pextTables
	gf    gfniTables
	fancy fancyTables
	black blackTables
	zmm   zmmTables
)

func init() {
	hq.file, hq.diag, hq.anti = *board.FileMasks(), *board.DiagonalMasks(), *board.AntiDiagonalMasks()
	hq.firstRank = *board.FirstRankAttacks()
	for s := range board.Square(64) {
		gf.lines[s] = [4]uint64{board.FileMasks()[s], board.RankMasks()[s], board.DiagonalMasks()[s], board.AntiDiagonalMasks()[s]}
	}
	gf.sel = [4][4]uint64{{}, {^uint64(0), ^uint64(0), 0, 0}, {0, 0, ^uint64(0), ^uint64(0)},
		{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
	var rookSets, bishopSets [64]uintptr
	empty := setsAt(&pext.attacks[len(pext.attacks)-1])
	off := uint32(0)
	for _, p := range []struct {
		relevant *[64]uint64
		attacks  func(board.Square, uint64) uint64
		sets     *[64]uintptr
	}{
		{board.RookRelevant(), board.RookAttacks, &rookSets},
		{board.BishopRelevant(), board.BishopAttacks, &bishopSets},
	} {
		for s := range board.Square(64) {
			p.sets[s] = setsAt(&pext.attacks[off])
			board.Subsets(p.relevant[s], func(occ uint64) {
				pext.attacks[off+uint32(softPext(occ, p.relevant[s]))] = p.attacks(s, occ)
			})
			off += 1 << bits.OnesCount64(p.relevant[s])
		}
	}
	for piece := range kernels.Slider(4) {
		rook, bishop := piece&kernels.Orthogonal != 0, piece&kernels.Diagonal != 0
		for s := range board.Square(64) {
			e := &pext.entries[sliderIndex(s, piece)]
			e.rookSets, e.bishopSets = empty, empty
			if rook {
				e.rookMask, e.rookSets = board.RookRelevant()[s], rookSets[s]
			}
			if bishop {
				e.bishopMask, e.bishopSets = board.BishopRelevant()[s], bishopSets[s]
			}
		}
	}
}

func init() {
	for s := range board.Square(64) {
		bit := s.Bitboard()
		hqYMM.lines[s] = [4]uint64{board.FileMasks()[s], board.DiagonalMasks()[s], board.AntiDiagonalMasks()[s], 0}
		hqYMM.bit[s] = [4]uint64{bit, bit, bit, bit}
		swapped := bits.ReverseBytes64(bit)
		hqYMM.swapped[s] = [4]uint64{swapped, swapped, swapped, swapped}
		hqYMM.shift[s], hqYMM.rankRow[s] = uint8(s&^7), uintptr(unsafe.Pointer(&hqYMM.rank[0][s.File()]))
	}
	for piece := range kernels.Slider(4) {
		for lane, line := range []kernels.Slider{kernels.Orthogonal, kernels.Diagonal, kernels.Diagonal, kernels.Orthogonal} {
			if piece&line != 0 {
				hqYMM.lanes[piece][lane] = ^uint64(0)
			}
		}
	}
	for f := range 8 {
		for o := range 64 {
			hqYMM.rank[o][f] = board.FirstRankAttacks()[f][o]
		}
	}
}

func init() {
	fancyEmpty, blackEmpty := setsAt(&fancy.empty), setsAt(&black.empty)
	for piece := range kernels.Slider(4) {
		rook, bishop := piece&kernels.Orthogonal != 0, piece&kernels.Diagonal != 0
		for s := range board.Square(64) {
			f, b := &fancy.entries[sliderIndex(s, piece)], &black.entries[sliderIndex(s, piece)]
			f.rookSets, f.bishopSets = fancyEmpty, fancyEmpty
			b.rookSets, b.bishopSets = blackEmpty, blackEmpty
			if rook {
				r := magic.RookFancy()[s]
				f.rookMask, f.rookMagic, f.rookShift, f.rookSets = r.Mask, r.Magic, uint64(r.Shift), setsAt(&magic.FancyAttacks()[r.Offset])
				b.rookMask, b.rookMagic, b.rookSets = magic.RookNotMasks()[s], magic.RookBlack()[s].Magic, setsAt(&magic.BlackAttacks()[magic.RookBlack()[s].Offset])
			}
			if bishop {
				r := magic.BishopFancy()[s]
				f.bishopMask, f.bishopMagic, f.bishopShift, f.bishopSets = r.Mask, r.Magic, uint64(r.Shift), setsAt(&magic.FancyAttacks()[r.Offset])
				b.bishopMask, b.bishopMagic, b.bishopSets = magic.BishopNotMasks()[s], magic.BishopBlack()[s].Magic, setsAt(&magic.BlackAttacks()[magic.BishopBlack()[s].Offset])
			}
		}
	}
}

func init() {
	for s := range board.Square(64) {
		f, r := s.File(), s.Rank()
		zmm.file[f] |= s.Bitboard()
		zmm.rank[r] |= s.Bitboard()
		zmm.diag[(f-r)&15] |= s.Bitboard()
		zmm.anti[f+r] |= s.Bitboard()
	}
	for i := range 8 {
		zmm.fileRev[i], zmm.rankRev[i] = zmm.file[7-i], zmm.rank[7-i]
	}
	var q kernels.Query
	piece := 8 * (unsafe.Offsetof(q.Piece) - unsafe.Offsetof(q.Sq))
	zmm.orth, zmm.diagonal = uint64(kernels.Orthogonal)<<piece, uint64(kernels.Diagonal)<<piece
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
