package movegen

import (
	"cmp"
	"fmt"
	"slices"

	"bitlab/kernels"
)

//go:generate go run ./internal/configs -o configs_gen.go -amd64 configs_amd64_gen.go

// Config is one compiled configuration of the generator: its technique
// for each factor. Slider names a sliding kernel, Serialize a serialize
// kernel or inline (the loop written in place; avx512-vbmi2, on amd64, writes
// each piece's whole target set into the list with VPCOMPRESSW rather than a
// loop over its squares, one call of assembly per target set, which Go does
// not inline), Count a popcount kernel,
// Moves how the king's and knights' quiet moves are listed: serialize
// (like every other piece's) or a movelist kernel (magic-hash: the
// precomputed list of the target set, [cpw-serialization]), Order the
// order of each piece's moves: plain (ascending squares) or a
// serialize-color kernel (flip-vertical: from the side's far rank, by the
// conditional flipVertical of [cpw-serialization]), Repr the board
// representation kept up to date beside the bitboards for the slider:
// none, reversed (Mack's reversed bitboards, with slider
// hyperbola-reverse reading them and his king-in-check test) or rotated
// (Hyatt's rotated bitboards, slider rotated); with the default slider a
// representation is kept but not read, which measures its upkeep.
type Config struct{ Slider, Serialize, Count, Moves, Order, Repr string }

// DefaultConfig is the hand-written generator's: fancy magic bitboards, the
// serialization loop written in place, math/bits' population count, king
// and knight moves serialized like the others, in ascending order, no
// representation beyond the bitboards.
var DefaultConfig = Config{Slider: "magic-fancy", Serialize: "inline", Count: "mathbits", Moves: "serialize", Order: "plain", Repr: "none"}

// String returns the configuration as benchmark names carry it.
func (c Config) String() string {
	return "slider=" + c.Slider + "/serialize=" + c.Serialize + "/count=" + c.Count + "/moves=" + c.Moves + "/order=" + c.Order + "/repr=" + c.Repr
}

// Perft returns the number of legal move sequences of the given depth from
// the position ([cpw-perft]), counting the last ply set-wise (Count), in
// the default configuration.
func Perft(p *Position, depth int) uint64 { return perft(*p, depth) }

// perft is Perft's recursion; internal/configs copies it, with the
// functions it calls, once per configuration. It takes the position by value: a
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

// Configs returns DefaultConfig, then each configuration that differs from
// it in one factor, factor by factor.
func Configs() []Config { return append([]Config{DefaultConfig}, configOrder...) }

// GridConfigs returns the rest of the slider x serialization grid: every
// generic slider with every serialization loop, where both differ from the
// default (with Configs, the whole grid). PerftFunc accepts these too.
func GridConfigs() []Config { return slices.Clone(gridOrder) }

// PerftFunc returns the perft recursion compiled for one configuration:
// the generator calls its techniques' functions directly.
// It returns an error, never a recursion that would fault, for a
// configuration whose assembly slider or serializer needs features the
// CPU lacks.
func PerftFunc(c Config) (func(p Position, depth int) uint64, error) {
	if c == DefaultConfig {
		return perft, nil
	}
	f, ok := configPerft[c]
	if !ok {
		return nil, fmt.Errorf("movegen: no compiled configuration %s (see Configs)", c)
	}
	if err := c.Supported(); err != nil {
		return nil, fmt.Errorf("movegen: %s: %w", c, err)
	}
	return f, nil
}

// Supported returns nil when this CPU runs the configuration, else why
// not: its slider's kernel (kernels.Sliding) and its serialization's
// (kernels.Serialize) declare the features they execute, which the
// assembly sliders' and serializers' configurations call too.
func (c Config) Supported() error {
	for _, f := range []struct {
		family kernels.AnyFamily
		impl   string
	}{{kernels.Sliding, c.Slider}, {kernels.Serialize, c.Serialize}} {
		for _, k := range f.family.Kernels() {
			if i := k.Info(); i.Impl == f.impl {
				if err := kernels.Supported(i.Features); err != nil {
					return fmt.Errorf("%s/%s: %w", i.Family, i.Impl, err)
				}
				break
			}
		}
	}
	return nil
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
	slices.SortFunc(out, func(a, b MoveCount) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	return out
}
