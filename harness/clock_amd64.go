package harness

import (
	"bitlab/kernels"
	"bitlab/uarch"
)

const haveChains = true

// chainUnroll is the number of chain instructions per iteration of the
// generated functions (internal/asm.Unroll).
const chainUnroll = 64

var selfChecks = []selfCheck{
	{uarch.ADD, nil, latencyAdd, throughputAdd},
	{uarch.IMUL, nil, latencyImul, throughputImul},
	{uarch.POPCNT, []kernels.Feature{kernels.POPCNT}, latencyPopcnt, throughputPopcnt},
	{uarch.TZCNT, []kernels.Feature{kernels.BMI1}, latencyTzcnt, throughputTzcnt},
	{uarch.BLSR, []kernels.Feature{kernels.BMI1}, latencyBlsr, throughputBlsr},
	{uarch.BSWAP, nil, latencyBswap, throughputBswap},
	{uarch.PEXT, []kernels.Feature{kernels.BMI2}, latencyPext, throughputPext},
	{uarch.VPOPCNTQ, []kernels.Feature{kernels.AVX512F, kernels.AVX512VPOPCNTDQ}, latencyVpopcntq, throughputVpopcntq},
	{uarch.VPCOMPRESSB, []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2}, latencyVpcompressb, throughputVpcompressb},
	{uarch.KMOVQVPCOMPRESSB, []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2}, latencyKmovqVpcompressb, throughputKmovqVpcompressb},
	{uarch.GF2P8AFFINE, []kernels.Feature{kernels.AVX512F, kernels.AVX512GFNI}, latencyGf2p8affineqb, throughputGf2p8affineqb},
}
