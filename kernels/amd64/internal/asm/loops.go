package main

// The loop shapes kernels of several families share: a throughput loop
// mapping every element (mapLoop, four per iteration), a latency chain
// through the elements (chainLoop) and both forms of a one-output kernel
// over bitboards (scalarKernels).

import (
	"fmt"

	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// A mapper computes one output register from one input register, which it
// may clobber.
type mapper func(x reg.GPVirtual) reg.GPVirtual

// reader computes one output from the bitboard at a memory operand.
type reader func(at Mem) reg.GPVirtual

// loaded makes a reader of a mapper: the bitboard loaded into a register.
func loaded(setup func() mapper) func() reader {
	return func() reader {
		emit := setup()
		return func(at Mem) reg.GPVirtual {
			x := GP64()
			MOVQ(at, x)
			return emit(x)
		}
	}
}

// scalar describes a one-output kernel over bitboards.
type scalar struct {
	name     string  // the prefix of its functions' names
	k        *kernel // its declaration
	doc      string  // what its functions run, for their doc comments
	outBytes int     // 1 (uint8, board.Square) or 8 (uint64)
	emit     mapper
}

// scalarKernels emits the throughput (unrolled by 4) and latency forms of
// every scalar kernel of ss.
func scalarKernels(ss ...scalar) {
	for _, s := range ss {
		out := "byte"
		if s.outBytes == 8 {
			out = "uint64"
		}
		emit := func() mapper { return s.emit }
		mapLoop(s.name+"Throughput", s.k, fmt.Sprintf("runs %s over every element of src into dst.", s.doc), out, s.outBytes, loaded(emit))
		chainLoop(s.name+"Latency", s.k, fmt.Sprintf("runs %s along the dependent chain x[i] ^ y.", s.doc), out, emit)
	}
}

// mapLoop emits k's throughput form, func(dst []out, src []uint64) int,
// applying the reader setup returns (after the parameters are loaded,
// before the loop) to every element, four at a time, then one at a time.
func mapLoop(name string, k *kernel, doc, out string, outBytes int, setup func() reader) {
	text(name, fmt.Sprintf("func(dst []%s, src []uint64) int", out))
	Doc(name + " " + doc)
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	emit := setup()
	i := GP64()
	XORQ(i, i)
	n4 := GP64()
	MOVQ(n, n4)
	ANDQ(I8(-4), n4)
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Four", Elements: 4})
	CMPQ(i, n4)
	JGE(LabelRef(name + "One"))
	for k := range 4 {
		store(emit(Mem{Base: src, Index: i, Scale: 8, Disp: 8 * k}), dst, i, k, outBytes)
	}
	ADDQ(U8(4), i)
	JMP(LabelRef(name + "Four"))
	Label(name + "One")
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	store(emit(Mem{Base: src, Index: i, Scale: 8}), dst, i, 0, outBytes)
	INCQ(i)
	JMP(LabelRef(name + "One"))
	Label(name + "Done")
	RET()
}

// chainLoop emits k's latency form, func(src []uint64) out: y = emit(x ^
// y) along src, the chain of [kernels.NextCount], [kernels.NextSquare] and
// [kernels.NextBitboard], with the mapper setup returns before the loop.
func chainLoop(name string, k *kernel, doc, out string, setup func() mapper) {
	text(name, fmt.Sprintf("func(src []uint64) %s", out))
	Doc(name + " " + doc)
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	emit := setup()
	y := GP64()
	XORQ(y, y)
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Latency, Symbol: name, Label: name + "Loop", Elements: 1})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	XORQ(y, x)
	MOVQ(emit(x), y)
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Done")
	if out == "byte" {
		Store(y.As8(), ReturnIndex(0))
	} else {
		Store(y, ReturnIndex(0))
	}
	RET()
}

// load loads element i+k of the bitboards at src into a new register.
func load(src, i reg.GPVirtual, k int) reg.GPVirtual {
	x := GP64()
	MOVQ(Mem{Base: src, Index: i, Scale: 8, Disp: 8 * k}, x)
	return x
}

// store stores r as element i+k of dst, whose elements are outBytes
// long (1 or 8).
func store(r, dst, i reg.GPVirtual, k, outBytes int) {
	if outBytes == 1 {
		MOVB(r.As8(), Mem{Base: dst, Index: i, Scale: 1, Disp: k})
	} else {
		MOVQ(r, Mem{Base: dst, Index: i, Scale: 8, Disp: 8 * k})
	}
}

// perBit is why the cost of a serialization loop (serialize, movelist)
// varies with its input.
const perBit = "an inner loop runs once per one-bit"
