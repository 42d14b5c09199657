package amd64

import (
	"unsafe"

	"bitlab/board"
)

// The move generator's entry points of serialize/avx512-vbmi2 (package
// movegen's serialize=avx512-vbmi2): one target set's moves appended whole
// to a move list by VPCOMPRESSW (vbmi2_amd64.s), as 16-bit moves with the
// to-square in bits 0-5, the from-square in bits 6-11 ([kernels.Move]) and
// movegen's move kind in bits 12-15. Each is a call of assembly, which Go
// never inlines: the wrappers below inline, and the call per target set
// (with the caller's live registers spilled around it, Go having no
// callee-saved registers) is part of what a Go engine pays for the
// technique. They execute serialize/avx512-vbmi2's features
// ([kernels.Serialize]'s Info): a caller checks [kernels.Supported] first.

// The move lists the entry points append to: their index wraps at
// ListMoves (a list of moves of chess positions holds fewer; a power of
// two, since the assembly wraps by masking with [ListMoves]-1), and [ListLen]
// has 64 words of slack past it, since the entry points store whole
// 64-byte vectors, up to 64 words from the index they start at (the moves,
// then scratch): no store leaves the list, whatever n is.
const (
	ListMoves = 512
	ListLen   = ListMoves + 64
)

// SerializeAvx512Vbmi2Append appends to list[:*n] (at index *n mod
// ListMoves) the moves from square from to every square of targets,
// ascending, of the given kind, and adds their number to *n.
func SerializeAvx512Vbmi2Append[M ~uint16](list *[ListLen]M, n *int, targets uint64, from board.Square, kind int) {
	serializeVBMI2Moves((*uint16)(unsafe.Pointer(list)), n, targets, uint64(from), uint64(kind))
}

// SerializeAvx512Vbmi2AppendPawns appends to list[:*n] (at index *n mod
// ListMoves) the pawn moves to every square of targets, ascending, each
// from the square delta below its target (mod 64), of the given kind, or
// on the first or last rank as four promotions of kinds 4..7 (movegen's
// PromoKnight..PromoQueen), and adds their number to *n.
func SerializeAvx512Vbmi2AppendPawns[M ~uint16](list *[ListLen]M, n *int, targets uint64, delta int, kind int) {
	serializeVBMI2PawnMoves((*uint16)(unsafe.Pointer(list)), n, targets, delta, uint64(kind))
}

//go:noescape
func serializeVBMI2Moves(list *uint16, n *int, targets uint64, from uint64, kind uint64)

//go:noescape
func serializeVBMI2PawnMoves(list *uint16, n *int, targets uint64, delta int, kind uint64)
