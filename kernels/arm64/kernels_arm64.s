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
// 63 - CLZ, and 64 for the empty set (R6 holds 64).
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
