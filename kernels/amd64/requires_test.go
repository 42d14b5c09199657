//go:build amd64

package amd64

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bitlab/kernels"
)

// avx512 are the features whose availability implies AVX and AVX2 (see
// package kernels: an AVX-512 feature needs AVX-512F, which needs AVX2).
var avx512 = []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL, kernels.AVX512VBMI,
	kernels.AVX512VBMI2, kernels.AVX512VPOPCNTDQ, kernels.AVX512GFNI}

// isaFeatures maps an instruction set as avo names it in "// Requires:"
// to the features of which a registration must declare one. The baseline
// of amd64 (CMOV, SSE, SSE2) needs none.
var isaFeatures = map[string][]kernels.Feature{
	"CMOV": nil, "SSE": nil, "SSE2": nil,
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

// requires reads the "// Requires:" line above every TEXT symbol of the
// package's assembly files: symbol -> instruction sets (none for a symbol
// without the line).
func requires(t *testing.T) map[string][]string {
	t.Helper()
	files, _ := filepath.Glob("*_amd64.s")
	syms := map[string][]string{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
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
	}
	if len(syms) == 0 {
		t.Fatal("no TEXT symbols")
	}
	return syms
}

// registration is one Register call of register_amd64.go: its impl, its
// features and the assembly symbols it refers to.
type registration struct {
	impl     string
	features []kernels.Feature
	symbols  []string
}

// registrations reads register_amd64.go: every call X.Register(info(impl,
// source, doc, features...), ...) with the symbols among syms it names.
func registrations(t *testing.T, syms map[string][]string) []registration {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "register_amd64.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var regs []registration
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Register" {
			return true
		}
		in, ok := call.Args[0].(*ast.CallExpr)
		if !ok || len(in.Args) < 3 {
			t.Fatalf("Register's first argument is not info(impl, source, doc, features...)")
		}
		lit, _ := in.Args[0].(*ast.BasicLit)
		impl, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		r := registration{impl: impl}
		for _, a := range in.Args[3:] {
			r.features = append(r.features, kernels.Feature(strings.ToLower(a.(*ast.SelectorExpr).Sel.Name)))
		}
		for _, a := range call.Args[1:] {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if _, ok := syms[id.Name]; ok && !slices.Contains(r.symbols, id.Name) {
						r.symbols = append(r.symbols, id.Name)
					}
				}
				return true
			})
		}
		regs = append(regs, r)
		return false
	})
	return regs
}

// TestRequires proves the declarations: every registration's Features
// cover the instruction sets avo (or, in the hand-written files, the
// author) lists above each assembly symbol it runs, and every symbol
// belongs to a registration. The GODEBUG feature-off passes of make test
// prove the dispatch: a kernel whose declared features are off never runs.
func TestRequires(t *testing.T) {
	syms := requires(t)
	registered := map[string]bool{}
	for _, k := range kernels.All() {
		if in := k.Info(); in.Arch == kernels.AMD64 {
			registered[in.Impl+" "+strings.Join(featureNames(in.Features), ",")] = true
		}
	}
	used := map[string]bool{}
	for _, r := range registrations(t, syms) {
		if !registered[r.impl+" "+strings.Join(featureNames(r.features), ",")] {
			t.Errorf("%s: no registered amd64 kernel with features %v (reading register_amd64.go went wrong)", r.impl, r.features)
		}
		if len(r.symbols) == 0 {
			t.Errorf("%s: registration names no assembly symbol", r.impl)
		}
		for _, sym := range r.symbols {
			used[sym] = true
			for _, isa := range syms[sym] {
				need, ok := isaFeatures[isa]
				if !ok {
					t.Errorf("%s requires %s, which the test does not know", sym, isa)
				}
				if need != nil && !slices.ContainsFunc(need, func(f kernels.Feature) bool { return slices.Contains(r.features, f) }) {
					t.Errorf("%s: %s requires %s, but the registration declares %v (one of %v needed)", r.impl, sym, isa, r.features, need)
				}
			}
		}
	}
	for sym := range syms {
		if !used[sym] {
			t.Errorf("%s: no registration runs it", sym)
		}
	}
}

func featureNames(fs []kernels.Feature) []string {
	var s []string
	for _, f := range fs {
		s = append(s, string(f))
	}
	return s
}
