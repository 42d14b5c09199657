package goamd64

import (
	"slices"
	"testing"

	"bitlab/kernels"
)

// TestNeeds checks that each level needs everything the level below it
// does and more, v4 AVX-512's foundation, byte and vector-length
// extensions, and that only v1 to v4 are levels.
func TestNeeds(t *testing.T) {
	var below []kernels.Feature
	for _, l := range []string{"v1", "v2", "v3", "v4"} {
		if !Known(l) {
			t.Fatalf("%s is not Known", l)
		}
		needs := Needs(l)
		for _, f := range below {
			if !slices.Contains(needs, f) {
				t.Errorf("%s needs %v but not %s, which the level below needs", l, needs, f)
			}
		}
		if l != "v1" && len(needs) <= len(below) {
			t.Errorf("%s needs %v, nothing beyond the level below", l, needs)
		}
		below = needs
	}
	for _, f := range []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL} {
		if !slices.Contains(below, f) {
			t.Errorf("v4 needs %v, not %s", below, f)
		}
	}
	for _, l := range []string{"", "v0", "v5", "V3"} {
		if Known(l) {
			t.Errorf("%q is Known", l)
		}
	}
}
