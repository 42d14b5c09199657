package explain

import (
	"fmt"
	"slices"
	"strings"

	"bitlab/kernels"
)

// span is a natural loop of a function's instructions: from the target of
// a backward branch, index start, through the branch, index end.
type span struct{ start, end int }

func (s span) len() int { return s.end - s.start + 1 }

// loops returns the function's loops: every backward relative branch
// whose target is an instruction of the function after its entry (a branch
// to the entry retries it after the stack has grown), the loops of one
// header merged into the longest (a Go loop's body may end in more than one
// branch back).
func loops(code []inst) []span {
	at := map[uint64]int{}
	for i, in := range code {
		at[in.pc] = i
	}
	var ss []span
	for i, in := range code {
		if (in.kind == jump || in.kind == branch) && in.target <= in.pc {
			j, ok := at[in.target]
			if !ok || j == 0 {
				continue
			}
			if k := slices.IndexFunc(ss, func(s span) bool { return s.start == j }); k >= 0 {
				ss[k].end = max(ss[k].end, i)
			} else {
				ss = append(ss, span{j, i})
			}
		}
	}
	return ss
}

// body is a kernel's main loop cut out of its function.
type body struct {
	code []inst
	// inner is true when a backward branch inside the loop closes another
	// loop; skips when a branch inside it jumps forward over part of it;
	// calls are the targets of the calls it makes.
	inner, skips bool
	calls        []uint64
}

// cut finds the main loop l declares in a function's instructions: for
// assembly, the one loop of exactly l.Instructions instructions; for Go,
// the outermost loop.
func cut(code []inst, l kernels.Loop) (body, error) {
	all := loops(code)
	if len(all) == 0 {
		return body{}, fmt.Errorf("%s: no loop in %s", l.Kernel, l.Symbol)
	}
	var main span
	if l.Instructions > 0 {
		var found []span
		for _, s := range all {
			if s.len() == l.Instructions {
				found = append(found, s)
			}
		}
		if len(found) != 1 {
			var lens []string
			for _, s := range all {
				lens = append(lens, fmt.Sprint(s.len()))
			}
			return body{}, fmt.Errorf("%s %s: %d loops of the %d instructions declared from %s (the function's loops have %s)",
				l.Kernel, l.Mode, len(found), l.Instructions, l.Label, strings.Join(lens, ", "))
		}
		main = found[0]
	} else {
		main = all[0]
		for _, s := range all[1:] {
			if s.start <= main.start && s.end >= main.end {
				main = s
			}
		}
	}
	b := body{code: code[main.start : main.end+1]}
	for _, s := range all {
		// A generated Go function has one loop of its own: any other comes
		// from its element function, wherever the compiler placed it.
		if s != main && (l.Instructions == 0 || s.start >= main.start && s.end < main.end) {
			b.inner = true
		}
	}
	last := b.code[len(b.code)-1].pc
	for _, in := range b.code {
		if in.kind == call {
			b.calls = append(b.calls, in.target)
		}
		if (in.kind == branch || in.kind == jump) && in.target > in.pc && in.target <= last {
			b.skips = true
		}
	}
	return b, nil
}
