package kernels_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"bitlab/kernels"
)

// The packages whose registrations TestTablesDeclared reads, with the
// GOARCH they build for, and the packages whose functions kernels call.
var (
	registering = map[string]string{"bitlab/kernels/generic": "amd64", "bitlab/kernels/amd64": "amd64", "bitlab/kernels/arm64": "arm64",
		"bitlab/kernels/gosimd": "amd64"}
	callees = []string{"bitlab/kernels", "bitlab/kernels/internal/adapt", "bitlab/board", "bitlab/magic", "bitlab/qbb"}
)

// wholeConstants are the assembly data symbols a kernel reaches through a
// register although they are not tables: arm64 has no memory operands, so
// its constants are loaded through their address, whole, into registers
// before the loop. TestTablesDeclared checks that each is still used only
// so.
var wholeConstants = map[string]string{
	"bitlab/kernels/arm64.quadMasks<>": "quad2boardNEON's four mask pairs, loaded into V24-V27 by one VLD1 before its loop",
	"bitlab/kernels/arm64.fillAvoid<>": "quadFillNEON's eight direction masks, loaded into V24-V31 by VLD1R before its loop",
}

// TestTablesDeclared reads every kernel registration of kernels/generic,
// kernels/amd64, kernels/arm64 and kernels/gosimd (registered with
// GOEXPERIMENT=simd, which the test's loading inherits) and follows the
// code it registers: the Go functions it calls (in this module; the
// standard library's are the compiler's concern) and the assembly they run
// (TEXT bodies, the macros and functions they use). Every package-level
// table that code reads must be declared in the registration's Info
// (kernels.TableBytes): a Go variable of an array, slice or
// struct-of-arrays type that the code names, or that the registration
// passes to its assembly, and every assembly data symbol whose address the
// code takes to index it (LEAQ sym(SB) on amd64, MOVD $sym(SB) on arm64);
// constants the assembly takes as operands are not tables, nor are Go
// constants loaded whole into vector registers by simd/archsimd's Load
// functions. An assembly table must therefore be a Go variable, which the
// declaration can name.
func TestTablesDeclared(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks the kernel packages")
	}
	for _, goarch := range []string{"amd64", "arm64"} {
		c := newCodeIndex(t, goarch)
		checked := 0
		for _, pkg := range c.pkgs {
			if arch := registering[pkg.PkgPath]; arch == "" || arch != goarch && !strings.HasSuffix(pkg.PkgPath, "/generic") {
				continue
			}
			for _, r := range c.registrations(t, pkg) {
				checked++
				var missing []string
				for _, tab := range slices.Sorted(mapKeys(r.reads)) {
					if !r.declared[tab] {
						missing = append(missing, fmt.Sprintf("%s (%s)", tab, r.reads[tab]))
					}
				}
				if len(missing) > 0 {
					t.Errorf("%s (%s): reads tables its Info does not declare: %s", r.impl, c.fset.Position(r.pos), strings.Join(missing, "; "))
				}
			}
		}
		for sym, why := range wholeConstants {
			if strings.HasPrefix(sym, "bitlab/kernels/"+goarch+".") && !c.loadedWhole(sym) {
				t.Errorf("%s is listed as a constant loaded whole (%s), which the assembly no longer does", sym, why)
			}
		}
		if goarch == runtime.GOARCH && checked != len(kernels.All()) {
			t.Errorf("GOARCH=%s: %d registrations read, %d kernels registered", goarch, checked, len(kernels.All()))
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// codeIndex is the type-checked source and the assembly of the kernel
// packages for one GOARCH.
type codeIndex struct {
	pkgs  []*packages.Package
	fset  *token.FileSet
	funcs map[string]funcSource // by types.Func.FullName of the generic origin
	vars  map[string]*types.Var // package-level variables by "pkgpath.name"
	text  map[string]*asmText   // TEXT bodies by "pkgpath.name"
	macro map[string]string     // #define bodies by "pkgpath.NAME"
	// reads memoizes each function's and TEXT's table reads (nil while
	// being walked: recursion reads nothing new).
	reads map[string]map[string]string
}

// funcSource is a Go function declaration with the package that types it.
type funcSource struct {
	decl *ast.FuncDecl
	pkg  *packages.Package
}

// asmText is one TEXT symbol's body.
type asmText struct {
	pkg   string
	lines []string
}

func newCodeIndex(t *testing.T, goarch string) *codeIndex {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Env:  append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0"),
		Dir:  "..",
	}
	patterns := slices.Clone(callees)
	for p := range registering {
		patterns = append(patterns, p)
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	c := &codeIndex{pkgs: pkgs, funcs: map[string]funcSource{}, vars: map[string]*types.Var{}, text: map[string]*asmText{},
		macro: map[string]string{}, reads: map[string]map[string]string{}}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s (GOARCH=%s): %v", p.PkgPath, goarch, p.Errors)
		}
		c.fset = p.Fset
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.funcs[fn.FullName()] = funcSource{fd, p}
					}
				}
			}
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			if v, ok := scope.Lookup(name).(*types.Var); ok {
				c.vars[p.PkgPath+"."+name] = v
			}
		}
		for _, file := range p.OtherFiles {
			if strings.HasSuffix(file, ".s") {
				c.readAsm(t, p.PkgPath, file)
			}
		}
	}
	return c
}

