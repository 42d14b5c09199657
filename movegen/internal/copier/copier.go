// Package copier copies functions of a hand-written Go package, the
// template, with the calls of named hook functions rewritten: the AST
// copier behind package movegen's compiled configurations
// (movegen/internal/configs). The template stays ordinary Go that the
// compiler, vet and staticcheck read; a [Variant] says which hooks it
// rewrites and from which function its copies start, and [Template.Copy]
// copies exactly the functions reachable from there whose calls reach a
// rewritten hook, each named by the dimensions (the factors) of the
// rewrites it reaches, so that a function that depends on one factor only
// is one copy shared by every variant with that factor's value.
//
// The copier works on the type-checked syntax tree (go/ast, go/types,
// golang.org/x/tools/go/ast/astutil): a hook is a function or method
// object, never a piece of text, and Copy fails when a rewrite's hook is
// never called from the root, when a hook is used other than by a call,
// when a replacement does not exist (a method must be declared by the
// receiver's type itself, not promoted from an embedded one) or would
// turn a method's call into a function's, when an argument is neither a
// local variable in scope nor a constant of the template, and when a
// variant rewrites nothing.
package copier

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// Template is a package's hand-written Go files, parsed and type-checked.
type Template struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
}

// Build is what a build selects files by.
type Build struct {
	GOOS, GOARCH string
	Tags         []string
	// Experiments are the build's Go experiments (GOEXPERIMENT), whatever
	// the environment's.
	Experiments []string
}

// Load parses and type-checks the Go files of the package in dir that b
// selects, tests and generated files (those with Go's "Code generated ...
// DO NOT EDIT." header) left out, plus the files of extra (name to source)
// that b selects, which may be generated: the template, or with extra the
// template and copies of it, to check.
func Load(dir string, b Build, extra map[string][]byte) (*Template, error) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.BuildTags, ctx.CgoEnabled = b.GOOS, b.GOARCH, b.Tags, false
	// The environment's experiments are not the build's: b.Experiments are.
	ctx.ToolTags = slices.DeleteFunc(slices.Clone(ctx.ToolTags), func(tag string) bool {
		x, ok := strings.CutPrefix(tag, "goexperiment.")
		return ok && slices.Contains(strings.Split(os.Getenv("GOEXPERIMENT"), ","), x)
	})
	for _, x := range b.Experiments {
		ctx.ToolTags = append(ctx.ToolTags, "goexperiment."+x)
	}
	ctx.OpenFile = func(path string) (io.ReadCloser, error) {
		if src, ok := extra[filepath.Base(path)]; ok && filepath.Dir(path) == filepath.Clean(dir) {
			return io.NopCloser(bytes.NewReader(src)), nil
		}
		return os.Open(path)
	}
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	t := &Template{fset: token.NewFileSet(), decls: map[*types.Func]*ast.FuncDecl{}}
	for _, name := range bp.GoFiles {
		if _, ok := extra[name]; ok {
			continue
		}
		f, err := parser.ParseFile(t.fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if !ast.IsGenerated(f) {
			t.files = append(t.files, f)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(extra)) {
		f, err := parser.ParseFile(t.fset, filepath.Join(dir, name), extra[name], parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil {
			return nil, err
		} else if !ok {
			continue
		}
		t.files = append(t.files, f)
	}
	imp, err := importer(dir, b, t.files)
	if err != nil {
		return nil, err
	}
	t.info = &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
	}
	conf := types.Config{Importer: imp, Sizes: types.SizesFor("gc", b.GOARCH)}
	if t.pkg, err = conf.Check(bp.ImportPath, t.fset, t.files, t.info); err != nil {
		return nil, fmt.Errorf("type-checking %s for %s/%s %v GOEXPERIMENT=%s: %w", dir, b.GOOS, b.GOARCH, b.Tags, strings.Join(b.Experiments, ","), err)
	}
	for _, f := range t.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn := t.info.Defs[fd.Name].(*types.Func)
				t.decls[fn] = fd
			}
		}
	}
	return t, nil
}

