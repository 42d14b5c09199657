// Package all registers every implementation bitlab has for this
// architecture: import it for its side effect.
package all

import (
	_ "bitlab/kernels/amd64"   // Go assembly, on amd64
	_ "bitlab/kernels/arm64"   // Go assembly, on arm64
	_ "bitlab/kernels/generic" // portable Go
	_ "bitlab/kernels/gosimd"  // Go with simd/archsimd, on amd64 with GOEXPERIMENT=simd
)
