// Hand-written: avo v0.5.0 lacks VPCOMPRESSB and VGF2P8AFFINEQB. The
// self-check's chains for them (and for VPCOMPRESSB's pair with KMOVQ),
// shaped like the generated ones in chains_amd64.s: n iterations of 64
// instructions (or pairs) over 1 (latency) or 10 (throughput) dependency
// chains of ZMM registers, the loop starting at a 64-byte boundary
// (PCALIGN, as internal/asm's loopAlign). Declared in
// chains_avx512_amd64.go.

#include "textflag.h"

// INIT puts distinct constants in Z0..Z9 and 3 in every quadword of Z10.
#define INIT \
	MOVQ $0x1000, AX; VPBROADCASTQ AX, Z0; \
	MOVQ $0x1001, AX; VPBROADCASTQ AX, Z1; \
	MOVQ $0x1002, AX; VPBROADCASTQ AX, Z2; \
	MOVQ $0x1003, AX; VPBROADCASTQ AX, Z3; \
	MOVQ $0x1004, AX; VPBROADCASTQ AX, Z4; \
	MOVQ $0x1005, AX; VPBROADCASTQ AX, Z5; \
	MOVQ $0x1006, AX; VPBROADCASTQ AX, Z6; \
	MOVQ $0x1007, AX; VPBROADCASTQ AX, Z7; \
	MOVQ $0x1008, AX; VPBROADCASTQ AX, Z8; \
	MOVQ $0x1009, AX; VPBROADCASTQ AX, Z9; \
	MOVQ $3, AX; VPBROADCASTQ AX, Z10

// LAT64 is 64 dependent instructions on Z0; TP64 is 64 spread round-robin
// over Z0..Z9, as the generator spreads them.
#define LAT8 OP(Z0); OP(Z0); OP(Z0); OP(Z0); OP(Z0); OP(Z0); OP(Z0); OP(Z0)
#define LAT64 LAT8; LAT8; LAT8; LAT8; LAT8; LAT8; LAT8; LAT8
#define TP10 OP(Z0); OP(Z1); OP(Z2); OP(Z3); OP(Z4); OP(Z5); OP(Z6); OP(Z7); OP(Z8); OP(Z9)
#define TP64 TP10; TP10; TP10; TP10; TP10; TP10; OP(Z0); OP(Z1); OP(Z2); OP(Z3)

// VPCOMPRESSB r, K1, r with every byte selected (K1 all ones), merge-masked:
// the destination is also a source, so the chain runs through it.
#define OP(r) VPCOMPRESSB r, K1, r

// func latencyVpcompressb(n int)
// Requires: AVX512F, AVX512BW, AVX512VBMI2
TEXT ·latencyVpcompressb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	KXNORQ K1, K1, K1
	PCALIGN $64

latencyVpcompressbLoop:
	LAT64
	DECQ CX
	JNZ  latencyVpcompressbLoop
	VZEROUPPER
	RET

// func throughputVpcompressb(n int)
// Requires: AVX512F, AVX512BW, AVX512VBMI2
TEXT ·throughputVpcompressb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	KXNORQ K1, K1, K1
	PCALIGN $64

throughputVpcompressbLoop:
	TP64
	DECQ CX
	JNZ  throughputVpcompressbLoop
	VZEROUPPER
	RET

#undef OP

// The pair of serialize's VBMI2 loop (kernels/amd64's serializeVBMI2): KMOVQ
// loads the mask from a general register (DX, all ones), then VPCOMPRESSB
// r, K1, r compresses under it. One pair is one of the 64 chain units.
#define OP(r) KMOVQ DX, K1; VPCOMPRESSB r, K1, r

// func latencyKmovqVpcompressb(n int)
// Requires: AVX512F, AVX512BW, AVX512VBMI2
TEXT ·latencyKmovqVpcompressb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	MOVQ $-1, DX
	PCALIGN $64

latencyKmovqVpcompressbLoop:
	LAT64
	DECQ CX
	JNZ  latencyKmovqVpcompressbLoop
	VZEROUPPER
	RET

// func throughputKmovqVpcompressb(n int)
// Requires: AVX512F, AVX512BW, AVX512VBMI2
TEXT ·throughputKmovqVpcompressb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	MOVQ $-1, DX
	PCALIGN $64

throughputKmovqVpcompressbLoop:
	TP64
	DECQ CX
	JNZ  throughputKmovqVpcompressbLoop
	VZEROUPPER
	RET

#undef OP

// VGF2P8AFFINEQB $0, Z10, r, r: the affine transform of r by the matrix in
// Z10 (any matrix costs the same).
#define OP(r) VGF2P8AFFINEQB $0, Z10, r, r

// func latencyGf2p8affineqb(n int)
// Requires: AVX512F, GFNI
TEXT ·latencyGf2p8affineqb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	PCALIGN $64

latencyGf2p8affineqbLoop:
	LAT64
	DECQ CX
	JNZ  latencyGf2p8affineqbLoop
	VZEROUPPER
	RET

// func throughputGf2p8affineqb(n int)
// Requires: AVX512F, GFNI
TEXT ·throughputGf2p8affineqb(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	INIT
	PCALIGN $64

throughputGf2p8affineqbLoop:
	TP64
	DECQ CX
	JNZ  throughputGf2p8affineqbLoop
	VZEROUPPER
	RET
