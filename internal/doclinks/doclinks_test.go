// Package doclinks holds a test of the whole module's doc links: every
// [Name], [Type.Method] and [pkg.Name] in the comments of its hand-written
// Go files must name a declaration, so that a rename a link does not follow
// fails here rather than leaving a stale doc.
package doclinks

import (
	"go/ast"
	"go/doc/comment"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestDocLinks resolves the doc links of every package of the module,
// built for linux/amd64 and linux/arm64 (so that both architectures' files
// are read), against the type-checked package, the packages it imports and
// those the links name by import path.
func TestDocLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks the module twice")
	}
	seen := map[token.Position]bool{} // comments read for the other GOARCH
	links := 0
	for _, goarch := range []string{"amd64", "arm64"} {
		pkgs := load(t, goarch, "./...")
		linked := linkedPackages(t, goarch, pkgs)
		for _, p := range pkgs {
			for _, f := range p.Syntax {
				if ast.IsGenerated(f) {
					continue
				}
				r := newResolver(p, f, linked)
				for _, g := range f.Comments {
					pos := p.Fset.Position(g.Pos())
					if seen[pos] {
						continue
					}
					seen[pos] = true
					for _, l := range docLinks(r.parser().Parse(g.Text())) {
						links++
						if why := r.resolve(l); why != "" {
							t.Errorf("%s: doc link [%s]: %s", pos, linkText(l), why)
						}
					}
				}
			}
		}
	}
	if links == 0 {
		t.Fatal("no doc link found: the comments were not read")
	}
	t.Logf("%d doc links resolved", links)
}

// load type-checks the packages of patterns for linux/goarch.
func load(t *testing.T, goarch string, patterns ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Env:  append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0"),
		Dir:  "../..",
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s (GOARCH=%s): %v", p.PkgPath, goarch, p.Errors)
		}
	}
	return pkgs
}

// linkedPackages loads the packages that comments link to by import path
// without their files importing them: the standard library's by name
// ([strings.Builder] in a file that does not import strings), any other by
// its full path ([bitlab/kernels.Loop]).
func linkedPackages(t *testing.T, goarch string, pkgs []*packages.Package) map[string]*types.Package {
	t.Helper()
	var paths []string
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			for _, g := range f.Comments {
				for _, l := range docLinks(pathParser.Parse(g.Text())) {
					if l.ImportPath != "" && !slices.Contains(paths, l.ImportPath) {
						paths = append(paths, l.ImportPath)
					}
				}
			}
		}
	}
	linked := map[string]*types.Package{}
	if len(paths) > 0 {
		for _, p := range load(t, goarch, paths...) {
			linked[p.PkgPath] = p.Types
		}
	}
	return linked
}

// pathParser parses only the links that name their package by its import
// path, as go doc does for a package a file does not import.
var pathParser = comment.Parser{
	LookupPackage: func(string) (string, bool) { return "", false },
	LookupSym:     func(string, string) bool { return true },
}

// resolver resolves the doc links of one file.
type resolver struct {
	pkg     *types.Package
	imports map[string]*types.Package // by the name the file uses
	linked  map[string]*types.Package // by import path
}

func newResolver(p *packages.Package, f *ast.File, linked map[string]*types.Package) *resolver {
	r := &resolver{pkg: p.Types, imports: map[string]*types.Package{}, linked: linked}
	for _, s := range f.Imports {
		path, _ := strconv.Unquote(s.Path.Value)
		imp := p.Imports[path]
		if imp == nil || imp.Types == nil {
			continue
		}
		name := imp.Types.Name()
		if s.Name != nil {
			name = s.Name.Name
		}
		r.imports[name] = imp.Types
	}
	return r
}

// parser returns a comment parser that takes every [Name], [pkg.Name] and
// [Recv.Name] for a link (LookupSym accepts all), so that resolve can say
// which name nothing declares.
func (r *resolver) parser() *comment.Parser {
	return &comment.Parser{
		LookupPackage: func(name string) (string, bool) {
			if p, ok := r.imports[name]; ok {
				return p.Path(), true
			}
			return "", false
		},
		LookupSym: func(string, string) bool { return true },
	}
}

// resolve returns why a doc link names nothing, "" when it resolves.
func (r *resolver) resolve(l *comment.DocLink) string {
	pkg := r.pkg
	if l.ImportPath != "" {
		pkg = r.linked[l.ImportPath]
		for _, p := range r.imports {
			if p.Path() == l.ImportPath {
				pkg = p
			}
		}
		if pkg == nil {
			return "no package " + l.ImportPath
		}
		if l.Name == "" {
			return ""
		}
	}
	if l.Recv == "" {
		if pkg.Scope().Lookup(l.Name) == nil {
			return "no such declaration in " + pkg.Path()
		}
		return ""
	}
	tn, ok := pkg.Scope().Lookup(l.Recv).(*types.TypeName)
	if !ok {
		return "no type " + l.Recv + " in " + pkg.Path()
	}
	if obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, l.Name); obj == nil {
		return "type " + l.Recv + " has no field or method " + l.Name
	}
	return ""
}

// docLinks returns the doc links of a parsed comment.
func docLinks(d *comment.Doc) []*comment.DocLink {
	var links []*comment.DocLink
	var text func([]comment.Text)
	text = func(ts []comment.Text) {
		for _, x := range ts {
			switch x := x.(type) {
			case *comment.DocLink:
				links = append(links, x)
			case *comment.Link:
				text(x.Text)
			}
		}
	}
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Paragraph:
			text(b.Text)
		case *comment.List:
			for _, it := range b.Items {
				for _, c := range it.Content {
					if p, ok := c.(*comment.Paragraph); ok {
						text(p.Text)
					}
				}
			}
		}
	}
	return links
}

// linkText writes a doc link back as its comment wrote it.
func linkText(l *comment.DocLink) string {
	var parts []string
	if l.ImportPath != "" {
		parts = append(parts, l.ImportPath[strings.LastIndex(l.ImportPath, "/")+1:])
	}
	if l.Recv != "" {
		parts = append(parts, l.Recv)
	}
	return strings.Join(append(parts, l.Name), ".")
}
