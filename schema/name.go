package schema

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/factor"
)

// Part is one key=value element of a benchmark name.
type Part struct{ Key, Value string }

// Name is a benchmark name without its "Benchmark" prefix: a base and
// key=value parts, written Base/key=value/key=value.
type Name struct {
	Base  string
	Parts []Part
}

// String returns the name as benchmark lines carry it.
func (n Name) String() string {
	var b strings.Builder
	b.WriteString(n.Base)
	for _, p := range n.Parts {
		b.WriteString("/" + p.Key + "=" + p.Value)
	}
	return b.String()
}

// Get returns the value of a key, "" if the name has none.
func (n Name) Get(key string) string {
	for _, p := range n.Parts {
		if p.Key == key {
			return p.Value
		}
	}
	return ""
}

// ParseName splits a benchmark name into its base and key=value parts. A
// part without "=" and a GOMAXPROCS suffix are errors: bitlab writes neither.
func ParseName(bn benchfmt.Name) (Name, error) {
	base, parts := bn.Parts()
	n := Name{Base: string(base)}
	for _, p := range parts {
		s := string(p)
		if strings.HasPrefix(s, "-") {
			return Name{}, fmt.Errorf("name %q: unexpected suffix %q", bn, s)
		}
		k, v, ok := strings.Cut(strings.TrimPrefix(s, "/"), "=")
		if !ok || k == "" {
			return Name{}, fmt.Errorf("name %q: part %q is not key=value", bn, s)
		}
		n.Parts = append(n.Parts, Part{k, v})
	}
	return n, nil
}

// The name keys of a kernel case, in name order.
const (
	KernelBase = "Kernel"
	KeyImpl    = "impl"
	KeyDist    = "dist"
	KeySize    = "size"
	KeyMode    = "mode"
	// KeyPressure follows mode in the names of cases run under cache
	// pressure only, so that every other name stays as it was.
	KeyPressure = "pressure"
)

// KernelCase is one kernel timed on one workload in one mode: the name of
// a line such as Kernel/family=popcount/impl=swar/dist=k16/size=4096/mode=throughput,
// with /pressure=l2 at the end under cache pressure.
type KernelCase struct {
	Family, Impl, Dist string
	Size               int
	Mode               Mode
	Pressure           Pressure
}

// Name returns the case's benchmark name.
func (k KernelCase) Name() Name {
	n := Name{Base: KernelBase, Parts: []Part{{KeyFamily, k.Family}, {KeyImpl, k.Impl},
		{KeyDist, k.Dist}, {KeySize, strconv.Itoa(k.Size)}, {KeyMode, string(k.Mode)}}}
	if k.Pressure != NoPressure {
		n.Parts = append(n.Parts, Part{KeyPressure, string(k.Pressure)})
	}
	return n
}

// Kernel reads a kernel case back from its name; ok is false for any other
// benchmark.
func (n Name) Kernel() (k KernelCase, ok bool) {
	if n.Base != KernelBase {
		return KernelCase{}, false
	}
	size, err := strconv.Atoi(n.Get(KeySize))
	k = KernelCase{Family: n.Get(KeyFamily), Impl: n.Get(KeyImpl), Dist: n.Get(KeyDist), Size: size, Mode: Mode(n.Get(KeyMode)),
		Pressure: Pressure(n.Get(KeyPressure))}
	_, bad := ParsePressure(string(k.Pressure))
	return k, err == nil && (k.Pressure == NoPressure || bad == nil) && k.Family != "" && k.Impl != "" && k.Dist != "" && k.Size > 0 && k.Mode != ""
}

// The name keys of a perft case: the generator's technique per factor
// (package factor's keys, in its order: slider, serialize, count, moves,
// order, repr), then the position and the depth.
const (
	PerftBase   = "Perft"
	KeyPosition = "position"
	KeyDepth    = "depth"
	// KeyTT follows depth in the names of cases counted with a
	// transposition table only.
	KeyTT = "tt"
)

// PerftFolder is the folder, inside a CPU's results folder, of its perft
// results files; the CPU's page shows them beside the kernels'.
const PerftFolder = "perft"

// PerftCase is one configuration of the move generator counting one
// position to one depth: the name of a line such as
// Perft/slider=magic-fancy/serialize=tzcnt-blsr/count=popcnt/moves=serialize/order=plain/repr=none/position=kiwipete/depth=5.
// Results from before a factor existed lack its key (factor.Factor's
// Optional): moves and order.
type PerftCase struct {
	factor.Config
	Position string
	Depth    int
	TT       string // the transposition table's size, such as 64MiB; "" for none
}

// String returns the case's benchmark name (not its configuration's).
func (p PerftCase) String() string { return p.Name().String() }

// Name returns the case's benchmark name.
func (p PerftCase) Name() Name {
	n := Name{Base: PerftBase}
	for _, f := range factor.All() {
		if v := p.Get(f); v != "" || !f.Optional() {
			n.Parts = append(n.Parts, Part{f.Key(), v})
		}
	}
	n.Parts = append(n.Parts, Part{KeyPosition, p.Position}, Part{KeyDepth, strconv.Itoa(p.Depth)})
	if p.TT != "" {
		n.Parts = append(n.Parts, Part{KeyTT, p.TT})
	}
	return n
}

// Perft reads a perft case back from its name; ok is false for any other
// benchmark.
func (n Name) Perft() (p PerftCase, ok bool) {
	if n.Base != PerftBase {
		return PerftCase{}, false
	}
	depth, err := strconv.Atoi(n.Get(KeyDepth))
	p = PerftCase{Position: n.Get(KeyPosition), Depth: depth, TT: n.Get(KeyTT)}
	ok = err == nil && p.Depth > 0 && p.Position != ""
	for _, f := range factor.All() {
		v := n.Get(f.Key())
		p.Config = p.With(f, v)
		ok = ok && (v != "" || f.Optional())
	}
	return p, ok
}
