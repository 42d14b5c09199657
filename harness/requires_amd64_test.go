package harness

import (
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"bitlab/internal/requires"
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
