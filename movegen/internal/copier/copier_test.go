package copier

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func loadTemplate(t *testing.T) *Template {
	t.Helper()
	tm, err := Load("testdata/tmpl", Build{GOOS: "linux", GOARCH: "amd64"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// TestCopy copies exactly the functions between the root and a rewritten
// hook, names each by the dimensions it reaches, and rewrites the calls.
func TestCopy(t *testing.T) {
	tm := loadTemplate(t)
	v := Variant{Name: "v", Root: "root", Tags: []string{"A", "B"}, Labels: []string{"a", "b"}, Rewrites: []Rewrite{
		{Hook: "hook", To: "other", Dims: []int{0}},
		{Hook: "second", To: "leaf", Dims: []int{1}},
	}}
	cs, err := tm.Copy(v)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]*Copy{}
	for _, c := range cs.Funcs {
		names[c.Name] = c
	}
	// root and mid reach both rewrites through both; leaf, m and the
	// hooks' replacements reach none.
	for _, want := range []string{"rootAB", "midAB", "bothAB"} {
		if names[want] == nil {
			t.Errorf("no copy %s in %v", want, names)
		}
	}
	if len(names) != 3 || cs.Root != "rootAB" {
		t.Errorf("copies %v, root %s", names, cs.Root)
	}
	src, err := names["bothAB"].Source("bothAB is both with a, b.")
	if err != nil {
		t.Fatal(err)
	}
	calls := callNames(t, src)
	if strings.Join(calls, " ") != "other leaf" {
		t.Errorf("bothAB calls %v, want other leaf:\n%s", calls, src)
	}
	src, _ = names["midAB"].Source("")
	if calls := callNames(t, src); strings.Join(calls, " ") != "other bothAB" {
		t.Errorf("midAB calls %v:\n%s", calls, src)
	}
}

// callNames returns the names of the functions a declaration's source
// calls, in order.
func callNames(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+string(src), 0)
	if err != nil {
		t.Fatalf("%v:\n%s", err, src)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id := calleeIdent(call); id != nil {
				names = append(names, id.Name)
			}
		}
		return true
	})
	return names
}

// TestCopyArgs: a rewrite passes the hook call's arguments it names, local
// variables in scope and the template's constants.
func TestCopyArgs(t *testing.T) {
	tm := loadTemplate(t)
	cs, err := tm.Copy(Variant{Name: "v", Root: "withLocal", Tags: []string{"S"}, Labels: []string{"s"},
		Rewrites: []Rewrite{{Hook: "hook", To: "two", Args: []string{"$0", "side"}, Dims: []int{0}}}})
	if err != nil {
		t.Fatal(err)
	}
	src, _ := cs.Funcs[0].Source("")
	if !strings.Contains(string(src), "return two(x, side) + side") {
		t.Errorf("withLocalS:\n%s", src)
	}
	cs, err = tm.Copy(Variant{Name: "v", Root: "withLocal", Tags: []string{"C"}, Labels: []string{"c"},
		Rewrites: []Rewrite{{Hook: "hook", To: "two", Args: []string{"$0", "three"}, Dims: []int{0}}}})
	if err != nil {
		t.Fatal(err)
	}
	if src, _ := cs.Funcs[0].Source(""); !strings.Contains(string(src), "return two(x, three) + side") {
		t.Errorf("withLocalC:\n%s", src)
	}
}

// TestCopyRefuses: every way a variant could silently run the template's
// own code is an error that says so.
func TestCopyRefuses(t *testing.T) {
	tm := loadTemplate(t)
	for _, c := range []struct {
		v    Variant
		want string
	}{
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "other", To: "hook", Dims: []int{0}}}}, "no function reachable from root calls other"},
		{Variant{Root: "valueUse", Rewrites: []Rewrite{{Hook: "hook", To: "other", Dims: []int{0}}}}, "used other than by a call"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "(*T).m", To: "(*U).m", Dims: []int{0}}}}, "type U declares no method m"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "hook", To: "nosuch", Dims: []int{0}}}}, "declares no function nosuch"},
		{Variant{Root: "withLocal", Rewrites: []Rewrite{{Hook: "hook", To: "two", Args: []string{"$0", "root"}, Dims: []int{0}}}}, "passes root, which is neither a local variable"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "hook", To: "hook", Dims: []int{0}}}}, "every rewrite leaves the template as it is"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "hook", To: "other", Dims: []int{0}}, {Hook: "hook", To: "leaf", Dims: []int{0}}}}, "rewritten twice"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "hook", To: "other", Dims: []int{0}}}, Tags: []string{""}, Labels: []string{""}}, "all untagged"},
		{Variant{Root: "root", Types: map[string]string{"T": "V"}, Rewrites: []Rewrite{{Hook: "hook", To: "other", Dims: []int{0}}}}, "declares no type V"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "(*T).m", To: "other", Dims: []int{0}}}}, "a method's calls can be rewritten to a method only"},
		{Variant{Root: "root", Rewrites: []Rewrite{{Hook: "hook", To: "other", Dims: []int{1}}}}, "dimension 1 of 1 tags"},
	} {
		c.v.Name = "v"
		if c.v.Tags == nil {
			c.v.Tags, c.v.Labels = []string{"X"}, []string{"x"}
		}
		if _, err := tm.Copy(c.v); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error containing %q", c.v.Rewrites, err, c.want)
		}
	}
}