// importer loads the packages the files import (from export data, as the
// go command builds them for the build's system and experiments).
func importer(dir string, b Build, files []*ast.File) (types.Importer, error) {
	var paths []string
	for _, f := range files {
		for _, s := range f.Imports {
			if p, err := strconv.Unquote(s.Path.Value); err == nil && !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir,
		Env: append(os.Environ(), "GOOS="+b.GOOS, "GOARCH="+b.GOARCH, "CGO_ENABLED=0", "GOEXPERIMENT="+strings.Join(b.Experiments, ","))}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("loading %s: %v", p.PkgPath, p.Errors[0])
		}
		byPath[p.PkgPath] = p.Types
	}
	return importerFunc(func(path string) (*types.Package, error) {
		if p, ok := byPath[path]; ok {
			return p, nil
		}
		return nil, fmt.Errorf("package %s not loaded", path)
	}), nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Name returns a function's name as Rewrite spells it: "count",
// "(*MoveList).add", "occReversed.toggle", or for another package's
// function its package name and name, "generic.SerializeForward".
func (t *Template) Name(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		typ := r.Type()
		ptr := false
		if p, ok := typ.(*types.Pointer); ok {
			typ, ptr = p.Elem(), true
		}
		n := typ.(*types.Named).Obj().Name()
		if ptr {
			return "(*" + n + ")." + fn.Name()
		}
		return n + "." + fn.Name()
	}
	if fn.Pkg() != nil && fn.Pkg() != t.pkg {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// Func returns the function Rewrite's forms name: a function of the
// template, a method a type of the template declares (not one it
// promotes from an embedded field), or a function of a package the
// template imports, by that package's name.
func (t *Template) Func(name string) (*types.Func, error) {
	if rest, ok := strings.CutPrefix(name, "(*"); ok {
		typ, m, ok := strings.Cut(rest, ").")
		if !ok {
			return nil, fmt.Errorf("%q: want (*Type).method", name)
		}
		return t.method(typ, m, name)
	}
	before, after, dotted := strings.Cut(name, ".")
	if !dotted {
		if fn, ok := t.pkg.Scope().Lookup(name).(*types.Func); ok {
			return fn, nil
		}
		return nil, fmt.Errorf("the template declares no function %s", name)
	}
	if _, ok := t.pkg.Scope().Lookup(before).(*types.TypeName); ok {
		return t.method(before, after, name)
	}
	for _, p := range t.pkg.Imports() {
		if p.Name() == before {
			if fn, ok := p.Scope().Lookup(after).(*types.Func); ok {
				return fn, nil
			}
			return nil, fmt.Errorf("package %s (%s) has no function %s", p.Name(), p.Path(), after)
		}
	}
	return nil, fmt.Errorf("%s: the template imports no package %s", name, before)
}

// method returns the method m that type typ declares itself.
func (t *Template) method(typ, m, name string) (*types.Func, error) {
	tn, ok := t.pkg.Scope().Lookup(typ).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("%s: the template declares no type %s", name, typ)
	}
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return nil, fmt.Errorf("%s: %s is no named type", name, typ)
	}
	for i := range named.NumMethods() {
		if fn := named.Method(i); fn.Name() == m {
			return fn, nil
		}
	}
	return nil, fmt.Errorf("type %s declares no method %s (a method it promotes from an embedded field does not count)", typ, m)
}

// callee returns the function or method a call calls statically, nil for
// any other call (a conversion, a builtin, a function value).
func (t *Template) callee(call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch ix := fun.(type) {
	case *ast.IndexExpr:
		fun = ix.X
	case *ast.IndexListExpr:
		fun = ix.X
	}
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = t.info.Uses[f]
	case *ast.SelectorExpr:
		if sel, ok := t.info.Selections[f]; ok {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			obj = sel.Obj()
		} else {
			obj = t.info.Uses[f.Sel]
		}
	}
	if fn, ok := obj.(*types.Func); ok {
		return fn.Origin()
	}
	return nil
}

