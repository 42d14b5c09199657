// Package harness is bitlab's measurement instrument: workloads, timing,
// the cycle clock, the self-check, and results in Go's benchmark format.
package harness

//go:generate go run ./internal/asm -out chains_amd64.s -stubs chains_amd64.go -pkg harness
//go:generate go run ./internal/arm64asm -out chains_arm64.s -stubs chains_arm64.go -pkg harness
