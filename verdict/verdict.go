// Package verdict answers the question bitlab's users bring: which technique
// to use in a move generator on this CPU, per factor of the generator, and
// why.
//
// A factor (sliding attacks, population count, ...) has techniques, each an
// implementation of a kernels family and, for the factors perft varies, a
// value of that perft factor. [Decide] ranks them:
//
//   - by perft, where a perft run of the CPU measured the factor: the
//     generator's speed with the technique against the default
//     configuration, a geometric mean over the positions, with its 95%
//     interval;
//   - otherwise by the micro benchmarks' throughput at the family's headline
//     size, among the implementations a generator can call once per query
//     (kernels.PerQuery), latency beside it.
//
// Techniques whose intervals overlap the leader's tie with it, and a tie is
// said as one; in perft, so do those the leader leads by no more than the
// CPU and build's placement spread (Placement), how far the generator's
// speed moves with where its code sits alone. The fastest implementation of any usage is named separately
// as the one for bulk work when it is not the generator's choice. Where the
// micro benchmarks' per-query leader is not perft's, [Decide] gives the
// reasons the data supports: a call per query (assembly, which Go does not
// inline), tables beyond the L1 and what the cache-pressure run measured,
// branches the predictor learned on repeated inputs.
//
// That ranking is for a generator written in Go, one build at a time (its
// perft runs and micro benchmarks are that build's). [DecideInlined] ranks
// for a compiler that inlines intrinsics (C, C++, Rust) from the micro
// benchmarks alone; inlined.go states its rule.
package verdict

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"bitlab/factor"
	"bitlab/kernels"
)

// Factor is one choice a move generator makes; package factor declares
// them (factor.Choices).
type Factor = factor.Choice

// Factors returns the factors the verdict covers, in the order it prints
// them.
func Factors() []Factor { return factor.Choices() }

// Interval is an estimate with its 95% confidence interval; Hi is +Inf and
// Lo 0 where the samples were too few for an interval.
type Interval struct{ Center, Lo, Hi float64 }

// Overlaps reports whether two intervals share a value.
func (i Interval) Overlaps(o Interval) bool { return i.Lo <= o.Hi && o.Lo <= i.Hi }

// Known reports whether the interval holds an estimate.
func (i Interval) Known() bool { return i.Center > 0 }

// Technique is one candidate for a factor with its evidence. The zero
// values of the evidence fields mean "not measured".
type Technique struct {
	Name   string        // the perft factor's value, or the implementation's identifier
	Impl   string        // the implementation of the factor's family it uses; "" for none (written in place)
	Usage  kernels.Usage // the implementation's; 0 where there is none
	Arch   kernels.Arch
	Tables int // bytes of lookup tables the implementation reads
	// Throughput and Latency are cycles (ns where the run had no cycle
	// source) per query at the family's headline size.
	Throughput, Latency Interval
	// Perft is the perft speed with this technique relative to the default
	// configuration's (1 for the default itself, with no interval).
	Perft   Interval
	Default bool // the default configuration's technique
	// Pressed is the cost under pressure of the L2's size relative to the
	// same case's cost with no pressure, from a pressure run.
	Pressed float64
	// Learned is the cost on a repeated L1 batch relative to the cost on a
	// stream too long to learn, minus one, where the two differ by more
	// than the summary's tolerance (negative: the repeated batch is faster).
	Learned float64
}

// Machine is what the reasons compare table sizes with.
type Machine struct{ L1d, L2, LLC int64 }

// Basis is what a verdict ranks by.
type Basis string

// The bases.
const (
	ByPerft Basis = "perft"
	ByMicro Basis = "micro" // the micro benchmarks' throughput
	// ByLatency is the micro benchmarks' latency (DecideInlined, for a
	// factor on a generator's dependency chain).
	ByLatency Basis = "micro latency"
	None      Basis = ""
)

