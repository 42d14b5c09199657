package movegen

import (
	"bitlab/board"
	"bitlab/magic"
)

// rookAttacks and bishopAttacks are the generator's sliding attacks: fancy
// magic bitboards ([cpw-magic]) over package magic's tables.
func rookAttacks(s board.Square, occ uint64) uint64 {
	m := &magic.RookFancy[s]
	return magic.FancyAttacks[m.Offset+uint32(((occ&m.Mask)*m.Magic)>>(m.Shift&63))]
}

func bishopAttacks(s board.Square, occ uint64) uint64 {
	m := &magic.BishopFancy[s]
	return magic.FancyAttacks[m.Offset+uint32(((occ&m.Mask)*m.Magic)>>(m.Shift&63))]
}
