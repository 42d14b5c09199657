//go:build !arm64

package harness

// midrIdentity reads MIDR_EL1 on arm64; other architectures have none.
func midrIdentity() identity { return identity{} }
