// Hand-written: avo v0.5.0 lacks VPCOMPRESSB and VPCOMPRESSW. Declared in
// handwritten_amd64.go, the move generator's entry points in moves_amd64.go.
// Every TEXT symbol has the "// Requires:" line avo writes, listing the
// instruction sets it executes in avo's names (checked against the
// registrations' features by TestRequires).

#include "go_asm.h"
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
// 0..63 to the list of its one-bits (VPCOMPRESSB, AVX-512 VBMI2), and
// POPCNT advances the output by the list's length. Lemire's VPCOMPRESSB
// bitset decoder, one bitboard per iteration. The compress merges into its
// destination, so Z0 is zeroed first (VPXORD, a zeroing idiom): without it
// every compress waits for the previous one (Zen 4 and 5 also treat the
// destination of the zeroing form as an input).
//
// A list of at most 16 squares is stored as its first 16 bytes (X0), a
// longer one as all 64 (Z0), as Lemire's branchy decoder stores only the
// vectors its count needs: on Zen 4 the 64-byte stores of lists that start
// a few bytes apart bounded the loop. Two loops, so that either store
// costs one taken branch per bitboard: the sparse loop (XMM stores) passes
// a longer list to the dense loop's store, the dense loop (ZMM stores) a
// shorter one to the sparse loop's. Each reads the bitboard its own way,
// the dense loop into AX as the single loop did, the sparse one twice from
// memory (KMOVQ k, m64 and POPCNT r, m64: as fast in the sparse loop on
// Zen 4, a few percent slower in the dense one), which keeps the two loops
// apart in length: the declared form, the sparse loop, is the one of 11
// instructions (the dense loop, placed first, has 12, and so has the span
// from its store back to the sparse loop's branch into it).
// Requires: AVX, AVX512BW, AVX512F, AVX512VBMI2, POPCNT
TEXT ·serializeVBMI2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ DI, DX
	VMOVDQU64 iota<>(SB), Z1
	TESTQ CX, CX
	JZ done
	JMP loop

dense:
	MOVQ (SI), AX
	KMOVQ AX, K1
	POPCNTQ AX, BX
	VPXORD Z0, Z0, Z0
	VPCOMPRESSB Z1, K1, Z0
	CMPQ BX, $16
	JBE narrow

wide:
	VMOVDQU8 Z0, (DI)
	ADDQ BX, DI
	ADDQ $8, SI
	DECQ CX
	JNZ dense
	JMP done

loop:
	KMOVQ (SI), K1
	POPCNTQ (SI), BX
	VPXORD Z0, Z0, Z0
	VPCOMPRESSB Z1, K1, Z0
	CMPQ BX, $16
	JA wide

narrow:
	VMOVDQU X0, (DI)
	ADDQ BX, DI
	ADDQ $8, SI
	DECQ CX
	JNZ loop

done:
	SUBQ DX, DI
	MOVQ DI, ret+48(FP)
	VZEROUPPER
	RET

// The move generator's entry points of serialize/avx512-vbmi2 (package
// movegen's serialize=avx512-vbmi2, declared in moves_amd64.go): one
// target set's moves appended to a list of ListLen 16-bit moves (the
// to-square in bits 0-5, the from-square in 6-11, as kernels.Move; the
// kind in 12-15, as movegen.Move) at index n mod ListMoves, by VPCOMPRESSW, 32 words
// per ZMM register, under the target set's low and high 32 bits. Each
// compress goes into a register zeroed first by VPXORD (the
// memory-destination form is microcoded and slow on Zen 4 and 5, and the
// register form waits for its old destination there even when zero-masked),
// and is stored as a whole 64-byte vector: the stores write up to 64 words
// from the index, the moves first, then scratch, so at most word 318 of
// the list's 320. n is advanced by the moves' number (POPCNT).

