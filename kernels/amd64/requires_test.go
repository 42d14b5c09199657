//go:build amd64

package amd64

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bitlab/internal/requires"
	"bitlab/kernels"
)

// requiresOf reads the "// Requires:" lines of the package's assembly.
func requiresOf(t *testing.T) map[string][]string {
	t.Helper()
	files, _ := filepath.Glob("*_amd64.s")
	syms, err := requires.Parse(files...)
	if err != nil {
		t.Fatal(err)
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
// source, doc, features...), ...), info possibly wrapped in withTables,
// perQuery or simdBatch, with the symbols among syms it names.
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
		// info(...) may be wrapped in the declarations that amend it.
		in, ok := call.Args[0].(*ast.CallExpr)
		for ok {
			id, isIdent := in.Fun.(*ast.Ident)
			if !isIdent || !slices.Contains([]string{"withTables", "perQuery", "simdBatch"}, id.Name) {
				break
			}
			in, ok = in.Args[0].(*ast.CallExpr)
		}
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
// belongs to a registration (a one-query entry point to its kernel's). The GODEBUG feature-off passes of make test
// prove the dispatch: a kernel whose declared features are off never runs.
func TestRequires(t *testing.T) {
	syms := requiresOf(t)
	registered := map[string]bool{}
	for _, k := range kernels.All() {
		if in := k.Info(); in.Arch == kernels.AMD64 {
			registered[in.Impl+" "+strings.Join(featureNames(in.Features), ",")] = true
		}
	}
	used := map[string][]kernels.Feature{}
	for _, r := range registrations(t, syms) {
		if !registered[r.impl+" "+strings.Join(featureNames(r.features), ",")] {
			t.Errorf("%s: no registered amd64 kernel with features %v (reading register_amd64.go went wrong)", r.impl, r.features)
		}
		if len(r.symbols) == 0 {
			t.Errorf("%s: registration names no assembly symbol", r.impl)
		}
		for _, sym := range r.symbols {
			used[sym] = r.features
			for _, m := range requires.Missing(syms[sym], r.features) {
				t.Errorf("%s: %s %s", r.impl, sym, m)
			}
		}
	}
	for sym := range syms {
		if _, ok := used[sym]; ok {
			continue
		}
		// A kernel's one-query entry point (query_amd64.go) runs under
		// the features of the kernel whose batch loop shares its name; a
		// serializer's move-list entry points (moves_amd64.go) under those
		// of the kernel whose batch loop is their name without Moves or
		// PawnMoves.
		base, entry := strings.CutSuffix(sym, "Query")
		features, ok := used[base+"Throughput"]
		for _, suffix := range []string{"PawnMoves", "Moves"} {
			if base, cut := strings.CutSuffix(sym, suffix); cut && !entry {
				features, ok = used[base]
				entry = true
			}
		}
		if !entry || !ok {
			t.Errorf("%s: no registration runs it", sym)
			continue
		}
		for _, m := range requires.Missing(syms[sym], features) {
			t.Errorf("%s: %s", sym, m)
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
