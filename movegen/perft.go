package movegen

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"

	"bitlab/board"
	"bitlab/factor"
	"bitlab/kernels"
)

//go:generate go run ./internal/configs

// Config is one compiled configuration of the generator: its technique
// for each factor. Package factor declares the factors and their values,
// each with the kernel it calls and what it does (factor.go);
// go run ./cmd/runbench list -perft lists the configurations compiled
// here. With the default slider a representation is kept but not read,
// which measures its upkeep.
type Config = factor.Config

// DefaultConfig returns the hand-written generator's configuration: every
// factor's default value (factor.Default).
func DefaultConfig() Config { return factor.Default() }

// Perft returns the number of legal move sequences of the given depth from
// the position ([cpw-perft]), counting the last ply set-wise (Count), in
// the default configuration.
func Perft(p *Position, depth int) uint64 { return perft(*p, depth) }

// perft is Perft's recursion, the root of every configuration's copy of
// the generator (internal/configs), compiled for each side to move
// (perftSide).
func perft(p Position, depth int) uint64 {
	if p.Side == board.White {
		return perftSide[white, black](&p, depth)
	}
	return perftSide[black, white](&p, depth)
}

// perftSide is perft with side Us to move, Them the other. Each node plays
// its moves into one position of its own (play writes in place).
func perftSide[Us, Them side](p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(generate[Us, Them, counts](p, nil))
	case depth == 2:
		return leafParents[Us, Them](p)
	}
	var l MoveList
	generate[Us, Them, lists](p, &l)
	var n uint64
	var q Position
	for _, m := range l.Moves[:l.N] {
		play[Us](&q, p, m)
		n += perftSide[Them, Us](&q, depth-1)
	}
	return n
}

// compiled holds the perft recursions of the generated configurations,
// which the generated files' init functions register.
var compiled = map[Config]func(Position, int) uint64{}

// register adds the perft recursion of the generated configuration with
// the full name name.
func register(name string, f func(Position, int) uint64) {
	c, err := factor.Parse(name)
	if err != nil {
		panic("movegen: a generated configuration: " + err.Error())
	}
	if _, dup := compiled[c]; dup || c == DefaultConfig() {
		panic("movegen: configuration " + name + " registered twice")
	}
	compiled[c] = f
}

// Configs returns the configurations compiled for this architecture in
// factor.Configs's order: DefaultConfig, then each that differs from it in
// one factor, factor by factor.
func Configs() []Config { return compiledOf(factor.Configs()) }

// GridConfigs returns the rest of the slider x serialization grid
// (factor.Grid: every portable slider with every serialization loop, where
// both differ from the default) where it is compiled: its code is
// generated on demand (make grid) and built with the tag factor.GridTag;
// without it, none. PerftFunc accepts these too.
func GridConfigs() []Config { return compiledOf(factor.Grid()) }

// compiledOf returns the configurations of cs that are compiled.
func compiledOf(cs []Config) []Config {
	var out []Config
	for _, c := range cs {
		if _, ok := compiled[c]; ok || c == DefaultConfig() {
			out = append(out, c)
		}
	}
	return out
}

// PerftFunc returns the perft recursion compiled for one configuration:
// the generator calls its techniques' functions directly.
// It returns an error, never a recursion that would fault, for a
// configuration whose assembly slider or serializer needs features the
// CPU lacks.
func PerftFunc(c Config) (func(p Position, depth int) uint64, error) {
	if c == DefaultConfig() {
		return perft, nil
	}
	f, ok := compiled[c]
	if !ok {
		return nil, fmt.Errorf("movegen: no compiled configuration %s (see Configs)", c)
	}
	if err := Supported(c); err != nil {
		return nil, fmt.Errorf("movegen: %s: %w", c, err)
	}
	return f, nil
}

// Supported returns nil when this CPU runs the configuration, else why
// not: the kernel of each of its values (factor.Kernel) declares the
// features it executes, which the assembly sliders' and serializers'
// configurations call too.
func Supported(c Config) error {
	for _, f := range factor.All() {
		id, _ := factor.Kernel(f, c.Get(f))
		if id == "" {
			continue
		}
		k, ok := kernels.Lookup(id)
		if !ok {
			return fmt.Errorf("%s is not compiled for %s", id, runtime.GOARCH)
		}
		if err := kernels.Supported(k.Info().Features); err != nil {
			return fmt.Errorf("%s: %w", id, err)
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