// calleeIdent returns the identifier that names a call's function.
func calleeIdent(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch ix := fun.(type) {
	case *ast.IndexExpr:
		fun = ix.X
	case *ast.IndexListExpr:
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// Reachable returns the names (Name's forms) of the functions and methods
// a function of the template calls, directly or through the template's
// other functions, the function itself included.
func (t *Template) Reachable(root string) ([]string, error) {
	fn, err := t.Func(root)
	if err != nil {
		return nil, err
	}
	seen := map[*types.Func]bool{fn: true}
	for work := []*types.Func{fn}; len(work) > 0; {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		d := t.decls[f]
		if d == nil {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if g := t.callee(call); g != nil && !seen[g] {
					seen[g] = true
					work = append(work, g)
				}
			}
			return true
		})
	}
	var names []string
	for f := range seen {
		names = append(names, t.Name(f))
	}
	slices.Sort(names)
	return names, nil
}

// Rewrite replaces the calls of one hook in a variant's copies.
type Rewrite struct {
	// Hook is the function whose calls are rewritten, in the forms of
	// Template.Func: "count", "(*MoveList).add", "generic.SerializeForward".
	Hook string
	// To is the function called instead, in the same forms: a method is
	// called on the hook call's receiver. To may call Hook itself: those
	// calls stay.
	To string
	// Args are To's arguments: "$0", "$1" ... the hook call's, any other
	// string a local variable in scope at every call of the hook or a
	// constant the template declares; nil passes the hook call's
	// arguments.
	Args []string
	// Dims are the dimensions (the factors) the rewrite stands for: a copy
	// is named by the tags of the dimensions of the rewrites it reaches.
	Dims []int
}

// Variant is one configuration of the template: the rewrites its copies
// make, from one root.
type Variant struct {
	Name     string // what the messages call it
	Root     string // the function its copies start from
	Rewrites []Rewrite
	// Types renames types of the template in every copy (a kept
	// representation's position type for Position).
	Types map[string]string
	// Tags name each dimension's value in the copies' names, "" for a
	// dimension at its default; Labels say it in their doc comments.
	Tags, Labels []string
}

// Copy is one copied function.
type Copy struct {
	Name string // the copy's name, such as generateClassical
	Of   string // the template function's name, such as generate
	Dims []int  // the dimensions it depends on, ascending
	fn   *types.Func
	decl *ast.FuncDecl
	// imports maps the package names the copy's new calls qualify to
	// their paths.
	imports map[string]string
	t       *Template
}

// Copies is what a variant copies.
type Copies struct {
	Root  string  // the name of the root's copy
	Funcs []*Copy // the copies, breadth first from the root
}

// resolved is a Rewrite with its functions looked up.
type resolved struct {
	Rewrite
	hook, to *types.Func
	calls    int // calls rewritten, over the variant's reachable functions
}

// rewrites are a variant's resolved rewrites.
type rewrites struct {
	byHook map[*types.Func]*resolved
	list   []*resolved
}

// of returns the rewrite of a call of callee made in function in, nil for
// none: a rewrite's replacement keeps its own calls of the hook.
func (r *rewrites) of(callee, in *types.Func) *resolved {
	if rw := r.byHook[callee]; rw != nil && rw.to != in {
		return rw
	}
	return nil
}

// graph is the part of the template a variant reaches from its root, its
// hooks' calls rewritten.
type graph struct {
	callees map[*types.Func][]*types.Func // each function's, after the rewrites
	dims    map[*types.Func]map[int]bool  // the dimensions each depends on
	order   map[*types.Func]int           // breadth first from the root
}

