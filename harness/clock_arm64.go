package harness

import "bitlab/uarch"

const haveChains = true

// chainUnroll is the number of chain instructions per iteration of the
// generated functions (internal/arm64asm.Unroll).
const chainUnroll = 64

// selfChecks are the arm64 instructions the self-check times. ARMv8-A has
// all of them (NEON is part of every arm64 Linux and macOS target), so none
// declares a feature.
var selfChecks = []selfCheck{
	{uarch.ADD, nil, latencyAdd, throughputAdd},
	{uarch.MUL, nil, latencyMul, throughputMul},
	{uarch.CLZ, nil, latencyClz, throughputClz},
	{uarch.RBIT, nil, latencyRbit, throughputRbit},
	{uarch.CNT, nil, latencyCnt, throughputCnt},
	{uarch.ADDV, nil, latencyUaddlv, throughputUaddlv},
}
