// Hand-written: avo has no arm64 back end. Declared in kernels_arm64.go.
// Registers: R0 dst, R1 src, R2 count; R26 and up, R18 and the linker's
// R16-R17 are not used.

#include "textflag.h"

// A loop over n bitboards, one result per bitboard: OP turns R3 into the
// result in R3, STORE writes it and advances R0.
#define EACH(OP, STORE) \
	MOVD src_base+24(FP), R1; \
	MOVD src_len+32(FP), R2; \
	MOVD dst_base+0(FP), R0; \
	MOVD R2, ret+48(FP); \
	CBZ  R2, eachDone; \
eachLoop: \
	MOVD.P 8(R1), R3; \
	OP; \
	STORE; \
	SUBS $1, R2, R2; \
	BNE  eachLoop; \
eachDone: \
	RET

// A dependent chain over n bitboards: each is XORed with the previous
// result before OP (the families' Next functions), the last result in R3.
#define CHAIN(OP) \
	MOVD src_base+0(FP), R1; \
	MOVD src_len+8(FP), R2; \
	MOVD ZR, R3; \
	CBZ  R2, eachDone; \
eachLoop: \
	MOVD.P 8(R1), R4; \
	EOR  R4, R3, R3; \
	OP; \
	SUBS $1, R2, R2; \
	BNE  eachLoop; \
eachDone:

// CNT counts the bits of each byte of D0, UADDLV adds the eight counts.
#define POPCOUNT FMOVD R3, F0; VCNT V0.B8, V0.B8; VUADDLV V0.B8, V0; FMOVD F0, R3
#define RBITCLZ RBIT R3, R3; CLZ R3, R3
// 63 - CLZ, and 64 for the empty set (R7 holds 63, R6 64).
#define CLZ63 CLZ R3, R4; SUB R4, R7, R4; CMP $0, R3; CSEL EQ, R6, R4, R3
#define LS1BRESET SUB $1, R3, R4; AND R4, R3, R3
#define REVERSE RBIT R3, R3
#define BYTE MOVB.P R3, 1(R0)
#define WORD MOVD.P R3, 8(R0)

// func popcountCntThroughput(dst []uint8, src []uint64) int
TEXT ·popcountCntThroughput(SB), NOSPLIT, $0-56
	EACH(POPCOUNT, BYTE)

// func popcountCntLatency(src []uint64) uint8
TEXT ·popcountCntLatency(SB), NOSPLIT, $0-25
	CHAIN(POPCOUNT)
	MOVB R3, ret+24(FP)
	RET

// func bitscanRbitClzThroughput(dst []byte, src []uint64) int
TEXT ·bitscanRbitClzThroughput(SB), NOSPLIT, $0-56
	EACH(RBITCLZ, BYTE)

// func bitscanRbitClzLatency(src []uint64) byte
TEXT ·bitscanRbitClzLatency(SB), NOSPLIT, $0-25
	CHAIN(RBITCLZ)
	MOVB R3, ret+24(FP)
	RET

// func bitscanClzThroughput(dst []byte, src []uint64) int
TEXT ·bitscanClzThroughput(SB), NOSPLIT, $0-56
	MOVD $64, R6
	MOVD $63, R7
	EACH(CLZ63, BYTE)

// func bitscanClzLatency(src []uint64) byte
TEXT ·bitscanClzLatency(SB), NOSPLIT, $0-25
	MOVD $64, R6
	MOVD $63, R7
	CHAIN(CLZ63)
	MOVB R3, ret+24(FP)
	RET

// func ls1bResetThroughput(dst []uint64, src []uint64) int
TEXT ·ls1bResetThroughput(SB), NOSPLIT, $0-56
	EACH(LS1BRESET, WORD)

// func ls1bResetLatency(src []uint64) uint64
TEXT ·ls1bResetLatency(SB), NOSPLIT, $0-32
	CHAIN(LS1BRESET)
	MOVD R3, ret+24(FP)
	RET

// func bitReverseRbitThroughput(dst []uint64, src []uint64) int
TEXT ·bitReverseRbitThroughput(SB), NOSPLIT, $0-56
	EACH(REVERSE, WORD)

// func bitReverseRbitLatency(src []uint64) uint64
TEXT ·bitReverseRbitLatency(SB), NOSPLIT, $0-32
	CHAIN(REVERSE)
	MOVD R3, ret+24(FP)
	RET

