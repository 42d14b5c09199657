package main

// This file's name sorts first among runbench's, and package placement is
// its only import of the module: the compiler records a package's imports
// in the order its files (sorted by name) import them, and the Go linker
// lays out every package after its dependencies, visiting them in that
// order, so that the placement builds' padding code comes before every
// package of runbench but the Go runtime's, the move generator among them.
// TestPlacementBuilds checks that it does.

import (
	"bitlab/cmd/runbench/internal/placement"
	"bitlab/schema"
)

// thisPlacement returns where this build put its code: its placement
// among runbench campaign's and the padding it links before the rest.
func thisPlacement() schema.Placement {
	return schema.Placement{Number: placement.Number(), Count: placement.Count, PadBytes: placement.PadBytes()}
}
