package arm64

import "bitlab/kernels"

// Loops returns the main loops of package arm64's kernels ([kernels.Loop],
// for package explain), with their instructions counted after the
// assembler has expanded kernels_arm64.s's macros (EACH and CHAIN define
// the labels eachLoop). This file builds on every GOARCH, so that a host
// of one architecture can model the other's kernels.
func Loops() []kernels.Loop {
	each := func(kernel string, mode kernels.Mode, symbol string, instructions int) kernels.Loop {
		return kernels.Loop{Kernel: kernel, Mode: mode, Symbol: symbol, Label: "eachLoop", Elements: 1, Instructions: instructions}
	}
	return []kernels.Loop{
		each("popcount/cnt", kernels.Throughput, "popcountCntThroughput", 8),
		each("popcount/cnt", kernels.Latency, "popcountCntLatency", 8),
		each("bitscan-forward/rbit-clz", kernels.Throughput, "bitscanRbitClzThroughput", 6),
		each("bitscan-forward/rbit-clz", kernels.Latency, "bitscanRbitClzLatency", 6),
		each("bitscan-reverse/clz", kernels.Throughput, "bitscanClzThroughput", 8),
		each("bitscan-reverse/clz", kernels.Latency, "bitscanClzLatency", 8),
		each("ls1b-reset/sub-and", kernels.Throughput, "ls1bResetThroughput", 6),
		each("ls1b-reset/sub-and", kernels.Latency, "ls1bResetLatency", 6),
		each("bitreverse/rbit", kernels.Throughput, "bitReverseRbitThroughput", 5),
		each("bitreverse/rbit", kernels.Latency, "bitReverseRbitLatency", 5),
		{Kernel: "serialize/rbit-clz", Mode: kernels.Throughput, Symbol: "serializeRbitClz", Label: "serializeWord", Elements: 1, Instructions: 10,
			Varies: "an inner loop runs once per one-bit"},
		{Kernel: "sliding/hyperbola-rbit", Mode: kernels.Throughput, Symbol: "hyperbolaRbitThroughput", Label: "hyperbolaThroughputLoop", Elements: 1, Instructions: 54},
		{Kernel: "sliding/hyperbola-rbit", Mode: kernels.Latency, Symbol: "hyperbolaRbitLatency", Label: "hyperbolaLatencyLoop", Elements: 1, Instructions: 54},
		{Kernel: "popcount/cnt-vector", Mode: kernels.Throughput, Symbol: "popcountCntVector", Label: "vectorLoop", Elements: 16, Instructions: 20},
		{Kernel: "quad2hex/neon", Mode: kernels.Throughput, Symbol: "quad2hexNEON", Label: "quad2hexLoop", Elements: 1, Instructions: 28},
		{Kernel: "quad2board/neon", Mode: kernels.Throughput, Symbol: "quad2boardNEON", Label: "quad2boardLoop", Elements: 1, Instructions: 78},
		{Kernel: "quad-fill/neon", Mode: kernels.Throughput, Symbol: "quadFillNEON", Label: "quadFillLoop", Elements: 1, Instructions: 337},
	}
}
