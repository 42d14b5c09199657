package harness

import "bitlab/kernels"

const haveChains = true

// chainUnroll is the number of chain instructions per iteration of the
// generated functions (internal/asm.Unroll).
const chainUnroll = 64

var selfChecks = []selfCheck{
	{"ADD", 1, "", latencyAdd, throughputAdd},
	{"IMUL", 3, "", latencyImul, throughputImul},
	{"POPCNT", 3, kernels.POPCNT, latencyPopcnt, throughputPopcnt},
	{"TZCNT", 3, kernels.BMI1, latencyTzcnt, throughputTzcnt},
	{"BLSR", 1, kernels.BMI1, latencyBlsr, throughputBlsr},
	{"BSWAP", 2, "", latencyBswap, throughputBswap},
}