// readAsm indexes a Go assembly file's TEXT bodies and macros.
func (c *codeIndex) readAsm(t *testing.T, pkg, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cur *asmText
	macro := ""
	for _, line := range strings.Split(string(data), "\n") {
		code, _, _ := strings.Cut(line, "//")
		switch {
		case macro != "":
			c.macro[macro] += code + "\n"
			if !strings.HasSuffix(strings.TrimSpace(code), `\`) {
				macro = ""
			}
		case strings.HasPrefix(code, "#define "):
			f := strings.Fields(code)
			name, _, _ := strings.Cut(f[1], "(")
			macro = pkg + "." + name
			c.macro[macro] = strings.Join(f[2:], " ") + "\n"
			if !strings.HasSuffix(strings.TrimSpace(code), `\`) {
				macro = ""
			}
		case strings.HasPrefix(code, "TEXT "):
			m := textSym.FindStringSubmatch(code)
			if m == nil {
				t.Fatalf("%s: unreadable %q", file, code)
			}
			cur = &asmText{pkg: pkg}
			c.text[pkg+"."+m[1]] = cur
		case strings.HasPrefix(code, "DATA ") || strings.HasPrefix(code, "GLOBL ") || strings.HasPrefix(code, "#"):
		case cur != nil:
			cur.lines = append(cur.lines, code)
		}
	}
}

var (
	textSym = regexp.MustCompile(`^TEXT\s+·(\w+)\(SB\)`)
	// symRef matches a reference to a symbol: ·name(SB) (a Go symbol of
	// the package), name<>(SB) (the file's own data), with an offset, and
	// a $ before it when the address is the operand.
	symRef = regexp.MustCompile(`(\$?)(·?)(\w+)(<>)?(?:[+-]\d+)?\(SB\)`)
	word   = regexp.MustCompile(`\w+`)
)

// registration is one Register call: the implementation, where it is,
// the tables its Info declares and those its code reads (with how).
type registration struct {
	impl     string
	pos      token.Pos
	declared map[string]bool
	reads    map[string]string
}

// registrations finds the Register calls of a package's kernels.
func (c *codeIndex) registrations(t *testing.T, pkg *packages.Package) []registration {
	t.Helper()
	var regs []registration
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Register" {
				return true
			}
			fn, ok := pkg.TypesInfo.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg().Path() != "bitlab/kernels" {
				return true
			}
			r := registration{impl: implName(call.Args[0]), pos: call.Pos(), declared: map[string]bool{}, reads: map[string]string{}}
			if r.impl == "" {
				t.Fatalf("%s: a registration whose implementation name is not a literal", c.fset.Position(call.Pos()))
			}
			c.declaredTables(pkg, call.Args[0], r.declared)
			for _, a := range call.Args[1:] {
				c.collect(pkg, a, r.reads)
			}
			regs = append(regs, r)
			return false
		})
	}
	return regs
}

// implName returns the implementation name of an Info expression: the
// literal of its Impl field, or the first argument of a call of info.
func implName(e ast.Expr) string {
	name := ""
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Impl" {
				name = literal(n.Value)
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "info" && len(n.Args) > 0 {
				name = literal(n.Args[0])
			}
		}
		return name == ""
	})
	return name
}

func literal(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok {
		s, _ := strconv.Unquote(lit.Value)
		return s
	}
	return ""
}

// declaredTables records the package-level tables an Info expression
// declares: those it passes to kernels.TableBytes, by name or through an
// accessor it calls there (a function returning a table, such as
// board.FileMasks: the tables the accessor reads).
func (c *codeIndex) declaredTables(pkg *packages.Package, e ast.Node, tables map[string]bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !isTableBytes(pkg, call.Fun) {
			return true
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				switch obj := pkg.TypesInfo.Uses[id].(type) {
				case *types.Var:
					if isTable(obj) {
						tables[obj.Pkg().Path()+"."+obj.Name()] = true
					}
				case *types.Func:
					for k := range c.funcReads(obj) {
						tables[k] = true
					}
				}
				return true
			})
		}
		return false
	})
}

// isTableBytes reports whether fun names kernels.TableBytes.
func isTableBytes(pkg *packages.Package, fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := pkg.TypesInfo.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg().Path() == "bitlab/kernels" && fn.Name() == "TableBytes"
}

// collect adds to reads every table the code an expression names reads:
// tables it names, and those of the functions it names, transitively.
func (c *codeIndex) collect(pkg *packages.Package, e ast.Node, reads map[string]string) {
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isVectorLoad(pkg, call.Fun) {
			return false // a constant loaded whole into a register
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		switch obj := pkg.TypesInfo.Uses[id].(type) {
		case *types.Var:
			if isTable(obj) {
				key := obj.Pkg().Path() + "." + obj.Name()
				if _, ok := reads[key]; !ok {
					reads[key] = "named in " + c.fset.Position(id.Pos()).String()
				}
			}
		case *types.Func:
			for k, how := range c.funcReads(obj) {
				if _, ok := reads[k]; !ok {
					reads[k] = how
				}
			}
		}
		return true
	})
}

// isVectorLoad reports whether fun names one of simd/archsimd's Load
// functions.
func isVectorLoad(pkg *packages.Package, fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := pkg.TypesInfo.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "simd/archsimd" && strings.HasPrefix(fn.Name(), "Load")
}

// funcReads returns the tables a function reads: its Go body's, or, for
// a function without one, its assembly's. The standard library is not
// followed.
func (c *codeIndex) funcReads(fn *types.Func) map[string]string {
	fn = fn.Origin()
	key := fn.FullName()
	if r, ok := c.reads[key]; ok {
		return r // nil while being walked
	}
	if fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), "bitlab/") {
		return nil
	}
	c.reads[key] = nil
	reads := map[string]string{}
	src, ok := c.funcs[key]
	switch {
	case ok && src.decl.Body != nil:
		c.collect(src.pkg, src.decl.Body, reads)
	case ok:
		for k, how := range c.textReads(fn.Pkg().Path() + "." + fn.Name()) {
			reads[k] = how
		}
	default:
		reads["?"+key] = "a function in a package the test does not load: add it to callees"
	}
	c.reads[key] = reads
	return reads
}

// textReads returns the tables a TEXT symbol's body reads: data symbols
// whose address it takes, Go tables it names, and those of the TEXT
// symbols it calls or jumps to.
func (c *codeIndex) textReads(sym string) map[string]string {
	memo := "TEXT " + sym
	if r, ok := c.reads[memo]; ok {
		return r
	}
	c.reads[memo] = nil
	reads := map[string]string{}
	txt, ok := c.text[sym]
	if !ok {
		reads["?"+sym] = "a function without a Go body or a TEXT symbol"
		c.reads[memo] = reads
		return reads
	}
	lines := slices.Clone(txt.lines)
	expanded := map[string]bool{}
	for i := 0; i < len(lines); i++ { // the macros a line uses, appended once each
		for _, w := range word.FindAllString(lines[i], -1) {
			if body, ok := c.macro[txt.pkg+"."+w]; ok && !expanded[w] {
				expanded[w] = true
				lines = append(lines, strings.Split(body, "\n")...)
			}
		}
	}
	for _, line := range lines {
		op := strings.Fields(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), `\`)))
		for _, m := range symRef.FindAllStringSubmatch(line, -1) {
			dollar, gosym, name, private := m[1] != "", m[2] != "", m[3], m[4] != ""
			target := txt.pkg + "." + name
			switch {
			case len(op) > 0 && (op[0] == "CALL" || op[0] == "JMP") && gosym:
				for k, how := range c.textReads(target) {
					reads[k] = how
				}
			case private && (dollar || len(op) > 0 && op[0] == "LEAQ"):
				if _, whole := wholeConstants[target+"<>"]; !whole {
					reads[target+"<>"] = "its address taken in " + sym + ": " + strings.TrimSpace(line)
				}
			case gosym:
				if v, ok := c.vars[target]; ok && isTable(v) {
					reads[target] = "named by " + sym + ": " + strings.TrimSpace(line)
				}
			}
		}
	}
	c.reads[memo] = reads
	return reads
}

// loadedWhole reports whether an assembly symbol listed in wholeConstants
// is only ever addressed by MOVD $sym(SB), R, then loaded into registers
// by the VLD1 or VLD1R instructions that follow at once, R not read from
// again in that TEXT.
func (c *codeIndex) loadedWhole(sym string) bool {
	pkgName, _, _ := strings.Cut(sym, "<>")
	dot := strings.LastIndex(pkgName, ".")
	pkg, name := pkgName[:dot], pkgName[dot+1:]
	addr := regexp.MustCompile(`^\s*MOVD\s+\$` + name + `<>\(SB\),\s*(R\d+)\s*$`)
	uses := 0
	for key, txt := range c.text {
		if !strings.HasPrefix(key, pkg+".") {
			continue
		}
		for i, line := range txt.lines {
			if !strings.Contains(line, name+"<>(SB)") {
				continue
			}
			uses++
			m := addr.FindStringSubmatch(line)
			if m == nil {
				return false
			}
			load := regexp.MustCompile(`^\s*VLD1R?(\.P)?\s+(\d+)?\(` + m[1] + `\)`)
			j := i + 1
			for j < len(txt.lines) && load.MatchString(txt.lines[j]) {
				j++
			}
			if j == i+1 || slices.ContainsFunc(txt.lines[j:], func(l string) bool { return strings.Contains(l, "("+m[1]+")") }) {
				return false
			}
		}
	}
	return uses > 0
}

// isTable reports whether a variable is a package-level table: an array,
// a slice, or a struct holding one.
func isTable(v *types.Var) bool {
	if v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	return holdsArray(v.Type(), 0)
}

func holdsArray(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array, *types.Slice:
		return true
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsArray(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// TestTableBytes sizes tables: arrays by their type, slices by what they
// hold, a slice given itself like one given by its address, and a
// declaration that is neither a pointer nor a slice panics.
func TestTableBytes(t *testing.T) {
	type lists struct {
		head  [4]uint64
		items []uint16
	}
	var arr [256]uint8
	ls := [2]lists{{head: [4]uint64{1}, items: make([]uint16, 10)}, {items: make([]uint16, 3, 100)}}
	if got, want := kernels.TableBytes(&arr, &ls), 256+2*(32+24)+13*2; got != want {
		t.Errorf("TableBytes = %d, want %d", got, want)
	}
	dirs := []uint16{1, 2, 3}
	if got, want := kernels.TableBytes(dirs), kernels.TableBytes(&dirs); got != want || got != 24+3*2 {
		t.Errorf("TableBytes of a slice = %d, of its address %d, want %d", got, want, 24+3*2)
	}
	defer func() {
		if recover() == nil {
			t.Error("TableBytes accepted an array value")
		}
	}()
	kernels.TableBytes(arr)
}