// Copy copies the functions the variant changes.
func (t *Template) Copy(v Variant) (*Copies, error) {
	root, err := t.Func(v.Root)
	if err != nil {
		return nil, fmt.Errorf("%s: root: %w", v.Name, err)
	}
	rws, err := t.resolve(v)
	if err != nil {
		return nil, err
	}
	g, err := t.walk(v, root, rws)
	if err != nil {
		return nil, err
	}
	for _, rw := range rws.list {
		if rw.calls == 0 {
			return nil, fmt.Errorf("%s: no function reachable from %s calls %s: the rewrite to %s would change nothing", v.Name, v.Root, rw.Hook, rw.To)
		}
	}
	g.spread()
	copied := map[*types.Func]*Copy{}
	for f, dims := range g.dims {
		if len(dims) == 0 {
			continue
		}
		c := &Copy{fn: f, Of: t.Name(f), Dims: slices.Sorted(maps.Keys(dims)), imports: map[string]string{}, t: t}
		suffix := ""
		for _, dim := range c.Dims {
			suffix += v.Tags[dim]
		}
		if suffix == "" {
			return nil, fmt.Errorf("%s: the copy of %s depends on dimensions %v, all untagged", v.Name, c.Of, c.Dims)
		}
		c.Name = f.Name() + suffix
		copied[f] = c
	}
	if copied[root] == nil {
		return nil, fmt.Errorf("%s: every rewrite leaves the template as it is: the variant is the template", v.Name)
	}
	out := &Copies{Root: copied[root].Name}
	for f, c := range copied {
		if err := t.copyDecl(v, f, c, rws, copied); err != nil {
			return nil, err
		}
		out.Funcs = append(out.Funcs, c)
	}
	slices.SortFunc(out.Funcs, func(a, b *Copy) int { return cmp.Compare(g.order[a.fn], g.order[b.fn]) })
	return out, nil
}

// resolve looks up a variant's rewrites and renamed types.
func (t *Template) resolve(v Variant) (*rewrites, error) {
	rws := &rewrites{byHook: map[*types.Func]*resolved{}}
	for _, r := range v.Rewrites {
		hook, err := t.Func(r.Hook)
		if err != nil {
			return nil, fmt.Errorf("%s: hook: %w", v.Name, err)
		}
		to, err := t.Func(r.To)
		if err != nil {
			return nil, fmt.Errorf("%s: rewrite of %s: %w", v.Name, r.Hook, err)
		}
		if rws.byHook[hook] != nil {
			return nil, fmt.Errorf("%s: %s rewritten twice", v.Name, r.Hook)
		}
		if (hook.Type().(*types.Signature).Recv() == nil) != (to.Type().(*types.Signature).Recv() == nil) {
			return nil, fmt.Errorf("%s: %s and %s: a method's calls can be rewritten to a method only, a function's to a function", v.Name, r.Hook, r.To)
		}
		for _, d := range r.Dims {
			if d < 0 || d >= len(v.Tags) || len(v.Labels) != len(v.Tags) {
				return nil, fmt.Errorf("%s: rewrite of %s: dimension %d of %d tags and %d labels", v.Name, r.Hook, d, len(v.Tags), len(v.Labels))
			}
		}
		rw := &resolved{Rewrite: r, hook: hook, to: to}
		rws.byHook[hook], rws.list = rw, append(rws.list, rw)
	}
	for old, typ := range v.Types {
		for _, name := range []string{old, typ} {
			if _, ok := t.pkg.Scope().Lookup(name).(*types.TypeName); !ok {
				return nil, fmt.Errorf("%s: the template declares no type %s", v.Name, name)
			}
		}
	}
	return rws, nil
}

