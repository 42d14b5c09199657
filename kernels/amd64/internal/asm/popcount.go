package main

// The popcount family: POPCNT (Intel's manual; [heinz-darkthought]'s
// population count in one instruction); assembly twins of the portable
// SWAR count and 256-entry byte-table count ([heinz-darkthought], the table
// read as [mula-popcount]'s lookup-8); Mula, Kurz and Lemire's AVX2 PSHUFB
// nibble lookup (Faster Population Counts Using AVX2 Instructions, 2016);
// and AVX-512 VPOPCNTQ (Mula's sse-popcount avx512-vpopcnt) with two
// packings of the counts, shifts and VPERMB or a VPERMT2B tree.

import (
	"fmt"
	"math/bits"

	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// popcntScalar declares the POPCNT kernel, one instruction per bitboard.
func popcntScalar() scalar {
	return scalar{"popcnt", &kernel{id: "popcount/popcnt", source: intel + ": POPCNT, the hardware form of [heinz-darkthought]'s population count",
		doc: "Counts with one POPCNT per bitboard, four bitboards per loop iteration", features: []kernels.Feature{kernels.POPCNT}, usage: kernels.LoopOnly},
		"POPCNT ([heinz-darkthought]'s population count in one instruction)", 1, func(x reg.GPVirtual) reg.GPVirtual {
			POPCNTQ(x, x) // same source and destination: no false dependency
			return x
		}}
}

// popcountTwins emits assembly twins of two portable population counts,
// so that the study separates a technique's cost from the Go compiler's
// code for it: the constants and the table address are set up once per
// call, outside the loop. The byte-count table is the Go variable count8
// of package amd64 (tables_amd64.go), which the assembly names and the
// declaration lists (kernels' TestTablesDeclared checks the two agree).
func popcountTwins() {
	counts := NewDataAddr(Symbol{Name: "·count8"}, 0)
	for _, k := range []struct {
		name  string
		k     *kernel
		doc   string        // what it counts with, for its functions' doc comments
		setup func() mapper // the latency chain's, and the throughput loop's unless read is set
		read  func() reader
	}{
		{"popcountSWAR", &kernel{id: "popcount/swar-asm", source: "[heinz-darkthought], Bitboard Infrastructure: non_iterative_popcount, in assembly",
			doc:   "Counts with popcount/swar's SWAR sums and 32-bit fold in assembly, the masks loaded once per batch: the technique without the Go compiler's code",
			usage: kernels.LoopOnly},
			"popcount/swar's SWAR sums, folding the 64-bit word to 32 bits after the 2-bit step, instruction for instruction", swarCount, nil},
		{"popcountTable8", &kernel{id: "popcount/table8-asm", source: "[heinz-darkthought]: the lookup-table method it weighs against SWAR, in assembly",
			doc:   "Adds eight lookups of a 256-entry byte-count table in assembly: in the throughput loop the low four bytes shifted out of a register and the high four loaded one by one, in the latency chain all eight shifted out; the technique without the Go compiler's code",
			usage: kernels.LoopOnly, tables: []string{"count8"}},
			"eight lookups of a 256-entry byte-count table", table8Count(counts), table8Read(counts)},
	} {
		read := k.read
		if read == nil {
			read = loaded(k.setup)
		}
		mapLoop(k.name+"Throughput", k.k, fmt.Sprintf("counts with %s, over every element of src into dst.", k.doc), "byte", 1, read)
		chainLoop(k.name+"Latency", k.k, fmt.Sprintf("counts with %s, along the dependent chain x[i] ^ y.", k.doc), "byte", k.setup)
	}
}

// swarCount loads popcount/swar's two 64-bit masks and returns its steps:
// a := b - ((b >> 1) & m1); c := (a & m2) + ((a >> 2) & m2); the 32-bit
// fold n := uint32(c) + uint32(c>>32); then nibble, 16-bit and byte sums.
func swarCount() mapper {
	m1, m2 := const64(0x5555555555555555), const64(0x3333333333333333)
	return func(b reg.GPVirtual) reg.GPVirtual {
		t := GP64()
		MOVQ(b, t)
		SHRQ(U8(1), t)
		ANDQ(m1, t)
		SUBQ(t, b) // a
		MOVQ(b, t)
		SHRQ(U8(2), t)
		ANDQ(m2, t)
		ANDQ(m2, b)
		ADDQ(t, b) // c
		MOVQ(b, t)
		SHRQ(U8(32), t)
		ADDL(t.As32(), b.As32()) // n, zero-extended
		MOVL(b.As32(), t.As32())
		SHRL(U8(4), t.As32())
		ANDL(U32(0x0F0F0F0F), t.As32())
		ANDL(U32(0x0F0F0F0F), b.As32())
		ADDL(t.As32(), b.As32())
		MOVL(b.As32(), t.As32())
		SHRL(U8(16), t.As32())
		MOVWLZX(b.As16(), b.As32())
		ADDL(t.As32(), b.As32())
		MOVL(b.As32(), t.As32())
		SHRL(U8(8), t.As32())
		MOVBLZX(b.As8(), b.As32())
		ADDL(t.As32(), b.As32())
		return b
	}
}

// table8Count returns the setup of the eight lookups in the 256-entry
// byte-count table counts for a bitboard in a register (the latency
// chain's): every byte shifted out of it (table8Sum).
func table8Count(counts Mem) func() mapper {
	return func() mapper {
		tb := GP64()
		LEAQ(counts, tb)
		return func(b reg.GPVirtual) reg.GPVirtual { return table8Sum(tb, b, Mem{}, 0) }
	}
}

// memBytes is how many of a bitboard's bytes, the high ones, table8Read
// loads one by one from memory; the others it takes from a register.
const memBytes = 4

// table8Read returns the throughput form of the eight lookups, which reads
// the bitboard in memory: its low 8 - memBytes bytes from a register, the
// others by a byte load each, as sse-popcount's lookup-8 takes every byte
// ([mula-popcount]). A byte load costs a load port, a shift an ALU port; on
// Zen 5, trying memBytes from 0 to 8 (kernels re-generated, one runbench
// case each), half and half balanced them best: 4.24 cycles per bitboard,
// against 4.36 with three bytes loaded, 4.69 with five, 5.59 with all
// eight and 5.29 with none.
func table8Read(counts Mem) func() reader {
	return func() reader {
		tb := GP64()
		LEAQ(counts, tb)
		return func(at Mem) reg.GPVirtual {
			b := GP64()
			MOVQ(at, b)
			return table8Sum(tb, b, at, memBytes)
		}
	}
}

// table8Sum emits the eight lookups of bitboard b in the byte-count table
// at tb, summed: the low byte's count, then each next byte's added, the
// high fromMem bytes loaded one by one from the bitboard's copy at at,
// the others shifted down out of b (the top one used as the index as it
// stands, with nothing above it).
func table8Sum(tb, b reg.GPVirtual, at Mem, fromMem int) reg.GPVirtual {
	n, i := GP64(), GP64()
	for k := range 8 {
		idx := i
		switch {
		case k >= 8-fromMem:
			byteK := at
			byteK.Disp += k
			MOVBQZX(byteK, i)
		case k == 7:
			SHRQ(U8(8), b)
			idx = b
		default:
			if k > 0 {
				SHRQ(U8(8), b)
			}
			MOVBQZX(b.As8(), i)
		}
		if k == 0 {
			MOVBQZX(Mem{Base: tb, Index: idx, Scale: 1}, n)
		} else {
			ADDB(Mem{Base: tb, Index: idx, Scale: 1}, n.As8())
		}
	}
	return n
}

// popcountAVX2 emits Wojciech Mula's PSHUFB nibble-lookup population count
// per bitboard: VPSHUFB counts the nibbles, VPSADBW sums each quadword's
// bytes; sixteen counts are packed to bytes with shifts, one VPERMD and one
// VPSHUFB. Harley-Seal sums a whole array into one count, which is not this
// family's per-bitboard contract, so it is not used.
func popcountAVX2() {
	lut, perm, trans := popcountAVX2Data()
	name := "popcountAVX2"
	k := &kernel{id: "popcount/avx2-pshufb", source: "Wojciech Mula, Kurz, Lemire: Faster Population Counts Using AVX2 Instructions (2016), the PSHUFB lookup",
		doc:      "Counts nibbles with a VPSHUFB lookup and sums each bitboard's bytes with VPSADBW, sixteen bitboards at a time",
		features: []kernels.Feature{kernels.AVX2, kernels.POPCNT}, usage: kernels.SIMDBatch}
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " counts the one-bits of every bitboard with Mula's PSHUFB lookup (AVX2), sixteen at a time; the tail uses POPCNT.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	table, low, zero, pd, tr := YMM(), YMM(), YMM(), YMM(), XMM()
	VMOVDQU(lut, table)
	VPBROADCASTB(lowNibbles(), low)
	VPXOR(zero, zero, zero)
	VMOVDQU(perm, pd)
	VMOVDQU(trans, tr)
	i, n16 := GP64(), GP64()
	XORQ(i, i)
	MOVQ(n, n16)
	ANDQ(I8(-16), n16)
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Sixteen", Elements: 16})
	CMPQ(i, n16)
	JGE(LabelRef(name + "One"))
	packed := popcountSixteen(src, i, table, low, zero)
	VPERMD(packed, pd, packed)
	VPSHUFB(tr, packed.AsX(), packed.AsX())
	VMOVDQU(packed.AsX(), Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(16), i)
	JMP(LabelRef(name + "Sixteen"))
	Label(name + "One")
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	x := load(src, i, 0)
	POPCNTQ(x, x)
	store(x, dst, i, 0, 1)
	INCQ(i)
	JMP(LabelRef(name + "One"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}

// popcountAVX2Data declares popcountAVX2's constants: the nibble counts
// (the VPSHUFB table, in both lanes), the dword permutation that packs
// the counts and the byte transpose of a 4x4 block.
func popcountAVX2Data() (lut, perm, trans Mem) {
	lut = GLOBL("nibbleCounts", RODATA|NOPTR)
	for lane := range 2 {
		for i := range 16 {
			DATA(16*lane+i, U8(uint8(bits.OnesCount8(uint8(i)))))
		}
	}
	perm = GLOBL("packDwords", RODATA|NOPTR)
	for i, v := range []uint32{0, 2, 4, 6, 1, 3, 5, 7} {
		DATA(4*i, U32(v))
	}
	trans = GLOBL("transpose4x4", RODATA|NOPTR)
	for e := range 16 {
		DATA(e, U8(uint8(4*(e%4)+e/4)))
	}
	return lut, perm, trans
}

// popcountSixteen emits the counts of the sixteen bitboards at src+8i,
// four YMM loads each counted by nibble lookups in table (low masks the
// low nibbles) and summed per quadword by VPSADBW against zero, and
// returns them packed: quadword j holds elements j, 4+j, 8+j, 12+j in
// bytes 0..3.
func popcountSixteen(src, i reg.GPVirtual, table, low, zero reg.VecVirtual) reg.VecVirtual {
	var packed reg.VecVirtual
	for k := range 4 {
		x, h, c := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: src, Index: i, Scale: 8, Disp: 32 * k}, x)
		VPSRLW(U8(4), x, h)
		VPAND(low, x, x)
		VPAND(low, h, h)
		VPSHUFB(x, table, c)
		VPSHUFB(h, table, x)
		VPADDB(x, c, c)
		VPSADBW(zero, c, c) // four counts, one per quadword
		if k == 0 {
			packed = c
			continue
		}
		VPSLLQ(U8(8*k), c, c)
		VPOR(c, packed, packed)
	}
	return packed
}

// lowNibbles returns the address of a byte 0x0F.
func lowNibbles() Mem {
	m := GLOBL("lowNibble", RODATA|NOPTR)
	DATA(0, U8(0x0F))
	return m
}

// popcountAVX512s emits the two VPOPCNTQ kernels, which differ in how they
// pack the counts.
func popcountAVX512s() {
	const source = "Intel AVX-512 VPOPCNTDQ (VPOPCNTQ); Mula's sse-popcount avx512-vpopcnt"
	features := []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VPOPCNTDQ, kernels.AVX512VBMI, kernels.BMI2}
	popcountAVX512("popcountAVX512", &kernel{id: "popcount/avx512-vpopcnt", source: source,
		doc:      "Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with shifts, VPTERNLOGQ and one VPERMB (the packing written for Intel Cypress Cove)",
		features: features, usage: kernels.SIMDBatch},
		"packed to bytes by shifts, VPTERNLOGQ and one VPERMB (AVX-512 VBMI)", packShifts)
	popcountAVX512("popcountAVX512Tree", &kernel{id: "popcount/avx512-vpopcnt-tree", source: source,
		doc:      "Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with a tree of seven VPERMT2B (the faster packing on Zen 5)",
		features: features, usage: kernels.SIMDBatch},
		"packed to bytes by a tree of VPERMT2B (AVX-512 VBMI)", packTree)
}

