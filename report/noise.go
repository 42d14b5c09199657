package report

import (
	"cmp"
	"math"
	"slices"

	"github.com/aclements/go-moremath/mathx"
	"github.com/aclements/go-moremath/stats"
)

// The statistics of comparisons. A change is measured on the logarithm of
// the cost, so that a ratio is a difference and a geometric mean a mean.
// Each run's rounds (one line per case and round, each the median of its
// samples) give the case's round-to-round spread; Yuen's trimmed form of
// Welch's t-test on the logarithms of the two runs' rounds gives a case's
// change, its variance and its degrees of freedom (Welch-Satterthwaite)
// [welch-t] [yuen-trimmed]. Two runs also differ
// by more than their rounds show (each process places its tables and
// buffers afresh; the machine's state changes between runs): extraVariance
// estimates that part from the spread of all the changes compared, and it is
// added to every one, as a random effect [dersimonian-laird] whose size is
// set, like genomic control's inflation factor [devlin-roeder], by the
// median of the changes rather than their mean. A change counts when it
// exceeds the threshold and its one-sided test against no change stays
// significant after the Benjamini-Hochberg correction for the number of
// tests (false-discovery rate 5%) [bh-fdr].

// estimate is a change on the log scale: its value, its variance, and the
// sum over its variance's components of component²/degrees of freedom
// (Welch-Satterthwaite: df = variance² / vOverDf; 0 for a variance known
// exactly).
type estimate struct {
	d, v, vOverDf float64
}

// df returns the estimate's degrees of freedom, +Inf where its variance
// is known exactly.
func (e estimate) df() float64 {
	if e.vOverDf == 0 {
		return math.Inf(1)
	}
	return e.v * e.v / e.vOverDf
}

// plus returns the estimate with a variance of infinite degrees of freedom
// added.
func (e estimate) plus(v float64) estimate { e.v += v; return e }

// resolution is the smallest round-to-round spread a run is taken to have,
// as a relative standard deviation: figures agreeing better than this are
// as good as their precision, not better.
const resolution = 0.001

// trim is the share of each run's rounds at either end that Yuen's test
// leaves out of the mean (and winsorizes in the variance) [yuen-trimmed]:
// one round of six in which the machine hiccuped neither moves the change
// nor swamps it in spread.
const trim = 0.2

// yuen returns the change of b over a (positive values) on the log scale:
// the difference of the trimmed means of their logarithms, with the
// variance of that difference from each side's winsorized variance
// (Yuen's form of Welch's test). ok is false with fewer than two values on
// either side.
func yuen(a, b []float64) (e estimate, ok bool) {
	if len(a) < 2 || len(b) < 2 {
		return estimate{}, false
	}
	ma, va, ha := trimmedLog(a)
	mb, vb, hb := trimmedLog(b)
	return estimate{d: mb - ma, v: va + vb, vOverDf: va*va/(ha-1) + vb*vb/(hb-1)}, true
}

// trimmedLog returns the trimmed mean of the logarithms of xs, the
// variance of that mean, (n-1)·winsorized variance / (h·(h-1)) with the
// winsorized variance at least resolution², and h, the number of values
// the mean keeps.
func trimmedLog(xs []float64) (mean, variance, h float64) {
	n := len(xs)
	l := make([]float64, n)
	for i, x := range xs {
		l[i] = math.Log(x)
	}
	slices.Sort(l)
	g := int(trim * float64(n))
	kept := l[g : n-g]
	for _, x := range kept {
		mean += x
	}
	h = float64(len(kept))
	mean /= h
	w := slices.Clone(l)
	for i := range g {
		w[i], w[n-1-i] = l[g], l[n-1-g]
	}
	wm := 0.0
	for _, x := range w {
		wm += x
	}
	wm /= float64(n)
	sw := 0.0
	for _, x := range w {
		sw += (x - wm) * (x - wm)
	}
	sw = max(sw/float64(n-1), resolution*resolution)
	return mean, float64(n-1) * sw / (h * (h - 1)), h
}

