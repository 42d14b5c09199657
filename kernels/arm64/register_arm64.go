package arm64

import (
	"bitlab/board"
	"bitlab/kernels"
	"bitlab/kernels/internal/adapt"
	"bitlab/qbb"
)

// lines holds each square's four line masks, each without the square
// itself, in the order the hyperbola kernels load them: file, rank,
// diagonal, anti-diagonal (32 bytes a square).
var lines [64][4]uint64

func info(impl, source, doc string) kernels.Info {
	return kernels.Info{Impl: impl, Arch: kernels.ARM64, Usage: kernels.LoopOnly, Source: source, Doc: doc}
}

// simdBatch declares an implementation that answers several queries at
// once, one per SIMD lane; the others run whole batches only.
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

// The one place where the arm64 kernels meet package kernels.
func init() {
	for s := range board.Square(64) {
		lines[s] = [4]uint64{board.FileMask[s], board.RankMask[s], board.DiagonalMask[s], board.AntiDiagonalMask[s]}
	}
	const arm = "[arm-arm]"
	kernels.Popcount.Register(info("cnt", arm+": CNT and UADDLV (Advanced SIMD), the hardware form of [heinz-darkthought]'s population count",
		"Moves the bitboard into a NEON register, counts each byte's bits with CNT and adds the eight counts with UADDLV"),
		popcountCntThroughput, popcountCntLatency)
	kernels.Popcount.Register(simdBatch(info("cnt-vector", arm+": CNT on whole Q registers, the NEON form of [mula-popcount]'s vector counts",
		"Counts sixteen bitboards per iteration: CNT on eight Q registers, a tree of pairwise byte additions (ADDP) to sixteen counts in one register")),
		popcountCntVector, nil)
	kernels.BitscanForward.Register(info("rbit-clz", arm+": RBIT and CLZ; arm64 has no count of trailing zeros before ARMv8.9's CTZ",
		"Reverses the bits with RBIT and counts leading zeros with CLZ, which gives 64 for the empty set"),
		adapt.Squares(bitscanRbitClzThroughput), adapt.SquareChain(bitscanRbitClzLatency))
	kernels.BitscanReverse.Register(info("clz", arm+": CLZ",
		"Scans as 63 - CLZ, a CSEL giving 64 for the empty set"),
		adapt.Squares(bitscanClzThroughput), adapt.SquareChain(bitscanClzLatency))
	kernels.LS1BReset.Register(info("sub-and", "[cpw-serialization], x & (x - 1), in arm64 assembly",
		"Resets the least significant one-bit with SUB and AND (arm64 has no BLSR)"),
		ls1bResetThroughput, ls1bResetLatency)
	kernels.Serialize.Register(info("rbit-clz", "[cpw-serialization], the scan-and-reset loop with RBIT and CLZ as the forward scan",
		"Loops RBIT, CLZ, store a byte, SUB and ANDS, whose zero flag ends the loop"),
		func(dst []board.Square, src []uint64) int { return serializeRbitClz(adapt.Bytes(dst), src) }, nil)
	kernels.BitReverse.Register(info("rbit", arm+": RBIT, the one-instruction bit reversal [mack-hyperbola]'s reversed bitboards need",
		"Reverses the bitboard with one RBIT"),
		bitReverseRbitThroughput, bitReverseRbitLatency)
	const quadSrc = "[cpw-quad], SSE2 Conversions"
	kernels.Quad2Hex.Register(info("neon", quadSrc+": quad2hexBB translated to NEON instruction for instruction",
		"The source's SSE2 sequence in NEON: MOVI for PCMPEQB's all-ones, ORR, AND, EOR, ZIP1 and DUP for the quadword unpacks"),
		adapt.Quad[qbb.QBB](func(dst *kernels.Hex, src *uint64, n int) { quad2hexNEON(dst, src, n) }), nil)
	kernels.Quad2Board.Register(info("neon", quadSrc+": quadBB2Board translated to NEON instruction for instruction",
		"The source's SSE2 sequence in NEON: masks, SHL and USHR, DUP for the quadword unpacks, ZIP1 and ZIP2 for the byte, word and dword unpacks"),
		adapt.Quad[qbb.QBB](func(dst *kernels.Mailbox, src *uint64, n int) { quad2boardNEON(dst, src, n) }), nil)
	kernels.QuadFill.Register(info("neon", "[cpw-quad], As Sliding Piece Generators: nortOccl on a quad-bitboard in two Q registers",
		"Kogge-Stone occluded fills in all eight directions on the four bitboards at once, each rotation a SHL and an SRI"),
		adapt.Quad[kernels.Fill](func(dst *qbb.QBB, src *uint64, n int) { quadFillNEON(dst, src, n) }), nil)
	kernels.Sliding.Register(withTables(info("hyperbola-rbit", "[mack-hyperbola], Ryan Mack's reversed bitboards for all four lines, ranks included, with RBIT as the reversal",
		"Hyperbola Quintessence on the file, rank and both diagonals with RBIT, each line's mask kept or cleared by the slider kind, no branch"), &lines),
		adapt.SliderThroughput(hyperbolaRbitThroughput, &lines), adapt.SliderLatency(hyperbolaRbitLatency, &lines))
}
