package amd64

import (
	"bitlab/board"
	"bitlab/kernels"
	"bitlab/kernels/internal/adapt"
	"bitlab/magic"
	"bitlab/qbb"
)

// The one place where the assembly kernels meet package kernels: every
// kernel with its features, source and doc line. The wrappers only adapt
// slice types; they run once per batch, never per element.

func info(impl, source, doc string, features ...kernels.Feature) kernels.Info {
	return kernels.Info{Impl: impl, Arch: kernels.AMD64, Usage: kernels.LoopOnly, Features: features, Source: source, Doc: doc}
}

// perQuery declares an implementation with an entry point for one query,
// which package movegen's configurations call (query_amd64.go,
// moves_amd64.go); the others run whole batches only.
func perQuery(i kernels.Info) kernels.Info {
	i.Usage = kernels.PerQuery
	return i
}

// simdBatch declares an implementation that answers several queries at
// once, one per SIMD lane.
func simdBatch(i kernels.Info) kernels.Info {
	i.Usage = kernels.SIMDBatch
	return i
}

// withTables declares the lookup tables an implementation reads: pointers
// to them, as kernels.TableBytes takes them.
func withTables(i kernels.Info, tables ...any) kernels.Info {
	i.Tables = kernels.TableBytes(tables...)
	return i
}

