// Package placement moves runbench's code, the move generator's with it,
// without changing an instruction of it. The build of placement n (its
// build tag, Tag) links n-1 padding functions, each of which returns at
// once and takes one function alignment of the Go linker, before every
// package of runbench but the Go runtime's: the Go linker lays out
// packages dependencies first, in the order each package imports them,
// and runbench imports this package in its first file, the move generator
// right after it (before package harness, whose self-check chains the
// linker aligns to 64 bytes, which would round the generator's shift to a
// multiple of 64 bytes: cmd/runbench/align.go). So in placement n
// every function of the move generator starts (n-1) alignments later than
// in the normal build (placement 1, no padding), with the same machine
// code: the placements separate what a technique changes in the
// generator's speed from what moving its code does (notebooks/perft.md,
// "Where the code sits"). runbench campaign times the default
// configuration in every placement; cmd/runbench's TestPlacementBuilds
// checks with go tool nm and objdump that the generator moves and keeps
// its instructions.
package placement

import "runtime"

//go:generate go run ./internal/gen

// Tag returns the build tag of placement n (1 to Count), "" for the
// normal build.
func Tag(n int) string { return tags[n-1] }

// Number returns this build's placement, 1 for the normal build.
func Number() int { return number }

// PadBytes returns the bytes of padding code this build links before the
// rest of runbench: one function alignment per padding function (the Go
// linker's, cmd/link's funcAlign: 16 bytes on arm64, 32 on amd64).
func PadBytes() int {
	align := 32
	if runtime.GOARCH == "arm64" {
		align = 16
	}
	return len(pads) * align
}
