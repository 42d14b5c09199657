//go:build !linux

package harness

// AvailableMemory returns ok = false off Linux: the bounds are not read.
func AvailableMemory() (MemoryLimit, bool) { return MemoryLimit{}, false }
