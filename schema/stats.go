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
	// Lo and Hi are the same mean of the medians' interval ends (0 and
	// +Inf where a sample is too small for an interval).
	Lo, Hi float64
	// Speedup is the geometric mean over the distributions both measured of
	// baseline median / median, with the same mean of the interval ends
	// (baseline Lo / Hi and baseline Hi / Lo), or [0, +Inf] where a sample is
	// too small for an interval; 0 where there is no baseline.
	Speedup, SpeedupLo, SpeedupHi float64
	Dists                         int // distributions in Geomean
}

// HeadlineStanding is the one figure of an implementation's standing in its
// family: Stand over the headline distributions among the keys
// ([HeadlineDist]), the learning curve's repeated inputs left out.
// runbench's summary, the pages' geomean rows, the page across CPUs and the
// verdict's micro figures all compute it.
func HeadlineStanding(impl, baseline map[string][]float64) Standing {
	headline := func(m map[string][]float64) map[string][]float64 {
		m = maps.Clone(m)
		maps.DeleteFunc(m, func(d string, _ []float64) bool { return !HeadlineDist(d) })
		return m
	}
	return Stand(headline(impl), headline(baseline))
}

// Stand computes a Standing from the samples of an implementation and of
// the family's baseline, each keyed by distribution. Non-positive medians
// are left out.
func Stand(impl, baseline map[string][]float64) Standing {
	var lg, lo, hi, lr, llo, lhi float64
	n, nr := 0, 0
	bounded := true
	// In the keys' order: the sums' last bits must not depend on a map's
	// iteration order (a page made twice is the same page).
	for _, d := range slices.Sorted(maps.Keys(impl)) {
		s := Summarize(impl[d])
		if s.Center <= 0 {
			continue
		}
		lg, lo, hi, n = lg+math.Log(s.Center), lo+math.Log(max(s.Lo, 0)), hi+math.Log(s.Hi), n+1
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
		st.Geomean, st.Lo, st.Hi, st.Dists = math.Exp(lg/float64(n)), math.Exp(lo/float64(n)), math.Exp(hi/float64(n)), n
	}
	if nr > 0 {
		st.Speedup, st.SpeedupLo, st.SpeedupHi = math.Exp(lr/float64(nr)), 0, math.Inf(1)
		if bounded {
			st.SpeedupLo, st.SpeedupHi = math.Exp(llo/float64(nr)), math.Exp(lhi/float64(nr))
		}
	}
	return st
}
