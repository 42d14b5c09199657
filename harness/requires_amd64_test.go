package harness

import (
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"bitlab/internal/requires"
	"bitlab/kernels"
)

// TestSelfCheckRequires proves that every self-check chain declares the
// features its assembly executes (the "// Requires:" lines of the generated
// and the hand-written files), so that a CPU without them skips the chain.
func TestSelfCheckRequires(t *testing.T) {
	files, _ := filepath.Glob("*_amd64.s")
	syms, err := requires.Parse(files...)
	if err != nil {
		t.Fatal(err)
	}
	symbol := func(f func(int)) string {
		name := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
		return name[strings.LastIndex(name, ".")+1:]
	}
	for _, ch := range selfChecks {
		for _, f := range []func(int){ch.latency, ch.throughput} {
			sym := symbol(f)
			isas, ok := syms[sym]
			if !ok {
				t.Errorf("%s: no TEXT symbol %s in %v", ch.name, sym, files)
			}
			for _, m := range requires.Missing(isas, ch.features) {
				t.Errorf("%s: %s %s", ch.name, sym, m)
			}
		}
	}
}

// TestFloorsAreSelfChecked proves that every family's floor names an
// entry the self-check times, by the name its header lines give it, so
// that the pages can find the floor's measured cost.
func TestFloorsAreSelfChecked(t *testing.T) {
	checked := map[string]bool{}
	for _, ch := range selfChecks {
		checked[ch.name] = true
	}
	for _, fam := range kernels.Families() {
		for _, f := range fam.Floors() {
			if !checked[f.Instr] {
				t.Errorf("%s: floor on %q, which the self-check does not time", fam.Name(), f.Instr)
			}
		}
	}
}