func init() {
	const (
		intel   = "Intel 64 and IA-32 Architectures Software Developer's Manual"
		serial  = "[cpw-serialization], Intrinsic Version (_BitScanForward64, _bittestandreset64)"
		hyper   = "[mack-hyperbola], Gerd Isenberg: Hyperbola Quintessence with bswap"
		quadSrc = "[cpw-quad], SSE2 Conversions"
	)
	kernels.Popcount.Register(info("popcnt", intel+": POPCNT, the hardware form of [heinz-darkthought]'s population count",
		"Counts with one POPCNT per bitboard, four bitboards per loop iteration", kernels.POPCNT),
		popcntThroughput, popcntLatency)
	kernels.Popcount.Register(info("swar-asm", "[heinz-darkthought], Bitboard Infrastructure: non_iterative_popcount, in assembly",
		"Counts with popcount/swar's SWAR sums and 32-bit fold in assembly, the masks loaded once per batch: the technique without the Go compiler's code"),
		popcountSWARThroughput, popcountSWARLatency)
	kernels.Popcount.Register(withTables(info("table8-asm", "[heinz-darkthought]: the lookup-table method it weighs against SWAR, in assembly",
		"Adds eight lookups of a 256-entry byte-count table in assembly: in the throughput loop the low four bytes shifted out of a register and the high four loaded one by one, in the latency chain all eight shifted out; the technique without the Go compiler's code"), &count8),
		popcountTable8Throughput, popcountTable8Latency)
	kernels.Popcount.Register(simdBatch(info("avx2-pshufb", "Wojciech Mula, Kurz, Lemire: Faster Population Counts Using AVX2 Instructions (2016), the PSHUFB lookup",
		"Counts nibbles with a VPSHUFB lookup and sums each bitboard's bytes with VPSADBW, sixteen bitboards at a time", kernels.AVX2, kernels.POPCNT)),
		popcountAVX2, nil)
	vpopcnt := "Intel AVX-512 VPOPCNTDQ (VPOPCNTQ); Mula's sse-popcount avx512-vpopcnt"
	kernels.Popcount.Register(simdBatch(info("avx512-vpopcnt", vpopcnt,
		"Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with shifts, VPTERNLOGQ and one VPERMB (the packing written for Intel Cypress Cove)",
		kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VPOPCNTDQ, kernels.AVX512VBMI, kernels.BMI2)), popcountAVX512, nil)
	kernels.Popcount.Register(simdBatch(info("avx512-vpopcnt-tree", vpopcnt,
		"Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with a tree of seven VPERMT2B (the faster packing on Zen 5)",
		kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VPOPCNTDQ, kernels.AVX512VBMI, kernels.BMI2)), popcountAVX512Tree, nil)

	kernels.BitscanForward.Register(info("bsf", serial+"; BSF", "Scans with BSF, a CMOV giving 64 for the empty set"),
		adapt.Squares(bsfThroughput), adapt.SquareChain(bsfLatency))
	kernels.BitscanForward.Register(info("tzcnt", intel+": TZCNT (BMI1)", "Scans with TZCNT, which gives 64 for the empty set itself", kernels.BMI1),
		adapt.Squares(tzcntThroughput), adapt.SquareChain(tzcntLatency))
	kernels.BitscanReverse.Register(info("bsr", "[cpw-serialization], Scanning Reverse; BSR", "Scans with BSR, a CMOV giving 64 for the empty set"),
		adapt.Squares(bsrThroughput), adapt.SquareChain(bsrLatency))
	kernels.BitscanReverse.Register(info("lzcnt", intel+": LZCNT (ABM)", "Scans as 63 - LZCNT, a CMOV giving 64 for the empty set", kernels.LZCNT),
		adapt.Squares(lzcntThroughput), adapt.SquareChain(lzcntLatency))

	kernels.LS1BReset.Register(info("btr", serial, "Finds the least significant one-bit with BSF and resets it with BTR"), btrThroughput, btrLatency)
	kernels.LS1BReset.Register(info("blsr", intel+": BLSR (BMI1)", "Resets the least significant one-bit with one BLSR", kernels.BMI1), blsrThroughput, blsrLatency)

	kernels.Serialize.Register(info("bsf-btr", serial+"; the std/stosw store is a MOVB and an INCQ, since Go's ABI requires the direction flag clear",
		"Loops BSF, BTR, store a byte, BSF, JNZ, the source's loop shape"),
		func(dst []board.Square, src []uint64) int { return serializeBsfBtr(adapt.Bytes(dst), src) }, nil)
	kernels.Serialize.Register(info("tzcnt-blsr", intel+": TZCNT and BLSR (BMI1); Lemire's basic bitset decoder",
		"Loops TZCNT, store, BLSR, whose zero flag ends the loop", kernels.BMI1),
		func(dst []board.Square, src []uint64) int { return serializeTzcntBlsr(adapt.Bytes(dst), src) }, nil)
	kernels.Serialize.Register(info("tzcnt-unrolled", "[lemire-simdjson] simdjson's bit-set decoder (flatten_bits), in assembly; TZCNT and BLSR (BMI1)",
		"Writes eight indices per bitboard with no test between them (TZCNT, store, BLSR), eight more above a count of eight, loops for the rest, advances by POPCNT",
		kernels.BMI1, kernels.POPCNT),
		func(dst []board.Square, src []uint64) int { return serializeTzcntUnrolled(adapt.Bytes(dst), src) }, nil)
	kernels.Serialize.Register(perQuery(info("avx512-vbmi2", "Daniel Lemire: VPCOMPRESSB bitset decoding (AVX-512 VBMI2), as in simdjson",
		"Compresses the bytes 0..63 under the bitboard as an opmask with VPCOMPRESSB, stores 64 bytes, advances by POPCNT",
		kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2, kernels.POPCNT)),
		func(dst []board.Square, src []uint64) int { return serializeVBMI2(adapt.Bytes(dst), src) }, nil)

	kernels.MoveList.Register(info("bsf-btr", serial+": the source's whole assembly loop, from-square aspect and 16-bit store",
		"Loops BSF, BTR, OR of the from-square aspect, 16-bit store, BSF, JNZ"),
		func(dst []kernels.Move, src []kernels.Targets) int {
			if len(src) == 0 {
				return 0
			}
			return movelistBsfBtr((*uint16)(&dst[0]), &src[0].BB, len(src))
		}, nil)

	kernels.BitReverse.Register(info("bswap-swar", "[mack-hyperbola], Ryan Mack, The Hyperbola Project: How can the reverse bitboards be converted back to normal?",
		"Swaps bits, pairs and nibbles with SWAR masks, then BSWAP"), bitReverseThroughput, bitReverseLatency)
	kernels.BitReverse.Register(simdBatch(info("gfni", "Intel GFNI: GF2P8AFFINEQB with the bit-reversal matrix 0x8040201008040201 (Wojciech Mula, Geoff Langdale)",
		"Reverses eight bitboards at a time: GF2P8AFFINEQB reverses each byte, VPSHUFB each quadword's bytes",
		kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI)), bitReverseGFNI, bitReverseGFNILatency)

	kernels.Sliding.Register(withTables(info("hyperbola-bswap-asm", hyper+"; SHLX/SHRX (BMI2) for the variable shifts",
		"Hyperbola Quintessence in assembly: BSWAP for files and diagonals, the first-rank table for ranks", kernels.BMI2), &hq),
		adapt.SliderThroughput(hyperbolaBswapThroughput, &hq), adapt.SliderLatency(hyperbolaBswapLatency, &hq))
	kernels.Sliding.Register(withTables(info("hyperbola-gfni", "[mack-hyperbola], Ryan Mack's reversed bitboards, with GFNI hardware bit reversal",
		"Hyperbola Quintessence on all four lines at once in a YMM register, full bit reversal by GF2P8AFFINEQB and VPSHUFB, ranks included",
		kernels.AVX2, kernels.AVX512GFNI), &gf),
		adapt.SliderThroughput(hyperbolaGFNIThroughput, &gf), adapt.SliderLatency(hyperbolaGFNILatency, &gf))
	kernels.Sliding.Register(withTables(simdBatch(info("hyperbola-gfni-zmm", "[isenberg-hq] Hyperbola Quintessence on [mack-hyperbola]'s reversed bitboards, reversed by GFNI (GF2P8AFFINEQB with the bit-reversal matrix 0x8040201008040201) and VPSHUFB",
		"Hyperbola Quintessence on eight queries at once, one per ZMM quadword: full lines by VPERMQ and VPERMI2Q of the squares, the occupancy reversed, the four lines' reversed parts XORed and reversed once, lines chosen by opmask",
		kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI)), &zmm),
		adapt.SliderThroughput(hyperbolaZMMThroughput, &zmm), adapt.SliderLatency(hyperbolaZMMLatency, &zmm))
	kernels.Sliding.Register(withTables(perQuery(info("pext", "BMI2 PEXT bitboards (Chess Programming Wiki, BMI2: PEXT Bitboards; Zach Wegner)",
		"Looks attacks up at PEXT(occupancy, relevant mask) in per-square, per-slider tables: both lines of every query, a missing line's mask 0, no branch", kernels.BMI2)), &pext),
		adapt.SliderThroughput(slidingPextThroughput, &pext), adapt.SliderLatency(slidingPextLatency, &pext))
	kernels.Sliding.Register(withTables(perQuery(info("magic-fancy-asm", "[cpw-magic], Fancy Magic Bitboards, in assembly; SHRX (BMI2) for the per-square shift",
		"Fancy magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch", kernels.BMI2)), &fancy, &magic.FancyAttacks),
		adapt.SliderThroughput(slidingFancyThroughput, &fancy), adapt.SliderLatency(slidingFancyLatency, &fancy))
	kernels.Sliding.Register(withTables(perQuery(info("magic-black-asm", "[cpw-magic], Black Magic Bitboards, in assembly",
		"Black magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch")), &black, &magic.BlackAttacks),
		adapt.SliderThroughput(slidingBlackThroughput, &black), adapt.SliderLatency(slidingBlackLatency, &black))

	kernels.Quad2Hex.Register(info("sse2", quadSrc+": quad2hexBB", "The source's SSE2 sequence: PCMPEQB, POR, PAND, PXOR, PUNPCKLQDQ, PUNPCKHQDQ"),
		adapt.Quad[qbb.QBB](func(dst *kernels.Hex, src *uint64, n int) { quad2hexSSE2(&dst[0], src, n) }), nil)
	kernels.Quad2Hex.Register(info("avx2", quadSrc+", with the four bitboards in one YMM register as the source suggests",
		"The products of bb0/bb1 and bb2/bb3 and their complements as two YMM vectors, ANDed by broadcasts", kernels.AVX2),
		adapt.Quad[qbb.QBB](func(dst *kernels.Hex, src *uint64, n int) { quad2hexAVX2(&dst[0], src, n) }), nil)
	kernels.Quad2Board.Register(info("sse2", quadSrc+": quadBB2Board", "The source's SSE2 sequence: masks, shifts and byte, word and dword unpacks"),
		adapt.Quad[qbb.QBB](func(dst *kernels.Mailbox, src *uint64, n int) { quad2boardSSE2((*byte)(&dst[0]), src, n) }), nil)
	kernels.QuadFill.Register(info("avx2", "[cpw-quad], As Sliding Piece Generators: nortOccl on a quad-bitboard in one YMM register",
		"Kogge-Stone occluded fills in all eight directions on the four bitboards at once with AVX2 shifts", kernels.AVX2),
		adapt.Quad[kernels.Fill](func(dst *qbb.QBB, src *uint64, n int) { quadFillAVX2(&dst[0], src, n) }), nil)
}
