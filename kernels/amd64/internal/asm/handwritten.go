package main

import "bitlab/kernels"

// handwritten declares the kernels of gfni_amd64.s and vbmi2_amd64.s,
// written by hand because avo v0.5.0 lacks GF2P8AFFINEQB and VPCOMPRESSB
// (their Go declarations are package amd64's handwritten_amd64.go), as the
// generated kernels are declared: the generator registers them and lists
// their loops with the others. A form's Instructions are counted after the
// assembler has expanded the files' macros; package explain checks them
// against the built binary.
func handwritten() []*kernel {
	return []*kernel{
		{id: "serialize/avx512-vbmi2", source: "Daniel Lemire: VPCOMPRESSB bitset decoding (AVX-512 VBMI2), as in simdjson",
			doc:      "Compresses the bytes 0..63 under the bitboard as an opmask with VPCOMPRESSB, stores 16 bytes, or 64 above 16 squares (in a second loop), advances by POPCNT",
			features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VBMI2, kernels.POPCNT}, usage: kernels.PerQuery,
			forms: []kernels.Loop{
				{Mode: kernels.Throughput, Symbol: "serializeVBMI2", Label: "loop", Elements: 1, Instructions: 11},
			}},
		{id: "bitreverse/gfni", source: "Intel GFNI: GF2P8AFFINEQB with the bit-reversal matrix 0x8040201008040201 (Wojciech Mula, Geoff Langdale)",
			doc:      "Reverses eight bitboards at a time: GF2P8AFFINEQB reverses each byte, VPSHUFB each quadword's bytes",
			features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI}, usage: kernels.SIMDBatch,
			forms: []kernels.Loop{
				{Mode: kernels.Throughput, Symbol: "bitReverseGFNI", Label: "eight", Elements: 8, Instructions: 10},
				{Mode: kernels.Latency, Symbol: "bitReverseGFNILatency", Label: "chain", Elements: 1, Instructions: 8},
			}},
		{id: "sliding/hyperbola-gfni", source: "[mack-hyperbola], Ryan Mack's reversed bitboards, with GFNI hardware bit reversal",
			doc:      "Hyperbola Quintessence on all four lines at once in a YMM register, full bit reversal by GF2P8AFFINEQB and VPSHUFB, ranks included",
			features: []kernels.Feature{kernels.AVX2, kernels.AVX512GFNI}, usage: kernels.LoopOnly, tables: []string{"gf"},
			forms: []kernels.Loop{
				{Mode: kernels.Throughput, Symbol: "hyperbolaGFNIThroughput", Label: "tpLoop", Elements: 1, Instructions: 39},
				{Mode: kernels.Latency, Symbol: "hyperbolaGFNILatency", Label: "latLoop", Elements: 1, Instructions: 39},
			}},
		{id: "sliding/hyperbola-gfni-zmm", source: "[isenberg-hq] Hyperbola Quintessence on [mack-hyperbola]'s reversed bitboards, reversed by GFNI (GF2P8AFFINEQB with the bit-reversal matrix 0x8040201008040201) and VPSHUFB",
			doc:      "Hyperbola Quintessence on eight queries at once, one per ZMM quadword: full lines by VPERMQ and VPERMI2Q of the squares, the occupancy reversed, the four lines' reversed parts XORed and reversed once, lines chosen by opmask",
			features: []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512GFNI}, usage: kernels.SIMDBatch, tables: []string{"zmm"},
			forms: []kernels.Loop{
				{Mode: kernels.Throughput, Symbol: "hyperbolaZMMThroughput", Label: "zmmEight", Elements: 8, Instructions: 57},
				{Mode: kernels.Latency, Symbol: "hyperbolaZMMLatency", Label: "zmmLatLoop", Elements: 1, Instructions: 54},
			}},
	}
}
