package harness

import (
	"slices"
	"testing"

	"bitlab/schema"
)

// TestUnrankablePerft ranks perft cases as kernels are ranked: within a
// position and depth, each against its nearest configuration.
func TestUnrankablePerft(t *testing.T) {
	perftCase := func(position, slider string, ns ...float64) *PerftCase {
		c := &PerftCase{Key: schema.PerftCase{Position: position, Depth: 4}}
		c.Key.Config.Slider = slider
		for _, v := range ns {
			c.Samples = append(c.Samples, Sample{NsPerOp: v})
		}
		return c
	}
	spread := func(center float64) []float64 { // ±10%: overlaps a case 3% away
		return []float64{center * 0.9, center * 0.95, center, center * 1.05, center * 1.1, center * 0.92, center * 1.08, center, center * 0.97, center * 1.03}
	}
	tight := func(center float64) []float64 {
		return []float64{center, center * 1.001, center * 0.999, center, center * 1.002, center * 0.998, center, center * 1.001, center * 0.999, center}
	}
	cases := []*PerftCase{
		perftCase("start", "a", spread(10)...),
		perftCase("start", "b", spread(10.3)...),
		perftCase("start", "c", tight(20)...),
		perftCase("kiwipete", "d", tight(10.3)...), // beside a and b's figures, but another position
		perftCase("kiwipete", "e", tight(30)...),
	}
	var got []string
	for _, u := range Unrankable(cases) {
		got = append(got, u.Name+" against "+u.Nearest)
	}
	want := []string{cases[0].Name() + " against " + cases[1].Key.Short(), cases[1].Name() + " against " + cases[0].Key.Short()}
	if !slices.Equal(got, want) {
		t.Errorf("unrankable:\n%q\nwant\n%q", got, want)
	}
}
