package harness

import (
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
)

// AvailableMemory returns the tightest bound on the memory this process
// can still allocate: the kernel's MemAvailable estimate, the memory
// limit of the process's cgroup (v2 memory.max, v1 memory.limit_in_bytes,
// and those of its ancestors) less what the cgroup uses, and the
// address-space limit (ulimit -v) less the process's size. ok is false
// when none can be read.
func AvailableMemory() (MemoryLimit, bool) {
	var as uint64
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil {
		as = rl.Cur
	}
	return tightest(memoryLimits(os.ReadFile, as))
}

// rlimInfinity is RLIM_INFINITY: no address-space limit.
const rlimInfinity = ^uint64(0)

// memoryLimits reads the bounds [AvailableMemory] compares through read
// (os.ReadFile), with the address-space limit as. Limits of 2^62 bytes
// and more are none: cgroup v1 writes "no limit" as the largest page
// multiple below 2^63.
func memoryLimits(read func(string) ([]byte, error), as uint64) []MemoryLimit {
	var limits []MemoryLimit
	if b, err := read("/proc/meminfo"); err == nil {
		if n, ok := kbField(string(b), "MemAvailable:"); ok {
			limits = append(limits, MemoryLimit{n, "MemAvailable in /proc/meminfo"})
		}
	}
	if as != rlimInfinity && as > 0 {
		used := int64(0)
		if b, err := read("/proc/self/status"); err == nil {
			used, _ = kbField(string(b), "VmSize:")
		}
		limits = append(limits, MemoryLimit{max(0, int64(min(as, 1<<62))-used),
			fmt.Sprintf("the address-space limit (ulimit -v) of %s less the %s this process has mapped", approxBytes(int64(min(as, 1<<62))), approxBytes(used))})
	}
	cg, err := read("/proc/self/cgroup")
	if err != nil {
		return limits
	}
	for _, line := range strings.Split(strings.TrimSpace(string(cg)), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		var root, limitFile, usageFile string
		switch {
		case f[0] == "0" && f[1] == "":
			root, limitFile, usageFile = "/sys/fs/cgroup", "memory.max", "memory.current"
		case containsField(f[1], "memory"):
			root, limitFile, usageFile = "/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes"
		default:
			continue
		}
		// The process's cgroup and every ancestor up to the mount: the
		// path may not exist below the mount in a cgroup namespace, whose
		// root is then the process's own.
		for dir := path.Clean(f[2]); ; dir = path.Dir(dir) {
			if l, ok := cgroupLimit(read, path.Join(root, dir), limitFile, usageFile); ok {
				limits = append(limits, l)
			}
			if dir == "/" || dir == "." {
				break
			}
		}
	}
	return limits
}

// cgroupLimit reads one cgroup's memory limit less its usage.
func cgroupLimit(read func(string) ([]byte, error), dir, limitFile, usageFile string) (MemoryLimit, bool) {
	b, err := read(path.Join(dir, limitFile))
	if err != nil {
		return MemoryLimit{}, false
	}
	limit, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || limit >= 1<<62 { // "max", or v1's no limit
		return MemoryLimit{}, false
	}
	var usage int64
	if b, err := read(path.Join(dir, usageFile)); err == nil {
		usage, _ = strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	}
	return MemoryLimit{max(0, limit-usage), fmt.Sprintf("the cgroup memory limit %s of %s less the %s it uses",
		approxBytes(limit), path.Join(dir, limitFile), approxBytes(usage))}, true
}

// kbField reads a "Key:   N kB" line of /proc/meminfo or /proc/self/status
// in bytes.
func kbField(text, key string) (int64, bool) {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				n, err := strconv.ParseInt(f[0], 10, 64)
				return n << 10, err == nil
			}
		}
	}
	return 0, false
}

func containsField(list, name string) bool {
	for _, f := range strings.Split(list, ",") {
		if f == name {
			return true
		}
	}
	return false
}

// tightest returns the smallest of the limits; ok is false for none.
func tightest(limits []MemoryLimit) (MemoryLimit, bool) {
	if len(limits) == 0 {
		return MemoryLimit{}, false
	}
	best := limits[0]
	for _, l := range limits[1:] {
		if l.Bytes < best.Bytes {
			best = l
		}
	}
	return best, true
}
