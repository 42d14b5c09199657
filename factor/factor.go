// Package factor declares the move generator's factors: the choices of
// technique that perft varies, each with its values, the first the
// hand-written generator's (the default), and the kernel of package
// kernels each value uses. Everything that spells a factor reads it here:
// package movegen's configurations, the copier that compiles them
// (movegen/internal/configs), kernels/generic's generator (which exports
// the element functions of the values' kernels' families), schema's perft
// names, runbench's listing and selection, and the verdict, whose choices
// (Choices) are the factors and the techniques every configuration writes
// in place.
//
// The package imports nothing of bitlab, so that schema and the generators
// can read it; its test proves every kernel it names against the
// registry.
package factor

import (
	"fmt"
	"slices"
	"strings"
)

// Factor is one choice of technique of the move generator.
type Factor uint8

// The factors, in the order benchmark names carry them.
const (
	Slider    Factor = iota // the sliding attacks
	Serialize               // the serialization of each piece's target set into moves
	Count                   // the population count of the last ply's target sets
	Moves                   // the king's and knights' quiet moves
	Order                   // the order of each piece's moves
	Repr                    // the board representation kept beside the bitboards
	Leaf                    // how perft counts the last two plies
	numFactors
)

// Value is one technique of a factor.
type Value struct {
	Name string
	// Kernel is the implementation of package kernels the value uses,
	// "family/impl"; "" for a technique written in place in the generator.
	Kernel string
	// Arch is the one architecture the kernel is compiled for ("amd64"),
	// "" for portable Go.
	Arch string
	// Experiment is the Go experiment the kernel is compiled with
	// (GOEXPERIMENT=simd for simd/archsimd's), "" for none: with Arch, the
	// configuration is compiled only in builds with it.
	Experiment string
	// Needs, for a slider, is the representation it reads and cannot run
	// without: it is configured only with that representation.
	Needs string
	// Reader, for a representation, is the slider that reads it; with any
	// other slider the representation is kept but not read.
	Reader string
}

// factor is what a Factor declares.
type factor struct {
	key    string // the benchmark name key
	name   string // what it chooses, for readers: "sliding attacks"
	family string // the kernels family its values' kernels mostly come from
	doc    string
	// optional: perft names written before the factor existed lack its key.
	optional bool
	// listed: the factor only matters where moves are listed, so its
	// configurations run with a leaf strategy that lists them.
	listed bool
	values []Value // the default first
}

