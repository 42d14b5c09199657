//go:build !amd64

package harness

func cpuidIdentity() (name, vendor, family, model, stepping string) { return "", "", "", "", "" }
