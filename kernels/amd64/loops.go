package amd64

import "bitlab/kernels"

// Loops returns the main loops of package amd64's kernels (kernels.Loop,
// for package explain): those internal/asm declares for kernels_amd64.s,
// and those of the hand-written gfni_amd64.s and vbmi2_amd64.s, declared
// here with their instructions counted after the assembler has expanded
// their macros. This file builds on every GOARCH, so that a host of one
// architecture can model the other's kernels.
func Loops() []kernels.Loop {
	return append(generatedLoops(),
		kernels.Loop{Kernel: "bitreverse/gfni", Mode: kernels.Throughput, Symbol: "bitReverseGFNI", Label: "eight", Elements: 8, Instructions: 10},
		kernels.Loop{Kernel: "bitreverse/gfni", Mode: kernels.Latency, Symbol: "bitReverseGFNILatency", Label: "chain", Elements: 1, Instructions: 8},
		kernels.Loop{Kernel: "sliding/hyperbola-gfni", Mode: kernels.Throughput, Symbol: "hyperbolaGFNIThroughput", Label: "tpLoop", Elements: 1, Instructions: 39},
		kernels.Loop{Kernel: "sliding/hyperbola-gfni", Mode: kernels.Latency, Symbol: "hyperbolaGFNILatency", Label: "latLoop", Elements: 1, Instructions: 39},
		kernels.Loop{Kernel: "sliding/hyperbola-gfni-zmm", Mode: kernels.Throughput, Symbol: "hyperbolaZMMThroughput", Label: "zmmEight", Elements: 8, Instructions: 57},
		kernels.Loop{Kernel: "sliding/hyperbola-gfni-zmm", Mode: kernels.Latency, Symbol: "hyperbolaZMMLatency", Label: "zmmLatLoop", Elements: 1, Instructions: 54},
		kernels.Loop{Kernel: "serialize/avx512-vbmi2", Mode: kernels.Throughput, Symbol: "serializeVBMI2", Label: "loop", Elements: 1, Instructions: 10},
	)
}
