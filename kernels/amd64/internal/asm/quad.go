package main

// The quad-bitboard families ([cpw-quad]): quad2hex (the source's SSE2
// quad2hexBB, and an AVX2 form with the quad-bitboard in one YMM register
// as the source suggests), quad2board (the source's SSE2 quadBB2Board) and
// quad-fill (the source's Kogge-Stone occluded fills, nortOccl, in all
// eight directions on the four bitboards at once in AVX2), each a loop
// over its family's elements (quadLoop).

import (
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// quadSource is the section of [cpw-quad] the SSE2 kernels translate.
const quadSource = "[cpw-quad], SSE2 Conversions"

// quad2hexSSE2 emits [cpw-quad]'s quad2hexBB, instruction for instruction.
func quad2hexSSE2(l layout) {
	k := &kernel{id: "quad2hex/sse2", source: quadSource + ": quad2hexBB", doc: "The source's SSE2 sequence: PCMPEQB, POR, PAND, PXOR, PUNPCKLQDQ, PUNPCKHQDQ", usage: kernels.LoopOnly}
	quadLoop(l, "quad2hexSSE2", k, "is [cpw-quad]'s quad2hexBB: the 16 disjoint bitboards of a quad-bitboard with PCMPEQB, POR, PAND, PXOR, PUNPCKLQDQ and PUNPCKHQDQ.", "uint64", false, nil,
		func(in, out reg.GPVirtual) {
			a, b, c, d, e, f, m1 := XMM(), XMM(), XMM(), XMM(), XMM(), XMM(), XMM()
			MOVOU(Mem{Base: in}, a) // a = b = d = p[0]
			MOVO(a, b)
			MOVO(a, d)
			MOVOU(Mem{Base: in, Disp: 16}, c) // c = p[1]
			PCMPEQB(m1, m1)                   // -1
			POR(c, a)
			PAND(c, d) // q3 & q1 : q2 & q0
			PXOR(m1, a)
			MOVO(a, e) // e = a = ~q3 & ~q1 : ~q2 & ~q0
			PXOR(d, b) // ~q3 & q1 : ~q2 & q0
			PXOR(d, c)
			MOVO(c, f)       // f = c = q3 & ~q1 : q2 & ~q0
			PUNPCKHQDQ(a, a) // ~q3 & ~q1 : ~q3 & ~q1
			PUNPCKLQDQ(b, e) // ~q2 & q0 : ~q2 & ~q0
			PUNPCKLQDQ(d, f) // q2 & q0 : q2 & ~q0
			PUNPCKHQDQ(b, b) // ~q3 & q1 : ~q3 & q1
			PUNPCKHQDQ(c, c) // q3 & ~q1 : q3 & ~q1
			PUNPCKHQDQ(d, d) // q3 & q1 : q3 & q1
			for i, p := range [][2]reg.VecVirtual{{a, e}, {b, e}, {a, f}, {b, f}, {c, e}, {d, e}, {c, f}, {d, f}} {
				t := XMM()
				MOVO(p[0], t)
				PAND(p[1], t)
				MOVOU(t, Mem{Base: out, Disp: 16 * i})
			}
		})
}

// quad2boardSSE2 emits [cpw-quad]'s quadBB2Board, instruction for instruction.
func quad2boardSSE2(l layout) {
	masks := GLOBL("sq2bbMasks", RODATA|NOPTR)
	for i := range 8 {
		DATA(8*i, U64(0x0101010101010101<<i))
	}
	var pm [4]Mem
	for i := range pm {
		pm[i] = masks.Offset(16 * i)
	}
	k := &kernel{id: "quad2board/sse2", source: quadSource + ": quadBB2Board", doc: "The source's SSE2 sequence: masks, shifts and byte, word and dword unpacks", usage: kernels.LoopOnly}
	quadLoop(l, "quad2boardSSE2", k, "is [cpw-quad]'s quadBB2Board: the 64 vertical nibbles of a quad-bitboard to a mailbox of square codes.", "byte", false, nil,
		func(in, out reg.GPVirtual) { quad2boardRotate(quad2boardGather(in, pm), out) })
}

// quad2boardGather emits quadBB2Board's first half: each of the four
// bitboards at in, masked with the sq2bbMasks pairs pm and shifted, ORed
// into b[0..3], the 8x8 bytes (512 bits) that quad2boardRotate rotates.
func quad2boardGather(in reg.GPVirtual, pm [4]Mem) [4]reg.VecVirtual {
	b := [4]reg.VecVirtual{XMM(), XMM(), XMM(), XMM()}
	// term returns (t & pm[i]) shifted left (sh > 0) or right.
	term := func(t reg.VecVirtual, i, sh int) reg.VecVirtual {
		x := XMM()
		MOVO(t, x)
		PAND(pm[i], x)
		switch {
		case sh > 0:
			PSLLQ(U8(sh), x)
		case sh < 0:
			PSRLQ(U8(-sh), x)
		}
		return x
	}
	// shifts[k][i]: bitboard k (code bit k) into b[i].
	shifts := [4][4]int{{0, -2, -4, -6}, {1, -1, -3, -5}, {2, 0, -2, -4}, {3, 1, -1, -3}}
	for half := range 2 {
		t0, t1, t2 := XMM(), XMM(), XMM()
		MOVOU(Mem{Base: in, Disp: 16 * half}, t0)
		MOVO(t0, t1)
		PUNPCKLQDQ(t0, t1) // t1 = unpacklo(t0, t0)
		MOVO(t0, t2)
		PUNPCKHQDQ(t0, t2) // t2 = unpackhi(t0, t0)
		for j, t := range []reg.VecVirtual{t1, t2} {
			k := 2*half + j
			for i := range 4 {
				x := term(t, i, shifts[k][i])
				if k == 0 {
					b[i] = x
				} else {
					POR(x, b[i])
				}
			}
		}
	}
	return b
}

// quad2boardRotate emits quadBB2Board's second half: it rotates the 8x8
// bytes (512 bits) in b[0..3] into the 64 square codes and stores them at
// out.
func quad2boardRotate(b [4]reg.VecVirtual, out reg.GPVirtual) {
	var t [4]reg.VecVirtual
	for i := range b {
		t[i] = XMM()
		MOVO(b[i], t[i])
		PUNPCKHQDQ(b[i], t[i])
		PSRLQ(U8(1), t[i])
		PUNPCKLBW(t[i], b[i])
	}
	u := [4]reg.VecVirtual{XMM(), XMM(), XMM(), XMM()}
	MOVO(b[0], u[0])
	PUNPCKLWL(b[1], u[0])
	MOVO(b[0], u[1])
	PUNPCKHWL(b[1], u[1])
	MOVO(b[2], u[2])
	PUNPCKLWL(b[3], u[2])
	MOVO(b[2], u[3])
	PUNPCKHWL(b[3], u[3])
	for i, p := range [][3]int{{0, 2, 0}, {0, 2, 1}, {1, 3, 0}, {1, 3, 1}} {
		x := XMM()
		MOVO(u[p[0]], x)
		if p[2] == 0 {
			PUNPCKLLQ(u[p[1]], x)
		} else {
			PUNPCKHLQ(u[p[1]], x)
		}
		MOVOU(x, Mem{Base: out, Disp: 16 * i})
	}
}

// quad2hexAVX2 keeps the quad-bitboard in one YMM register, as [cpw-quad]
// suggests: the products of bb0/bb1 and bb2/bb3 with their complements as
// two vectors of four, then four broadcasts of the high products ANDed with
// the low ones.
func quad2hexAVX2(l layout) {
	sel := GLOBL("quadSelect", RODATA|NOPTR)
	for i, v := range []uint64{^uint64(0), 0, ^uint64(0), 0, ^uint64(0), ^uint64(0), 0, 0} {
		DATA(8*i, U64(v)) // complement lanes: bb_even in 0 and 2, bb_odd in 0 and 1
	}
	var m0, m1 reg.VecVirtual
	k := &kernel{id: "quad2hex/avx2", source: quadSource + ", with the four bitboards in one YMM register as the source suggests",
		doc:      "The products of bb0/bb1 and bb2/bb3 and their complements as two YMM vectors, ANDed by broadcasts",
		features: []kernels.Feature{kernels.AVX2}, usage: kernels.LoopOnly}
	quadLoop(l, "quad2hexAVX2", k, "computes the 16 disjoint bitboards with the quad-bitboard in one YMM register (AVX2).", "uint64", true,
		func() {
			m0, m1 = YMM(), YMM()
			VMOVDQU(sel, m0)
			VMOVDQU(sel.Offset(32), m1)
		},
		func(in, out reg.GPVirtual) {
			pair := func(even, odd int) reg.VecVirtual {
				x, y := YMM(), YMM()
				VPBROADCASTQ(Mem{Base: in, Disp: 8 * even}, x)
				VPBROADCASTQ(Mem{Base: in, Disp: 8 * odd}, y)
				VPXOR(m0, x, x) // [~e, e, ~e, e]
				VPXOR(m1, y, y) // [~o, ~o, o, o]
				VPAND(y, x, x)
				return x
			}
			lo, hi := pair(0, 1), pair(2, 3)
			for a := range 4 {
				h := YMM()
				VPERMQ(U8(uint8(a*0x55)), hi, h)
				VPAND(lo, h, h)
				VMOVDQU(h, Mem{Base: out, Disp: 32 * a})
			}
		})
}

// quadFillAVX2 runs the Kogge-Stone occluded fills of [cpw-quad] on all four
// bitboards at once in one YMM register, in all eight directions.
func quadFillAVX2(l layout) {
	wrap := GLOBL("fillWrap", RODATA|NOPTR)
	DATA(0, U64(0xFEFEFEFEFEFEFEFE)) // not file a: after a step east
	DATA(8, U64(0x7F7F7F7F7F7F7F7F)) // not file h: after a step west
	var notA, notH reg.VecVirtual
	k := &kernel{id: "quad-fill/avx2", source: "[cpw-quad], As Sliding Piece Generators: nortOccl on a quad-bitboard in one YMM register",
		doc:      "Kogge-Stone occluded fills in all eight directions on the four bitboards at once with AVX2 shifts",
		features: []kernels.Feature{kernels.AVX2}, usage: kernels.LoopOnly}
	quadLoop(l, "quadFillAVX2", k, "computes queen-line attacks of the four generator sets by Kogge-Stone occluded fills ([cpw-quad]'s nortOccl, all eight directions) with the quad-bitboard in one YMM register (AVX2).", "uint64", true,
		func() {
			notA, notH = YMM(), YMM()
			VPBROADCASTQ(wrap, notA)
			VPBROADCASTQ(wrap.Offset(8), notH)
		},
		func(in, out reg.GPVirtual) {
			f := l.at("kernels.Fill", in)
			gen, empty, att := YMM(), YMM(), YMM()
			VMOVDQU(f.Field("Gen").Index(0).addr, gen)
			VPBROADCASTQ(f.Field("Empty").addr, empty)
			VPXOR(att, att, att)
			shift := func(x reg.VecVirtual, s int, dst reg.VecVirtual) {
				if s > 0 {
					VPSLLQ(U8(s), x, dst)
				} else {
					VPSRLQ(U8(-s), x, dst)
				}
			}
			for _, d := range []struct {
				s    int
				mask reg.VecVirtual
			}{{8, nil}, {-8, nil}, {1, notA}, {-1, notH}, {9, notA}, {7, notH}, {-7, notA}, {-9, notH}} {
				g, pro, t := YMM(), YMM(), YMM()
				VMOVDQA(gen, g)
				if d.mask != nil {
					VPAND(d.mask, empty, pro)
				} else {
					VMOVDQA(empty, pro)
				}
				for step := 1; step <= 4; step *= 2 {
					shift(g, d.s*step, t)
					VPAND(pro, t, t)
					VPOR(t, g, g)
					if step < 4 {
						shift(pro, d.s*step, t)
						VPAND(t, pro, pro)
					}
				}
				shift(g, d.s, t)
				if d.mask != nil {
					VPAND(d.mask, t, t)
				}
				VPOR(t, att, att)
			}
			VMOVDQU(att, Mem{Base: out})
		})
}

// quadLoop emits k's throughput form, func(dst *word, src *uint64, n
// int), over n elements of its family's input type, writing elements of
// its output type, whose first word is of type word; body works on
// pointers in, out. avx says whether the kernel uses AVX registers (and
// ends with VZEROUPPER).
func quadLoop(l layout, name string, k *kernel, doc, word string, avx bool, setup func(), body func(in, out reg.GPVirtual)) {
	text(name, "func(dst *"+word+", src *uint64, n int)")
	Doc(name + " " + doc)
	dst := ld(Param("dst"))
	src := ld(Param("src"))
	n := ld(Param("n"))
	if setup != nil {
		setup()
	}
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Loop", Elements: 1})
	body(src, dst)
	f := l.family(k)
	ADDQ(U32(uint32(sizeof(f.in))), src)
	ADDQ(U32(uint32(sizeof(f.out))), dst)
	DECQ(n)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Done")
	if avx {
		VZEROUPPER()
	}
	RET()
}
