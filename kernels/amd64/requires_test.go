//go:build amd64

package amd64

import (
	"path/filepath"
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

// entryPoints are the suffixes of the assembly symbols that are no form of
// a kernel but entry points of one, and the suffix of the form whose name
// they share; the first that ends a symbol counts.
var entryPoints = []struct{ suffix, form string }{
	{"RookQuery", "Throughput"}, {"BishopQuery", "Throughput"}, {"Query", "Throughput"},
	{"PawnMoves", ""}, {"Moves", ""},
}

// TestRequires proves the declarations: the registered Features of every
// amd64 kernel cover the instruction sets avo (or, in the hand-written
// files, the author) lists above the assembly symbol of each of its forms
// (Loops: internal/asm writes a kernel's registration and its forms' loops
// from one declaration), every registered amd64 kernel has its forms
// there, and every assembly symbol is a form or a one-query entry point of
// a registered kernel. The GODEBUG feature-off passes of make test prove
// the dispatch: a kernel whose declared features are off never runs.
func TestRequires(t *testing.T) {
	syms := requiresOf(t)
	used := map[string][]kernels.Feature{}
	formed := map[string]bool{}
	for _, l := range Loops() {
		k, ok := kernels.Lookup(l.Kernel)
		if !ok || k.Info().Arch != kernels.AMD64 {
			t.Errorf("%s: a form of %s, which is no registered amd64 kernel", l.Symbol, l.Kernel)
			continue
		}
		formed[l.Kernel] = true
		features := k.Info().Features
		if _, ok := syms[l.Symbol]; !ok {
			t.Errorf("%s: its form %s is no assembly symbol with a Requires line", l.Kernel, l.Symbol)
		}
		used[l.Symbol] = features
		for _, m := range requires.Missing(syms[l.Symbol], features) {
			t.Errorf("%s: %s %s", l.Kernel, l.Symbol, m)
		}
	}
	for _, k := range kernels.All() {
		if in := k.Info(); in.Arch == kernels.AMD64 && !formed[in.ID()] {
			t.Errorf("%s: registered without a form in Loops", in.ID())
		}
	}
	for sym := range syms {
		if _, ok := used[sym]; ok {
			continue
		}
		// A kernel's one-query entry points (query_amd64.go) run under
		// the features of the kernel whose batch loop shares their name
		// without Query (RookQuery, BishopQuery: one line's); a
		// serializer's move-list entry points (moves_amd64.go) under
		// those of the kernel whose batch loop is their name without
		// Moves or PawnMoves.
		var features []kernels.Feature
		ok := false
		for _, e := range entryPoints {
			if base, cut := strings.CutSuffix(sym, e.suffix); cut {
				features, ok = used[base+e.form]
				break
			}
		}
		if !ok {
			t.Errorf("%s: no registration runs it", sym)
			continue
		}
		for _, m := range requires.Missing(syms[sym], features) {
			t.Errorf("%s: %s", sym, m)
		}
	}
}
