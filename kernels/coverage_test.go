package kernels_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
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

// TestMain fails a complete run (no -run, -skip, -fuzz or -list) in which
// some family has no proof test or no fuzz target: a new family cannot go
// unproven.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && flagValue("test.run") == "" && flagValue("test.skip") == "" && flagValue("test.fuzz") == "" && flagValue("test.list") == "" {
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

// TestListRuns lists the package's tests as go test -list does, in a
// process of its own: TestMain lets a listing, which proves nothing, pass.
func TestListRuns(t *testing.T) {
	out, err := exec.Command(os.Args[0], "-test.list", "Fuzz").CombinedOutput()
	if errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("cannot run the test binary here (an emulator): %v", err)
	}
	if err != nil || !strings.Contains(string(out), "FuzzSliding\n") {
		t.Errorf("-test.list Fuzz: %v\n%s", err, out)
	}
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