// func serializeRbitClz(dst []byte, src []uint64) int
// Per bitboard: RBIT and CLZ give the lowest square, a byte store, then
// x & (x - 1) with ANDS, whose zero flag ends the loop.
TEXT ·serializeRbitClz(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD src_base+24(FP), R1
	MOVD src_len+32(FP), R2
	MOVD R0, R5
	CBZ  R2, serializeDone

serializeWord:
	MOVD.P 8(R1), R3
	CBZ    R3, serializeNext

serializeBit:
	RBIT   R3, R4
	CLZ    R4, R4
	MOVB.P R4, 1(R5)
	SUB    $1, R3, R6
	ANDS   R6, R3, R3
	BNE    serializeBit

serializeNext:
	SUBS $1, R2, R2
	BNE  serializeWord

serializeDone:
	SUB  R0, R5, R5
	MOVD R5, ret+48(FP)
	RET

// Hyperbola Quintessence on one line with full bit reversal: with the
// line's mask m (which excludes the slider), o = occ & m, and the attacks
// are ((o - r) ^ rbit(rbit(o) - rbit(r))) & m, ORed into R20. R3 holds the
// occupancy, R6 r = 1 << square and R7 rbit(r).
#define LINE(m) \
	AND  R3, m, R21; \
	RBIT R21, R22; \
	SUB  R6, R21, R21; \
	SUB  R7, R22, R22; \
	RBIT R22, R22; \
	EOR  R22, R21, R21; \
	AND  m, R21, R21; \
	ORR  R21, R20, R20

// One query at R1 (kernels.Query: occupancy, square byte, slider byte),
// its occupancy already in R3, into R20: the square's four line masks from
// the table at R8 (file, rank, diagonal, anti-diagonal: 32 bytes a square),
// the rook masks kept when the slider has orthogonal lines, the bishop
// masks when it has diagonal ones, so that no line needs a branch.
#define QUERY \
	MOVBU 8(R1), R4; \
	MOVBU 9(R1), R5; \
	MOVD  $1, R6; \
	LSL   R4, R6, R6; \
	RBIT  R6, R7; \
	ADD   R4<<5, R8, R10; \
	LDP   (R10), (R11, R12); \
	LDP   16(R10), (R13, R14); \
	AND   $1, R5, R15; \
	NEG   R15, R15; \
	UBFX  $1, R5, $1, R19; \
	NEG   R19, R19; \
	AND   R15, R11, R11; \
	AND   R15, R12, R12; \
	AND   R19, R13, R13; \
	AND   R19, R14, R14; \
	MOVD  ZR, R20; \
	LINE(R11); \
	LINE(R12); \
	LINE(R13); \
	LINE(R14)

// func hyperbolaRbitThroughput(dst *uint64, src *uint64, n int, t *byte) int
TEXT ·hyperbolaRbitThroughput(SB), NOSPLIT, $0-40
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	MOVD t+24(FP), R8
	MOVD R2, ret+32(FP)
	CBZ  R2, hyperbolaThroughputDone

hyperbolaThroughputLoop:
	MOVD   (R1), R3
	QUERY
	MOVD.P R20, 8(R0)
	ADD    $16, R1, R1
	SUBS   $1, R2, R2
	BNE    hyperbolaThroughputLoop

hyperbolaThroughputDone:
	RET

// func hyperbolaRbitLatency(src *uint64, n int, t *byte) uint64
TEXT ·hyperbolaRbitLatency(SB), NOSPLIT, $0-32
	MOVD src+0(FP), R1
	MOVD n+8(FP), R2
	MOVD t+16(FP), R8
	MOVD ZR, R20
	CBZ  R2, hyperbolaLatencyDone

hyperbolaLatencyLoop:
	MOVD (R1), R3
	EOR  R20, R3, R3
	QUERY
	ADD  $16, R1, R1
	SUBS $1, R2, R2
	BNE  hyperbolaLatencyLoop

hyperbolaLatencyDone:
	MOVD R20, ret+24(FP)
	RET

// func popcountCntVector(dst []uint8, src []uint64) int
// Sixteen bitboards per iteration: CNT on eight Q registers, then a tree of
// pairwise byte additions (ADDP) that leaves the sixteen counts in one
// register in order; the last up to fifteen bitboards one at a time.
TEXT ·popcountCntVector(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD src_base+24(FP), R1
	MOVD src_len+32(FP), R2
	MOVD R2, ret+48(FP)
	LSR  $4, R2, R4
	AND  $15, R2, R2
	CBZ  R4, vectorTail

vectorLoop:
	VLD1.P 64(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P 64(R1), [V4.B16, V5.B16, V6.B16, V7.B16]
	VCNT   V0.B16, V0.B16
	VCNT   V1.B16, V1.B16
	VCNT   V2.B16, V2.B16
	VCNT   V3.B16, V3.B16
	VCNT   V4.B16, V4.B16
	VCNT   V5.B16, V5.B16
	VCNT   V6.B16, V6.B16
	VCNT   V7.B16, V7.B16
	VADDP  V1.B16, V0.B16, V0.B16
	VADDP  V3.B16, V2.B16, V2.B16
	VADDP  V5.B16, V4.B16, V4.B16
	VADDP  V7.B16, V6.B16, V6.B16
	VADDP  V2.B16, V0.B16, V0.B16
	VADDP  V6.B16, V4.B16, V4.B16
	VADDP  V4.B16, V0.B16, V0.B16
	VST1.P [V0.B16], 16(R0)
	SUBS   $1, R4, R4
	BNE    vectorLoop

vectorTail:
	CBZ R2, vectorDone

vectorOne:
	MOVD.P 8(R1), R3
	POPCOUNT
	MOVB.P R3, 1(R0)
	SUBS   $1, R2, R2
	BNE    vectorOne

vectorDone:
	RET

// func quad2hexNEON(dst *kernels.Hex, src *uint64, n int)
// [cpw-quad]'s quad2hexBB translated instruction for instruction: PCMPEQB's
// all-ones is MOVI, MOVDQA a register move, POR, PAND and PXOR are ORR, AND
// and EOR, PUNPCKLQDQ is ZIP1 on doublewords and PUNPCKHQDQ of a register
// with itself a DUP of its upper doubleword.
TEXT ·quad2hexNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	VMOVI $255, V31.B16
	CBZ   R2, quad2hexDone

quad2hexLoop:
	VLD1.P 32(R1), [V0.D2, V1.D2] // a = q1:q0, c = q3:q2
	VMOV   V0.B16, V2.B16         // b = a
	VMOV   V0.B16, V3.B16         // d = a
	VORR   V1.B16, V0.B16, V0.B16 // a |= c
	VAND   V1.B16, V3.B16, V3.B16 // d &= c: q3 & q1 : q2 & q0
	VEOR   V31.B16, V0.B16, V0.B16
	VMOV   V0.B16, V4.B16         // e = a = ~q3 & ~q1 : ~q2 & ~q0
	VEOR   V3.B16, V2.B16, V2.B16 // b: ~q3 & q1 : ~q2 & q0
	VEOR   V3.B16, V1.B16, V1.B16
	VMOV   V1.B16, V5.B16         // f = c = q3 & ~q1 : q2 & ~q0
	VDUP   V0.D[1], V0.D2         // a: ~q3 & ~q1 twice
	VZIP1  V2.D2, V4.D2, V4.D2    // e: ~q2 & q0 : ~q2 & ~q0
	VZIP1  V3.D2, V5.D2, V5.D2    // f: q2 & q0 : q2 & ~q0
	VDUP   V2.D[1], V2.D2         // b: ~q3 & q1 twice
	VDUP   V1.D[1], V1.D2         // c: q3 & ~q1 twice
	VDUP   V3.D[1], V3.D2         // d: q3 & q1 twice
	VAND   V4.B16, V0.B16, V16.B16
	VAND   V4.B16, V2.B16, V17.B16
	VAND   V5.B16, V0.B16, V18.B16
	VAND   V5.B16, V2.B16, V19.B16
	VST1.P [V16.D2, V17.D2, V18.D2, V19.D2], 64(R0)
	VAND   V4.B16, V1.B16, V16.B16
	VAND   V4.B16, V3.B16, V17.B16
	VAND   V5.B16, V1.B16, V18.B16
	VAND   V5.B16, V3.B16, V19.B16
	VST1.P [V16.D2, V17.D2, V18.D2, V19.D2], 64(R0)
	SUBS   $1, R2, R2
	BNE    quad2hexLoop

quad2hexDone:
	RET

// quadMasks holds quadBB2Board's masks: doubleword i is 0x0101010101010101 << i.
DATA quadMasks<>+0(SB)/8, $0x0101010101010101
DATA quadMasks<>+8(SB)/8, $0x0202020202020202
DATA quadMasks<>+16(SB)/8, $0x0404040404040404
DATA quadMasks<>+24(SB)/8, $0x0808080808080808
DATA quadMasks<>+32(SB)/8, $0x1010101010101010
DATA quadMasks<>+40(SB)/8, $0x2020202020202020
DATA quadMasks<>+48(SB)/8, $0x4040404040404040
DATA quadMasks<>+56(SB)/8, $0x8080808080808080
GLOBL quadMasks<>(SB), RODATA|NOPTR, $64

// TERM ORs (T & mask M) into B; TERML and TERMR shift it left or right by
// N first.
#define TERM(T, M, B) VAND M.B16, T.B16, V20.B16; VORR V20.B16, B.B16, B.B16
#define TERML(T, M, N, B) VAND M.B16, T.B16, V20.B16; VSHL $N, V20.D2, V20.D2; VORR V20.B16, B.B16, B.B16
#define TERMR(T, M, N, B) VAND M.B16, T.B16, V20.B16; VUSHR $N, V20.D2, V20.D2; VORR V20.B16, B.B16, B.B16

// func quad2boardNEON(dst *kernels.Mailbox, src *uint64, n int)
// [cpw-quad]'s quadBB2Board translated instruction for instruction: PAND
// with the masks, PSLLQ and PSRLQ as SHL and USHR, PUNPCKLQDQ and
// PUNPCKHQDQ of a register with itself as DUPs of its doublewords, and the
// byte, word and doubleword unpacks as ZIP1 and ZIP2. The four bitboards'
// terms are ORed into zeroed registers rather than copied for the first.
TEXT ·quad2boardNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	MOVD $quadMasks<>(SB), R5
	VLD1 (R5), [V24.D2, V25.D2, V26.D2, V27.D2] // pm0..pm3
	CBZ  R2, quad2boardDone

quad2boardLoop:
	VLD1.P 32(R1), [V0.D2, V1.D2]
	VEOR   V8.B16, V8.B16, V8.B16
	VEOR   V9.B16, V9.B16, V9.B16
	VEOR   V10.B16, V10.B16, V10.B16
	VEOR   V11.B16, V11.B16, V11.B16
	VDUP   V0.D[0], V2.D2          // q0 twice
	VDUP   V0.D[1], V3.D2          // q1 twice
	VDUP   V1.D[0], V4.D2          // q2 twice
	VDUP   V1.D[1], V5.D2          // q3 twice
	// Bitboard k (code bit k) into b[i], shifted left by k - 2i.
	TERM(V2, V24, V8)
	TERMR(V2, V25, 2, V9)
	TERMR(V2, V26, 4, V10)
	TERMR(V2, V27, 6, V11)
	TERML(V3, V24, 1, V8)
	TERMR(V3, V25, 1, V9)
	TERMR(V3, V26, 3, V10)
	TERMR(V3, V27, 5, V11)
	TERML(V4, V24, 2, V8)
	TERM(V4, V25, V9)
	TERMR(V4, V26, 2, V10)
	TERMR(V4, V27, 4, V11)
	TERML(V5, V24, 3, V8)
	TERML(V5, V25, 1, V9)
	TERMR(V5, V26, 1, V10)
	TERMR(V5, V27, 3, V11)
	// Rotate the 8x8 bytes: each b's upper doubleword shifted right by one
	// interleaved with its lower one, byte by byte.
	VDUP  V8.D[1], V12.D2
	VUSHR $1, V12.D2, V12.D2
	VZIP1 V12.B16, V8.B16, V8.B16
	VDUP  V9.D[1], V12.D2
	VUSHR $1, V12.D2, V12.D2
	VZIP1 V12.B16, V9.B16, V9.B16
	VDUP  V10.D[1], V12.D2
	VUSHR $1, V12.D2, V12.D2
	VZIP1 V12.B16, V10.B16, V10.B16
	VDUP  V11.D[1], V12.D2
	VUSHR $1, V12.D2, V12.D2
	VZIP1 V12.B16, V11.B16, V11.B16
	VZIP1 V9.H8, V8.H8, V13.H8   // u0
	VZIP2 V9.H8, V8.H8, V14.H8   // u1
	VZIP1 V11.H8, V10.H8, V15.H8 // u2
	VZIP2 V11.H8, V10.H8, V16.H8 // u3
	VZIP1 V15.S4, V13.S4, V17.S4
	VZIP2 V15.S4, V13.S4, V18.S4
	VZIP1 V16.S4, V14.S4, V19.S4
	VZIP2 V16.S4, V14.S4, V20.S4
	VST1.P [V17.B16, V18.B16, V19.B16, V20.B16], 64(R0)
	SUBS  $1, R2, R2
	BNE   quad2boardLoop

quad2boardDone:
	RET

// fillAvoid holds each direction's squares a one-step move can reach (so a
// rotation masked with it is a shift that does not wrap around the board):
// north, north-east, east, south-east, south, south-west, west, north-west.
DATA fillAvoid<>+0(SB)/8, $0xffffffffffffff00
DATA fillAvoid<>+8(SB)/8, $0xfefefefefefefe00
DATA fillAvoid<>+16(SB)/8, $0xfefefefefefefefe
DATA fillAvoid<>+24(SB)/8, $0x00fefefefefefefe
DATA fillAvoid<>+32(SB)/8, $0x00ffffffffffffff
DATA fillAvoid<>+40(SB)/8, $0x007f7f7f7f7f7f7f
DATA fillAvoid<>+48(SB)/8, $0x7f7f7f7f7f7f7f7f
DATA fillAvoid<>+56(SB)/8, $0x7f7f7f7f7f7f7f00
GLOBL fillAvoid<>(SB), RODATA|NOPTR, $64

// ROL(K, S, D) rotates each doubleword of S left by K (1..63) into D: SHL,
// then SRI inserts the bits shifted out at the bottom.
#define ROL(K, S, D) VSHL $K, S.D2, D.D2; VSRI $(64-K), S.D2, D.D2

// STEP(K) is one Kogge-Stone step on the generators in V4 and V5 (two
// bitboards each) with the propagator in V3, then the propagator's own.
#define STEP(K) \
	ROL(K, V4, V6); VAND V3.B16, V6.B16, V6.B16; VORR V6.B16, V4.B16, V4.B16; \
	ROL(K, V5, V6); VAND V3.B16, V6.B16, V6.B16; VORR V6.B16, V5.B16, V5.B16; \
	ROL(K, V3, V6); VAND V6.B16, V3.B16, V3.B16

// DIRECTION(K, K2, K4, W) fills the four generators (V0, V1) through the
// empty squares (V2) in the direction rotating by K (K2 = 2K, K4 = 4K
// modulo 64) whose avoid mask is W, and ORs the attacks into V10 and V11.
#define DIRECTION(K, K2, K4, W) \
	VAND W.B16, V2.B16, V3.B16; \
	VMOV V0.B16, V4.B16; \
	VMOV V1.B16, V5.B16; \
	STEP(K); \
	STEP(K2); \
	ROL(K4, V4, V6); VAND V3.B16, V6.B16, V6.B16; VORR V6.B16, V4.B16, V4.B16; \
	ROL(K4, V5, V6); VAND V3.B16, V6.B16, V6.B16; VORR V6.B16, V5.B16, V5.B16; \
	ROL(K, V4, V6); VAND W.B16, V6.B16, V6.B16; VORR V6.B16, V10.B16, V10.B16; \
	ROL(K, V5, V6); VAND W.B16, V6.B16, V6.B16; VORR V6.B16, V11.B16, V11.B16

// func quadFillNEON(dst *qbb.QBB, src *uint64, n int)
// [cpw-quad]'s nortOccl (Kogge-Stone occluded fill) on a quad-bitboard in
// two Q registers, all eight directions by rotation, as quad-fill/avx2 does
// in one YMM register: NEON has no 64-bit rotate, so each is SHL and SRI.
TEXT ·quadFillNEON(SB), NOSPLIT, $0-24
	MOVD  dst+0(FP), R0
	MOVD  src+8(FP), R1
	MOVD  n+16(FP), R2
	MOVD  $fillAvoid<>(SB), R5
	VLD1R.P 8(R5), [V24.D2]
	VLD1R.P 8(R5), [V25.D2]
	VLD1R.P 8(R5), [V26.D2]
	VLD1R.P 8(R5), [V27.D2]
	VLD1R.P 8(R5), [V28.D2]
	VLD1R.P 8(R5), [V29.D2]
	VLD1R.P 8(R5), [V30.D2]
	VLD1R.P 8(R5), [V31.D2]
	CBZ   R2, quadFillDone

quadFillLoop:
	VLD1 (R1), [V0.D2, V1.D2] // the generators g1:g0, g3:g2
	MOVD 32(R1), R3
	VDUP R3, V2.D2            // the empty squares, twice
	ADD  $40, R1, R1
	VEOR V10.B16, V10.B16, V10.B16
	VEOR V11.B16, V11.B16, V11.B16
	DIRECTION(8, 16, 32, V24)
	DIRECTION(9, 18, 36, V25)
	DIRECTION(1, 2, 4, V26)
	DIRECTION(57, 50, 36, V27)
	DIRECTION(56, 48, 32, V28)
	DIRECTION(55, 46, 28, V29)
	DIRECTION(63, 62, 60, V30)
	DIRECTION(7, 14, 28, V31)
	VST1.P [V10.D2, V11.D2], 32(R0)
	SUBS $1, R2, R2
	BNE  quadFillLoop

quadFillDone:
	RET
