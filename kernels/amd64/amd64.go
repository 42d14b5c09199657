// Package amd64 holds bitlab's Go assembly implementations for amd64. Each
// declares the CPU features it executes; package kernels never runs one
// the machine lacks. On other architectures the package is empty.
package amd64

//go:generate go run ./internal/asm -out kernels_amd64.s -stubs kernels_amd64.go -pkg amd64 -loops loops_gen.go -register register_gen.go
