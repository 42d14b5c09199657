// Hand-written: avo v0.5.0 lacks VPCOMPRESSB. Declared in handwritten_amd64.go.
// Every TEXT symbol has the "// Requires:" line avo writes, listing the
// instruction sets it executes in avo's names (checked against the
// registrations' features by TestRequires).

#include "textflag.h"

// iota holds the bytes 0..63: compressed under a bitboard's mask they are
// its square indices in ascending order.
DATA iota<>+0(SB)/8, $0x0706050403020100
DATA iota<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA iota<>+16(SB)/8, $0x1716151413121110
DATA iota<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA iota<>+32(SB)/8, $0x2726252423222120
DATA iota<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA iota<>+48(SB)/8, $0x3736353433323130
DATA iota<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL iota<>(SB), RODATA|NOPTR, $64

// func serializeVBMI2(dst []byte, src []uint64) int
// For every bitboard: the bitboard as a 64-bit opmask compresses the bytes
// 0..63 to the list of its one-bits (VPCOMPRESSB, AVX-512 VBMI2), stored 64
// bytes at a time; POPCNT advances the output by the list's length.
// Lemire's VPCOMPRESSB bitset decoder, one bitboard per iteration. The
// compress merges into its destination, so Z0 is zeroed first (VPXORD, a
// zeroing idiom): without it every compress waits for the previous one
// (Zen 4 and 5 also treat the destination of the zeroing form as an input).
// Requires: AVX, AVX512BW, AVX512F, AVX512VBMI2, POPCNT
TEXT ·serializeVBMI2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ DI, DX
	VMOVDQU64 iota<>(SB), Z1
	TESTQ CX, CX
	JZ done

loop:
	MOVQ (SI), AX
	KMOVQ AX, K1
	POPCNTQ AX, BX
	VPXORD Z0, Z0, Z0
	VPCOMPRESSB Z1, K1, Z0
	VMOVDQU8 Z0, (DI)
	ADDQ BX, DI
	ADDQ $8, SI
	DECQ CX
	JNZ loop

done:
	SUBQ DX, DI
	MOVQ DI, ret+48(FP)
	VZEROUPPER
	RET
