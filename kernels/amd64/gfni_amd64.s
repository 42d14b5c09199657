// Hand-written: avo v0.5.0 lacks GF2P8AFFINEQB. Declared in handwritten_amd64.go.
// Every TEXT symbol has the "// Requires:" line avo writes, listing the
// instruction sets it executes in avo's names (checked against the
// registrations' features by TestRequires).

#include "textflag.h"
#include "go_asm.h"

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

// VPERMT2Q indices that gather the first and the second quadwords of eight
// 16-byte kernels.Query values held in two ZMM registers: the occupancies
// and the words of square and slider lines.
DATA evenQwords<>+0(SB)/8, $0
DATA evenQwords<>+8(SB)/8, $2
DATA evenQwords<>+16(SB)/8, $4
DATA evenQwords<>+24(SB)/8, $6
DATA evenQwords<>+32(SB)/8, $8
DATA evenQwords<>+40(SB)/8, $10
DATA evenQwords<>+48(SB)/8, $12
DATA evenQwords<>+56(SB)/8, $14
GLOBL evenQwords<>(SB), RODATA|NOPTR, $64
DATA oddQwords<>+0(SB)/8, $1
DATA oddQwords<>+8(SB)/8, $3
DATA oddQwords<>+16(SB)/8, $5
DATA oddQwords<>+24(SB)/8, $7
DATA oddQwords<>+32(SB)/8, $9
DATA oddQwords<>+40(SB)/8, $11
DATA oddQwords<>+48(SB)/8, $13
DATA oddQwords<>+56(SB)/8, $15
GLOBL oddQwords<>(SB), RODATA|NOPTR, $64

// HQZMMCONSTS loads what HQZMM keeps in registers: the reversal constants
// (Z31, Z30), the line tables of zmmTables at R8 (Z22-Z29), the Piece bits
// of the two kinds of line (Z19 orthogonal, Z18 diagonal), and the
// broadcasts of 7 and 14 (Z21, Z20). Clobbers AX.
#define HQZMMCONSTS \
	VPBROADCASTQ bitRev<>(SB), Z31 \
	VMOVDQU64 qwordRev<>(SB), Z30 \
	VMOVDQU64 zmmTables_file(R8), Z29 \
	VMOVDQU64 zmmTables_rank(R8), Z28 \
	VMOVDQU64 zmmTables_fileRev(R8), Z27 \
	VMOVDQU64 zmmTables_rankRev(R8), Z26 \
	VMOVDQU64 zmmTables_diag(R8), Z25 \
	VMOVDQU64 (zmmTables_diag+64)(R8), Z24 \
	VMOVDQU64 zmmTables_anti(R8), Z23 \
	VMOVDQU64 (zmmTables_anti+64)(R8), Z22 \
	MOVL $7, AX \
	VPBROADCASTQ AX, Z21 \
	MOVL $14, AX \
	VPBROADCASTQ AX, Z20 \
	VPBROADCASTQ zmmTables_orth(R8), Z19 \
	VPBROADCASTQ zmmTables_diagonal(R8), Z18

// HQZMM computes the attacks of eight queries, one per quadword lane, with
// Hyperbola Quintessence ([isenberg-hq]) on Ryan Mack's reversed bitboards
// ([mack-hyperbola]), reversed by GF2P8AFFINEQB and VPSHUFB. A lane's
// square s (file f, rank r) indexes its full lines m (s included) by VPERMQ
// (file, rank) and VPERMI2Q (diagonal, anti-diagonal), and the lines rm of
// square 63-s, which are the reversed m. With o = occupancy &^ s, each line
// gives the attacks (o&m - s)&m ^ rev((rev(o)&rm - rev(s))&rm), whose two
// bits on s cancel; the lines' attack sets are disjoint, so they are XORed:
// the forward parts into Z14, the reversed parts into Z15, which is
// reversed once. The Piece bits select the lines by opmask (K1, K2).
// Square and line bits are read from the low bits of the second
// quadword: VPERMQ reads three bits of its index, VPERMI2Q four, and the
// index arithmetic is exact in the low four bits whatever the bits above.
// In: Z0 occupancies, Z1 second quadwords, the registers of HQZMMCONSTS.
// Out: Z0 attacks. Clobbers Z1-Z15, K1, K2.
#define HQZMM \
	VPTESTMQ Z19, Z1, K1 \
	VPTESTMQ Z18, Z1, K2 \
	VPSRLQ $3, Z1, Z2 \
	VPANDQ Z21, Z1, Z3 \
	VPERMQ Z29, Z1, Z4 \
	VPERMQ Z27, Z1, Z5 \
	VPERMQ Z28, Z2, Z6 \
	VPERMQ Z26, Z2, Z7 \
	VPSUBQ Z2, Z3, Z8 \
	VPSUBQ Z3, Z2, Z9 \
	VPADDQ Z2, Z3, Z10 \
	VPSUBQ Z10, Z20, Z11 \
	VPERMI2Q Z24, Z25, Z8 \
	VPERMI2Q Z24, Z25, Z9 \
	VPERMI2Q Z22, Z23, Z10 \
	VPERMI2Q Z22, Z23, Z11 \
	VPANDQ Z4, Z6, Z1 \
	VPANDQ Z5, Z7, Z2 \
	VPANDNQ Z0, Z1, Z0 \
	VGF2P8AFFINEQB $0, Z31, Z0, Z3 \
	VPSHUFB Z30, Z3, Z3 \
	VPANDQ Z0, Z4, Z12 \
	VPSUBQ Z1, Z12, Z12 \
	VPANDQ.Z Z4, Z12, K1, Z14 \
	VPANDQ Z3, Z5, Z13 \
	VPSUBQ Z2, Z13, Z13 \
	VPANDQ.Z Z5, Z13, K1, Z15 \
	HQZMMLINE(Z6, Z7, K1) \
	HQZMMLINE(Z8, Z9, K2) \
	HQZMMLINE(Z10, Z11, K2) \
	VGF2P8AFFINEQB $0, Z31, Z15, Z15 \
	VPSHUFB Z30, Z15, Z15 \
	VPXORQ Z14, Z15, Z0

