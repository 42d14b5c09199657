package generic

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// calledPerElement lists the element functions the compiler does not inline
// into their generated loops: over its inlining budget, each costs one
// direct call per element (never an interface or closure call). The
// notebooks and README cite this list; the test keeps it true.
var calledPerElement = []string{
	"bishopClassical", "bishopDumb7Fill", "bishopHyperbolaBswap", "bishopHyperbolaReverse", "bishopKoggeStone", "bishopObstruction",
	"bitReverseTable8", "quad2boardGeneric", "quad2hexGeneric", "quadFillKoggeStone", "rookClassical", "rookDumb7Fill",
	"rookHyperbolaReverse", "rookKoggeStone", "rookObstruction", "serializeBytes", "serializeIterator", "serializeUnrolled",
	"serializeWords16",
}

// TestInlining reads the compiler's inlining decisions for the generated
// loops: every element function is inlined except those listed above.
func TestInlining(t *testing.T) {
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for _, m := range regexp.MustCompile(`kernels_gen\.go:\d+:\d+: inlining call to (\w+)`).FindAllStringSubmatch(string(out), -1) {
		inlined[m[1]] = true
	}
	var notInlined []string
	for _, fn := range elementFunctions(t) {
		if !inlined[fn] {
			notInlined = append(notInlined, fn)
		}
	}
	slices.Sort(notInlined)
	if !slices.Equal(notInlined, calledPerElement) {
		t.Errorf("element functions not inlined: %s\nthe documented list: %s", strings.Join(notInlined, ", "), strings.Join(calledPerElement, ", "))
	}
	for _, fn := range []string{"popcountMathbits", "serializeForward"} {
		if !inlined[fn] {
			t.Errorf("%s is not inlined into its loop", fn)
		}
	}
}

// elementFunctions returns the functions marked //bitlab:kernel.
func elementFunctions(t *testing.T) []string {
	files, _ := filepath.Glob("*.go")
	marked := regexp.MustCompile(`(?m)^//bitlab:kernel .*\n(?://.*\n)*func (\w+)\(`)
	var fns []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range marked.FindAllStringSubmatch(string(src), -1) {
			fns = append(fns, m[1])
		}
	}
	if len(fns) < 40 {
		t.Fatalf("found only %d element functions", len(fns))
	}
	return fns
}
