package movegen

import (
	"os/exec"
	"regexp"
	"runtime"
	"testing"
)

// TestInlining reads the compiler's inlining decisions for the generated
// configurations: the kept representations' sliders and upkeep must be
// inlined into the generator, as the default's slider is, or the repr
// factor would time Go's call overhead rather than the representation
// (the reversed sliders, over the inlining budget, are calls in every
// configuration that uses them, as the notebook says).
func TestInlining(t *testing.T) {
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?:configs_gen|configs_amd64_gen|position)\.go:\d+:\d+: inlining call to ([\w.()*]+)`).FindAllStringSubmatch(string(out), -1) {
		inlined[m[1]] = true
	}
	fns := []string{
		"rookAttacks", "bishopAttacks", "(*Position).toggle",
		"rookRotated", "bishopRotated", "(*posRotated).keep", "(*posReversed).keep",
		"rookReversed", "bishopReversed", "rookUnreadReversed", "bishopUnreadRotated",
		"occReversed.toggle", "occRotated.toggle",
	}
	if runtime.GOARCH == "amd64" {
		fns = append(fns, "(*MoveList).addSerAvx512Vbmi2", "(*MoveList).addPawnsSerAvx512Vbmi2",
			"(*Position).generateSerAvx512Vbmi2.func1", "(*Position).generateSerAvx512Vbmi2.func2")
	}
	for _, fn := range fns {
		if !inlined[fn] {
			t.Errorf("%s is not inlined into the generator", fn)
		}
	}
}