var factors = [numFactors]factor{
	Slider: {key: "slider", name: "sliding attacks", family: "sliding", doc: "the sliding attacks of rooks, bishops and queens", values: []Value{
		{Name: "magic-fancy", Kernel: "sliding/magic-fancy"},
		{Name: "classical", Kernel: "sliding/classical"},
		{Name: "dumb7fill", Kernel: "sliding/dumb7fill"},
		{Name: "hyperbola-bswap", Kernel: "sliding/hyperbola-bswap"},
		{Name: "hyperbola-reverse", Kernel: "sliding/hyperbola-reverse"},
		{Name: "kindergarten", Kernel: "sliding/kindergarten"},
		{Name: "kogge-stone", Kernel: "sliding/kogge-stone"},
		{Name: "magic-black", Kernel: "sliding/magic-black"},
		{Name: "magic-plain", Kernel: "sliding/magic-plain"},
		{Name: "obstruction-difference", Kernel: "sliding/obstruction-difference"},
		{Name: "ray-loop", Kernel: "sliding/ray-loop"},
		{Name: "pext", Kernel: "sliding/pext", Arch: "amd64"},
		{Name: "pext-split", Kernel: "sliding/pext-split", Arch: "amd64"}, // pext's tables, a rook or bishop query's one line
		{Name: "magic-fancy-asm", Kernel: "sliding/magic-fancy-asm", Arch: "amd64"},
		{Name: "magic-black-asm", Kernel: "sliding/magic-black-asm", Arch: "amd64"},
		{Name: "rotated", Kernel: "sliding-rotated/rotated", Needs: "rotated"},
	}},
	Serialize: {key: "serialize", listed: true, name: "serialization", family: "serialize", doc: "the serialization of each piece's target set into moves", values: []Value{
		{Name: "inline"}, // TZCNT and BLSR written in place
		{Name: "bytes", Kernel: "serialize/bytes"},
		{Name: "forward", Kernel: "serialize/forward"},
		{Name: "iterator", Kernel: "serialize/iterator"},
		{Name: "reverse", Kernel: "serialize/reverse"},
		{Name: "scan-reset", Kernel: "serialize/scan-reset"},
		{Name: "unrolled", Kernel: "serialize/unrolled"},
		{Name: "words16", Kernel: "serialize/words16"},
		{Name: "avx512-vbmi2", Kernel: "serialize/avx512-vbmi2", Arch: "amd64"}, // a whole target set into the list by VPCOMPRESSW: a call of assembly per set
		// the same by simd/archsimd, inlined in the generator: no call
		{Name: "archsimd-vbmi2", Kernel: "serialize/archsimd-vbmi2", Arch: "amd64", Experiment: "simd"},
	}},
	Count: {key: "count", name: "population count", family: "popcount", doc: "the population count of the last ply's target sets", values: []Value{
		{Name: "mathbits", Kernel: "popcount/mathbits"},
		{Name: "kernighan", Kernel: "popcount/kernighan"},
		{Name: "swar", Kernel: "popcount/swar"},
		{Name: "swar-mul", Kernel: "popcount/swar-mul"},
		{Name: "table16", Kernel: "popcount/table16"},
		{Name: "table8", Kernel: "popcount/table8"},
		{Name: "archsimd-vpopcnt", Kernel: "popcount/archsimd-vpopcnt", Arch: "amd64", Experiment: "simd"}, // up to eight target sets at once by one VPOPCNTQ (simd/archsimd, inlined)
	}},
	Moves: {key: "moves", listed: true, name: "move lists", family: "movelist", doc: "the king's and knights' quiet moves", optional: true, values: []Value{
		{Name: "serialize"}, // like every other piece's
		{Name: "magic-hash", Kernel: "movelist/magic-hash"}, // the target set's precomputed list
	}},
	Order: {key: "order", listed: true, name: "colour order", family: "serialize-color", doc: "the order of each piece's moves", optional: true, values: []Value{
		{Name: "plain"}, // ascending squares
		{Name: "flip-vertical", Kernel: "serialize-color/flip-vertical"}, // from the side's far rank
	}},
	Repr: {key: "repr", name: "representation", doc: "the board representation kept beside the bitboards", values: []Value{
		{Name: "none"},
		{Name: "reversed", Reader: "hyperbola-reverse"}, // Mack's reversed bitboards
		{Name: "rotated", Reader: "rotated"},            // Hyatt's rotated bitboards
	}},
	Leaf: {key: "leaf", name: "leaf strategy", doc: "how perft counts the last two plies", optional: true, values: []Value{
		{Name: "fused"}, // each move of a leaf's grandparent expanded into its child's count, no list
		{Name: "count"}, // the grandparent's moves listed, played, each child's moves counted
	}},
}

// All returns the factors in name order.
func All() []Factor {
	fs := make([]Factor, numFactors)
	for i := range fs {
		fs[i] = Factor(i)
	}
	return fs
}

// ByKey returns the factor whose benchmark name key is key.
func ByKey(key string) (Factor, bool) {
	for _, f := range All() {
		if f.Key() == key {
			return f, true
		}
	}
	return 0, false
}

// Key returns the factor's benchmark name key, such as "slider".
func (f Factor) Key() string { return factors[f].key }

// String returns the factor's key.
func (f Factor) String() string { return f.Key() }

// Family returns the kernels family whose implementations are the
// factor's techniques ("" for the representation, which no family times).
// A value may use a kernel of another family: slider=rotated reads the
// rotated bitboards through sliding-rotated/rotated.
func (f Factor) Family() string { return factors[f].family }

// Doc says what the factor chooses.
func (f Factor) Doc() string { return factors[f].doc }

// Optional reports whether perft names may lack the factor's key: those
// written before it was a factor.
func (f Factor) Optional() bool { return factors[f].optional }

