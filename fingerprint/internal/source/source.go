// Package source computes the fingerprints of package fingerprint from
// the source tree: for each kernel family, and for perft, a hash of the
// code that family or the move generator runs, found by its syntax tree.
//
// The code is cut into units: each top-level declaration of a Go file (a
// var, const or type spec on its own; each statement of an init function
// on its own, since one init registers many families), and each TEXT block
// of an assembly file (from its TEXT line to the next). A part's hash
// covers its roots and every unit they reach: a unit reaches the units
// that declare a name it uses (an identifier, a string literal naming a
// symbol, or an assembly block's ·symbol), within the kernel packages
// (every package below kernels/ but the generators and package kernels).
// A name two packages declare reaches both, so a part may cover more than
// it runs, never less of what these packages hold.
//
// A family's roots are the element functions its //bitlab:kernel
// directives mark in kernels/generic, every unit that names one of its
// kernels ("family/impl") or calls its accessor in package kernels
// (kernels.Popcount()), which reaches the generated loops, the
// registrations and the assembly, and the amd64 generator's file of the
// same name as a kernels/generic file that declares the family's kernels
// (kernels/amd64/internal/asm/<file>.go, as package generic groups the
// families). Perft's roots are the move generator's non-test files
// (movegen/ and its packages but its generators in movegen/internal, and
// factor/, the factors its configurations are made of; the grid's
// configurations, generated on demand, left out), whole, and the kernels
// they call reach their units.
package source

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Command is the generator's command line, as its output names it.
const Command = "go run ./internal/gen"

// Part is one fingerprint: a family's name, or "perft", and its hash.
type Part struct{ Name, Hash string }

// Perft names the move generator's part.
const Perft = "perft"

// hexDigits is the length of a written hash.
const hexDigits = 8

// kernelPackages returns the folders whose units the closure resolves
// names in: every package below kernels/ (package kernels itself, the
// registry and the families' references, left out), but the generators
// (package main).
func kernelPackages(fsys fs.FS) ([]string, error) {
	var dirs []string
	err := fs.WalkDir(fsys, "kernels", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "kernels" || path.Dir(p) == "kernels" ||
			!strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || slices.Contains(dirs, path.Dir(p)) {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.PackageClauseOnly)
		if err == nil && f.Name.Name != "main" {
			dirs = append(dirs, path.Dir(p))
		}
		return err
	})
	return dirs, err
}

// A unit is a piece of code: its file, its text, the names it declares,
// the identifiers it uses and the strings it holds that may name an
// assembly symbol or a kernel.
type unit struct {
	file     string
	text     string
	declares []string
	uses     []string
	strings  []string
}

var (
	directive = regexp.MustCompile(`(?m)^//bitlab:kernel ([a-z0-9-]+)/[a-z0-9-]+( .*)?$`)
	kernelLit = regexp.MustCompile(`^([a-z0-9-]+)/[a-z0-9-]+$`)
	identLike = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	textLine  = regexp.MustCompile(`^TEXT\s+·([A-Za-z0-9_]+)\(SB\)`)
	asmSymbol = regexp.MustCompile(`·([A-Za-z0-9_]+)`)
)

