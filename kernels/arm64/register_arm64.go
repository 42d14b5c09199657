package arm64

import (
	"unsafe"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/kernels/internal/adapt"
)

// lines holds each square's four line masks, each without the square
// itself, in the order the hyperbola kernels load them: file, rank,
// diagonal, anti-diagonal (32 bytes a square).
var lines [64][4]uint64

func info(impl, source, doc string) kernels.Info {
	return kernels.Info{Impl: impl, Arch: kernels.ARM64, Source: source, Doc: doc}
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
	hyperbola := info("hyperbola-rbit", "[mack-hyperbola], Ryan Mack's reversed bitboards for all four lines, ranks included, with RBIT as the reversal",
		"Hyperbola Quintessence on the file, rank and both diagonals with RBIT, each line's mask kept or cleared by the slider kind, no branch")
	hyperbola.Tables = int(unsafe.Sizeof(lines))
	kernels.Sliding.Register(hyperbola, adapt.SliderThroughput(hyperbolaRbitThroughput, &lines), adapt.SliderLatency(hyperbolaRbitLatency, &lines))
}
