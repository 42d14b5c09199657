package harness

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"

	"bitlab/kernels"
	"bitlab/schema"
	"bitlab/uarch"
)

// Machine describes the computer a run measures.
type Machine struct {
	CPU      string     // model name, with family/model/stepping where the name is generic
	Slug     string     // file-name form of CPU, for results/<slug>/
	Core     uarch.Core // the microarchitecture, or unknown
	GOAMD64  string     // the level this binary was built for ("" off amd64)
	Features []kernels.Feature
	// GOEXPERIMENT is the Go experiments this binary was built with beyond
	// the toolchain's defaults, such as "simd" (kernels/gosimd's kernels
	// exist only in such a build); "" for none.
	GOEXPERIMENT string
	// ArchFeatures are the CPU features golang.org/x/sys/cpu reports off
	// amd64 (arm64's "asimd", "crc32", "sve" ...), for the header.
	ArchFeatures []string
	Caches       Caches
	// Emulator names the emulator the binary runs under, such as
	// "qemu-aarch64", "" on real hardware: its cycle and time figures are
	// those of the emulation, not of any CPU.
	Emulator string
	// Warnings are what the run should know about the machine's facts,
	// such as which kind of core an asymmetric machine runs it on.
	Warnings []string
	// Host names the computer: its host name, or schema.CIHost on a hosted
	// CI runner; Runner is the CI runner's label ("" elsewhere). See host.
	Host, Runner string
}

// The environment variables that mark a run on a hosted CI runner
// (make ci-campaign sets HostEnv; the workflow sets RunnerEnv to the
// runner label its job asked for, such as "ubuntu-24.04-arm").
const (
	HostEnv   = "BITLAB_HOST"
	RunnerEnv = "BITLAB_RUNNER"
)

// host returns the host name a results header records and the runner
// label: HostEnv's value where set (schema.CIHost on a CI runner, whose
// own host name names a throw-away virtual machine), else the host name;
// the label from RunnerEnv.
func host() (name, runner string) {
	name = os.Getenv(HostEnv)
	if name == "" {
		name, _ = os.Hostname()
	}
	return name, os.Getenv(RunnerEnv)
}

// Caches are the data cache sizes of the core a run measures, in bytes.
type Caches struct {
	L1d, L2, L3, Line int64
	Source            string   // "cpuid", "sysfs" or "assumed"
	Assumed           []string // the sizes that were not found and what was assumed instead
}

// LLC returns the last-level cache size.
func (c Caches) LLC() int64 { return max(c.L3, c.L2) }