// iota16 holds the words 0..63: ORed with a move's from-square and kind they
// are its moves to every square.
DATA iota16<>+0(SB)/8, $0x0003000200010000
DATA iota16<>+8(SB)/8, $0x0007000600050004
DATA iota16<>+16(SB)/8, $0x000b000a00090008
DATA iota16<>+24(SB)/8, $0x000f000e000d000c
DATA iota16<>+32(SB)/8, $0x0013001200110010
DATA iota16<>+40(SB)/8, $0x0017001600150014
DATA iota16<>+48(SB)/8, $0x001b001a00190018
DATA iota16<>+56(SB)/8, $0x001f001e001d001c
DATA iota16<>+64(SB)/8, $0x0023002200210020
DATA iota16<>+72(SB)/8, $0x0027002600250024
DATA iota16<>+80(SB)/8, $0x002b002a00290028
DATA iota16<>+88(SB)/8, $0x002f002e002d002c
DATA iota16<>+96(SB)/8, $0x0033003200310030
DATA iota16<>+104(SB)/8, $0x0037003600350034
DATA iota16<>+112(SB)/8, $0x003b003a00390038
DATA iota16<>+120(SB)/8, $0x003f003e003d003c
GLOBL iota16<>(SB), RODATA|NOPTR, $128

// diag16 holds the words s | s<<6 for s = 0..63, the moves from every square
// to itself: adding -delta<<6 makes them the moves from s-delta to s.
DATA diag16<>+0(SB)/8, $0x00c3008200410000
DATA diag16<>+8(SB)/8, $0x01c7018601450104
DATA diag16<>+16(SB)/8, $0x02cb028a02490208
DATA diag16<>+24(SB)/8, $0x03cf038e034d030c
DATA diag16<>+32(SB)/8, $0x04d3049204510410
DATA diag16<>+40(SB)/8, $0x05d7059605550514
DATA diag16<>+48(SB)/8, $0x06db069a06590618
DATA diag16<>+56(SB)/8, $0x07df079e075d071c
DATA diag16<>+64(SB)/8, $0x08e308a208610820
DATA diag16<>+72(SB)/8, $0x09e709a609650924
DATA diag16<>+80(SB)/8, $0x0aeb0aaa0a690a28
DATA diag16<>+88(SB)/8, $0x0bef0bae0b6d0b2c
DATA diag16<>+96(SB)/8, $0x0cf30cb20c710c30
DATA diag16<>+104(SB)/8, $0x0df70db60d750d34
DATA diag16<>+112(SB)/8, $0x0efb0eba0e790e38
DATA diag16<>+120(SB)/8, $0x0fff0fbe0f7d0f3c
GLOBL diag16<>(SB), RODATA|NOPTR, $128

// APPEND_HALVES appends the words of Z1 (squares 0..31) and Z2 (32..63)
// whose bits are set in AX at DI, and adds their number to the count R8
// stored at (SI): each half compressed into a register zeroed first
// (VPCOMPRESSW into a register waits for its old destination on Zen 5
// even when zero-masked), then stored whole, the high half right after
// the low half's popcount of words; then it returns (VZEROUPPER, RET).
#define APPEND_HALVES \
	KMOVD AX, K1 \
	MOVQ AX, DX \
	SHRQ $32, DX \
	KMOVD DX, K2 \
	POPCNTL AX, BX \
	POPCNTQ AX, AX \
	VPXORD Z3, Z3, Z3 \
	VPCOMPRESSW Z1, K1, Z3 \
	VMOVDQU64 Z3, (DI) \
	VPXORD Z4, Z4, Z4 \
	VPCOMPRESSW Z2, K2, Z4 \
	VMOVDQU64 Z4, (DI)(BX*2) \
	ADDQ AX, R8 \
	MOVQ R8, (SI) \
	VZEROUPPER \
	RET

