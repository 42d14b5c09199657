package movegen

import (
	"fmt"
	"slices"
	"sort"
)

//go:generate go run ./internal/configs -o configs_gen.go

// DefaultSlider is the sliding technique of the generator's hand-written
// code: fancy magic bitboards.
const DefaultSlider = "magic-fancy"

// Perft returns the number of legal move sequences of the given depth from
// the position ([cpw-perft]), counting the last ply set-wise (Count), with
// the default slider.
func Perft(p *Position, depth int) uint64 { return perft(*p, depth) }

// perft is Perft's recursion; internal/configs copies it, with the
// functions it calls, once per slider. It takes the position by value: a
// pointer to the caller's copy would make escape analysis, which cannot
// follow the recursion, move every position to the heap.
func perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.generate(nil))
	}
	var l MoveList
	p.generate(&l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		n += perft(p.Play(m), depth-1)
	}
	return n
}

// Sliders returns the names of the sliding techniques PerftWith accepts:
// DefaultSlider and the sliding kernels of package kernels/generic.
func Sliders() []string {
	names := make([]string, 0, len(sliderPerft)+1)
	names = append(names, DefaultSlider)
	for name := range sliderPerft {
		names = append(names, name)
	}
	sort.Strings(names[1:])
	return names
}

// PerftFunc returns the perft recursion compiled for one slider: every
// attack query of the generator calls that technique's functions directly.
func PerftFunc(slider string) (func(p Position, depth int) uint64, error) {
	if slider == DefaultSlider {
		return perft, nil
	}
	if f, ok := sliderPerft[slider]; ok {
		return f, nil
	}
	return nil, fmt.Errorf("movegen: unknown slider %q (have %v)", slider, Sliders())
}

// MoveCount is one root move and the perft count below it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal move of the position, the perft count of
// depth-1 after it, sorted by move: the list whose differences from another
// generator's locate a bug.
func Divide(p *Position, depth int) []MoveCount {
	var l MoveList
	p.Moves(&l)
	out := make([]MoveCount, 0, l.N)
	for _, m := range l.Slice() {
		q := p.Play(m)
		out = append(out, MoveCount{m, Perft(&q, depth-1)})
	}
	slices.SortFunc(out, func(a, b MoveCount) int { return compareStrings(a.Move.String(), b.Move.String()) })
	return out
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
