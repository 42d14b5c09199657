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
// for both with the side read at run time, and generate once per side
// (with the other side, its second type parameter) and job, for the
// template and for a generated configuration.
func TestSideSpecialized(t *testing.T) {
	out := string(compilerReport(t))
	shapes := []string{"[go.shape.uint8", "[go.shape.uint16"}
	for _, fn := range []string{"perftSide", "play", "enPassantLegal", "perftSideCntSwar"} {
		for _, shape := range shapes {
			if !strings.Contains(out, ": cannot inline "+fn+shape) {
				t.Errorf("the compiler reports no body %s%s]", fn, shape)
			}
		}
	}
	for _, fn := range []string{"generate", "generateCntSwar"} {
		for i, us := range shapes {
			them := shapes[1-i]
			for _, job := range shapes {
				body := fn + us + "," + them[1:] + "," + job[1:] + "]"
				if !strings.Contains(out, ": cannot inline "+body) {
					t.Errorf("the compiler reports no body %s", body)
				}
			}
		}
	}
}