// popcountAVX512 emits kernel's throughput form: VPOPCNTQ over the batch,
// 64 bitboards per iteration in eight independent registers, their 64
// quadword counts (each at most 64) packed to 64 bytes by pack. The tail
// counts eight at a time under a mask and stores with VPMOVQB. A packer loads its constants before the
// loop and returns the packing; which packing is fastest depends on the
// core, so each is a kernel: see packTree and packShifts.
func popcountAVX512(name string, kern *kernel, how string, packer func() func(z [8]reg.VecVirtual) reg.VecVirtual) {
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " counts the one-bits of every bitboard with VPOPCNTQ (AVX-512 VPOPCNTDQ), 64 per iteration in eight registers, " + how + ".")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	pack := packer()
	i, n64 := GP64(), GP64()
	XORQ(i, i)
	MOVQ(n, n64)
	ANDQ(I8(-64), n64)
	mainLoop(kern, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Sixtyfour", Elements: 64})
	CMPQ(i, n64)
	JGE(LabelRef(name + "Eight"))
	var z [8]reg.VecVirtual
	for k := range z {
		z[k] = ZMM()
		VPOPCNTQ(Mem{Base: src, Index: i, Scale: 8, Disp: 64 * k}, z[k])
	}
	VMOVDQU64(pack(z), Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(64), i)
	JMP(LabelRef(name + "Sixtyfour"))
	Label(name + "Eight")
	// Up to 63 left: eight at a time, the last group under a mask.
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	left, m := GP64(), GP64()
	MOVQ(n, left)
	SUBQ(i, left)
	MOVQ(U32(0xFF), m)
	CMPQ(left, U8(8))
	JGE(LabelRef(name + "Full"))
	MOVL(U32(1), m.As32())
	SHLXQ(left, m, m)
	DECQ(m)
	Label(name + "Full")
	k := K()
	KMOVQ(m, k)
	c := ZMM()
	VMOVDQU64_Z(Mem{Base: src, Index: i, Scale: 8}, k, c)
	VPOPCNTQ(c, c)
	VPMOVQB(c, k, Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(8), i)
	JMP(LabelRef(name + "Eight"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}

// byteTable declares a 64-byte table of VPERMB/VPERMT2B indices.
func byteTable(name string, index func(m int) int) Mem {
	t := GLOBL(name, RODATA|NOPTR)
	for m := range 64 {
		DATA(m, U8(uint8(index(m))))
	}
	return t
}

// packTree packs the counts with a tree of seven VPERMT2B (AVX-512 VBMI),
// each gathering bytes from two registers: pairs to 16 bytes, those to 32,
// then 64. Fifteen vector instructions per 64 bitboards and no shift. On
// Zen 5 it runs within 10% of the VPOPCNTQ floor of 0.0625 cycles per
// bitboard, where the shift packing, whose shifts compete with VPOPCNTQ
// for execution pipes, is 48% above it (0.069 and 0.093 cycles in the
// full run of 2026-11-24).
func packTree() func(z [8]reg.VecVirtual) reg.VecVirtual {
	var idx [3]reg.VecVirtual // level s gathers registers k and k + 2^s
	for s, index := range []func(m int) int{
		func(m int) int { return m/8%2*64 + 8*(m%8) }, // count m%8 of either register
		func(m int) int { return m/16%2*64 + m%16 },
		func(m int) int { return m/32*64 + m%32 },
	} {
		idx[s] = ZMM()
		VMOVDQU64(byteTable(fmt.Sprintf("treeLevel%d", s), index), idx[s])
	}
	return func(z [8]reg.VecVirtual) reg.VecVirtual {
		for s, step := range []int{1, 2, 4} {
			for k := 0; k < 8; k += 2 * step {
				VPERMT2B(z[k+step], idx[s], z[k]) // z[k] = bytes of z[k] and z[k+step]
			}
		}
		return z[0]
	}
}

// packShifts packs the counts by shifting register k left by 8k bits,
// ORing the eight with VPTERNLOGQ and transposing the 8x8 bytes with one
// VPERMB (AVX-512 VBMI): one shuffle per 64 bitboards. It was written on
// an Intel core (Cypress Cove), where 512-bit shuffles are the scarce
// resource; there it was measured faster than a VPERMT2B tree,
// merge-masked VPERMB and VPMOVQB stores.
func packShifts() func(z [8]reg.VecVirtual) reg.VecVirtual {
	tr := ZMM()
	VMOVDQU64(byteTable("transpose8x8", func(m int) int { return 8*(m%8) + m/8 }), tr) // element m = 8k + j sits in byte k of quadword j
	return func(z [8]reg.VecVirtual) reg.VecVirtual {
		for k := 1; k < 8; k++ {
			VPSLLQ(U8(8*k), z[k], z[k])
		}
		VPTERNLOGQ(U8(0xFE), z[2], z[1], z[0]) // z0 |= z1 | z2
		VPTERNLOGQ(U8(0xFE), z[5], z[4], z[3])
		VPTERNLOGQ(U8(0xFE), z[7], z[6], z[0])
		VPORQ(z[3], z[0], z[0])
		VPERMB(z[0], tr, z[0])
		return z[0]
	}
}
