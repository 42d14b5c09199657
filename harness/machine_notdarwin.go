//go:build !darwin

package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// osIdentity completes the identity from /proc/cpuinfo.
func osIdentity(id identity) identity { return procIdentity(id) }

// osCaches reads the cache sizes from sysfs.
func osCaches() Caches { return sysfsCaches() }

// osWarnings has nothing to add outside macOS.
func osWarnings() []string { return nil }

// procIdentity completes an identity from /proc/cpuinfo (Linux): the model
// name, and arm64's MIDR fields where MIDR_EL1 could not be read.
func procIdentity(id identity) identity {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return id
	}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		n, _ := strconv.ParseInt(v, 0, 64)
		switch strings.TrimSpace(k) {
		case "model name", "Model", "cpu model":
			if id.name == "" {
				id.name = v
			}
		case "CPU implementer":
			if id.midrImplementer == 0 {
				id.midrImplementer = int(n)
			}
		case "CPU part":
			if id.midrPart == 0 {
				id.midrPart = int(n)
			}
		}
	}
	return id
}

// sysfsCaches reads cpu0's data and unified caches from sysfs.
func sysfsCaches() Caches {
	var c Caches
	dirs, _ := filepath.Glob("/sys/devices/system/cpu/cpu0/cache/index*")
	read := func(dir, name string) string {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		return strings.TrimSpace(string(b))
	}
	for _, d := range dirs {
		if read(d, "type") == "Instruction" {
			continue
		}
		size := parseSize(read(d, "size"))
		if size == 0 {
			continue
		}
		c.Source = "sysfs"
		switch read(d, "level") {
		case "1":
			c.L1d = size
			c.Line, _ = strconv.ParseInt(read(d, "coherency_line_size"), 10, 64)
		case "2":
			c.L2 = size
		case "3":
			c.L3 = size
		}
	}
	return c
}

// parseSize reads sysfs sizes such as "32K" or "16M".
func parseSize(s string) int64 {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0
	}
	return n * mult
}
