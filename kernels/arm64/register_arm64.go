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

// The sources several kernels cite.
const (
	arm     = "[arm-arm]"
	quadSrc = "[cpw-quad], SSE2 Conversions"
)

// The one place where the arm64 kernels meet package kernels: each
// kernel's Info, declared whole, as internal/asm writes amd64's. The
// adapters of package adapt convert slice types and run once per batch,
// never per element.
func init() {
	for s := range board.Square(64) {
		lines[s] = [4]uint64{board.FileMasks()[s], board.RankMasks()[s], board.DiagonalMasks()[s], board.AntiDiagonalMasks()[s]}
	}
	kernels.Popcount().Register(kernels.Info{Impl: "cnt", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: arm + ": CNT and UADDLV (Advanced SIMD), the hardware form of [heinz-darkthought]'s population count",
		Doc:    "Moves the bitboard into a NEON register, counts each byte's bits with CNT and adds the eight counts with UADDLV",
	}, popcountCntThroughput, popcountCntLatency)
	kernels.Popcount().Register(kernels.Info{Impl: "cnt-vector", Arch: kernels.ARM64, Usage: kernels.SIMDBatch,
		Source: arm + ": CNT on whole Q registers, the NEON form of [mula-popcount]'s vector counts",
		Doc:    "Counts sixteen bitboards per iteration: CNT on eight Q registers, a tree of pairwise byte additions (ADDP) to sixteen counts in one register",
	}, popcountCntVector, nil)
	kernels.BitscanForward().Register(kernels.Info{Impl: "rbit-clz", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: arm + ": RBIT and CLZ; arm64 has no count of trailing zeros before ARMv8.9's CTZ",
		Doc:    "Reverses the bits with RBIT and counts leading zeros with CLZ, which gives 64 for the empty set",
	}, adapt.Squares(bitscanRbitClzThroughput), adapt.SquareChain(bitscanRbitClzLatency))
	kernels.BitscanReverse().Register(kernels.Info{Impl: "clz", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: arm + ": CLZ",
		Doc:    "Scans as 63 - CLZ, a CSEL giving 64 for the empty set",
	}, adapt.Squares(bitscanClzThroughput), adapt.SquareChain(bitscanClzLatency))
	kernels.LS1BReset().Register(kernels.Info{Impl: "sub-and", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: "[cpw-serialization], x & (x - 1), in arm64 assembly",
		Doc:    "Resets the least significant one-bit with SUB and AND (arm64 has no BLSR)",
	}, ls1bResetThroughput, ls1bResetLatency)
	kernels.Serialize().Register(kernels.Info{Impl: "rbit-clz", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: "[cpw-serialization], the scan-and-reset loop with RBIT and CLZ as the forward scan",
		Doc:    "Loops RBIT, CLZ, store a byte, SUB and ANDS, whose zero flag ends the loop",
	}, func(dst []board.Square, src []uint64) int { return serializeRbitClz(adapt.Bytes(dst), src) }, nil)
	kernels.BitReverse().Register(kernels.Info{Impl: "rbit", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: arm + ": RBIT, the one-instruction bit reversal [mack-hyperbola]'s reversed bitboards need",
		Doc:    "Reverses the bitboard with one RBIT",
	}, bitReverseRbitThroughput, bitReverseRbitLatency)
	kernels.Quad2Hex().Register(kernels.Info{Impl: "neon", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: quadSrc + ": quad2hexBB translated to NEON instruction for instruction",
		Doc:    "The source's SSE2 sequence in NEON: MOVI for PCMPEQB's all-ones, ORR, AND, EOR, ZIP1 and DUP for the quadword unpacks",
	}, adapt.Quad[qbb.QBB](func(dst *kernels.Hex, src *uint64, n int) { quad2hexNEON(dst, src, n) }), nil)
	kernels.Quad2Board().Register(kernels.Info{Impl: "neon", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: quadSrc + ": quadBB2Board translated to NEON instruction for instruction",
		Doc:    "The source's SSE2 sequence in NEON: masks, SHL and USHR, DUP for the quadword unpacks, ZIP1 and ZIP2 for the byte, word and dword unpacks",
	}, adapt.Quad[qbb.QBB](func(dst *kernels.Mailbox, src *uint64, n int) { quad2boardNEON(dst, src, n) }), nil)
	kernels.QuadFill().Register(kernels.Info{Impl: "neon", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: "[cpw-quad], As Sliding Piece Generators: nortOccl on a quad-bitboard in two Q registers",
		Doc:    "Kogge-Stone occluded fills in all eight directions on the four bitboards at once, each rotation a SHL and an SRI",
	}, adapt.Quad[kernels.Fill](func(dst *qbb.QBB, src *uint64, n int) { quadFillNEON(dst, src, n) }), nil)
	kernels.Sliding().Register(kernels.Info{Impl: "hyperbola-rbit", Arch: kernels.ARM64, Usage: kernels.LoopOnly,
		Source: "[mack-hyperbola], Ryan Mack's reversed bitboards for all four lines, ranks included, with RBIT as the reversal",
		Doc:    "Hyperbola Quintessence on the file, rank and both diagonals with RBIT, each line's mask kept or cleared by the slider kind, no branch",
		Tables: kernels.TableBytes(&lines),
	}, adapt.SliderThroughput(hyperbolaRbitThroughput, &lines), adapt.SliderLatency(hyperbolaRbitLatency, &lines))
}
