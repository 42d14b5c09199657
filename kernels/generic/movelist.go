package generic

import (
	"math/bits"

	"bitlab/board"
	"bitlab/kernels"
)

//go:generate go run ./internal/magics -o movelist_magics.go

// movelistLoop serializes the target set into moves, combining each
// to-square with the from-square aspect as the source's assembly does.
//
//bitlab:kernel movelist/loop
//bitlab:source [cpw-serialization], Intrinsic Version (or eax, ecx: combine to- with from-square)
func movelistLoop(d *[8]kernels.Move, t kernels.Targets) int {
	n, from := 0, kernels.Move(t.From)<<6
	for x := t.BB; x != 0; x &= x - 1 {
		d[n&7] = kernels.Move(bits.TrailingZeros64(x)) | from
		n++
	}
	return n
}

// moveLists is a precomputed move list: all eight slots are copied, n count.
type moveList struct {
	moves [8]kernels.Move
	n     uint8
}

// leaperHash is one piece's multiply-shift hash of target sets into lists.
type leaperHash struct {
	magic  [64]uint64
	shift  [64]uint8
	offset [64]uint32 // first list of each square in lists
	lists  []moveList
}

// moveHash is indexed by [board.King] and [board.Knight]. It is built by its
// initializer, before any init function, so that the registration's
// [kernels.TableBytes] counts the lists.
var moveHash = newMoveHash()

func newMoveHash() (hash [6]leaperHash) {
	for _, p := range []struct {
		piece   board.Piece
		attacks *[64]uint64
		magics  *[64]uint64
	}{{board.King, board.KingAttacks(), &kingMagics}, {board.Knight, board.KnightAttacks(), &knightMagics}} {
		h := &hash[p.piece]
		h.magic = *p.magics
		for s := range board.Square(64) {
			a := p.attacks[s]
			h.shift[s] = uint8(64 - bits.OnesCount64(a))
			h.offset[s] = uint32(len(h.lists))
			h.lists = append(h.lists, make([]moveList, 1<<bits.OnesCount64(a))...)
			board.Subsets(a, func(t uint64) {
				l := &h.lists[h.offset[s]+uint32(t*h.magic[s]>>h.shift[s])]
				l.n = uint8(movelistLoop(&l.moves, kernels.Targets{BB: t, From: s, Piece: p.piece}))
			})
		}
	}
	return hash
}

// movelistMagicHash multiplies the target set by a magic of four one-bits,
// shifts the product down to an index into the square's 2^n precomputed move
// lists (a minimal perfect hash), and copies all eight slots of that list.
//
//bitlab:kernel movelist/magic-hash
//bitlab:source [cpw-serialization], Hashing Multiple Bits (Gerd Isenberg, Magic Knight- and King-Move Generation)
//bitlab:tables moveHash
func movelistMagicHash(d *[8]kernels.Move, t kernels.Targets) int {
	h := &moveHash[t.Piece]
	l := &h.lists[h.offset[t.From&63]+uint32(t.BB*h.magic[t.From&63]>>h.shift[t.From&63])]
	*d = l.moves
	return int(l.n)
}