// walk returns the functions reachable from the root once the hooks are
// rewritten, the calls each makes, and the dimensions each depends on
// directly, counting each rewrite's calls; a hook used other than by a
// call, which would escape the rewrite, is an error.
func (t *Template) walk(v Variant, root *types.Func, rws *rewrites) (*graph, error) {
	g := &graph{callees: map[*types.Func][]*types.Func{}, dims: map[*types.Func]map[int]bool{}, order: map[*types.Func]int{}}
	for work := []*types.Func{root}; len(work) > 0; {
		f := work[0]
		work = work[1:]
		if _, done := g.order[f]; done {
			continue
		}
		g.order[f] = len(g.order)
		d := t.decls[f]
		if d == nil {
			continue // another package's, or without a body
		}
		g.dims[f] = map[int]bool{}
		called := map[*ast.Ident]bool{}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			callee := t.callee(call)
			if callee == nil {
				return true
			}
			called[calleeIdent(call)] = true
			if rw := rws.of(callee, f); rw != nil {
				callee = rw.to
				rw.calls++
				if rw.to != rw.hook {
					for _, dim := range rw.Dims {
						g.dims[f][dim] = true
					}
				}
			}
			g.callees[f] = append(g.callees[f], callee)
			work = append(work, callee)
			return true
		})
		var bad error
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !called[id] && bad == nil {
				if fn, ok := t.info.Uses[id].(*types.Func); ok && rws.of(fn.Origin(), f) != nil {
					bad = fmt.Errorf("%s: %s: %s is used other than by a call, which the copier cannot rewrite", v.Name, t.fset.Position(id.Pos()), t.Name(fn))
				}
			}
			return true
		})
		if bad != nil {
			return nil, bad
		}
	}
	return g, nil
}

// spread makes each function depend on the dimensions of the functions it
// calls, as well as of the rewrites it makes.
func (g *graph) spread() {
	for changed := true; changed; {
		changed = false
		for f, callees := range g.callees {
			for _, callee := range callees {
				for dim := range g.dims[callee] {
					if !g.dims[f][dim] {
						g.dims[f][dim], changed = true, true
					}
				}
			}
		}
	}
}

// copyDecl writes c.decl: the declaration of f cloned, its hooks' calls
// rewritten, the copied functions it calls and its renamed types renamed.
func (t *Template) copyDecl(v Variant, f *types.Func, c *Copy, rws *rewrites, copied map[*types.Func]*Copy) error {
	orig := map[ast.Node]ast.Node{}
	decl := clone(t.decls[f], orig).(*ast.FuncDecl)
	decl.Doc = nil
	decl.Name.Name = c.Name
	nameOf := func(fn *types.Func) string {
		if cp := copied[fn]; cp != nil {
			return cp.Name
		}
		return fn.Name()
	}
	var err error
	astutil.Apply(decl, func(cur *astutil.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			o, ok := orig[n].(*ast.CallExpr)
			if !ok {
				return true
			}
			if rw := rws.of(t.callee(o), f); rw != nil {
				if e := t.rewriteCall(v, n, o, rw, nameOf(rw.to), c); e != nil && err == nil {
					err = e
				}
			}
		case *ast.Ident:
			o, ok := orig[n].(*ast.Ident)
			if !ok {
				return true
			}
			switch obj := t.info.Uses[o].(type) {
			case *types.TypeName:
				if to, ok := v.Types[obj.Name()]; ok && obj.Pkg() == t.pkg {
					n.Name = to
				}
			case *types.Func:
				if cp := copied[obj.Origin()]; cp != nil {
					n.Name = cp.Name
				}
			case *types.PkgName:
				c.imports[obj.Name()] = obj.Imported().Path()
			}
		}
		return true
	}, nil)
	c.decl = decl
	return err
}

