// Command asm generates the Go assembly of package amd64 with avo, and
// from the declaration of every kernel of package amd64 (kernel: its
// identifier, source, doc line, the CPU features it executes, its usage,
// its tables and its forms' main loops) the kernels' registration with
// package kernels (-register) and their main loops for package explain
// (-loops). Each kernel loops over its whole batch.
//
// Its arguments are those of the go:generate line in package amd64. Every
// table offset, field offset and element size the assembly uses is read
// from package amd64's Go types (and package kernels' element types), so a
// change of layout changes the assembly with it.
//
// Each family's kernels are declared and emitted in a file of their own,
// as package generic keeps its portable kernels: popcount.go, bitscan.go
// (bitscan-forward, bitscan-reverse and ls1b-reset), serialize.go,
// movelist.go, bitreverse.go, sliding.go and quad.go (quad2hex, quad2board
// and quad-fill). The loop shapes several families share are in loops.go,
// the Go types' layout in layout.go, the kernel declarations and the Go
// files written from them in register.go.
//
// The GFNI and VBMI2 kernels, whose instructions avo v0.5.0 lacks, are
// hand-written in gfni_amd64.s and vbmi2_amd64.s and declared in
// handwritten.go, so every kernel of package amd64 registers the same way.
package main

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// main emits the kernels in the order of the generated files (the
// assembly, the registration and the loops follow it): a new kernel goes
// at the end, so that the others' generated code does not move.
func main() {
	l := loadLayout("bitlab/kernels/amd64")
	ConstraintExpr("amd64")
	scalarKernels(popcntScalar())
	scalarKernels(bitscanScalars()...)
	popcountTwins()
	serializeLoops()
	movelistBsfBtr(l)
	bitReverseSWAR()
	hyperbolaBswap(l)
	slidingPEXT(l)
	slidingMagic(l, false)
	slidingMagic(l, true)
	quad2hexSSE2(l)
	quad2boardSSE2(l)
	quad2hexAVX2(l)
	quadFillAVX2(l)
	popcountAVX2()
	popcountAVX512s()
	slidingPEXTSplit(l)
	hyperbolaBswapAVX2(l)
	loopsOut := flag.String("loops", "", "also write the kernels' main loops (kernels.Loop) as Go to this file")
	registerOut := flag.String("register", "", "also write the kernels' registration with package kernels as Go to this file")
	Generate()
	declared = append(declared, handwritten()...)
	if *loopsOut != "" {
		writeLoops(l, *loopsOut, flag.Lookup("out").Value.String())
	}
	if *registerOut != "" {
		writeRegistrations(l, *registerOut)
	}
}

// The sources kernels of several families cite.
const (
	intel  = "Intel 64 and IA-32 Architectures Software Developer's Manual"
	serial = "[cpw-serialization], Intrinsic Version (_BitScanForward64, _bittestandreset64)"
)

// ld loads a parameter into a new general-purpose register.
func ld(p gotypes.Component) reg.GPVirtual {
	r := GP64()
	Load(p, r)
	return r
}

// const64 loads the constant v into a new general-purpose register.
func const64(v uint64) reg.GPVirtual {
	r := GP64()
	MOVQ(U64(v), r)
	return r
}