// Listed reports whether the factor only matters where moves are listed
// (the serialization, the move lists, the order): the default leaf
// strategy lists none at the leaves' grandparents.
func (f Factor) Listed() bool { return factors[f].listed }

// ListingLeaf returns the leaf strategy that lists the moves of the
// leaves' grandparents, with which the configurations of the factors that
// only matter where moves are listed run.
func ListingLeaf() string { return "count" }

// Base returns the configuration the factor's values are compared with:
// the default, with the listing leaf strategy for a factor that only
// matters where moves are listed (Listed).
func (f Factor) Base() Config {
	if f.Listed() {
		return Default().With(Leaf, ListingLeaf())
	}
	return Default()
}

// Values returns the factor's values, the default first.
func (f Factor) Values() []Value { return slices.Clone(factors[f].values) }

// Default returns the value of the hand-written generator.
func (f Factor) Default() Value { return factors[f].values[0] }

// Value returns the factor's value called name.
func (f Factor) Value(name string) (Value, bool) {
	i := slices.IndexFunc(factors[f].values, func(v Value) bool { return v.Name == name })
	if i < 0 {
		return Value{}, false
	}
	return factors[f].values[i], true
}

// Choice is a choice of technique that a move generator makes and the
// verdict ranks: a factor, which perft varies, or a kernels family whose
// technique every configuration writes in place, which only the micro
// benchmarks rank.
type Choice struct {
	Name   string // what it chooses, such as "sliding attacks"
	Family string // the kernels family whose implementations are its techniques; "" for none
	// Perft is the key of the factor that varies it, such as "slider"; ""
	// where perft does not vary it.
	Perft string
}

// Choices returns the choices in the order the verdict prints them: every
// factor, and before the serialization the two families whose techniques
// its default (inline) writes in place, the bit scan and the LS1B reset.
func Choices() []Choice {
	return []Choice{
		Slider.choice(),
		Count.choice(),
		{Name: "bit scan", Family: "bitscan-forward"},
		{Name: "LS1B reset", Family: "ls1b-reset"},
		Serialize.choice(),
		Moves.choice(),
		Order.choice(),
		Repr.choice(),
		Leaf.choice(),
	}
}

// choice returns the factor as a choice.
func (f Factor) choice() Choice {
	return Choice{Name: factors[f].name, Family: f.Family(), Perft: f.Key()}
}

// KernelFamilies returns the kernels families of the values' kernels, in
// name order: those whose element functions a generator calls.
func KernelFamilies() []string {
	var fams []string
	for _, f := range All() {
		for _, v := range f.Values() {
			if fam, _, ok := strings.Cut(v.Kernel, "/"); ok && !slices.Contains(fams, fam) {
				fams = append(fams, fam)
			}
		}
	}
	slices.Sort(fams)
	return fams
}

// Kernel returns the kernel ("family/impl") that value of factor f uses,
// "" for a technique written in place; ok is false when f has no such
// value.
func Kernel(f Factor, value string) (kernel string, ok bool) {
	v, ok := f.Value(value)
	return v.Kernel, ok
}

// Config is one configuration of the generator: a value of each factor.
// Its fields are the factors' values by name; Get and With reach them by
// Factor.
type Config struct{ Slider, Serialize, Count, Moves, Order, Repr, Leaf string }

// field returns the field of factor f: the one place that ties the fields
// to the factors.
func (c *Config) field(f Factor) *string {
	return [numFactors]*string{&c.Slider, &c.Serialize, &c.Count, &c.Moves, &c.Order, &c.Repr, &c.Leaf}[f]
}

// Get returns the configuration's value of factor f.
func (c Config) Get(f Factor) string { return *c.field(f) }

// With returns the configuration with value v for factor f.
func (c Config) With(f Factor, v string) Config {
	*c.field(f) = v
	return c
}

// Default returns the hand-written generator's configuration: every
// factor's default value.
func Default() Config {
	var c Config
	for _, f := range All() {
		c = c.With(f, f.Default().Name)
	}
	return c
}

// DefaultName is the short name of the default configuration.
const DefaultName = "default"