// Compute returns every family's part, in name order, then perft's, from
// the module's source tree fsys.
func Compute(fsys fs.FS) ([]Part, error) {
	t := &tree{fsys: fsys, fset: token.NewFileSet(), byName: map[string][]*unit{}, asmByName: map[string][]*unit{}}
	accessors, err := t.accessors("kernels/families.go")
	if err != nil {
		return nil, err
	}
	t.accessorMap = accessors
	dirs, err := kernelPackages(fsys)
	if err != nil {
		return nil, err
	}
	for _, dir := range dirs {
		if err := t.addPackage(dir); err != nil {
			return nil, err
		}
	}
	roots := map[string][]*unit{} // family: its roots
	for _, u := range t.units {
		for _, f := range u.families(accessors) {
			roots[f] = append(roots[f], u)
		}
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("no //bitlab:kernel directive in kernels/generic")
	}
	var parts []Part
	for _, f := range sortedKeys(roots) {
		rs := roots[f]
		for _, g := range t.genericFiles[f] {
			gen := path.Join("kernels/amd64/internal/asm", g)
			if u, err := t.wholeFile(gen); err == nil {
				rs = append(rs, u)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
		parts = append(parts, Part{f, t.hash(rs)})
	}
	perft, err := t.perftRoots()
	if err != nil {
		return nil, err
	}
	return append(parts, Part{Perft, t.hash(perft)}), nil
}

// tree is the source tree being read and the units found so far.
type tree struct {
	fsys   fs.FS
	fset   *token.FileSet
	units  []*unit
	byName map[string][]*unit // the units that declare each name
	// asmByName are the assembly blocks by symbol: the units a string
	// (a loop table's Symbol) reaches.
	asmByName map[string][]*unit
	// accessorMap maps package kernels' family accessors to their families.
	accessorMap map[string]string
	// genericFiles are, per family, the base names of the
	// kernels/generic files whose directives declare its kernels.
	genericFiles map[string][]string
}

// families returns the families of which u is a root.
func (u *unit) families(accessors map[string]string) []string {
	var fs []string
	add := func(f string) {
		if !slices.Contains(fs, f) {
			fs = append(fs, f)
		}
	}
	for _, m := range directive.FindAllStringSubmatch(u.text, -1) {
		add(m[1])
	}
	for _, name := range u.uses {
		if f, ok := accessors[name]; ok {
			add(f)
		}
	}
	for _, s := range u.strings {
		if m := kernelLit.FindStringSubmatch(s); m != nil {
			add(m[1])
		}
	}
	return fs
}

// accessors reads package kernels' family declarations: every
// package-level variable whose initializer has Name: "family", and each
// exported function that returns one; it maps the function's name to the
// family.
func (t *tree) accessors(file string) (map[string]string, error) {
	f, err := t.parse(file)
	if err != nil {
		return nil, err
	}
	vars := map[string]string{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, v := range vs.Values {
				if name := specName(v); name != "" && i < len(vs.Names) {
					vars[vs.Names[i].Name] = name
				}
			}
		}
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Body == nil || len(fd.Body.List) != 1 {
			continue
		}
		if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			if id, ok := ret.Results[0].(*ast.Ident); ok && vars[id.Name] != "" {
				out[fd.Name.Name] = vars[id.Name]
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no family accessor found", file)
	}
	return out, nil
}

// specName returns the string of the first "Name:" field of a composite
// literal inside e, "" if none.
func specName(e ast.Expr) string {
	name := ""
	ast.Inspect(e, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok && name == "" {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
				if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					name, _ = strconv.Unquote(lit.Value)
				}
			}
		}
		return name == ""
	})
	return name
}

func (t *tree) parse(file string) (*ast.File, error) {
	src, err := fs.ReadFile(t.fsys, file)
	if err != nil {
		return nil, err
	}
	return parser.ParseFile(t.fset, file, src, parser.ParseComments)
}

// addPackage cuts every non-test Go and assembly file of dir into units.
func (t *tree) addPackage(dir string) error {
	entries, err := fs.ReadDir(t.fsys, dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		switch {
		case e.IsDir() || strings.HasSuffix(name, "_test.go"):
		case strings.HasSuffix(name, ".go"):
			if err := t.addGo(name); err != nil {
				return err
			}
		case strings.HasSuffix(name, ".s"):
			if err := t.addAsm(name); err != nil {
				return err
			}
		}
	}
	return nil
}

// add records a unit and the names it declares: an assembly block's
// under its symbol in asmByName too, which strings reach.
func (t *tree) add(u *unit) {
	t.units = append(t.units, u)
	for _, n := range u.declares {
		t.byName[n] = append(t.byName[n], u)
		if strings.HasSuffix(u.file, ".s") {
			t.asmByName[n] = append(t.asmByName[n], u)
		}
	}
}

