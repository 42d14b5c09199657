package harness

import "fmt"

// A MemoryLimit bounds the memory this process can still allocate.
type MemoryLimit struct {
	Bytes int64
	What  string // where the bound comes from, such as "MemAvailable in /proc/meminfo"
}

func (l MemoryLimit) String() string { return fmt.Sprintf("%s (%s)", approxBytes(l.Bytes), l.What) }

// approxBytes writes a size in bytes, KiB, MiB or GiB to three significant
// digits (bytesText writes exact sizes).
func approxBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.3g GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.3g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.3g KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
