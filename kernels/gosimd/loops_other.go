//go:build !(goexperiment.simd && amd64)

package gosimd

import "bitlab/kernels"

// Loops returns nothing: this build has no archsimd kernels.
func Loops() []kernels.Loop { return nil }
