// Package arm64 holds bitlab's Go assembly implementations for arm64,
// written by hand (avo, which generates the amd64 ones, has no arm64 back
// end). They use only ARMv8-A base and Advanced SIMD (NEON) instructions,
// which every arm64 Linux and macOS target has, so none declares a feature.
// On other architectures the package is empty.
package arm64