// rewriteCall makes the call n (a clone of o) call rw's replacement, named
// to.
func (t *Template) rewriteCall(v Variant, n, o *ast.CallExpr, rw *resolved, to string, c *Copy) error {
	pos := n.Fun.Pos()
	// A generic hook's call keeps its type arguments: fun is what names
	// the function, inside the index expression of an instantiation.
	fun := &n.Fun
	switch ix := ast.Unparen(n.Fun).(type) {
	case *ast.IndexExpr:
		fun = &ix.X
	case *ast.IndexListExpr:
		fun = &ix.X
	}
	switch {
	case rw.to.Type().(*types.Signature).Recv() != nil:
		sel, ok := ast.Unparen(*fun).(*ast.SelectorExpr)
		if !ok {
			return fmt.Errorf("%s: %s: the call of %s names no receiver for %s", v.Name, t.fset.Position(pos), rw.Hook, rw.To)
		}
		*fun = &ast.SelectorExpr{X: sel.X, Sel: &ast.Ident{NamePos: pos, Name: to}}
	case rw.to.Pkg() != t.pkg:
		name := rw.to.Pkg().Name()
		c.imports[name] = rw.to.Pkg().Path()
		*fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: name}, Sel: &ast.Ident{NamePos: pos, Name: to}}
	default:
		*fun = &ast.Ident{NamePos: pos, Name: to}
	}
	if rw.Args == nil {
		return nil
	}
	args := make([]ast.Expr, 0, len(rw.Args))
	for _, a := range rw.Args {
		if i, ok := strings.CutPrefix(a, "$"); ok {
			k, err := strconv.Atoi(i)
			if err != nil || k < 0 || k >= len(n.Args) {
				return fmt.Errorf("%s: rewrite of %s: argument %s of a call with %d", v.Name, rw.Hook, a, len(n.Args))
			}
			args = append(args, n.Args[k])
			continue
		}
		scope := t.pkg.Scope().Innermost(o.Pos())
		_, obj := scope.LookupParent(a, o.Pos())
		_, local := obj.(*types.Var)
		_, constant := obj.(*types.Const)
		if !local && !(constant && obj.Parent() == t.pkg.Scope()) || local && obj.Parent() == t.pkg.Scope() {
			return fmt.Errorf("%s: %s: rewrite of %s passes %s, which is neither a local variable there nor a constant of the template", v.Name, t.fset.Position(o.Pos()), rw.Hook, a)
		}
		args = append(args, &ast.Ident{NamePos: n.Lparen, Name: a})
	}
	n.Args = args
	return nil
}

// Imports returns the paths of the packages the copy refers to.
func (c *Copy) Imports() []string {
	var paths []string
	for _, p := range c.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// Source returns the copy's declaration as Go source, with the template's
// comments inside it, preceded by doc.
func (c *Copy) Source(doc string) ([]byte, error) {
	var b bytes.Buffer
	for line := range strings.SplitSeq(strings.TrimSpace(doc), "\n") {
		b.WriteString("// " + line + "\n")
	}
	// The template's comments inside the function: the clone keeps its
	// positions.
	var comments []*ast.CommentGroup
	for _, f := range c.t.files {
		for _, g := range f.Comments {
			if g.Pos() > c.decl.Type.Pos() && g.End() < c.decl.End() {
				comments = append(comments, g)
			}
		}
	}
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&b, c.t.fset, &printer.CommentedNode{Node: c.decl, Comments: comments}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Label says what the copy changes, by its dimensions' labels.
func (c *Copy) Label(v Variant) string {
	var parts []string
	for _, d := range c.Dims {
		if v.Labels[d] != "" {
			parts = append(parts, v.Labels[d])
		}
	}
	return strings.Join(parts, ", ")
}

// clone returns a deep copy of an AST node and records each copied node's
// original in orig. Comments are not copied: the printer takes them from
// the template (Copy.Source). The template is parsed without objects
// (parser.SkipObjectResolution), so there are none to copy.
func clone(n ast.Node, orig map[ast.Node]ast.Node) ast.Node {
	return cloneValue(reflect.ValueOf(n), orig).Interface().(ast.Node)
}

var commentGroupType = reflect.TypeFor[*ast.CommentGroup]()

func cloneValue(v reflect.Value, orig map[ast.Node]ast.Node) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Type() == commentGroupType {
			return reflect.Zero(v.Type())
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(cloneValue(v.Elem(), orig))
		if n, ok := v.Interface().(ast.Node); ok {
			orig[c.Interface().(ast.Node)] = n
		}
		return c
	case reflect.Interface:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem(), orig))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(cloneValue(v.Index(i), orig))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			c.Field(i).Set(cloneValue(v.Field(i), orig))
		}
		return c
	}
	return v
}
