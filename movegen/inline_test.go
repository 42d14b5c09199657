package movegen

import (
	"os/exec"
	"regexp"
	"runtime"
	"sync"
	"testing"

	"bitlab/internal/experiment"
)

// TestInlining reads the compiler's inlining decisions for the generator
// and its generated configurations: the hooks through which a
// configuration's copy differs from the template (the default slider, the
// count, the king's and knights' move lists, the representation's
// occupancies and upkeep), the fused leaf's toggles of a piece (flip, capture) and the
// kept representations' sliders must be inlined where they are called, as the default's are, or a factor would
// time Go's call overhead rather than the technique (the reversed sliders,
// over the inlining budget, are calls in every configuration that uses
// them, as the notebook says). So must, in builds with GOEXPERIMENT=simd,
// the archsimd techniques' hooks and entry points, the pawns' excepted:
// addPawnsArchsimd is inlined, its entry point is a call, as the default's
// addPawns is.
func TestInlining(t *testing.T) {
	out := compilerReport(t)
	inlined := map[string]bool{}
	for _, m := range regexp.MustCompile(`\w+\.go:\d+:\d+: inlining call to ([\w.()*\[\],]+)`).FindAllStringSubmatch(string(out), -1) {
		inlined[m[1]] = true
	}
	fns := []string{
		"rookAttacks", "bishopAttacks", "(*Position).pieceOn", "flip", "capture", "count", "countKernel", "countKernelCntSwar", "setCounter.count", "setCounter.rest", "setCounter.countByKernel", "setCounter.countByKernelCntSwar",
		"(*MoveList).add", "(*MoveList).addLeaper", "(*MoveList).push",
		"(*Position).occupied", "(*Position).occupiedBy", "(*Position).withoutKing", "(*Position).toggled", "(*Position).keep",
		"rookRotated", "bishopRotated", "(*posRotated).keep", "(*posReversed).keep",
		"rookReversed", "bishopReversed", "rookUnreadReversed", "bishopUnreadRotated",
		"occReversed.toggle", "occRotated.toggle",
	}
	for _, pos := range []string{"(*posReversed).", "(*posRotated)."} {
		for _, m := range []string{"occupied", "occupiedBy", "withoutKing", "toggled"} {
			fns = append(fns, pos+m)
		}
	}
	if runtime.GOARCH == "amd64" {
		fns = append(fns, "(*MoveList).addCompressed", "(*MoveList).addPawnsCompressed",
			"generateSerAvx512Vbmi2[go.shape.uint8,go.shape.uint16,go.shape.uint16].func1", "generateSerAvx512Vbmi2[go.shape.uint16,go.shape.uint8,go.shape.uint16].func2")
	}
	if runtime.GOARCH == "amd64" && experiment.On("simd") {
		// The archsimd techniques: their entry points and the functions
		// around them (TestArchsimdInlined reads the machine code).
		fns = append(fns, "(*MoveList).addArchsimd", "(*MoveList).addPawnsArchsimd", "gosimd.SerializeArchsimdVbmi2Append",
			"(*batchCounter).count", "(*batchCounter).rest", "gosimd.PopcountArchsimdVpopcntSum", "countAlone")
	}
	for _, fn := range fns {
		if !inlined[fn] {
			t.Errorf("%s is not inlined into the generator", fn)
		}
	}
}

// compilerReport returns the compiler's optimization report on the
// package (go build -gcflags=-m=2), built once for the tests that read it.
var compilerReport = func() func(t *testing.T) []byte {
	report := sync.OnceValues(func() ([]byte, error) {
		return exec.Command("go", "build", "-gcflags=-m=2", ".").CombinedOutput()
	})
	return func(t *testing.T) []byte {
		t.Helper()
		out, err := report()
		if err != nil {
			t.Fatalf("go build -gcflags=-m=2: %v\n%s", err, out)
		}
		return out
	}
}()
