package main

import (
	"io"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"bitlab/harness"
	"bitlab/kernels"
	"bitlab/movegen"
	"bitlab/schema"
)

// TestSelectionWholeNames checks selectionRule: a plain value is a list of
// exact names, a value with metacharacters a regular expression that must
// match a whole name.
func TestSelectionWholeNames(t *testing.T) {
	for _, c := range []struct {
		value      string
		match, not []string
	}{
		{"sliding", []string{"sliding"}, []string{"sliding-rotated", "sliding-ray"}},
		{"k1", []string{"k1"}, []string{"k12", "k16"}},
		{"k1,k8", []string{"k1", "k8"}, []string{"k12", "k16", "k80"}},
		{"k(8|32)", []string{"k8", "k32"}, []string{"k16", "xk8", "k8-rep256"}},
		{"k(8|32)$", []string{"k8", "k32"}, []string{"k16", "xk8"}},
		{"^pop", nil, []string{"popcount"}}, // anchored to the whole name
		{"pop.*", []string{"popcount"}, []string{"xpopcount"}},
		{"slider=magic-black", []string{"slider=magic-black"}, []string{"slider=magic-black-asm"}},
	} {
		s, err := parseSelection("x", "name", c.value)
		if err != nil {
			t.Fatalf("%q: %v", c.value, err)
		}
		for _, n := range c.match {
			if !s.MatchString(n) {
				t.Errorf("%q does not select %q", c.value, n)
			}
		}
		for _, n := range c.not {
			if s.MatchString(n) {
				t.Errorf("%q selects %q", c.value, n)
			}
		}
	}
	var none *selection
	if !none.MatchString("anything") {
		t.Error("no selection must select every name")
	}
	for _, bad := range []string{"(", "a,,b", "k1,"} {
		if _, err := parseSelection("x", "name", bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestSuiteSelectsExactly builds the suite of -family sliding and of -dist
// k1: nothing of sliding-rotated or sliding-ray, nothing of k12 or k16.
func TestSuiteSelectsExactly(t *testing.T) {
	family := func(c *harness.Case) string { return c.Kernel.Info().Family }
	dist := func(c *harness.Case) string { return c.Workload.Dist }
	for _, c := range []struct {
		args []string
		key  func(*harness.Case) string
		want []string
	}{
		{[]string{"-family", "sliding", "-sizes", "l1"}, family, []string{"sliding"}},
		{[]string{"-family", "sliding.*", "-sizes", "l1"}, family, []string{"sliding", "sliding-ray", "sliding-rotated"}},
		{[]string{"-family", "popcount", "-dist", "k1", "-sizes", "l1"}, dist, []string{"k1"}},
		{[]string{"-family", "popcount", "-dist", "k1,k16", "-sizes", "l1"}, dist, []string{"k1", "k16"}},
	} {
		cases, _, err := parseOK(t, c.args...).(*benchOptions).suite().Cases(harness.ThisMachine())
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, cs := range cases {
			if k := c.key(cs); !slices.Contains(got, k) {
				got = append(got, k)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v selects %v, want %v", c.args, got, c.want)
		}
	}
}

// TestFlagErrors: names that do not exist and values outside a flag's
// range are usage errors (exit 2) whose message names the flag and, for
// names, where they are listed.
func TestFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-dist", "nosuch"}, "bench: -dist: no distribution named nosuch (runbench list lists them)"},
		{[]string{"-family", "slidin"}, "-family: no family named slidin"},
		{[]string{"compare", "-impl", "popcnt,nosuch", "old.txt"}, "compare: -impl: no implementation named nosuch"},
		{[]string{"list", "-family", "zz.*"}, `list: -family "zz.*" matches no name`},
		{[]string{"perft", "-config", "slider=magic"}, "perft: -config: no configuration named slider=magic (runbench list -perft lists them)"},
		{[]string{"list", "-perft", "-config", "slider=magic"}, "list: -config: no configuration named slider=magic"},
		{[]string{"perft", "-position", "start,nosuch"}, "no standard position named nosuch"},
		{[]string{"perft", "-depth", "0"}, "-depth 0: want 1 to 12"},
		{[]string{"divide", "-depth", "0"}, "-depth 0: want 1 to 12"},
		{[]string{"-divide", "-depth", "13"}, "divide: -depth 13: want 1 to 12"},
		{[]string{"perft", "-fen", ""}, "-fen is empty"},
		{[]string{"divide", "-fen", "  "}, "-fen is empty"},
		{[]string{"divide", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "divide: -fen: "},
		{[]string{"perft", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "-position", "pos3"}, "exclude each other"},
		{[]string{"divide", "-config", "default"}, "divide: no flag -config (a flag of runbench perft and list)"},
		{[]string{"list", "-config", "default"}, "-config and -grid go with -perft"},
		{[]string{"list", "-perft", "-family", "popcount"}, "-family and -impl select kernels"},
		{[]string{"list", "-markdown", "-impl", "swar"}, "-markdown prints the README's whole table"},
		{[]string{"perft", "-tt", "1MiB,1MiB"}, "listed twice"},
		{[]string{"perft", "-tt", "3MiB,2MiB"}, "listed twice"}, // 3MiB is a 2MiB table
		{[]string{"perft", "-tt", "1024GiB"}, "the tables need 1024GiB"},
		{[]string{"levels", "v1,v9"}, `unknown GOAMD64 level "v9"`},
		{[]string{"bench", "-threshold", "3"}, "-threshold goes with -baseline"},
		{[]string{"compare", "-baseline", "x.txt", "old.txt"}, "compare: no flag -baseline (a flag of runbench bench and levels)"},
		{[]string{"compare", "-out", "-", "old.txt"}, "-baseline needs a results file to compare (not -out -)"},
	} {
		if c.args[0] == "levels" && runtime.GOARCH != "amd64" {
			continue
		}
		var stderr strings.Builder
		opts, code := parse(c.args, &stderr)
		if opts != nil || code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("runbench %q: exit %d, %q; want a usage error containing %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestConfigNames: the short names the summary uses select exactly their
// configuration under -config, "default" the default one, and every
// -config example in the README selects what it names.
func TestConfigNames(t *testing.T) {
	all := perftConfigs(true)
	seen := map[string]bool{}
	for _, c := range all {
		short := c.Short()
		if seen[short] {
			t.Errorf("two configurations named %s", short)
		}
		seen[short] = true
		args := []string{"perft", "-config", short}
		if len(movegen.GridConfigs()) > 0 {
			args = append(args, "-grid")
		}
		o := parseOK(t, args...).(*perftOptions)
		if got := selectConfigs(o.config, o.grid); len(got) != 1 || got[0] != c {
			t.Errorf("-config %s selects %v, want %v", short, got, c)
		}
	}
	if movegen.DefaultConfig().Short() != "default" {
		t.Errorf("the default configuration's short name is %q", movegen.DefaultConfig().Short())
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := regexp.MustCompile(`-config '([^']*)'`).FindAllStringSubmatch(string(readme), -1)
	if len(examples) == 0 {
		t.Fatal("no -config example in the README")
	}
	for _, m := range examples {
		opts, code := parse([]string{"perft", "-config", m[1]}, io.Discard)
		if opts == nil {
			t.Errorf("README's -config '%s': exit %d", m[1], code)
			continue
		}
		o := opts.(*perftOptions)
		for _, c := range selectConfigs(o.config, o.grid) {
			if !slices.Contains(strings.Split(m[1], ","), c.Short()) {
				t.Errorf("README's -config '%s' selects %s", m[1], c.Short())
			}
		}
	}
}

// TestListing: -list lists every family with its distributions, every
// implementation and every perft configuration by short name, and each
// distribution it lists is one -dist accepts.
func TestListing(t *testing.T) {
	var b strings.Builder
	if err := parseOK(t, "list").(*listOptions).writeListing(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, f := range kernels.Families() {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(f.Name()) + ` +` + regexp.QuoteMeta(f.Baseline()) + ` `).MatchString(out) {
			t.Errorf("-list has no family line for %s", f.Name())
		}
		for _, k := range f.Kernels() {
			if !strings.Contains(out, "\n"+k.Info().ID()+" ") {
				t.Errorf("-list has no line for %s", k.Info().ID())
			}
		}
	}
	for _, d := range []string{"k1*", "k12", "d4-rep256", "gigantua"} {
		if !regexp.MustCompile(`(?m) ` + regexp.QuoteMeta(d) + `( |$)`).MatchString(out) {
			t.Errorf("-list lists no distribution %s", d)
		}
	}
	for _, d := range distNames() {
		if _, err := schema.ParseDist(d); err != nil {
			t.Errorf("listed distribution %s: %v", d, err)
		}
	}
	for _, c := range movegen.Configs() {
		if !strings.Contains(out, "\n"+c.Short()+" ") {
			t.Errorf("-list has no perft configuration %s", c.Short())
		}
	}
}
