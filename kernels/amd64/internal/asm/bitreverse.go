package main

// The bitreverse family: [mack-hyperbola]'s reversal (Ryan Mack, The
// Hyperbola Project), three SWAR swaps of bits, pairs and nibbles, then
// BSWAP for the bytes. The GFNI reversal is hand-written (handwritten.go).

import (
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// bitReverseSWAR emits [mack-hyperbola]'s reversal: three SWAR swaps, then BSWAP.
func bitReverseSWAR() {
	var k [3]reg.GPVirtual
	emit := func(x reg.GPVirtual) reg.GPVirtual {
		for i, sh := range []uint64{1, 2, 4} {
			t := GP64()
			MOVQ(x, t)
			SHRQ(U8(sh), t)
			ANDQ(k[i], t)
			ANDQ(k[i], x)
			SHLQ(U8(sh), x)
			ORQ(t, x)
		}
		BSWAPQ(x)
		return x
	}
	masks := func() {
		for i, m := range []uint64{0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F} {
			k[i] = const64(m)
		}
	}
	swar := &kernel{id: "bitreverse/bswap-swar", source: "[mack-hyperbola], Ryan Mack, The Hyperbola Project: How can the reverse bitboards be converted back to normal?",
		doc: "Swaps bits, pairs and nibbles with SWAR masks, then BSWAP", usage: kernels.LoopOnly}
	// The masks stay in registers across the loop: emit them first.
	text("bitReverseThroughput", "func(dst []uint64, src []uint64) int")
	Doc("bitReverseThroughput reverses every bitboard with [mack-hyperbola]'s steps: swap bits, pairs, nibbles (masks 0x5555..., 0x3333..., 0x0F0F...), then BSWAP for the bytes.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	masks()
	i := GP64()
	XORQ(i, i)
	CMPQ(i, n)
	JGE(LabelRef("bitReverseDone"))
	mainLoop(swar, kernels.Loop{Mode: kernels.Throughput, Symbol: "bitReverseThroughput", Label: "bitReverseLoop", Elements: 1})
	store(emit(load(src, i, 0)), dst, i, 0, 8)
	INCQ(i)
	CMPQ(i, n)
	JL(LabelRef("bitReverseLoop"))
	Label("bitReverseDone")
	RET()

	text("bitReverseLatency", "func(src []uint64) uint64")
	Doc("bitReverseLatency reverses along the dependent chain x[i] ^ y.")
	src = ld(Param("src").Base())
	n = ld(Param("src").Len())
	masks()
	y := GP64()
	XORQ(y, y)
	TESTQ(n, n)
	JZ(LabelRef("bitReverseChainDone"))
	mainLoop(swar, kernels.Loop{Mode: kernels.Latency, Symbol: "bitReverseLatency", Label: "bitReverseChain", Elements: 1})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	XORQ(y, x)
	MOVQ(emit(x), y)
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef("bitReverseChain"))
	Label("bitReverseChainDone")
	Store(y, ReturnIndex(0))
	RET()
}
