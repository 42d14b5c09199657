// Package tmpl is a template for the copier's tests.
package tmpl

import "math/bits"

const three = 3

type T struct{ n int }

// U embeds T: T's methods are promoted to it, not declared by it.
type U struct{ T }

func root(t *T, x uint64) int { return t.mid(x) + leaf(x) + t.m() }

func (t *T) mid(x uint64) int { return hook(x) + t.n + both(x) }

func both(x uint64) int { return hook(x) + second(x) }

func leaf(x uint64) int { return int(x & 1) }

func hook(x uint64) int { return bits.OnesCount64(x) }

func second(x uint64) int { return int(x) }

func other(x uint64) int { return bits.Len64(x) }

func two(x uint64, s int) int { return bits.Len64(x) + s }

func (t *T) m() int { return 1 }

func (u *U) own() int { return 2 }

func valueUse() func(uint64) int { return hook }

func withLocal(x uint64) int {
	side := 3
	return hook(x) + side
}
