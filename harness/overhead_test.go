package harness

import "testing"

// TestOverheadFloor takes the empty kernel's figure from its fastest
// sample: a stretch of disturbed samples, even most of them (the issue's
// 3.5 cycles where the loop runs at 2.0), leaves it at the floor.
func TestOverheadFloor(t *testing.T) {
	samples := []Sample{}
	for i := range 31 {
		s := Sample{NsPerOp: 0.55, CyclesPerOp: 2.0}
		if i%3 != 0 {
			s = Sample{NsPerOp: 0.97, CyclesPerOp: 3.5 + float64(i)/100}
		}
		samples = append(samples, s)
	}
	next := 0
	got := fastest(len(samples), func() Sample { next++; return samples[next-1] })
	if got.NsPerOp != 0.55 || got.CyclesPerOp != 2.0 || next != len(samples) {
		t.Errorf("fastest of %d samples, 11 at the floor: %+v after %d samples, want 0.55 ns and 2.0 cycles", len(samples), got, next)
	}
}
