package kernels

import (
	"fmt"

	"bitlab/schema"
)

// Usage is how an implementation can serve a move generator, which asks one
// query at a time: the fact that decides whether a micro benchmark's winner
// can win inside a generator at all.
type Usage uint8

// The usages. The zero value is undeclared, which registration refuses.
const (
	// PerQuery answers one query per call of a function a generator can
	// call where it needs the answer: a portable Go function the compiler
	// may inline, or an assembly entry point, which Go always calls.
	PerQuery Usage = iota + 1
	// SIMDBatch needs several independent queries at once: SIMD lanes, one
	// query per lane; a generator must collect its queries first.
	SIMDBatch
	// LoopOnly is a whole-batch loop with no entry point for one query; what a
	// generator would use in its place is the technique written in Go.
	LoopOnly
)

var usageNames = [...]string{PerQuery: "per query", SIMDBatch: "batch", LoopOnly: "loop"}

func (u Usage) String() string {
	if u >= PerQuery && int(u) < len(usageNames) {
		return usageNames[u]
	}
	return fmt.Sprintf("Usage(%d)", uint8(u))
}

// Written returns the usage as results files write it ([schema.UsageQuery],
// [schema.UsageBatch], [schema.UsageLoop]); "" for an undeclared usage.
func (u Usage) Written() string {
	switch u {
	case PerQuery:
		return schema.UsageQuery
	case SIMDBatch:
		return schema.UsageBatch
	case LoopOnly:
		return schema.UsageLoop
	}
	return ""
}

// ReadUsage returns the usage a results file writes as s; 0 for none.
func ReadUsage(s string) Usage {
	for _, u := range []Usage{PerQuery, SIMDBatch, LoopOnly} {
		if u.Written() == s {
			return u
		}
	}
	return 0
}
