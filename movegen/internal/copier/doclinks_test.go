package copier

import (
	"go/doc/comment"
	"go/types"
	"strconv"
	"strings"
	"testing"
)

// TestDocLinks resolves every doc link ([Name], [Type.Method],
// [pkg.Name]) in the comments of movegen's hand-written files against the
// type-checked package and its imports, so that a rename the links do not
// follow fails here rather than leaving a stale doc.
func TestDocLinks(t *testing.T) {
	tm, err := Load("../..", amd64, nil)
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for _, f := range tm.files {
		imports := map[string]*types.Package{}
		for _, s := range f.Imports {
			path, _ := strconv.Unquote(s.Path.Value)
			for _, p := range tm.pkg.Imports() {
				if p.Path() == path {
					imports[p.Name()] = p
				}
			}
		}
		p := comment.Parser{
			LookupPackage: func(name string) (string, bool) {
				if pkg, ok := imports[name]; ok {
					return pkg.Path(), true
				}
				return "", false
			},
			LookupSym: func(string, string) bool { return true },
		}
		for _, g := range f.Comments {
			for _, link := range docLinks(p.Parse(g.Text())) {
				links++
				if err := tm.resolveLink(link, imports); err != "" {
					t.Errorf("%s: doc link [%s]: %s", tm.fset.Position(g.Pos()), linkText(link), err)
				}
			}
		}
	}
	if links == 0 {
		t.Fatal("no doc link found")
	}
	t.Logf("%d doc links resolved", links)
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

func linkText(l *comment.DocLink) string {
	parts := []string{}
	if l.ImportPath != "" {
		parts = append(parts, l.ImportPath[strings.LastIndex(l.ImportPath, "/")+1:])
	}
	if l.Recv != "" {
		parts = append(parts, l.Recv)
	}
	return strings.Join(append(parts, l.Name), ".")
}

// resolveLink returns why a doc link names nothing, "" when it resolves.
func (t *Template) resolveLink(l *comment.DocLink, imports map[string]*types.Package) string {
	scope := t.pkg.Scope()
	if l.ImportPath != "" {
		var pkg *types.Package
		for _, p := range imports {
			if p.Path() == l.ImportPath {
				pkg = p
			}
		}
		if pkg == nil {
			return "the file does not import " + l.ImportPath
		}
		if l.Name == "" {
			return ""
		}
		scope = pkg.Scope()
	}
	if l.Recv == "" {
		if scope.Lookup(l.Name) == nil {
			return "no such declaration"
		}
		return ""
	}
	tn, ok := scope.Lookup(l.Recv).(*types.TypeName)
	if !ok {
		return "no type " + l.Recv
	}
	if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, t.pkg, l.Name); obj == nil {
		return "type " + l.Recv + " has no field or method " + l.Name
	}
	return ""
}
