package movegen

import (
	"os/exec"
	"regexp"
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
	for _, m := range regexp.MustCompile(`(?:configs_gen|position)\.go:\d+:\d+: inlining call to ([\w.()*]+)`).FindAllStringSubmatch(string(out), -1) {
		inlined[m[1]] = true
	}
	for _, fn := range []string{
		"rookAttacks", "bishopAttacks", "(*Position).toggle",
		"rookRotated", "bishopRotated", "(*posRotated).keep", "(*posReversed).keep",
		"rookReversed", "bishopReversed", "rookUnreadReversed", "bishopUnreadRotated",
		"occReversed.toggle", "occRotated.toggle",
	} {
		if !inlined[fn] {
			t.Errorf("%s is not inlined into the generator", fn)
		}
	}
}
