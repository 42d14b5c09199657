package harness

import "golang.org/x/sys/unix"

// osIdentity reads the CPU's brand string ("Apple M2 Pro") from sysctl;
// macOS does not let user code read MIDR_EL1.
func osIdentity(id identity) identity {
	if name, err := unix.Sysctl("machdep.cpu.brand_string"); err == nil {
		id.name = name
	}
	return id
}

// osCaches reads the performance cores' cache sizes from sysctl
// (hw.perflevel0.*), the machine-wide ones where those are missing.
func osCaches() Caches {
	var c Caches
	get := func(names ...string) int64 {
		for _, n := range names {
			if v, err := unix.SysctlUint64(n); err == nil && v > 0 {
				return int64(v)
			}
		}
		return 0
	}
	c.L1d = get("hw.perflevel0.l1dcachesize", "hw.l1dcachesize")
	c.L2 = get("hw.perflevel0.l2cachesize", "hw.l2cachesize")
	c.L3 = get("hw.l3cachesize")
	c.Line = get("hw.cachelinesize")
	if c.L1d > 0 {
		c.Source = "sysctl"
	}
	return c
}

// osWarnings says what cannot be known on macOS: which kind of core runs
// the process. Nothing pins a thread there; a busy thread of a foreground
// process usually runs on the performance cores.
func osWarnings() []string {
	if n, err := unix.SysctlUint32("hw.nperflevels"); err == nil && n > 1 {
		return []string{"macOS does not say whether this run used the performance or the efficiency cores (nothing can pin a thread): the figures and the cache sizes assume the performance cores; rerun with nothing else busy to keep it there"}
	}
	return nil
}
