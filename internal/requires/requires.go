// Package requires checks that assembly declares the CPU features it
// executes. avo writes a "// Requires:" line naming the instruction sets
// above every function it generates (hand-written files write the same line
// by hand); Parse reads those lines, and Missing compares them with the
// features a registration or a self-check declares. Tests use it; the
// dispatch itself is proven by make test's GODEBUG feature-off passes.
package requires

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"

	"bitlab/kernels"
)

// avx512 are the features whose availability implies AVX and AVX2 (an
// AVX-512 feature needs AVX-512F, which needs AVX2).
var avx512 = []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL, kernels.AVX512VBMI,
	kernels.AVX512VBMI2, kernels.AVX512VPOPCNTDQ, kernels.AVX512GFNI}

// features maps an instruction set as avo names it to the features of
// which a declaration must include one. amd64's baseline (CMOV, SSE, SSE2)
// and CPUID need none.
var features = map[string][]kernels.Feature{
	"CMOV": nil, "SSE": nil, "SSE2": nil, "CPUID": nil,
	"POPCNT": {kernels.POPCNT}, "BMI": {kernels.BMI1}, "BMI2": {kernels.BMI2}, "LZCNT": {kernels.LZCNT},
	"AVX":             append([]kernels.Feature{kernels.AVX2}, avx512...),
	"AVX2":            append([]kernels.Feature{kernels.AVX2}, avx512...),
	"AVX512F":         {kernels.AVX512F},
	"AVX512BW":        {kernels.AVX512BW},
	"AVX512VL":        {kernels.AVX512VL},
	"AVX512VBMI":      {kernels.AVX512VBMI},
	"AVX512VBMI2":     {kernels.AVX512VBMI2},
	"AVX512VPOPCNTDQ": {kernels.AVX512VPOPCNTDQ},
	"GFNI":            {kernels.AVX512GFNI},
}

// Parse reads the "// Requires:" line above every TEXT symbol of the
// assembly files: symbol -> instruction sets (none for a symbol without
// the line).
func Parse(files ...string) (map[string][]string, error) {
	syms := map[string][]string{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		var pending []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if isa, ok := strings.CutPrefix(line, "// Requires: "); ok {
				pending = strings.Split(isa, ", ")
				continue
			}
			if rest, ok := strings.CutPrefix(line, "TEXT ·"); ok {
				sym, _, _ := strings.Cut(rest, "(SB)")
				syms[sym] = pending
			}
			if !strings.HasPrefix(line, "//") {
				pending = nil
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	if len(syms) == 0 {
		return nil, fmt.Errorf("no TEXT symbols in %v", files)
	}
	return syms, nil
}

// Missing returns one line per instruction set of isas that declared does
// not cover, or that the table does not know.
func Missing(isas []string, declared []kernels.Feature) []string {
	var out []string
	for _, isa := range isas {
		need, ok := features[isa]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("requires %s, which package requires does not know", isa))
		case need != nil && !slices.ContainsFunc(need, func(f kernels.Feature) bool { return slices.Contains(declared, f) }):
			out = append(out, fmt.Sprintf("requires %s, but declares %v (one of %v needed)", isa, declared, need))
		}
	}
	return out
}
