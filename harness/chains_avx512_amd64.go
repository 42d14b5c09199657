package harness

// The self-check chains of chains_avx512_amd64.s, written by hand because
// avo v0.5.0 lacks VPCOMPRESSB and VGF2P8AFFINEQB.

// latencyVpcompressb runs n x 64 of VPCOMPRESSB r, K1, r (zmm, K1 all ones) over 1 dependency chain.
func latencyVpcompressb(n int)

// throughputVpcompressb runs n x 64 of VPCOMPRESSB r, K1, r (zmm, K1 all ones) over 10 dependency chains.
func throughputVpcompressb(n int)

// latencyKmovqVpcompressb runs n x 64 of the pair KMOVQ DX, K1 then VPCOMPRESSB r, K1, r (zmm) over 1 dependency chain.
func latencyKmovqVpcompressb(n int)

// throughputKmovqVpcompressb runs n x 64 of the pair KMOVQ DX, K1 then VPCOMPRESSB r, K1, r (zmm) over 10 dependency chains.
func throughputKmovqVpcompressb(n int)

// latencyGf2p8affineqb runs n x 64 of VGF2P8AFFINEQB $0, k, r, r (zmm) over 1 dependency chain.
func latencyGf2p8affineqb(n int)

// throughputGf2p8affineqb runs n x 64 of VGF2P8AFFINEQB $0, k, r, r (zmm) over 10 dependency chains.
func throughputGf2p8affineqb(n int)