// mean returns the mean of estimates taken as independent: the mean of
// their values with the variance of that mean.
func mean(es []estimate) estimate {
	var m estimate
	k := float64(len(es))
	for _, e := range es {
		m.d += e.d / k
		m.v += e.v / (k * k)
		m.vOverDf += e.vOverDf / (k * k * k * k)
	}
	return m
}

// minUnits is the fewest estimates from which extraVariance estimates
// anything: fewer show too little of the runs' spread.
const minUnits = 20

// extraVariance returns the variance the estimates' spread shows beyond
// their own variances: the smallest σ² ≥ 0 for which the median of
// |d - median(d)| / sqrt(v + σ²), each turned into its normal equivalent
// through its t distribution, is no more than the median of |Z| for a
// standard normal Z. Centring on the median keeps a change common to
// every estimate (a slower clock) out of σ², and the median keeps up to
// half of them changing for real from inflating it. With fewer than
// minUnits estimates it returns 0.
func extraVariance(es []estimate) float64 {
	if len(es) < minUnits {
		return 0
	}
	ds := make([]float64, len(es))
	for i, e := range es {
		ds[i] = e.d
	}
	center := Median(ds)
	medianZ := stats.NormalDist{Mu: 0, Sigma: 1}.InvCDF(0.75)
	spread := func(extra float64) float64 {
		zs := make([]float64, len(es))
		for i, e := range es {
			e = e.plus(extra)
			zs[i] = normalEquivalent(math.Abs(e.d-center)/math.Sqrt(e.v), e.df())
		}
		return Median(zs)
	}
	if spread(0) <= medianZ {
		return 0
	}
	lo, hi := 0.0, 0.0
	for _, d := range ds {
		hi = max(hi, 4*(d-center)*(d-center))
	}
	for range 100 {
		mid := (lo + hi) / 2
		if spread(mid) > medianZ {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// normalEquivalent returns the standard normal quantile of the t
// distribution's cumulative probability at t ≥ 0.
func normalEquivalent(t, df float64) float64 {
	if df > normalDF {
		return t
	}
	p := upperTail(t, df)
	if p <= 0 {
		return 40 // beyond any threshold here
	}
	return -stats.NormalDist{Mu: 0, Sigma: 1}.InvCDF(p)
}

// normalDF is the number of degrees of freedom beyond which upperTail
// takes the t distribution as normal: the relative error in a tail below
// 1e-6 is under 1.5% there, and the incomplete beta function's continued
// fraction does not always converge for far larger ones.
const normalDF = 2000

// upperTail returns P(T > t) for Student's t distribution with df degrees
// of freedom (the normal distribution beyond normalDF), computed without
// cancellation for large t.
func upperTail(t, df float64) float64 {
	if df > normalDF {
		return math.Erfc(t/math.Sqrt2) / 2
	}
	if t < 0 {
		return 1 - upperTail(-t, df)
	}
	return 0.5 * mathx.BetaInc(df/(df+t*t), df/2, 0.5)
}

// quantile returns the t distribution's value with upper tail p.
func quantile(p, df float64) float64 {
	lo, hi := 0.0, 1.0
	for upperTail(hi, df) > p {
		lo, hi = hi, 2*hi
	}
	for range 100 {
		mid := (lo + hi) / 2
		if upperTail(mid, df) > p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// above returns the one-sided p-value of the hypothesis that the change
// is not positive: small when the change exceeds zero by more than its
// noise allows.
func above(e estimate) float64 {
	return upperTail(e.d/math.Sqrt(e.v), e.df())
}

// benjaminiHochberg returns the adjusted p-values (q-values) of the
// Benjamini-Hochberg step-up procedure [bh-fdr]: rejecting every test
// whose q is at most α keeps the expected share of false discoveries
// among the rejections at α (for independent or positively dependent
// tests, as the cases of two runs are).
func benjaminiHochberg(ps []float64) []float64 {
	m := len(ps)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(ps[a], ps[b]) })
	q := make([]float64, m)
	running := 1.0
	for r := m - 1; r >= 0; r-- {
		i := order[r]
		running = min(running, ps[i]*float64(m)/float64(r+1))
		q[i] = running
	}
	return q
}

// median returns the median of xs (which it leaves unchanged).
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
