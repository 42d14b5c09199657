package movegen

import (
	"strings"
	"testing"

	"bitlab/board"
)

// sided returns w when side is White, else b: a generic function's two
// instantiations, chosen by the side to move.
func sided[F any](side board.Color, w, b F) F {
	if side == board.White {
		return w
	}
	return b
}

// TestSideOf: the side types stand for the two sides.
func TestSideOf(t *testing.T) {
	if sideOf[white]() != board.White || sideOf[black]() != board.Black {
		t.Fatalf("sideOf: white %v, black %v", sideOf[white](), sideOf[black]())
	}
}

// TestSideSpecialized reads the compiler's report: the generator is
// compiled once per side (a body per GC shape of the side types), not once
// for both with the side read at run time, for the template and for a
// generated configuration.
func TestSideSpecialized(t *testing.T) {
	out := string(compilerReport(t))
	for _, fn := range []string{"perftSide", "generate", "legalMasks", "danger", "play", "enPassantLegal", "generateCntSwar", "perftSideCntSwar"} {
		for _, shape := range []string{"uint8", "uint16"} {
			if !strings.Contains(out, ": cannot inline "+fn+"[go.shape."+shape) {
				t.Errorf("the compiler reports no body of %s for go.shape.%s", fn, shape)
			}
		}
	}
}
