package main

// This file's name sorts first among runbench's, and its first import of
// the module is package placement, its second the move generator: the
// compiler records a package's imports in the order its files (sorted by
// name) import them, and the Go linker lays out every package after its
// dependencies, visiting them in that order, so that the placement
// builds' padding code comes before every package of runbench but the Go
// runtime's, and the move generator with its dependencies right after it,
// before package harness. The harness's self-check chains start their
// loops at 64-byte boundaries, so the linker aligns their functions to 64
// bytes: laid out between the padding and the generator, they would round
// the generator's shift to a multiple of 64 and merge placements 2 and 3
// with their neighbours. TestPlacementBuilds checks the layout.

import (
	"bitlab/cmd/runbench/internal/placement"
	_ "bitlab/movegen" // laid out before package harness: see above
	"bitlab/schema"
)

// thisPlacement returns where this build put its code: its placement
// among runbench campaign's and the padding it links before the rest.
func thisPlacement() schema.Placement {
	return schema.Placement{Number: placement.Number(), Count: placement.Count, PadBytes: placement.PadBytes()}
}
