package main

// The movelist family: [cpw-serialization]'s Intrinsic Version in full,
// the source's assembly loop with the from-square aspect ORed into each
// to-square and a 16-bit move stored (BSF, BTR, OR, store, BSF, JNZ).

import (
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// movelistBsfBtr emits the source's whole sequence, for move lists: the
// from-square aspect combined with each to-square, stored as a 16-bit
// move.
func movelistBsfBtr(l layout) {
	name := "movelistBsfBtr"
	movelist := &kernel{id: "movelist/bsf-btr", source: serial + ": the source's whole assembly loop, from-square aspect and 16-bit store",
		doc: "Loops BSF, BTR, OR of the from-square aspect, 16-bit store, BSF, JNZ", usage: kernels.LoopOnly}
	text(name, "func(dst *uint16, src *uint64, n int) int")
	Doc(name + " is [cpw-serialization]'s Intrinsic Version in full: bsf; jz over; loop: btr; or eax, ecx (the from-square aspect); store the 16-bit move; bsf; jnz loop. src points to kernels.Targets elements.")
	dst := ld(Param("dst"))
	src := ld(Param("src"))
	n := ld(Param("n"))
	out := GP64()
	MOVQ(dst, out)
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(movelist, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Target", Elements: 1, Varies: perBit})
	x, from, a := GP64(), GP64(), GP64()
	tg := l.at("kernels.Targets", src)
	MOVQ(tg.Field("BB").addr, x)
	MOVBQZX(tg.Field("From").addr, from)
	SHLQ(U8(6), from)
	BSFQ(x, a)
	JZ(LabelRef(name + "Next"))
	Label(name + "Bit")
	BTRQ(a, x)
	ORQ(from, a)
	MOVW(a.As16(), Mem{Base: out})
	ADDQ(U8(2), out)
	BSFQ(x, a)
	JNZ(LabelRef(name + "Bit"))
	Label(name + "Next")
	ADDQ(U8(l.size("kernels.Targets")), src)
	DECQ(n)
	JNZ(LabelRef(name + "Target"))
	Label(name + "Done")
	SUBQ(dst, out)
	SHRQ(U8(1), out)
	Store(out, ReturnIndex(0))
	RET()
}
