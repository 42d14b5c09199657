package movegen

import (
	"bitlab/board"
	"bitlab/kernels/amd64"
)

// addCompressed is add by serialize/avx512-vbmi2: the target set's moves
// appended whole by the kernel's vector compress, one call of assembly
// per target set (Go does not inline assembly: the call, and the
// registers spilled around it, are part of what a Go engine pays); the
// stores may write up to 64 moves from the list's end, into MoveList's
// slack.
func (l *MoveList) addCompressed(from board.Square, targets uint64, kind int) {
	amd64.SerializeAvx512Vbmi2Append(&l.Moves, &l.N, targets, from, kind)
}

// addPawnsCompressed is addPawns by serialize/avx512-vbmi2: one call of
// assembly per target set, which compresses a set without promotions
// like addCompressed and loops over one with them.
func (l *MoveList) addPawnsCompressed(targets uint64, delta int, kind int) {
	amd64.SerializeAvx512Vbmi2AppendPawns(&l.Moves, &l.N, targets, delta, kind)
}

// The entry points list promotions as kinds 4..7, wrap the list's index
// at amd64.ListMoves and need MoveList's slack (its array type checks the
// length): these fail to compile if movegen's constants change.
const _ = uint(PromoKnight-4) + uint(4-PromoKnight) + uint(PromoQueen-7) + uint(7-PromoQueen) +
	uint(MaxMoves-amd64.ListMoves) + uint(amd64.ListMoves-MaxMoves)