// String lists the sizes: "L1d 32 KiB, L2 512 KiB, L3 32 MiB, 64-byte lines (cpuid)".
func (c Caches) String() string {
	s := fmt.Sprintf("L1d %s, L2 %s", bytesText(c.L1d), bytesText(c.L2))
	if c.L3 > 0 {
		s += ", L3 " + bytesText(c.L3)
	}
	return s + fmt.Sprintf(", %d-byte lines (%s)", c.Line, c.Source)
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// identity is what a CPU says of itself.
type identity struct {
	name, vendor            string
	family, model, stepping int
	coreType                int // CPUID leaf 0x1A on hybrid Intel parts, else 0
	midrImplementer         int // arm64
	midrPart                int
}

// emulator returns the name of the user-mode emulator running this
// process, "" when it runs natively: QEMU's user mode names the process
// after itself ("qemu-aarch64"), and it passes the host's /proc/cpuinfo
// through, so an x86 cpuinfo under another GOARCH gives it away too.
func emulator() string {
	status, _ := os.ReadFile("/proc/self/status")
	info, _ := os.ReadFile("/proc/cpuinfo")
	return emulatorFrom(string(status), string(info), runtime.GOARCH)
}

// emulatorFrom is emulator's decision from the contents of
// /proc/self/status and /proc/cpuinfo under a GOARCH.
func emulatorFrom(status, cpuinfo, goarch string) string {
	for _, line := range strings.Split(status, "\n") {
		if name, ok := strings.CutPrefix(line, "Name:"); ok && strings.HasPrefix(strings.TrimSpace(name), "qemu-") {
			return strings.TrimSpace(name)
		}
	}
	if goarch != "amd64" && goarch != "386" && strings.Contains("\n"+cpuinfo, "\nvendor_id") {
		return "an emulator on an x86 host"
	}
	return ""
}

// ThisMachine inspects the machine and the running binary.
func ThisMachine() Machine {
	id := identify()
	m := Machine{CPU: cpuName(id), Caches: caches(id.vendor), Emulator: emulator(), Warnings: osWarnings(), ArchFeatures: archFeatures()}
	m.Host, m.Runner = host()
	if m.Emulator != "" {
		m.CPU = fmt.Sprintf("%s CPU emulated by %s", runtime.GOARCH, m.Emulator)
		if id.midrImplementer != 0 || id.midrPart != 0 {
			m.CPU += midrText(id)
		}
		if id.name != "" {
			m.CPU += " on " + id.name // the host's model name, seen through the emulator
		}
	}
	m.Slug = schema.Slug(m.CPU)
	switch {
	case m.Emulator != "":
		m.Core = uarch.Core{Name: m.Emulator + " emulation", Vendor: m.Emulator}
	case id.family != 0:
		m.Core = uarch.X86(id.vendor, id.family, id.model, id.coreType)
	case id.midrImplementer != 0:
		m.Core = uarch.ARM64(id.midrImplementer, id.midrPart)
	case runtime.GOOS == "darwin":
		m.Core = uarch.Apple(id.name)
	default:
		m.Core = uarch.Core{Vendor: runtime.GOARCH + " CPU of unknown identity"}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "GOAMD64":
				m.GOAMD64 = s.Value
			case "GOEXPERIMENT":
				m.GOEXPERIMENT = s.Value
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

// Label names the machine for charts and pages: "Zen 3 (AMD EPYC, family
// 25 model 1)".
func (m Machine) Label() string {
	name, _, _ := strings.Cut(m.CPU, " (")
	return uarch.Label(m.Core.String(), name, m.Core.Family, m.Core.Model)
}

// cpuName returns the CPU's brand string. Virtual machines often hide the
// model behind a generic name such as "Intel(R) Xeon(R) Processor"; a name
// without a model number gets the vendor, family, model and stepping added,
// which tell the microarchitecture apart. Linux on arm64 names no model
// at all: MIDR's implementer and part tell the core (a Neoverse N1 from an
// N2, which one CI runner label may give either), as they do under an
// emulator.
func cpuName(id identity) string {
	name := strings.Join(strings.Fields(id.name), " ")
	if name == "" {
		name = runtime.GOARCH + " CPU"
	}
	if regexp.MustCompile(`\d{3,}|[A-Z]\d|\d[A-Z]`).MatchString(strings.ReplaceAll(name, "(R)", "")) {
		return name
	}
	switch {
	case id.family != 0:
		name = fmt.Sprintf("%s (%s family %d model %d stepping %d)", name, id.vendor, id.family, id.model, id.stepping)
	case id.midrImplementer != 0:
		name += midrText(id)
	}
	return name
}

// midrText is " (MIDR implementer 0x41 part 0xd49)".
func midrText(id identity) string {
	return fmt.Sprintf(" (MIDR implementer %#x part %#x)", id.midrImplementer, id.midrPart)
}

// identify reads the CPU's identity from CPUID where the architecture has
// it, and from the operating system otherwise (model name; arm64's MIDR
// fields).
func identify() identity {
	if runtime.GOARCH == "amd64" {
		return cpuidIdentity()
	}
	return osIdentity(midrIdentity())
}

// Defaults assumed for cache sizes that cannot be read.
const (
	assumedL1d  = 32 << 10
	assumedL2   = 1 << 20
	assumedLLC  = 32 << 20
	assumedLine = 64
)

// caches reads the cache sizes from CPUID, then sysfs, and assumes common
// sizes for what neither tells, saying so.
func caches(vendor string) Caches {
	c, ok := cpuidCaches(vendor)
	if ok {
		c.Source = "cpuid"
	} else {
		c = osCaches()
	}
	assume := func(size *int64, what string, v int64) {
		if *size == 0 {
			*size = v
			c.Assumed = append(c.Assumed, fmt.Sprintf("%s size unknown: assumed %s", what, bytesText(v)))
		}
	}
	assume(&c.L1d, "L1d", assumedL1d)
	assume(&c.L2, "L2", assumedL2)
	assume(&c.Line, "cache line", assumedLine)
	if c.L3 == 0 && c.Source == "" {
		assume(&c.L3, "last-level cache", assumedLLC)
	}
	if c.Source == "" {
		c.Source = "assumed"
	}
	return c
}