// Line is the verdict on one factor.
type Line struct {
	Factor Factor
	Basis  Basis
	// Use are the techniques to use: one winner, or those tied with it.
	Use []Technique
	// Margin is the winner's lead over the best technique not tied with it
	// (perft speed or throughput ratio), 0 where every technique ties.
	Margin float64
	Next   string // the best technique not tied with the winner
	// Bulk is the fastest implementation of the family at any usage, where
	// it is not among Use.
	Bulk *Technique
	// Lead is the micro benchmarks' fastest per-query implementation where
	// perft chose otherwise; Reasons say why it did not win there.
	Lead    *Technique
	Reasons []string
	// Caveats say what the micro benchmarks cannot show of a choice made by
	// them.
	Caveats []string
	// NoPerft is set where no perft run varies the factor (a perft run
	// would rank it inside the generator); Missing says what else the
	// verdict lacked. notes joins them.
	NoPerft bool
	Missing string
	// Against is what perft speeds are measured against where it is not
	// the default configuration itself: the changes from it, such as
	// "leaf=count" for a factor that only matters where moves are listed.
	Against string
	// Placement is the placement spread that guarded a ranking by perft.
	Placement Placement
}

// Decide ranks the techniques of one factor; a ranking by perft names a
// winner only by a margin beyond the placement spread p, where p guards.
func Decide(f Factor, ts []Technique, m Machine, p Placement) Line {
	l := Line{Factor: f}
	var perft, micro []Technique
	for _, t := range ts {
		if t.Perft.Known() {
			perft = append(perft, t)
		}
		if t.Usage == kernels.PerQuery && t.Throughput.Known() {
			micro = append(micro, t)
		}
	}
	switch {
	case len(perft) >= 2:
		l.Placement = p
		l.rank(ByPerft, perft, perftSpeed, p.Spread)
	case len(micro) >= 1:
		l.rank(ByMicro, micro, microSpeed, 0)
		l.NoPerft = f.Perft != ""
		if w := l.Use[0]; assembly(w.Arch) {
			l.Caveats = append(l.Caveats, fmt.Sprintf("%s is assembly: inside a generator every query is a call, which Go does not inline and the micro loop does not pay", w.Name))
		}
	default:
		l.Missing = "nothing measured"
		return l
	}
	if l.Basis == ByPerft && len(micro) > 0 {
		lead, _, _ := rank(micro, microSpeed, 0)
		if !l.chosen(lead[0]) {
			l.Lead = &lead[0]
			l.Reasons = reasons(lead[0], l.Use[0], perft, m)
		}
	}
	l.addBulk(ts)
	return l
}

// rank ranks the line's candidates by sp on basis: the leader and those
// tied with it, the next and the margin, and the warning of a tie that
// lacks intervals.
func (l *Line) rank(basis Basis, candidates []Technique, sp speed, spread float64) {
	l.Basis = basis
	l.Use, l.Next, l.Margin = rank(candidates, sp, spread)
	if len(l.Use) > 1 && slices.ContainsFunc(l.Use, func(t Technique) bool { return !bounded(sp(t)) }) {
		l.Missing = "too few rounds for a 95% interval (6 or more): a tie here is no ranking"
	}
}

// chosen reports whether t is among the techniques to use.
func (l *Line) chosen(t Technique) bool {
	return slices.ContainsFunc(l.Use, func(u Technique) bool { return u.Name == t.Name })
}

// addBulk names the fastest implementation of any usage for bulk work,
// where it is neither chosen nor the line's micro leader.
func (l *Line) addBulk(ts []Technique) {
	if b := bulk(ts); b != nil && !l.chosen(*b) && (l.Lead == nil || l.Lead.Name != b.Name) {
		l.Bulk = b
	}
}

// speed returns a technique's speed with its interval, higher is faster.
type speed func(Technique) Interval

func perftSpeed(t Technique) Interval { return t.Perft }

// microSpeed is queries per cycle: the inverse of the throughput cost.
func microSpeed(t Technique) Interval { return perCycle(t.Throughput) }

// latencySpeed is the inverse of the latency cost.
func latencySpeed(t Technique) Interval { return perCycle(t.Latency) }

// perCycle returns the inverse of a cost, with its interval.
func perCycle(c Interval) Interval {
	return Interval{1 / c.Center, inverse(c.Hi), inverse(c.Lo)}
}

func inverse(x float64) float64 {
	switch {
	case x <= 0:
		return math.Inf(1)
	case math.IsInf(x, 1):
		return 0
	}
	return 1 / x
}