// func serializeVBMI2Moves(list *uint16, n *int, targets uint64, from uint64, kind uint64)
// Appends to | from<<6 | kind<<12 for every square to of targets,
// ascending: the words 0..63 ORed with from<<6 | kind<<12 broadcast
// (VPBROADCASTW), compressed under the targets' low and high halves.
// Requires: AVX, AVX512BW, AVX512F, AVX512VBMI2, POPCNT
TEXT ·serializeVBMI2Moves(SB), NOSPLIT, $0-40
	MOVQ list+0(FP), DI
	MOVQ n+8(FP), SI
	MOVQ targets+16(FP), AX
	MOVQ from+24(FP), CX
	MOVQ kind+32(FP), DX
	SHLQ $6, CX
	SHLQ $12, DX
	ORQ  DX, CX
	VPBROADCASTW CX, Z0
	VPORD iota16<>+0(SB), Z0, Z1
	VPORD iota16<>+64(SB), Z0, Z2
	MOVQ (SI), R8
	MOVQ R8, R9
	ANDQ $(const_ListMoves-1), R9
	LEAQ (DI)(R9*2), DI
	APPEND_HALVES

// APPEND_MOVE stores the move w at index R8 of the list at DI, wrapped
// below ListMoves, and increments R8. Clobbers R11.
#define APPEND_MOVE(w) \
	MOVQ R8, R11 \
	ANDQ $(const_ListMoves-1), R11 \
	MOVW w, (DI)(R11*2) \
	INCQ R8

// func serializeVBMI2PawnMoves(list *uint16, n *int, targets uint64, delta int, kind uint64)
// Appends the pawn moves to every square to of targets, ascending, each
// from (to-delta)&63: to | from<<6 | kind<<12, or on the first or last
// rank four promotions, of kinds 4..7 (movegen's PromoKnight..PromoQueen).
// Without a promotion: the words s | s<<6 plus -delta<<6 broadcast
// (VPADDW), their low 12 bits ORed with kind<<12 broadcast (one
// VPTERNLOGD), compressed like serializeVBMI2Moves. With one (rare): a
// scalar loop over the set, which keeps the ascending order.
// Requires: AVX, AVX512BW, AVX512F, AVX512VBMI2, POPCNT
TEXT ·serializeVBMI2PawnMoves(SB), NOSPLIT, $0-40
	MOVQ list+0(FP), DI
	MOVQ n+8(FP), SI
	MOVQ targets+16(FP), AX
	MOVQ delta+24(FP), CX
	MOVQ kind+32(FP), DX
	SHLQ $12, DX
	MOVQ (SI), R8
	MOVQ $0xff000000000000ff, R10
	TESTQ R10, AX
	JNZ promotions
	MOVQ R8, R9
	ANDQ $(const_ListMoves-1), R9
	LEAQ (DI)(R9*2), DI
	NEGQ CX
	SHLQ $6, CX
	VPBROADCASTW CX, Z0
	VPBROADCASTW DX, Z5
	MOVL $0x0fff, CX
	VPBROADCASTW CX, Z6
	VPADDW diag16<>+0(SB), Z0, Z1
	VPADDW diag16<>+64(SB), Z0, Z2
	VPTERNLOGD $0xec, Z6, Z5, Z1 // (Z1 & Z6) | Z5
	VPTERNLOGD $0xec, Z6, Z5, Z2
	APPEND_HALVES

promotions:
	BSFQ AX, BX
	MOVQ BX, R9
	SUBQ CX, R9
	ANDQ $63, R9
	SHLQ $6, R9
	ORQ  BX, R9 // to | from<<6
	LEAQ -8(BX), R10
	CMPQ R10, $48
	JCS  single // a rank from the second to the seventh
	LEAQ 0x4000(R9), R12
	APPEND_MOVE(R12)
	LEAQ 0x5000(R9), R12
	APPEND_MOVE(R12)
	LEAQ 0x6000(R9), R12
	APPEND_MOVE(R12)
	LEAQ 0x7000(R9), R12
	APPEND_MOVE(R12)
	JMP  next

single:
	ORQ  DX, R9
	APPEND_MOVE(R9)

next:
	LEAQ -1(AX), R10
	ANDQ R10, AX
	JNZ  promotions
	MOVQ R8, (SI)
	RET
