package schema

import (
	"maps"
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Confidence is the confidence level of every interval bitlab prints.
const Confidence = 0.95

// Summary is a sample's median with its confidence interval.
type Summary struct {
	Center, Lo, Hi float64
	N              int
}

// Summarize returns the median of values and its 95% confidence interval,
// assuming nothing about their distribution (benchmath.AssumeNothing, as
// benchstat does by default). It does not modify values.
func Summarize(values []float64) Summary {
	if len(values) == 0 {
		return Summary{}
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(values), &benchmath.DefaultThresholds), Confidence)
	return Summary{Center: s.Center, Lo: s.Lo, Hi: s.Hi, N: len(values)}
}

// Standing is one implementation's cost over a set of distributions and its
// speed-up over the family's baseline.
type Standing struct {
	Geomean float64 // geometric mean of the medians
	// Speedup is the geometric mean over the distributions both measured of
	// baseline median / median, with the same mean of the interval ends
	// (baseline Lo / Hi and baseline Hi / Lo), or [0, +Inf] where a sample is
	// too small for an interval; 0 where there is no baseline.
	Speedup, SpeedupLo, SpeedupHi float64
	Dists                         int // distributions in Geomean
}

// Stand computes a Standing from the samples of an implementation and of
// the family's baseline, each keyed by distribution. Non-positive medians
// are left out.
func Stand(impl, baseline map[string][]float64) Standing {
	var lg, lr, llo, lhi float64
	n, nr := 0, 0
	bounded := true
	// In the keys' order: the sums' last bits must not depend on a map's
	// iteration order (a page made twice is the same page).
	for _, d := range slices.Sorted(maps.Keys(impl)) {
		s := Summarize(impl[d])
		if s.Center <= 0 {
			continue
		}
		lg, n = lg+math.Log(s.Center), n+1
		b := Summarize(baseline[d])
		if b.Center <= 0 {
			continue
		}
		lr, nr = lr+math.Log(b.Center/s.Center), nr+1
		if s.Lo > 0 && b.Lo > 0 && !math.IsInf(s.Hi, 0) && !math.IsInf(b.Hi, 0) {
			llo, lhi = llo+math.Log(b.Lo/s.Hi), lhi+math.Log(b.Hi/s.Lo)
		} else {
			bounded = false
		}
	}
	var st Standing
	if n > 0 {
		st.Geomean, st.Dists = math.Exp(lg/float64(n)), n
	}
	if nr > 0 {
		st.Speedup, st.SpeedupLo, st.SpeedupHi = math.Exp(lr/float64(nr)), 0, math.Inf(1)
		if bounded {
			st.SpeedupLo, st.SpeedupHi = math.Exp(llo/float64(nr)), math.Exp(lhi/float64(nr))
		}
	}
	return st
}
