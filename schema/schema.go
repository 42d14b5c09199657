// Package schema is bitlab's results format: the one definition of what
// runbench writes and what report reads.
//
// A results file is Go benchmark format (golang.org/x/perf/benchfmt):
//
//   - file configuration lines (Key* constants) describe the machine and the
//     build; "family" and "baseline" change per block of lines, so that
//     benchstat prints one table per family and readers know its baseline;
//   - each result line is named Base/key=value/... ([Name]); kernel cases use
//     [KernelCase], other workloads (perft) their own keys;
//   - values come in the [Units] listed here, each with its metadata;
//   - "# " lines are comments, which benchmark readers ignore.
//
// The statistics both runbench's summary and report's tables print (a
// case's median and interval, an implementation's geometric mean and its
// speed-up over the family baseline) are [Summarize] and [Stand].
package schema

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Mode is how a kernel is timed.
type Mode string

// The modes.
const (
	Throughput Mode = "throughput" // independent elements
	Latency    Mode = "latency"    // a dependent chain
)

// LearnedTolerance is the relative difference between a case's cost on the
// repeated L1 batch and on the stream beyond which the branch predictor is
// said to have learned the repeated inputs (runbench's learned: lines, the
// verdict's reasons).
const LearnedTolerance = 0.10

// Modes lists the modes in their listing order.
func Modes() []Mode { return []Mode{Throughput, Latency} }

// SizeClass names a batch size relative to the caches, or gives it as a
// number of elements ("65536": a peer's batch length, say).
type SizeClass string

// The size classes.
const (
	L1 SizeClass = "l1" // L1Elements: L1-resident inputs
	L2 SizeClass = "l2" // half the L2 cache in 8-byte inputs: spills L1, stays in L2
	// Stream is StreamElements: more distinct inputs than any branch
	// predictor learns, streamed from the outer caches. Data-dependent
	// families take their headline figures from it.
	Stream SizeClass = "stream"
	Mem    SizeClass = "mem" // twice the last-level cache in 8-byte inputs
)

// SizeClasses lists the size classes, smallest first.
func SizeClasses() []SizeClass { return []SizeClass{L1, L2, Stream, Mem} }

// The batch lengths of the fixed size classes. L1Elements is the size of
// the headline figures of the families whose cost does not depend on the
// data's branches.
const (
	L1Elements     = 4096
	StreamElements = 1 << 20
)

// MaxElements bounds a batch length given as a number.
const MaxElements = 1 << 27

// Elements returns the batch length of a size class on a machine with the
// given L2 and last-level cache sizes in bytes.
func (c SizeClass) Elements(l2Bytes, llcBytes int64) (int, error) {
	if n, ok := c.Fixed(); ok {
		return n, nil
	}
	switch c {
	case L1:
		return L1Elements, nil
	case L2:
		return int(l2Bytes / 2 / 8), nil
	case Stream:
		return StreamElements, nil
	case Mem:
		return int(2 * llcBytes / 8), nil
	}
	return 0, fmt.Errorf("unknown size class %q (want l1, l2, stream, mem or a number of elements up to %d)", string(c), MaxElements)
}

// Fixed returns the batch length of a size class given as a number of
// elements; ok is false for the named classes and anything else.
func (c SizeClass) Fixed() (n int, ok bool) {
	n, err := strconv.Atoi(string(c))
	return n, err == nil && n > 0 && n <= MaxElements && strconv.Itoa(n) == string(c)
}

// Pressure names how much other data competes with a kernel for the
// caches: before every batch the timed loop walks an eviction buffer of
// this size, untimed, and times each batch on its own. The zero value,
// NoPressure, is an ordinary run; PressureNone is the same cases' reference
// point in a pressure run, timed the pressure way with no walk.
type Pressure string

// The pressure classes.
const (
	NoPressure   Pressure = ""
	PressureNone Pressure = "none"
	PressureL1   Pressure = "l1"   // the L1 data cache's size
	PressureL2   Pressure = "l2"   // the L2 cache's size
	PressureLLC  Pressure = "llc"  // the last-level cache's size
	Pressure2LLC Pressure = "2llc" // twice the last-level cache: nothing of the kernel's survives
)

// Pressures lists the pressure classes of a pressure run, weakest first.
func Pressures() []Pressure {
	return []Pressure{PressureNone, PressureL1, PressureL2, PressureLLC, Pressure2LLC}
}

