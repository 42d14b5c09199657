package main

// The bit-scan families, as package generic groups them: bitscan-forward
// (BSF with a CMOV for the empty set, [cpw-serialization]; TZCNT, BMI1),
// bitscan-reverse (BSR with a CMOV, [cpw-serialization]'s Scanning
// Reverse; 63 - LZCNT, ABM) and ls1b-reset (BSF then BTR,
// [cpw-serialization]'s bittestandreset; BLSR, BMI1), the instructions from
// Intel's manual.

import (
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// bitscanScalars declares the bit-scan and ls1b-reset kernels.
func bitscanScalars() []scalar {
	return []scalar{
		{"bsf", &kernel{id: "bitscan-forward/bsf", source: serial + "; BSF", doc: "Scans with BSF, a CMOV giving 64 for the empty set", usage: kernels.LoopOnly},
			"BSF, with CMOV supplying 64 for the empty set (BSF leaves its destination undefined)", 1, emptyIs64(func(x, r reg.Register) { BSFQ(x, r) })},
		{"tzcnt", &kernel{id: "bitscan-forward/tzcnt", source: intel + ": TZCNT (BMI1)", doc: "Scans with TZCNT, which gives 64 for the empty set itself",
			features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"TZCNT (BMI1), which returns 64 for the empty set by itself", 1, func(x reg.GPVirtual) reg.GPVirtual {
				TZCNTQ(x, x)
				return x
			}},
		{"bsr", &kernel{id: "bitscan-reverse/bsr", source: "[cpw-serialization], Scanning Reverse; BSR", doc: "Scans with BSR, a CMOV giving 64 for the empty set", usage: kernels.LoopOnly},
			"BSR, with CMOV supplying 64 for the empty set", 1, emptyIs64(func(x, r reg.Register) { BSRQ(x, r) })},
		{"lzcnt", &kernel{id: "bitscan-reverse/lzcnt", source: intel + ": LZCNT (ABM)", doc: "Scans as 63 - LZCNT, a CMOV giving 64 for the empty set",
			features: []kernels.Feature{kernels.LZCNT}, usage: kernels.LoopOnly},
			"63 - LZCNT (LZCNT), with CMOV supplying 64 for the empty set", 1, func(x reg.GPVirtual) reg.GPVirtual {
				r := GP64()
				none := const64(64)
				LZCNTQ(x, r)
				XORQ(U8(63), r)
				TESTQ(x, x)
				CMOVQEQ(none, r)
				return r
			}},
		{"btr", &kernel{id: "ls1b-reset/btr", source: serial, doc: "Finds the least significant one-bit with BSF and resets it with BTR", usage: kernels.LoopOnly},
			"BSF then BTR: reset the found bit ([cpw-serialization]'s bittestandreset)", 8, func(x reg.GPVirtual) reg.GPVirtual {
				i := GP64()
				BSFQ(x, i) // undefined for x = 0, where BTR of any bit leaves 0
				BTRQ(i, x)
				return x
			}},
		{"blsr", &kernel{id: "ls1b-reset/blsr", source: intel + ": BLSR (BMI1)", doc: "Resets the least significant one-bit with one BLSR",
			features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"BLSR (BMI1): x & (x - 1) in one instruction", 8, func(x reg.GPVirtual) reg.GPVirtual {
				BLSRQ(x, x)
				return x
			}},
	}
}

// emptyIs64 wraps a bit scan that sets the zero flag for the empty set:
// a CMOV replaces its undefined result by 64.
func emptyIs64(scan func(x, r reg.Register)) mapper {
	return func(x reg.GPVirtual) reg.GPVirtual {
		r := GP64()
		none := const64(64)
		scan(x, r)
		CMOVQEQ(none, r)
		return r
	}
}
