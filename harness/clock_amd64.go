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
	{uarch.ADD, "", latencyAdd, throughputAdd},
	{uarch.IMUL, "", latencyImul, throughputImul},
	{uarch.POPCNT, kernels.POPCNT, latencyPopcnt, throughputPopcnt},
	{uarch.TZCNT, kernels.BMI1, latencyTzcnt, throughputTzcnt},
	{uarch.BLSR, kernels.BMI1, latencyBlsr, throughputBlsr},
	{uarch.BSWAP, "", latencyBswap, throughputBswap},
	{uarch.PEXT, kernels.BMI2, latencyPext, throughputPext},
}