// rank returns the leader with every technique tied with it, the best of
// the rest and the leader's margin over it. A technique ties with the
// leader when their intervals overlap, when either has no interval, so
// that no winner is declared from noise, or when the leader is faster by
// no more than spread (a ratio minus one).
func rank(ts []Technique, sp speed, spread float64) (use []Technique, next string, margin float64) {
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b Technique) int { return cmp.Compare(sp(b).Center, sp(a).Center) })
	lead := sp(ts[0])
	use = ts[:1:1]
	for _, t := range ts[1:] {
		s := sp(t)
		if !bounded(s) || !bounded(lead) || s.Overlaps(lead) || lead.Center <= (1+spread)*s.Center {
			use = append(use, t)
		} else if next == "" {
			next, margin = t.Name, lead.Center/s.Center
		}
	}
	return use, next, margin
}

// bounded reports whether an interval was estimated (the default's perft
// speed, 1 by definition, is bounded at its value).
func bounded(i Interval) bool { return i.Lo > 0 && !math.IsInf(i.Hi, 1) }

// bulk returns the technique with the best throughput at any usage.
func bulk(ts []Technique) *Technique {
	var best *Technique
	for i := range ts {
		if t := &ts[i]; t.Throughput.Known() && (best == nil || t.Throughput.Center < best.Throughput.Center) {
			best = t
		}
	}
	return best
}

// assembly reports whether an implementation is Go assembly, which a
// generator calls for every query (Go inlines portable Go and
// simd/archsimd's intrinsics, never assembly).
func assembly(a kernels.Arch) bool { return a == kernels.AMD64 || a == kernels.ARM64 }

// reasons explains why the micro leader lead did not lead perft, where
// win did.
func reasons(lead, win Technique, perft []Technique, m Machine) []string {
	var in *Technique
	for i := range perft {
		if perft[i].Impl == lead.Impl {
			in = &perft[i]
		}
	}
	var r []string
	if in == nil {
		r = append(r, fmt.Sprintf("%s has no perft configuration on this CPU's results", lead.Name))
	}
	if assembly(lead.Arch) {
		r = append(r, fmt.Sprintf("%s is assembly: inside the generator every query is a call, which Go does not inline, and the micro loop has none", lead.Name))
	}
	// Tables explain a loss only where the leader's outgrow the winner's:
	// beyond the L1d and twice the size, or hurt more by pressure.
	bigger := lead.Tables > 0 && int64(lead.Tables) > m.L1d && lead.Tables > 2*win.Tables
	hurt := lead.Pressed > 0 && win.Pressed > 0 && lead.Pressed > 1.1*win.Pressed
	if bigger || hurt {
		s := fmt.Sprintf("%s reads %s of tables (%s %s), more than the %s L1d", lead.Name, Bytes(int64(lead.Tables)), win.Name, Bytes(int64(win.Tables)), Bytes(m.L1d))
		if lead.Pressed > 0 {
			s += fmt.Sprintf("; with the L2's size of other data walked between batches it costs %.2fx its hot figure", lead.Pressed)
			if win.Pressed > 0 {
				s += fmt.Sprintf(" (%s %.2fx)", win.Name, win.Pressed)
			}
			s += ", and the generator's own data competes for the caches the same way"
		}
		r = append(r, s)
	}
	if lead.Learned < 0 {
		r = append(r, fmt.Sprintf("%s's cost depends on how well its branches are predicted (%.0f%% less on a repeated batch than on the stream it is ranked by): a generator's target sets are predicted as neither", lead.Name, -100*lead.Learned))
	}
	if len(r) == 0 {
		r = append(r, "no reason in these results: the rest of the generator's work hides the difference")
	}
	return r
}

// Bytes formats a size in bytes as the listings do: B, KiB or MiB.
func Bytes(n int64) string {
	switch {
	case n >= 1<<20:
		return strings.TrimSuffix(fmt.Sprintf("%.2f", float64(n)/(1<<20)), ".00") + " MiB"
	case n >= 1<<10:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<10)), ".0") + " KiB"
	}
	return fmt.Sprintf("%d B", n)
}
