// Hand-written: avo v0.5.0 lacks GF2P8AFFINEQB. Declared in handwritten_amd64.go.
// Every TEXT symbol has the "// Requires:" line avo writes, listing the
// instruction sets it executes in avo's names (checked against the
// registrations' features by TestRequires).

#include "textflag.h"

// The GF(2) affine matrix that reverses the bits of every byte.
DATA bitRev<>+0(SB)/8, $0x8040201008040201
GLOBL bitRev<>(SB), RODATA|NOPTR, $8

// PSHUFB indices that reverse the bytes of every quadword (lane-relative).
DATA qwordRev<>+0(SB)/8, $0x0001020304050607
DATA qwordRev<>+8(SB)/8, $0x08090a0b0c0d0e0f
DATA qwordRev<>+16(SB)/8, $0x0001020304050607
DATA qwordRev<>+24(SB)/8, $0x08090a0b0c0d0e0f
DATA qwordRev<>+32(SB)/8, $0x0001020304050607
DATA qwordRev<>+40(SB)/8, $0x08090a0b0c0d0e0f
DATA qwordRev<>+48(SB)/8, $0x0001020304050607
DATA qwordRev<>+56(SB)/8, $0x08090a0b0c0d0e0f
GLOBL qwordRev<>(SB), RODATA|NOPTR, $64

// func bitReverseGFNI(dst []uint64, src []uint64) int
// Eight bitboards per iteration: GF2P8AFFINEQB reverses the bits of every
// byte, VPSHUFB reverses the bytes of every quadword; the tail runs under
// a mask.
// Requires: AVX, AVX512BW, AVX512F, GFNI
TEXT ·bitReverseGFNI(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ CX, ret+48(FP)
	VPBROADCASTQ bitRev<>(SB), Z2
	VMOVDQU64 qwordRev<>(SB), Z3

eight:
	CMPQ CX, $8
	JL tail
	VMOVDQU64 (SI), Z0
	VGF2P8AFFINEQB $0, Z2, Z0, Z0
	VPSHUFB Z3, Z0, Z0
	VMOVDQU64 Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JMP eight

tail:
	TESTQ CX, CX
	JZ done
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVDQU64.Z (SI), K1, Z0
	VGF2P8AFFINEQB $0, Z2, Z0, Z0
	VPSHUFB Z3, Z0, Z0
	VMOVDQU64 Z0, K1, (DI)

done:
	VZEROUPPER
	RET

// func bitReverseGFNILatency(src []uint64) uint64
// The dependent chain y = reverse(x ^ y), each step through an XMM register.
// Requires: AVX, AVX2, GFNI
TEXT ·bitReverseGFNILatency(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	VPBROADCASTQ bitRev<>(SB), X2
	VMOVDQU qwordRev<>(SB), X3
	XORQ AX, AX
	TESTQ CX, CX
	JZ chainDone

chain:
	XORQ (SI), AX
	VMOVQ AX, X0
	VGF2P8AFFINEQB $0, X2, X0, X0
	VPSHUFB X3, X0, X0
	VMOVQ X0, AX
	ADDQ $8, SI
	DECQ CX
	JNZ chain

chainDone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// HQGFNI computes the attacks of one query with Hyperbola Quintessence on
// all four lines at once: Y0 holds the square's line masks [file, rank,
// diagonal, anti-diagonal] ANDed with the slider's line selection, Y1 the
// occupancy under them; the full bit reversal (GF2P8AFFINEQB plus a byte
// swap) replaces bswap and the first-rank table, ranks included: Ryan
// Mack's reversed bitboards with hardware reversal.
// In: AX occupancy, BX square, DX slider lines, R8 tables, Y10/Y11 the
// reversal constants. Out: AX attacks. Clobbers BX, CX, DX, R9, Y0-Y4.
#define HQGFNI \
	MOVQ BX, CX \
	SHLQ $5, BX \
	SHLQ $5, DX \
	VMOVDQU (R8)(BX*1), Y0 \
	VPAND 2048(R8)(DX*1), Y0, Y0 \
	VMOVQ AX, X1 \
	VPBROADCASTQ X1, Y1 \
	VPAND Y0, Y1, Y1 \
	MOVL $1, R9 \
	SHLQ CX, R9 \
	VMOVQ R9, X2 \
	VPBROADCASTQ X2, Y2 \
	NOTL CX \
	ANDL $63, CX \
	MOVL $1, R9 \
	SHLQ CX, R9 \
	VMOVQ R9, X4 \
	VPBROADCASTQ X4, Y4 \
	VGF2P8AFFINEQB $0, Y10, Y1, Y3 \
	VPSHUFB Y11, Y3, Y3 \
	VPSUBQ Y2, Y1, Y1 \
	VPSUBQ Y4, Y3, Y3 \
	VGF2P8AFFINEQB $0, Y10, Y3, Y3 \
	VPSHUFB Y11, Y3, Y3 \
	VPXOR Y3, Y1, Y1 \
	VPAND Y0, Y1, Y1 \
	VEXTRACTI128 $1, Y1, X3 \
	VPOR X3, X1, X1 \
	VPSHUFD $0x4e, X1, X3 \
	VPOR X3, X1, X1 \
	VMOVQ X1, AX

// func hyperbolaGFNIThroughput(dst *uint64, src *uint64, n int, t *byte) int
// src points to kernels.Query (16 bytes: occupancy, square, lines); t to
// the gfniTables.
// Requires: AVX, AVX2, GFNI
TEXT ·hyperbolaGFNIThroughput(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), R10
	MOVQ t+24(FP), R8
	MOVQ R10, ret+32(FP)
	VPBROADCASTQ bitRev<>(SB), Y10
	VMOVDQU qwordRev<>(SB), Y11
	TESTQ R10, R10
	JZ tpDone

tpLoop:
	MOVQ (SI), AX
	MOVBQZX 8(SI), BX
	MOVBQZX 9(SI), DX
	HQGFNI
	MOVQ AX, (DI)
	ADDQ $8, DI
	ADDQ $16, SI
	DECQ R10
	JNZ tpLoop

tpDone:
	VZEROUPPER
	RET

// func hyperbolaGFNILatency(src *uint64, n int, t *byte) uint64
// The chain of kernels.NextQuery: each query's occupancy XOR the previous
// attacks.
// Requires: AVX, AVX2, GFNI
TEXT ·hyperbolaGFNILatency(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), R10
	MOVQ t+16(FP), R8
	VPBROADCASTQ bitRev<>(SB), Y10
	VMOVDQU qwordRev<>(SB), Y11
	XORQ R11, R11
	TESTQ R10, R10
	JZ latDone

latLoop:
	MOVQ (SI), AX
	XORQ R11, AX
	MOVBQZX 8(SI), BX
	MOVBQZX 9(SI), DX
	HQGFNI
	MOVQ AX, R11
	ADDQ $16, SI
	DECQ R10
	JNZ latLoop

latDone:
	MOVQ R11, ret+24(FP)
	VZEROUPPER
	RET
