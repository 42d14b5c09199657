//go:build !arm64

package harness

// midrIdentity reads MIDR_EL1 on arm64; other architectures have none.
func midrIdentity() identity { return identity{} }

// archFeatures lists a non-amd64 architecture's CPU features; bitlab reads
// them on arm64 only (amd64's are the kernels' features).
func archFeatures() []string { return nil }
