package kernels

import (
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/sys/cpu"
)

// Feature is a CPU feature an assembly kernel executes. Its name is the
// golang.org/x/sys/cpu GODEBUG option that switches it off, so
// GODEBUG=cpu.avx2=off makes every kernel needing AVX2 unsupported.
type Feature string

// The features bitlab's kernels use.
const (
	POPCNT          Feature = "popcnt"
	BMI1            Feature = "bmi1"
	BMI2            Feature = "bmi2"
	LZCNT           Feature = "lzcnt"
	AVX2            Feature = "avx2"
	AVX512F         Feature = "avx512f"
	AVX512BW        Feature = "avx512bw"
	AVX512VL        Feature = "avx512vl"
	AVX512VBMI      Feature = "avx512vbmi"
	AVX512VBMI2     Feature = "avx512vbmi2"
	AVX512VPOPCNTDQ Feature = "avx512vpopcntdq"
	AVX512GFNI      Feature = "avx512gfni"
)

// available says whether this machine has each feature. AVX-512 features also
// need AVX-512 as a whole (GODEBUG cpu.avx512=off) and AVX2, so switching off
// a base extension switches off everything built on it.
var available = map[Feature]func() bool{
	POPCNT:          func() bool { return cpu.X86.HasPOPCNT },
	BMI1:            func() bool { return cpu.X86.HasBMI1 },
	BMI2:            func() bool { return cpu.X86.HasBMI2 },
	LZCNT:           func() bool { return cpu.X86.HasLZCNT },
	AVX2:            func() bool { return cpu.X86.HasAVX && cpu.X86.HasAVX2 },
	AVX512F:         hasAVX512F,
	AVX512BW:        avx512(&cpu.X86.HasAVX512BW),
	AVX512VL:        avx512(&cpu.X86.HasAVX512VL),
	AVX512VBMI:      avx512(&cpu.X86.HasAVX512VBMI),
	AVX512VBMI2:     avx512(&cpu.X86.HasAVX512VBMI2),
	AVX512VPOPCNTDQ: avx512(&cpu.X86.HasAVX512VPOPCNTDQ),
	AVX512GFNI:      avx512(&cpu.X86.HasAVX512GFNI),
}

func hasAVX512F() bool {
	return cpu.X86.HasAVX && cpu.X86.HasAVX2 && cpu.X86.HasAVX512 && cpu.X86.HasAVX512F
}

func avx512(has *bool) func() bool {
	return func() bool { return *has && hasAVX512F() }
}

// Available reports whether this machine has the feature. Every feature is
// an amd64 feature: on other architectures none is available.
func (f Feature) Available() bool {
	has, ok := available[f]
	return ok && runtime.GOARCH == "amd64" && has()
}

// KnownFeatures returns every feature bitlab knows, in a fixed order.
func KnownFeatures() []Feature {
	return []Feature{POPCNT, BMI1, BMI2, LZCNT, AVX2, AVX512F, AVX512BW, AVX512VL,
		AVX512VBMI, AVX512VBMI2, AVX512VPOPCNTDQ, AVX512GFNI}
}

// Supported returns nil when this CPU has every feature of fs, else an
// error naming the ones it lacks ("CPU lacks avx512f, avx512vbmi2").
func Supported(fs []Feature) error {
	var missing []string
	for _, f := range fs {
		if !f.Available() {
			missing = append(missing, string(f))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("CPU lacks %s", strings.Join(missing, ", "))
	}
	return nil
}
