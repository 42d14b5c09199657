package harness

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"bitlab/kernels"
	"bitlab/schema"
)

// Machine describes the computer a run measures.
type Machine struct {
	CPU      string // model name, with family/model/stepping where the name is generic
	Slug     string // file-name form of CPU, for results/<slug>/
	GOAMD64  string // the level this binary was built for ("" off amd64)
	Features []kernels.Feature
	LLCBytes int64 // last-level cache size, or a guess of 32 MiB
}

// ThisMachine inspects the machine and the running binary.
func ThisMachine() Machine {
	m := Machine{CPU: cpuName(), LLCBytes: llcBytes()}
	m.Slug = schema.Slug(m.CPU)
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GOAMD64" {
				m.GOAMD64 = s.Value
			}
		}
	}
	if runtime.GOARCH == "amd64" && m.GOAMD64 == "" {
		m.GOAMD64 = "v1"
	}
	for _, f := range kernels.KnownFeatures() {
		if f.Available() {
			m.Features = append(m.Features, f)
		}
	}
	return m
}

// cpuName returns the CPU's brand string. Virtual machines often hide the
// model behind a generic name such as "Intel(R) Xeon(R) Processor"; a name
// without a model number gets the vendor, family, model and stepping added,
// which tell the microarchitecture apart.
func cpuName() string {
	name, vendor, family, model, stepping := identify()
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		name = runtime.GOARCH + " CPU"
	}
	if !regexp.MustCompile(`\d{3,}|[A-Z]\d|\d[A-Z]`).MatchString(strings.ReplaceAll(name, "(R)", "")) && family != "" {
		name = fmt.Sprintf("%s (%s family %s model %s stepping %s)", name, vendor, family, model, stepping)
	}
	return name
}

// identify reads the CPU's identity from CPUID where the architecture has
// it, and from /proc/cpuinfo otherwise.
func identify() (name, vendor, family, model, stepping string) {
	if runtime.GOARCH == "amd64" {
		return cpuidIdentity()
	}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "", "", "", "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name", "Model", "cpu model":
			if name == "" {
				name = strings.TrimSpace(v)
			}
		}
	}
	return name, "", "", "", ""
}

// llcBytes reads the largest cache's size from sysfs; 32 MiB if unknown.
func llcBytes() int64 {
	best := int64(0)
	dirs, _ := filepath.Glob("/sys/devices/system/cpu/cpu0/cache/index*")
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "size"))
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		mult := int64(1)
		switch {
		case strings.HasSuffix(s, "K"):
			mult, s = 1<<10, strings.TrimSuffix(s, "K")
		case strings.HasSuffix(s, "M"):
			mult, s = 1<<20, strings.TrimSuffix(s, "M")
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n*mult > best {
			best = n * mult
		}
	}
	if best == 0 {
		return 32 << 20
	}
	return best
}