// addGo cuts a Go file into its declarations (init functions into their
// statements); in kernels/generic it notes which families each file's
// directives declare.
func (t *tree) addGo(file string) error {
	src, err := fs.ReadFile(t.fsys, file)
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(t.fset, file, src, parser.ParseComments)
	if err != nil {
		return err
	}
	if path.Dir(file) == "kernels/generic" {
		if t.genericFiles == nil {
			t.genericFiles = map[string][]string{}
		}
		for _, m := range directive.FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(t.genericFiles[m[1]], path.Base(file)) {
				t.genericFiles[m[1]] = append(t.genericFiles[m[1]], path.Base(file))
			}
		}
	}
	text := func(from, to token.Pos) string {
		return string(src[t.fset.Position(from).Offset:t.fset.Position(to).Offset])
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			from := d.Pos()
			if d.Doc != nil {
				from = d.Doc.Pos()
			}
			t.addNode(goUnit(file, text(from, d.End()), d), d, text)
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			for _, s := range d.Specs {
				t.addNode(goUnit(file, d.Tok.String()+" "+text(s.Pos(), s.End()), s), s, text)
			}
		}
	}
	return nil
}

// addNode adds u, the unit of node n, or, where u is a root of several
// families (an init function registering many, a table of every family's
// loops), its parts (statements, a composite literal's elements, a call's
// arguments), each on its own, split again as far as needed: a family's
// code is then no other's root.
func (t *tree) addNode(u *unit, n ast.Node, text func(from, to token.Pos) string) {
	parts := children(n)
	if len(u.families(t.accessorMap)) <= 1 || len(parts) == 0 {
		u.declares = declared(n)
		t.add(u)
		return
	}
	for _, c := range parts {
		t.addNode(goUnit(u.file, text(c.Pos(), c.End()), c), c, text)
	}
}

// declared returns the names a declaration declares, none for an init
// function or a part of a declaration.
func declared(n ast.Node) []string {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if n.Name.Name != "init" || n.Recv != nil {
			return []string{n.Name.Name}
		}
	case *ast.ValueSpec:
		var names []string
		for _, id := range n.Names {
			names = append(names, id.Name)
		}
		return names
	case *ast.TypeSpec:
		return []string{n.Name.Name}
	}
	return nil
}

// children returns the parts addNode splits a node into.
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	add := func(x ast.Node) { out = append(out, x) }
	switch n := n.(type) {
	case *ast.FuncDecl:
		if n.Body != nil {
			add(n.Body)
		}
	case *ast.FuncLit:
		add(n.Body)
	case *ast.BlockStmt:
		for _, s := range n.List {
			add(s)
		}
	case *ast.ReturnStmt:
		for _, e := range n.Results {
			add(e)
		}
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			add(e)
		}
	case *ast.KeyValueExpr:
		add(n.Value)
	case *ast.ValueSpec:
		for _, e := range n.Values {
			add(e)
		}
	case *ast.CallExpr:
		for _, e := range n.Args {
			add(e)
		}
	case *ast.ExprStmt:
		add(n.X)
	case *ast.AssignStmt:
		for _, e := range n.Rhs {
			add(e)
		}
	case *ast.RangeStmt:
		add(n.Body)
	case *ast.ForStmt:
		add(n.Body)
	case *ast.IfStmt:
		add(n.Body)
		if n.Else != nil {
			add(n.Else)
		}
	}
	return out
}

// goUnit returns a unit of Go code n, with the identifiers it uses and
// its string literals that may name an assembly symbol or a kernel.
func goUnit(file, text string, n ast.Node) *unit {
	u := &unit{file: file, text: text}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			u.uses = append(u.uses, n.Name)
		case *ast.BasicLit:
			if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && (identLike.MatchString(s) || kernelLit.MatchString(s)) {
				u.strings = append(u.strings, s)
			}
		}
		return true
	})
	return u
}

