// Package gosimd holds kernels written in Go with the experimental package
// simd/archsimd (Go 1.26, GOEXPERIMENT=simd, amd64): its vector operations
// are compiler intrinsics, compiled at the call site like any Go code, so
// unlike Go assembly they inline and the compiler allocates their
// registers. Each kernel is the twin of assembly of package amd64 (its
// function's comment says which) and is proven against its family's
// reference like every kernel. The move generator's entry points
// (movegen.go) inline into package movegen's configurations
// serialize=archsimd-vbmi2 and count=archsimd-vpopcnt.
//
// Without the experiment, or off amd64, the package registers nothing and
// Loops is empty. Every kernel declares the CPU features its compiled code
// executes; TestRequires reads the package's machine code and checks them.
package gosimd
