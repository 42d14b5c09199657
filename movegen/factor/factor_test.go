package factor_test

import (
	"runtime"
	"slices"
	"testing"

	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/movegen/factor"
)

// compiledHere reports whether a value's kernel is compiled for this
// architecture.
func compiledHere(v factor.Value) bool { return v.Arch == "" || v.Arch == runtime.GOARCH }

// TestKernels proves every kernel a configuration names against the
// registry: it exists (where it is compiled), a generator can call it per
// query, it is assembly of the declared architecture or portable Go, and
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
			if i.Usage != kernels.PerQuery {
				t.Errorf("%s: %s=%s uses %s, whose usage is %v: a generator cannot call it per query", c, f, v.Name, v.Kernel, i.Usage)
			}
			if want := kernels.Arch(v.Arch); v.Arch == "" && i.Arch != kernels.Generic || v.Arch != "" && i.Arch != want {
				t.Errorf("%s=%s: kernel %s is %s, the factor says %q", f, v.Name, v.Kernel, i.Arch, v.Arch)
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
	if s := d.String(); s != "slider=magic-fancy/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none" {
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

// TestConfigs: the default first, each one-factor configuration once, the
// sliders that need a representation only with it, each representation
// with its reader and with the default slider, and the grid's pairs
// portable and changing both factors.
func TestConfigs(t *testing.T) {
	cs := factor.Configs()
	if cs[0] != factor.Default() {
		t.Fatalf("first configuration %s", cs[0])
	}
	for _, c := range cs[1:] {
		ch := c.Changed()
		switch {
		case len(ch) == 1 && (ch[0] != factor.Slider || c.Slider != "rotated"):
		case len(ch) == 2 && ch[0] == factor.Slider && ch[1] == factor.Repr:
			if r, _ := factor.Repr.Value(c.Repr); r.Reader != c.Slider {
				t.Errorf("%s: repr=%s's reader is %s", c.Short(), c.Repr, r.Reader)
			}
		default:
			t.Errorf("%s is no one-factor configuration", c.Short())
		}
	}
	if want := 1 + 13 + 8 + 5 + 1 + 1 + 4; len(cs) != want {
		t.Errorf("%d configurations, want %d", len(cs), want)
	}
	grid := factor.Grid()
	if len(grid) != 10*7 {
		t.Errorf("%d grid configurations, want 70", len(grid))
	}
	for _, c := range grid {
		if ch := c.Changed(); len(ch) != 2 || ch[0] != factor.Slider || ch[1] != factor.Serialize || c.Arch() != "" {
			t.Errorf("grid configuration %s", c.Short())
		}
	}
}