// addAsm cuts an assembly file into its TEXT blocks.
func (t *tree) addAsm(file string) error {
	src, err := fs.ReadFile(t.fsys, file)
	if err != nil {
		return err
	}
	var cur *unit
	var b strings.Builder
	flush := func() {
		if cur != nil {
			cur.text = b.String()
			for _, m := range asmSymbol.FindAllStringSubmatch(cur.text, -1) {
				cur.uses = append(cur.uses, m[1])
			}
			t.add(cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(string(src), "\n") {
		if m := textLine.FindStringSubmatch(line); m != nil {
			flush()
			cur = &unit{file: file, declares: []string{m[1]}}
		}
		if cur != nil {
			b.WriteString(line)
		}
	}
	flush()
	return nil
}

// wholeFile returns a file as one unit, using every name in it.
func (t *tree) wholeFile(file string) (*unit, error) {
	src, err := fs.ReadFile(t.fsys, file)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(file, ".go") {
		f, err := parser.ParseFile(t.fset, file, src, 0)
		if err != nil {
			return nil, err
		}
		return goUnit(file, string(src), f), nil
	}
	u := &unit{file: file, text: string(src)}
	for _, m := range asmSymbol.FindAllStringSubmatch(u.text, -1) {
		u.uses = append(u.uses, m[1])
	}
	return u, nil
}

// perftRoots returns the move generator's non-test files, whole: movegen
// and its packages but its generators, and the factors its configurations
// are made of (package factor).
func (t *tree) perftRoots() ([]*unit, error) {
	var roots []*unit
	for _, dir := range perftFolders {
		err := fs.WalkDir(t.fsys, dir, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && p == "movegen/internal":
				return fs.SkipDir
			case d.IsDir(), strings.HasSuffix(p, "_test.go"), path.Base(p) == "configs_grid_gen.go",
				!strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, ".s"):
				return nil
			}
			u, err := t.wholeFile(p)
			roots = append(roots, u)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("no Go file in %v", perftFolders)
	}
	return roots, nil
}

// perftFolders are the move generator's folders.
var perftFolders = []string{"movegen", "factor"}

// hash returns the hash of the roots and every unit they reach, in a
// canonical order: by file, then text.
func (t *tree) hash(roots []*unit) string {
	seen := map[*unit]bool{}
	var all []*unit
	var visit func(u *unit)
	visit = func(u *unit) {
		if seen[u] {
			return
		}
		seen[u] = true
		all = append(all, u)
		for _, n := range u.uses {
			for _, v := range t.byName[n] {
				visit(v)
			}
		}
		for _, s := range u.strings {
			for _, v := range t.asmByName[s] {
				visit(v)
			}
		}
	}
	for _, r := range roots {
		visit(r)
	}
	slices.SortFunc(all, func(a, b *unit) int { return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.text, b.text)) })
	h := sha256.New()
	for _, u := range all {
		fmt.Fprintf(h, "%s\x00%d\x00%s", u.file, len(u.text), u.text)
	}
	return hex.EncodeToString(h.Sum(nil))[:hexDigits]
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Generate returns package fingerprint's generated file, built as a
// syntax tree: the function generated, returning the parts, one a line.
func Generate(parts []Part, command string) ([]byte, error) {
	fset := token.NewFileSet()
	lines := fset.AddFile("", -1, len(parts)+3)
	lines.SetLinesForContent(bytes.Repeat([]byte("\n"), len(parts)+2))
	line := func(n int) token.Pos { return lines.LineStart(n) }
	var elts []ast.Expr
	for i, p := range parts {
		elts = append(elts, &ast.CompositeLit{Lbrace: line(i + 2), Elts: []ast.Expr{
			&ast.BasicLit{ValuePos: line(i + 2), Kind: token.STRING, Value: strconv.Quote(p.Name)},
			&ast.BasicLit{ValuePos: line(i + 2), Kind: token.STRING, Value: strconv.Quote(p.Hash)},
		}, Rbrace: line(i + 2)})
	}
	partType := &ast.ArrayType{Elt: ast.NewIdent("part")}
	fn := &ast.FuncDecl{
		Name: ast.NewIdent("generated"),
		Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: partType}}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{
			&ast.CompositeLit{Type: partType, Lbrace: line(1), Elts: elts, Rbrace: line(len(parts) + 2)},
		}}}},
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by %s; DO NOT EDIT.\n\npackage fingerprint\n\n", command)
	b.WriteString("// generated returns the fingerprints of the source this binary was built from.\n")
	if err := format.Node(&b, fset, fn); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}
