package factor_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/internal/experiment"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

// compiledHere reports whether a value's kernel is compiled in this build:
// for its architecture, with its Go experiment.
func compiledHere(v factor.Value) bool {
	return v.Arch == "" || v.Arch == runtime.GOARCH && (v.Experiment == "" || experiment.On(v.Experiment))
}

// TestKernels proves every kernel a configuration names against the
// registry: it exists (where it is compiled), a generator can call it per
// query (an archsimd kernel, which inlines, also per batch of queries it
// collects: count=archsimd-vpopcnt's eight target sets), it is assembly of the declared architecture, Go
// with simd/archsimd where it declares GOEXPERIMENT=simd, or portable Go, and
// it belongs to its factor's family (a slider that needs a representation
// excepted).
func TestKernels(t *testing.T) {
	checked := 0
	for _, c := range append(factor.Configs(), factor.Grid()...) {
		for _, f := range factor.All() {
			v, ok := f.Value(c.Get(f))
			if !ok {
				t.Fatalf("%s: %s has no value %q", c, f, c.Get(f))
			}
			if v.Kernel == "" || !compiledHere(v) {
				continue
			}
			checked++
			k, ok := kernels.Lookup(v.Kernel)
			if !ok {
				t.Errorf("%s: %s=%s names kernel %s, which the registry does not have", c, f, v.Name, v.Kernel)
				continue
			}
			i := k.Info()
			if i.Usage != kernels.PerQuery && (i.Usage != kernels.SIMDBatch || v.Experiment == "") {
				t.Errorf("%s: %s=%s uses %s, whose usage is %v: a generator cannot call it per query (nor, in Go it inlines, per batch)", c, f, v.Name, v.Kernel, i.Usage)
			}
			want := kernels.Arch(v.Arch)
			switch {
			case v.Arch == "":
				want = kernels.Generic
			case v.Experiment == "simd":
				want = kernels.ArchSIMD
			}
			if i.Arch != want {
				t.Errorf("%s=%s: kernel %s is %s, the factor says %q (experiment %q)", f, v.Name, v.Kernel, i.Arch, v.Arch, v.Experiment)
			}
			if i.Family != f.Family() && v.Needs == "" {
				t.Errorf("%s=%s: kernel %s is not of the factor's family %s", f, v.Name, v.Kernel, f.Family())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no kernel checked")
	}
}

// TestFamiliesCovered: every portable kernel of the slider's, the
// serialization's and the count's families is a value of its factor, so
// that perft compares each (the move lists' and the order's families
// have kernels perft leaves out: movelist/loop is moves=serialize's
// technique, and one flip stands for the order).
func TestFamiliesCovered(t *testing.T) {
	for _, f := range []factor.Factor{factor.Slider, factor.Serialize, factor.Count} {
		var fam kernels.AnyFamily
		for _, a := range kernels.Families() {
			if a.Name() == f.Family() {
				fam = a
			}
		}
		if fam == nil {
			t.Fatalf("%s: no family %s", f, f.Family())
		}
		for _, k := range fam.Kernels() {
			i := k.Info()
			if i.Arch != kernels.Generic {
				continue
			}
			if !slices.ContainsFunc(f.Values(), func(v factor.Value) bool { return v.Kernel == i.ID() }) {
				t.Errorf("%s: no value uses %s", f, i.ID())
			}
		}
	}
}

// TestValues checks the declarations: unique names, the pairs of a slider
// and the representation it reads named both ways, and Kernel's answers.
func TestValues(t *testing.T) {
	for _, f := range factor.All() {
		if g, ok := factor.ByKey(f.Key()); !ok || g != f {
			t.Errorf("ByKey(%q) = %v, %v", f.Key(), g, ok)
		}
		seen := map[string]bool{}
		for _, v := range f.Values() {
			if seen[v.Name] {
				t.Errorf("%s=%s declared twice", f, v.Name)
			}
			seen[v.Name] = true
			if k, ok := factor.Kernel(f, v.Name); !ok || k != v.Kernel {
				t.Errorf("Kernel(%s, %s) = %q, %v", f, v.Name, k, ok)
			}
			if v.Needs != "" {
				r, ok := factor.Repr.Value(v.Needs)
				if f != factor.Slider || !ok || r.Reader != v.Name {
					t.Errorf("%s=%s needs repr=%s, which does not name it as its reader", f, v.Name, v.Needs)
				}
			}
			if v.Reader != "" {
				if _, ok := factor.Slider.Value(v.Reader); f != factor.Repr || !ok {
					t.Errorf("%s=%s: reader slider=%s is no slider", f, v.Name, v.Reader)
				}
			}
		}
	}
	if _, ok := factor.Kernel(factor.Slider, "no-such-slider"); ok {
		t.Error("Kernel found a value that does not exist")
	}
	if k, _ := factor.Kernel(factor.Slider, "rotated"); k != "sliding-rotated/rotated" {
		t.Errorf("slider=rotated uses %q", k)
	}
}

// TestNames: the default's names, the short names, and Parse reading back
// every configuration's full name and refusing others.
func TestNames(t *testing.T) {
	d := factor.Default()
	var parts []string
	for _, f := range factor.All() {
		parts = append(parts, f.Key()+"="+f.Default().Name)
	}
	if s := d.String(); s != strings.Join(parts, "/") || !strings.HasPrefix(s, "slider=magic-fancy/serialize=inline/count=mathbits/") {
		t.Errorf("default %s", s)
	}
	if d.Short() != factor.DefaultName {
		t.Errorf("default's short name %q", d.Short())
	}
	cs := append(factor.Configs(), factor.Grid()...)
	short := map[string]bool{}
	for _, c := range cs {
		back, err := factor.Parse(c.String())
		if err != nil || back != c {
			t.Errorf("Parse(%q) = %v, %v", c, back, err)
		}
		if short[c.Short()] {
			t.Errorf("two configurations named %s", c.Short())
		}
		short[c.Short()] = true
	}
	if c := d.With(factor.Slider, "rotated").With(factor.Repr, "rotated"); c.Short() != "slider=rotated/repr=rotated" {
		t.Errorf("short name %q", c.Short())
	}
	for _, bad := range []string{"", "slider=magic-fancy", "serialize=inline/slider=magic-fancy/count=mathbits/moves=serialize/order=plain/repr=none",
		"slider=nope/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none"} {
		if _, err := factor.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// TestConfigs: the default first, then each other value of each factor
// once and alone (a factor that only matters where moves are listed with
// the leaf strategy that lists them), but a slider that needs a representation only with it,
// and each representation with its reader and with the default slider;
// the grid every portable slider that needs no representation with every
// portable serialization, both not the default's.
func TestConfigs(t *testing.T) {
	cs := factor.Configs()
	d := factor.Default()
	if cs[0] != d {
		t.Fatalf("first configuration %s", cs[0])
	}
	var want []factor.Config
	for _, f := range factor.All() {
		for _, v := range f.Values()[1:] {
			c := d.With(f, v.Name)
			if f.Listed() {
				c = c.With(factor.Leaf, factor.ListingLeaf())
			}
			switch {
			case v.Needs != "": // with its representation, as its reader (TestValues)
			case v.Reader != "":
				want = append(want, c.With(factor.Slider, v.Reader), c)
			default:
				want = append(want, c)
			}
		}
	}
	if _, ok := factor.Leaf.Value(factor.ListingLeaf()); !ok || factor.ListingLeaf() == factor.Leaf.Default().Name {
		t.Errorf("the listing leaf strategy %s: a value of the factor %v, the default %s", factor.ListingLeaf(), ok, factor.Leaf.Default().Name)
	}
	if !sameSet(cs[1:], want) {
		t.Errorf("configurations %v, want %v in some order", cs[1:], want)
	}
	var grid []factor.Config
	for _, s := range factor.Slider.Values()[1:] {
		for _, z := range factor.Serialize.Values()[1:] {
			if s.Arch == "" && s.Needs == "" && z.Arch == "" {
				grid = append(grid, d.With(factor.Slider, s.Name).With(factor.Serialize, z.Name).With(factor.Leaf, factor.ListingLeaf()))
			}
		}
	}
	if len(grid) == 0 || !sameSet(factor.Grid(), grid) {
		t.Errorf("grid %v, want %v in some order", factor.Grid(), grid)
	}
}

// sameSet reports whether two lists hold the same configurations, each
// once.
func sameSet(a, b []factor.Config) bool {
	in := map[factor.Config]bool{}
	for _, c := range a {
		if in[c] {
			return false
		}
		in[c] = true
	}
	for _, c := range b {
		if !in[c] {
			return false
		}
		delete(in, c)
	}
	return len(in) == 0
}

// TestChoices: every factor is one choice, under its key and family, and
// every choice perft does not vary is a registered family.
func TestChoices(t *testing.T) {
	families := map[string]bool{}
	for _, f := range kernels.Families() {
		families[f.Name()] = true
	}
	seen := map[string]int{}
	for _, c := range factor.Choices() {
		if c.Name == "" {
			t.Errorf("choice %+v has no name", c)
		}
		if c.Perft == "" {
			if !families[c.Family] {
				t.Errorf("choice %s: no family %q", c.Name, c.Family)
			}
			continue
		}
		seen[c.Perft]++
		if f, ok := factor.ByKey(c.Perft); !ok || f.Family() != c.Family {
			t.Errorf("choice %s: perft factor %q (found %v), family %q", c.Name, c.Perft, ok, c.Family)
		}
	}
	for _, f := range factor.All() {
		if seen[f.Key()] != 1 {
			t.Errorf("factor %s is %d choices, want 1", f, seen[f.Key()])
		}
	}
}

// TestKernelFamilies: the families of the values' kernels, each a
// registered family, once, in order, and every value's kernel's among them.
func TestKernelFamilies(t *testing.T) {
	fams := factor.KernelFamilies()
	if !slices.IsSorted(fams) || len(slices.Compact(slices.Clone(fams))) != len(fams) {
		t.Errorf("KernelFamilies() = %v: not sorted or not unique", fams)
	}
	for _, name := range fams {
		if !slices.ContainsFunc(kernels.Families(), func(f kernels.AnyFamily) bool { return f.Name() == name }) {
			t.Errorf("KernelFamilies() names %s, which is no registered family", name)
		}
	}
	for _, f := range factor.All() {
		for _, v := range f.Values() {
			if k, ok := kernels.Lookup(v.Kernel); ok && !slices.Contains(fams, k.Info().Family) {
				t.Errorf("%s=%s: its kernel's family %s is not listed", f, v.Name, k.Info().Family)
			}
		}
	}
}
