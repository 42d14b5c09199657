package verdict

import (
	"strings"

	"bitlab/kernels"
)

// The verdict for a move generator whose compiler inlines intrinsics (C,
// C++, Rust): [Decide] ranks for a generator in Go, where perft measured
// one, and every assembly technique costs Go a call per query; an inlining
// compiler pays none, so [DecideInlined] ranks the techniques by the micro
// benchmarks alone, which time each one inlined in its kernel's loop.
// InlinedRule states the rule below in words.

// InlinedHeading heads the verdict for compilers that inline intrinsics.
const InlinedHeading = "C, C++ and Rust: compilers that inline intrinsics, from the micro benchmarks"

// inlinable reports whether a kernel of this usage stands, in the micro
// benchmarks, for its technique inlined where a generator asks one query:
// one that answers a query at a time, as a function per query (portable Go,
// which Go's compiler inlines into the kernel's loop, or assembly, whose
// loop has the instructions in place) or as an assembly loop over the batch
// (each query alone). A batch kernel needs several independent queries at
// once in SIMD lanes: bulk work only.
func inlinable(u kernels.Usage) bool { return u == kernels.PerQuery || u == kernels.LoopOnly }

// chain says why a factor's technique sits on a generator's dependency
// chain, which ranks it by latency; "" for a factor whose queries are
// independent of each other, ranked by throughput.
func chain(f Factor) string {
	if f.Family == "ls1b-reset" {
		return "a serialization loop chains its resets, each waiting for the one before"
	}
	return ""
}

// InlinedRule says how DecideInlined ranks, for the pages.
func InlinedRule() string {
	var chained []string
	for _, f := range Factors() {
		if why := chain(f); why != "" {
			chained = append(chained, "the "+f.Name+" by its latency ("+why+")")
		}
	}
	s := "For a move generator in a language whose compiler inlines intrinsics (C, C++, Rust: `__builtin_popcountll`, " +
		"`_pext_u64`, `std::countr_zero`, `u64::trailing_zeros`): derived from the micro benchmarks alone, never from a " +
		"generator, so no perft figure is in it (perft's generator is Go's, which pays a call per query for every assembly technique; " +
		"an inlining compiler pays none). A kernel qualifies where it answers one query at a time: `per query` (portable Go, " +
		"which the compiler inlines into the kernel's loop, or assembly) or `loop` (assembly over the batch, each query alone); " +
		"`batch` kernels, which need several independent queries in SIMD lanes, are named for bulk work only (`runbench list` " +
		"gives each kernel's usage). Each figure is cycles per query at the family's headline batch: the throughput of the " +
		"technique inlined in a tight loop of independent queries"
	if len(chained) > 0 {
		s += ", except " + strings.Join(chained, ", ")
	}
	return s + "; intervals that overlap are a tie. A portable kernel's loop is Go's code and an assembly kernel's is written " +
		"by hand: where both execute the same instruction (math/bits' OnesCount64, which Go compiles to POPCNT from GOAMD64=v2 " +
		"on, and the `popcnt` kernel), the gap between them is the loop's code, not the technique. How much of a margin survives " +
		"a generator's other work these results do not measure for such compilers."
}

// DecideInlined ranks one factor's techniques for a compiler that inlines
// intrinsics: the kernels that answer one query at a time (inlinable) by
// their micro benchmarks' throughput, or latency for a factor on a
// generator's dependency chain (chain), never by perft, whose figures it
// drops; the fastest kernel of any usage is named for bulk work.
func DecideInlined(f Factor, ts []Technique) Line {
	l := Line{Factor: f}
	basis, sp, cost := ByMicro, microSpeed, func(t Technique) Interval { return t.Throughput }
	if chain(f) != "" {
		basis, sp, cost = ByLatency, latencySpeed, func(t Technique) Interval { return t.Latency }
	}
	micro := make([]Technique, 0, len(ts))
	var candidates []Technique
	for _, t := range ts {
		if !t.Throughput.Known() && !t.Latency.Known() {
			continue // a perft value alone
		}
		t.Perft, t.Default = Interval{}, false
		micro = append(micro, t)
		if inlinable(t.Usage) && cost(t).Known() {
			candidates = append(candidates, t)
		}
	}
	if len(candidates) == 0 {
		l.Missing = "no kernel of it measured"
		if f.Family == "" {
			l.Missing = "no micro benchmark: only perft, of a generator in Go, ranks it"
		}
		return l
	}
	l.rank(basis, candidates, sp)
	l.addBulk(micro)
	return l
}
