//go:build !amd64

package harness

func cpuidIdentity() identity                { return identity{} }
func cpuidCaches(string) (c Caches, ok bool) { return c, false }

// hypervisor reports false: the bit is CPUID's.
func hypervisor() bool { return false }
