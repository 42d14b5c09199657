package kernels_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"bitlab/kernels"
)

// proofs records which families check has proven, by the kind of the
// calling test: "Test" (the exhaustive or randomized proofs) or "Fuzz" (a
// fuzz target, whose seed corpus go test runs).
var proofs sync.Map // "Test/popcount" -> true

func recordProof(t *testing.T, family string) {
	kind, _, _ := strings.Cut(t.Name(), "/")
	switch {
	case strings.HasPrefix(kind, "Test"):
		proofs.Store("Test/"+family, true)
	case strings.HasPrefix(kind, "Fuzz"):
		proofs.Store("Fuzz/"+family, true)
	}
}

// TestMain fails a complete run (no -run, -skip or -fuzz) in which some
// family has no proof test or no fuzz target: a new family cannot go
// unproven.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && flagValue("test.run") == "" && flagValue("test.skip") == "" && flagValue("test.fuzz") == "" {
		if missing := unproven(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: families without a proof: %s\n", strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// unproven lists "kind/family" for every family that lacks a kind of proof.
func unproven() []string {
	var missing []string
	for _, f := range kernels.Families() {
		for _, kind := range []string{"Test", "Fuzz"} {
			if _, ok := proofs.Load(kind + "/" + f.Name()); !ok {
				missing = append(missing, kind+"/"+f.Name())
			}
		}
	}
	return missing
}
