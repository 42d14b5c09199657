// Package goamd64 says what each GOAMD64 level needs of the CPU, in
// package kernels' features: runbench builds only the levels the CPU
// runs, and package explain estimates a level only on the cores that run
// it.
package goamd64

import (
	"fmt"

	"bitlab/kernels"
)

// Known reports whether level is a GOAMD64 level: v1, v2, v3 or v4.
func Known(level string) bool {
	switch level {
	case "v1", "v2", "v3", "v4":
		return true
	}
	return false
}

// Needs returns the features GOAMD64 level needs, a fresh list (v2 also
// needs SSE3, SSSE3 and SSE4, present wherever POPCNT is; v3 also FMA,
// F16C and MOVBE, present wherever AVX2 and BMI2 are). It panics on a
// level that is not Known.
func Needs(level string) []kernels.Feature {
	v3 := []kernels.Feature{kernels.POPCNT, kernels.AVX2, kernels.BMI1, kernels.BMI2, kernels.LZCNT}
	switch level {
	case "v1":
		return nil
	case "v2":
		return []kernels.Feature{kernels.POPCNT}
	case "v3":
		return v3
	case "v4":
		return append(v3, kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL)
	}
	panic(fmt.Sprintf("goamd64: unknown GOAMD64 level %q", level))
}
