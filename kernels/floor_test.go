package kernels_test

import (
	"errors"
	"testing"

	"bitlab/kernels"
)

// TestFloorNeed plants a batch of two queen, one rook and one bishop
// query: sliding's floor needs 1.5 PEXTs per query on it, and popcount's
// floors need one VPOPCNTQ per 8 words and one POPCNT per word without
// asking for a batch.
func TestFloorNeed(t *testing.T) {
	queries := []kernels.Query{{Piece: kernels.QueenLines}, {Piece: kernels.Orthogonal}, {Piece: kernels.Diagonal}, {Sq: 9, Piece: kernels.QueenLines}}
	sliding := kernels.Sliding().Floors()
	if len(sliding) != 1 {
		t.Fatalf("sliding has %d floors, want 1", len(sliding))
	}
	if need, err := sliding[0].Need(func() (any, error) { return queries, nil }); err != nil || need != 1.5 {
		t.Errorf("sliding's floor needs %g (%v) per query of %v, want 1.5", need, err, queries)
	}
	errNoBatch := errors.New("no batch")
	if _, err := sliding[0].Need(func() (any, error) { return nil, errNoBatch }); !errors.Is(err, errNoBatch) {
		t.Errorf("sliding's floor without its batch: %v, want %v", err, errNoBatch)
	}
	want := []float64{0.125, 1}
	popcount := kernels.Popcount().Floors()
	if len(popcount) != len(want) {
		t.Fatalf("popcount has %d floors, want %d", len(popcount), len(want))
	}
	for i, f := range popcount {
		need, err := f.Need(func() (any, error) { t.Errorf("%s asked for a batch", f.Instr); return nil, errNoBatch })
		if err != nil || need != want[i] {
			t.Errorf("popcount's floor %d (%s) needs %g (%v), want %v", i, f.Instr, need, err, want)
		}
	}
}