// HQZMMLINE XORs one more line's parts into Z14 and Z15 in the lanes of
// opmask k: m the line, rm the reversed line. In: Z0 occupancy &^ s, Z1 s,
// Z2 rev(s), Z3 rev(Z0). Clobbers Z12, Z13.
#define HQZMMLINE(m, rm, k) \
	VPANDQ Z0, m, Z12 \
	VPSUBQ Z1, Z12, Z12 \
	VPTERNLOGQ $0x78, m, Z12, k, Z14 \
	VPANDQ Z3, rm, Z13 \
	VPSUBQ Z2, Z13, Z13 \
	VPTERNLOGQ $0x78, rm, Z13, k, Z15

// func hyperbolaZMMThroughput(dst *uint64, src *uint64, n int, t *byte) int
// Eight queries per iteration by HQZMM: src points to kernels.Query (16
// bytes: occupancy, square, lines), t to the zmmTables. Two VPERMT2Q split
// eight queries into occupancies and second quadwords; the last n%8 are
// loaded and stored under opmasks.
// Requires: AVX, AVX512BW, AVX512F, GFNI
TEXT ·hyperbolaZMMThroughput(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), R8
	MOVQ CX, ret+32(FP)
	HQZMMCONSTS
	VMOVDQU64 evenQwords<>(SB), Z17
	VMOVDQU64 oddQwords<>(SB), Z16
	SUBQ $8, CX
	JL zmmTail

zmmEight:
	VMOVDQU64 (SI), Z0
	VMOVDQA64 Z0, Z1
	VPERMT2Q 64(SI), Z17, Z0
	VPERMT2Q 64(SI), Z16, Z1
	HQZMM
	VMOVDQU64 Z0, (DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JGE zmmEight

zmmTail:
	ADDQ $8, CX
	JZ zmmDone
	MOVL $1, AX
	SHLL CX, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K4
	KSHIFTRW $8, K4, K5
	SHRL CX, AX
	KMOVW AX, K3
	VMOVDQU64.Z (SI), K4, Z0
	VMOVDQU64.Z 64(SI), K5, Z2
	VMOVDQA64 Z0, Z1
	VPERMT2Q Z2, Z17, Z0
	VPERMT2Q Z2, Z16, Z1
	HQZMM
	VMOVDQU64 Z0, K3, (DI)

zmmDone:
	VZEROUPPER
	RET

// func hyperbolaZMMLatency(src *uint64, n int, t *byte) uint64
// The chain of kernels.NextQuery by HQZMM in lane 0 (the other lanes hold
// square 0 with no lines, so their attacks are 0): each query's occupancy
// XOR the previous attacks, which stay in Z0.
// Requires: AVX, AVX512BW, AVX512F, GFNI
TEXT ·hyperbolaZMMLatency(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ t+16(FP), R8
	HQZMMCONSTS
	VPXORQ Z0, Z0, Z0
	TESTQ CX, CX
	JZ zmmLatDone

zmmLatLoop:
	VMOVQ (SI), X2
	VPXORQ Z2, Z0, Z0
	VMOVQ 8(SI), X1
	HQZMM
	ADDQ $16, SI
	DECQ CX
	JNZ zmmLatLoop

zmmLatDone:
	VMOVQ X0, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