// String returns the configuration as benchmark names carry it:
// slider=magic-fancy/serialize=inline/...
func (c Config) String() string {
	parts := make([]string, 0, numFactors)
	for _, f := range All() {
		parts = append(parts, f.Key()+"="+c.Get(f))
	}
	return strings.Join(parts, "/")
}

// Short names the configuration by the factors in which it differs from
// the default, as in slider=rotated/repr=rotated; the default is
// DefaultName.
func (c Config) Short() string {
	var parts []string
	for _, f := range c.Changed() {
		parts = append(parts, f.Key()+"="+c.Get(f))
	}
	if len(parts) == 0 {
		return DefaultName
	}
	return strings.Join(parts, "/")
}

// Changed returns the factors in which the configuration differs from the
// default, in name order.
func (c Config) Changed() []Factor {
	var fs []Factor
	d := Default()
	for _, f := range All() {
		if c.Get(f) != d.Get(f) {
			fs = append(fs, f)
		}
	}
	return fs
}

// Parse reads a configuration's full name (String's form), requiring every
// factor once, in order, with one of its values.
func Parse(s string) (Config, error) {
	parts := strings.Split(s, "/")
	if len(parts) != int(numFactors) {
		return Config{}, fmt.Errorf("configuration %q: want %d key=value parts, one per factor", s, numFactors)
	}
	var c Config
	for i, f := range All() {
		v, ok := strings.CutPrefix(parts[i], f.Key()+"=")
		if !ok {
			return Config{}, fmt.Errorf("configuration %q: part %d is %q, want %s=VALUE", s, i+1, parts[i], f.Key())
		}
		if _, ok := f.Value(v); !ok {
			return Config{}, fmt.Errorf("configuration %q: %s has no value %q", s, f.Key(), v)
		}
		c = c.With(f, v)
	}
	return c, nil
}

// Configs returns the configurations perft compares, on every
// architecture: the default, then for each factor in order each other
// value with every other factor at its default. A slider that needs a
// representation is configured only with it; each representation comes
// first with its reader (the pairs, listed under the representation),
// then with the default slider, which keeps it without reading it. The
// factors that only matter where moves are listed (Listed) run with the
// leaf strategy that lists the leaves' grandparents' moves (ListingLeaf),
// whose own configuration is their baseline.
func Configs() []Config {
	cs := []Config{Default()}
	for _, f := range All() {
		d := f.Base()
		var unread []Config
		for _, v := range f.Values()[1:] {
			switch {
			case v.Needs != "":
			case v.Reader != "":
				cs = append(cs, d.With(f, v.Name).With(Slider, v.Reader))
				unread = append(unread, d.With(f, v.Name))
			default:
				cs = append(cs, d.With(f, v.Name))
			}
		}
		cs = append(cs, unread...)
	}
	return cs
}

// GridTag is the build tag that compiles the grid's configurations in
// package movegen: their code is generated on demand (make grid), not
// committed.
const GridTag = "bitlab_grid"

// Grid returns the rest of the slider x serialization grid: every portable
// slider that runs alone with every portable serialization, where both
// differ from the default, with the leaf strategy that lists the moves.
func Grid() []Config {
	var cs []Config
	for _, s := range Slider.Values()[1:] {
		for _, z := range Serialize.Values()[1:] {
			if s.Arch == "" && s.Needs == "" && z.Arch == "" {
				cs = append(cs, Default().With(Slider, s.Name).With(Serialize, z.Name).With(Leaf, ListingLeaf()))
			}
		}
	}
	return cs
}

// Arch returns the one architecture the configuration is compiled for
// ("amd64"), "" where it is portable Go.
func (c Config) Arch() string {
	for _, f := range All() {
		if v, _ := f.Value(c.Get(f)); v.Arch != "" {
			return v.Arch
		}
	}
	return ""
}

// Experiment returns the Go experiment the configuration is compiled with
// ("simd"), "" where it needs none.
func (c Config) Experiment() string {
	for _, f := range All() {
		if v, _ := f.Value(c.Get(f)); v.Experiment != "" {
			return v.Experiment
		}
	}
	return ""
}
