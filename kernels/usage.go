package kernels

import "fmt"

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
