package copier

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"bitlab/factor"
)

// defaultHooks are, per factor, the functions of the default's technique:
// a configuration that changes the factor must call none of them.
var defaultHooks = map[factor.Factor][]string{
	factor.Slider:    {"rookAttacks", "bishopAttacks"},
	factor.Serialize: {"(*MoveList).add", "(*MoveList).addPawns", "(*MoveList).addLeaper"},
	factor.Count:     {"count", "setCounter.count"},
	factor.Moves:     {"(*MoveList).addLeaper"},
	factor.Order:     {"(*MoveList).add", "(*MoveList).addPawns", "(*MoveList).addLeaper"},
	factor.Leaf:      {"leafParents"},
	factor.Repr:      {"(*Position).occupied", "(*Position).occupiedBy", "(*Position).withoutKing", "(*Position).toggled", "(*Position).keep"},
}

// TestGenerate copies movegen's generator in memory for every
// configuration, the grid's included, type-checks the result with the
// template, and proves each configuration's rewrites on it: from the
// function its file registers, the calls reach its kernels' functions
// (expectedCalls) for every factor it changes, and never the default's
// technique for that factor.
func TestGenerate(t *testing.T) {
	g, err := Generate("../..", true)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Load("../..", amd64Grid, g.Files)
	if err != nil {
		t.Fatal(err)
	}
	configs := append(factor.Configs()[1:], factor.Grid()...)
	if len(g.roots) != len(configs) {
		t.Errorf("%d configurations registered, want %d", len(g.roots), len(configs))
	}
	for _, c := range configs {
		root := g.roots[c]
		reach, err := out.Reachable(root)
		if err != nil {
			t.Errorf("%s: %v", c.Short(), err)
			continue
		}
		for f, fns := range expectedCalls(c) {
			for _, fn := range fns {
				// The template's function, or its copy for another factor
				// (leafParentsListedSerBytes).
				called := slices.ContainsFunc(reach, func(r string) bool {
					rest, ok := strings.CutPrefix(r, fn)
					return ok && (rest == "" || unicode.IsUpper(rune(rest[0])))
				})
				if !called {
					t.Errorf("%s: %s (for %s) is not called from %s", c.Short(), fn, f, root)
				}
			}
			for _, fn := range defaultHooks[f] {
				if slices.Contains(reach, fn) {
					t.Errorf("%s: %s, the default's %s, is called from %s", c.Short(), fn, f, root)
				}
			}
		}
	}
	for _, c := range factor.Configs()[1:] {
		if _, ok := g.Files[fileOf(c)]; !ok {
			t.Errorf("%s: no file %s", c.Short(), fileOf(c))
		}
	}
}

// TestExpectedCalls: the kernels' functions by their naming.
func TestExpectedCalls(t *testing.T) {
	d := factor.Default()
	for c, want := range map[factor.Config][]string{
		d.With(factor.Slider, "kogge-stone"):       {"generic.SlidingKoggeStoneRook", "generic.SlidingKoggeStoneBishop"},
		d.With(factor.Slider, "pext"):              {"amd64.SlidingPextRook", "amd64.SlidingPextBishop"},
		d.With(factor.Serialize, "avx512-vbmi2"):   {"amd64.SerializeAvx512Vbmi2Append", "amd64.SerializeAvx512Vbmi2AppendPawns"},
		d.With(factor.Count, "swar-mul"):           {"generic.PopcountSwarMul"},
		d.With(factor.Serialize, "archsimd-vbmi2"): {"gosimd.SerializeArchsimdVbmi2Append", "gosimd.SerializeArchsimdVbmi2AppendPawns"},
		d.With(factor.Count, "archsimd-vpopcnt"):   {"gosimd.PopcountArchsimdVpopcntSum"},
		d.With(factor.Moves, "magic-hash"):         {"generic.MovelistMagicHash"},
		d.With(factor.Order, "flip-vertical"):      {"generic.SerializeColorFlipVertical"},
		d.With(factor.Serialize, "scan-reset"):     {"generic.SerializeScanReset"},
		d.With(factor.Repr, "rotated"):             {"(*posRotated).keep", "(*posRotated).occupied"},
		d.With(factor.Leaf, "count"):               {"leafParentsListed"},
	} {
		got := expectedCalls(c)
		var all []string
		for _, fns := range got {
			all = append(all, fns...)
		}
		if !slices.Equal(all, want) {
			t.Errorf("%s: %v, want %v", c.Short(), all, want)
		}
	}
}
