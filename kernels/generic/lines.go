package generic

import "bitlab/board"

// The line tables of package board that the sliding kernels index, copied
// once at start-up into variables of this package: a kernel reads them as
// it reads its own tables, at no cost to its inlining budget, whereas a
// call of board's accessor would push rookHyperbolaBswap (cost 80, the
// budget) and movegen's rookRotated (76) past it.
var (
	fileMasks         = *board.FileMasks()
	rankMasks         = *board.RankMasks()
	diagonalMasks     = *board.DiagonalMasks()
	antiDiagonalMasks = *board.AntiDiagonalMasks()
	firstRankAttacks  = *board.FirstRankAttacks()
	frames            = *board.Frames()
)
