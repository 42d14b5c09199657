package main

// The serialize family: [cpw-serialization]'s Intrinsic Version loop (BSF,
// BTR), its BMI1 form (TZCNT, BLSR; Lemire's basic bitset decoder) and
// simdjson's unrolled bit-set decoder ([lemire-simdjson], flatten_bits).

import (
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// serializeLoops emits the source's intrinsic loop (BSF, BTR) and its BMI1
// form (TZCNT, BLSR) over a batch of bitboards, and simdjson's unrolled
// decoder.
func serializeLoops() {
	for _, v := range []struct {
		name string
		k    *kernel
		doc  string // the rest of its function's doc comment
		bmi  bool
	}{
		{"serializeBsfBtr", &kernel{id: "serialize/bsf-btr", source: serial + "; the std/stosw store is a MOVB and an INCQ, since Go's ABI requires the direction flag clear",
			doc: "Loops BSF, BTR, store a byte, BSF, JNZ, the source's loop shape", usage: kernels.LoopOnly},
			"is [cpw-serialization]'s Intrinsic Version loop: bsf; jz over; loop: btr; store; bsf; jnz loop.", false},
		{"serializeTzcntBlsr", &kernel{id: "serialize/tzcnt-blsr", source: intel + ": TZCNT and BLSR (BMI1); Lemire's basic bitset decoder",
			doc: "Loops TZCNT, store, BLSR, whose zero flag ends the loop", features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"scans with TZCNT and clears with BLSR, whose zero flag ends the loop.", true},
	} {
		serializeBitLoop(v.name, v.k, v.doc, v.bmi)
	}
	serializeUnrolled()
}

// serializeBitLoop emits a serialization of a batch of bitboards into
// square bytes, one set bit per iteration: BSF and BTR, or with bmi TZCNT
// and BLSR. doc is the rest of its doc comment.
func serializeBitLoop(name string, k *kernel, doc string, bmi bool) {
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " " + doc)
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	out := GP64()
	MOVQ(dst, out)
	bitboards(name, k, src, n, func(x reg.GPVirtual, next LabelRef) {
		a := GP64()
		if !bmi {
			BSFQ(x, a)
			JZ(next)
			Label(name + "Bit")
			BTRQ(a, x)
			MOVB(a.As8(), Mem{Base: out})
			INCQ(out)
			BSFQ(x, a)
			JNZ(LabelRef(name + "Bit"))
			return
		}
		TESTQ(x, x)
		JZ(next)
		Label(name + "Bit")
		TZCNTQ(x, a)
		MOVB(a.As8(), Mem{Base: out})
		INCQ(out)
		BLSRQ(x, x)
		JNZ(LabelRef(name + "Bit"))
	})
	SUBQ(dst, out)
	Store(out, ReturnIndex(0))
	RET()
}

// serializeUnrolled emits simdjson's bit-set decoder: per bitboard, eight
// TZCNT-store-BLSR steps with no test between them, eight more if POPCNT
// says there are more than eight one-bits, then a loop for the rest; the
// output advances by the count. The steps past the count store 64 or
// later indices inside the bitboard's 64 bytes of dst, scratch by the
// family's contract (dst holds 64 bytes per bitboard, and no bitboard's
// list starts later than 64 bytes per bitboard before it).
func serializeUnrolled() {
	name := "serializeTzcntUnrolled"
	unrolled := &kernel{id: "serialize/tzcnt-unrolled", source: "[lemire-simdjson] simdjson's bit-set decoder (flatten_bits), in assembly; TZCNT and BLSR (BMI1)",
		doc:      "Writes eight indices per bitboard with no test between them (TZCNT, store, BLSR), eight more above a count of eight, loops for the rest, advances by POPCNT",
		features: []kernels.Feature{kernels.BMI1, kernels.POPCNT}, usage: kernels.LoopOnly}
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " writes eight indices unconditionally (TZCNT, store, BLSR), eight more above a count of eight, then loops; POPCNT advances the output.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	out := GP64()
	MOVQ(dst, out)
	bitboards(name, unrolled, src, n, func(x reg.GPVirtual, next LabelRef) {
		c, a := GP64(), GP64()
		POPCNTQ(x, c)
		eight := func(from int) {
			for k := from; k < from+8; k++ {
				TZCNTQ(x, a)
				MOVB(a.As8(), Mem{Base: out, Disp: k})
				BLSRQ(x, x)
			}
		}
		eight(0)
		CMPQ(c, U8(8))
		JBE(LabelRef(name + "Advance"))
		eight(8)
		CMPQ(c, U8(16))
		JBE(LabelRef(name + "Advance"))
		p := GP64()
		LEAQ(Mem{Base: out, Disp: 16}, p)
		Label(name + "Rest")
		TZCNTQ(x, a)
		MOVB(a.As8(), Mem{Base: p})
		INCQ(p)
		BLSRQ(x, x)
		JNZ(LabelRef(name + "Rest"))
		Label(name + "Advance")
		ADDQ(c, out)
	})
	SUBQ(dst, out)
	Store(out, ReturnIndex(0))
	RET()
}

// bitboards emits k's loop over n bitboards at src, calling body with each
// loaded bitboard and the label of the next one.
func bitboards(name string, k *kernel, src, n reg.GPVirtual, body func(x reg.GPVirtual, next LabelRef)) {
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Word", Elements: 1, Varies: perBit})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	body(x, LabelRef(name+"Next"))
	Label(name + "Next")
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef(name + "Word"))
	Label(name + "Done")
}