// ParsePressure reads a pressure class.
func ParsePressure(s string) (Pressure, error) {
	if p := Pressure(s); slices.Contains(Pressures(), p) {
		return p, nil
	}
	return "", fmt.Errorf("unknown pressure %q (want none, l1, l2, llc or 2llc)", s)
}

// Bytes returns the eviction buffer's size on a machine with the given
// cache sizes in bytes.
func (p Pressure) Bytes(l1dBytes, l2Bytes, llcBytes int64) int64 {
	switch p {
	case PressureL1:
		return l1dBytes
	case PressureL2:
		return l2Bytes
	case PressureLLC:
		return llcBytes
	case Pressure2LLC:
		return 2 * llcBytes
	}
	return 0
}

// The configuration keys of a results file.
const (
	KeyGOOS        = "goos"
	KeyGOARCH      = "goarch"
	KeyGOAMD64     = "goamd64"
	KeyGo          = "go"
	KeyCPU         = "cpu"
	KeyUarch       = "uarch" // the microarchitecture, such as "Zen 3", or "unknown (...)"
	KeyCPUFeatures = "cpufeatures"
	KeyCycles      = "cycles" // the cycle source: perf, add-chain or none
	KeySeed        = "seed"
	KeyFamily      = "family"   // per block: the family of the lines that follow
	KeyBaseline    = "baseline" // per block: that family's baseline implementation; in perft files, the default configuration
	KeyHeadline    = "headline" // per block: the batch length of that family's summary figures
	KeyTables      = "tables"   // per block: the lookup-table bytes of its implementations, FormatTables
	KeyUsage       = "usage"    // per block: how a move generator can use its implementations, FormatUsage
)

// KeyGOEXPERIMENT is the configuration key of the build's Go experiments
// beyond the toolchain's defaults (GOEXPERIMENT, such as "simd"): a build
// with another set of experiments is another build. Files of builds
// without any have no such line.
const KeyGOEXPERIMENT = "goexperiment"

// FileKeys are the configuration keys that describe a whole results file
// (the machine, the build and the seed), unlike the per-block keys: a
// second line of one of them with another value is a malformed file.
func FileKeys() []string {
	return []string{KeyGOOS, KeyGOARCH, KeyGOAMD64, KeyGOEXPERIMENT, KeyGo, KeyCPU, KeyUarch, KeyCPUFeatures, KeyCycles, KeySeed}
}

// FormatTables writes the lookup-table sizes of a family's implementations
// as the tables configuration line carries them: "impl=bytes" for each
// implementation with tables, by name, separated by spaces.
func FormatTables(bytes map[string]int) string {
	var parts []string
	for _, impl := range slices.Sorted(maps.Keys(bytes)) {
		if bytes[impl] > 0 {
			parts = append(parts, impl+"="+strconv.Itoa(bytes[impl]))
		}
	}
	return strings.Join(parts, " ")
}

// The usages a usage configuration line names: one query per call, a batch
// of queries in SIMD lanes, or whole batches only (package kernels' Usage).
const (
	UsageQuery = "query"
	UsageBatch = "batch"
	UsageLoop  = "loop"
)

// FormatUsage writes the usages of a family's implementations as a usage
// configuration line: "impl=usage ...", sorted.
func FormatUsage(usage map[string]string) string {
	var parts []string
	for _, impl := range slices.Sorted(maps.Keys(usage)) {
		parts = append(parts, impl+"="+usage[impl])
	}
	return strings.Join(parts, " ")
}

// ParseUsage reads a usage configuration line.
func ParseUsage(s string) (map[string]string, error) {
	m := map[string]string{}
	for _, p := range strings.Fields(s) {
		impl, u, ok := strings.Cut(p, "=")
		if !ok || (u != UsageQuery && u != UsageBatch && u != UsageLoop) {
			return nil, fmt.Errorf("usage %q: %q is not impl=%s|%s|%s", s, p, UsageQuery, UsageBatch, UsageLoop)
		}
		m[impl] = u
	}
	return m, nil
}

// ParseTables reads a tables configuration line.
func ParseTables(s string) (map[string]int, error) {
	m := map[string]int{}
	for _, p := range strings.Fields(s) {
		impl, n, ok := strings.Cut(p, "=")
		b, err := strconv.Atoi(n)
		if !ok || err != nil || b < 0 {
			return nil, fmt.Errorf("tables %q: %q is not impl=bytes", s, p)
		}
		m[impl] = b
	}
	return m, nil
}
