package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"log"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"bitlab/internal/goasm"
	"bitlab/kernels"

	. "github.com/mmcloughlin/avo/build"
	"golang.org/x/tools/go/packages"
)

// kernel declares one kernel of package amd64, once: what package kernels
// is told of it ([kernels.Info]) and its forms. The generator writes from
// these declarations the kernels' registration (-register) and their main
// loops for package explain (-loops). The kernels it emits are declared
// beside the code that emits them, in their family's file; those of the
// hand-written assembly in handwritten.go.
type kernel struct {
	id       string // "family/impl"
	source   string // the bibliography key and section it comes from
	doc      string // one line on what it does
	features []kernels.Feature
	usage    kernels.Usage
	// tables are the lookup tables it reads, as Go expressions in package
	// amd64: package-level variables ("count8") or calls of another
	// package's accessors ("magic.FancyAttacks()"); Info.Tables is
	// [kernels.TableBytes] of them. A slider's first table is the one its
	// assembly's t parameter points to.
	tables []string
	// forms are the main loops of its throughput and latency forms: the
	// assembly symbol of each form, and its loop for package explain,
	// Kernel left empty (it is id). The generator records those of the
	// kernels it emits (mainLoop) and counts their instructions;
	// handwritten.go declares the others', instructions included.
	forms []kernels.Loop
}

// declared are the kernels of package amd64 in the order of their first
// form: those the generator emitted, then the hand-written ones.
var declared []*kernel

// signatures are the Go signatures of the functions the generator emits,
// by name.
var signatures = map[string]string{}

// text starts the assembly function name with the Go signature sig (avo's
// TEXT, every function NOSPLIT), recording sig for the registration.
func text(name, sig string) {
	TEXT(name, NOSPLIT, sig)
	signatures[name] = sig
}

// mainLoop places the label l.Label, where the main loop of the form of k
// being emitted, l.Symbol, starts, and records the form.
func mainLoop(k *kernel, l kernels.Loop) {
	Label(l.Label)
	if !slices.Contains(declared, k) {
		declared = append(declared, k)
	}
	k.forms = append(k.forms, l)
}

// family is what the registration needs of a family of package kernels.
type family struct {
	accessor string     // the function returning the kernels.Family, such as "Popcount"
	in, out  types.Type // its element types
}

// readFamilies returns the families package kernels declares, by name:
// every package-level variable "v = newFamily(Spec[In, Out]{Name: ...})"
// with its accessor "func V() *Family[In, Out] { return v }".
func readFamilies(kp *packages.Package) map[string]family {
	families := map[string]family{}
	accessors := familyAccessors(kp)
	for _, f := range kp.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range vs.Values {
				call, ok := v.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					continue
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "newFamily" {
					continue
				}
				lit, ok := call.Args[0].(*ast.CompositeLit)
				if !ok {
					log.Fatalf("%v: newFamily takes a Spec literal", kp.Fset.Position(call.Pos()))
				}
				name := ""
				for _, e := range lit.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok && types.ExprString(kv.Key) == "Name" {
						if c := kp.TypesInfo.Types[kv.Value].Value; c != nil && c.Kind() == constant.String {
							name = constant.StringVal(c)
						}
					}
				}
				obj := kp.TypesInfo.Defs[vs.Names[i]]
				ptr, _ := obj.Type().(*types.Pointer)
				if name == "" || ptr == nil {
					log.Fatalf("%v: a family's Name must be a constant string", kp.Fset.Position(call.Pos()))
				}
				if accessors[obj] == "" {
					log.Fatalf("%v: family %s has no accessor (func F() *Family[In, Out] { return %s })", kp.Fset.Position(call.Pos()), name, obj.Name())
				}
				args := ptr.Elem().(*types.Named).TypeArgs()
				families[name] = family{accessors[obj], args.At(0), args.At(1)}
			}
			return false
		})
	}
	if len(families) == 0 {
		log.Fatalf("%s declares no families", kp.PkgPath)
	}
	return families
}

// familyAccessors returns the exported functions of package kernels that
// return a package-level variable, by the variable: "func V() T { return v }".
func familyAccessors(kp *packages.Package) map[types.Object]string {
	accessors := map[types.Object]string{}
	for _, f := range kp.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Params.NumFields() != 0 || len(fd.Body.List) != 1 {
				continue
			}
			if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if id, ok := ret.Results[0].(*ast.Ident); ok {
					accessors[kp.TypesInfo.Uses[id]] = fd.Name.Name
				}
			}
		}
	}
	return accessors
}

// writer writes a Go file of package amd64, recording the packages its
// code refers to for the import list.
type writer struct {
	l       layout
	b       bytes.Buffer
	imports map[string]bool
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// pkg returns the name by which package amd64 refers to package path.
func (w *writer) pkg(path string) string {
	w.imports[path] = true
	return path[strings.LastIndex(path, "/")+1:]
}

// typ returns t as package amd64 writes it.
func (w *writer) typ(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == w.l.pkg {
			return ""
		}
		return w.pkg(p.Path())
	})
}

// constName returns the name of package kernels' constant of type typ
// with value v, qualified.
func (w *writer) constName(typ string, v constant.Value) string {
	scope := w.l.kernels.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if ok && c.Type().String() == "bitlab/kernels."+typ && constant.Compare(c.Val(), token.EQL, v) {
			return w.pkg("bitlab/kernels") + "." + name
		}
	}
	log.Fatalf("package kernels has no %s constant %s", typ, v)
	return ""
}

// write formats the file with its header and import list and writes it to
// out; build is its build constraint, "" for none.
func (w *writer) write(out, build string) {
	var head bytes.Buffer
	fmt.Fprintf(&head, "// Code generated by command: go run main.go %s. DO NOT EDIT.\n\n", strings.Join(os.Args[1:], " "))
	if build != "" {
		fmt.Fprintf(&head, "//go:build %s\n\n", build)
	}
	head.WriteString("package " + w.l.pkg.Name() + "\n\n")
	paths := slices.Sorted(maps.Keys(w.imports))
	for i, path := range paths {
		paths[i] = strconv.Quote(path)
	}
	if len(paths) == 1 {
		fmt.Fprintf(&head, "import %s\n\n", paths[0])
	} else {
		fmt.Fprintf(&head, "import (\n\t%s\n)\n\n", strings.Join(paths, "\n\t"))
	}
	code, err := format.Source(append(head.Bytes(), w.b.Bytes()...))
	if err != nil {
		log.Fatalf("%s: %v", out, err)
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
		log.Fatal(err)
	}
}

// writeRegistrations writes to the file out the init function that
// registers every declared kernel with package kernels.
func writeRegistrations(l layout, out string) {
	w := &writer{l: l, imports: map[string]bool{}}
	w.printf("// init registers every kernel of package amd64 with package kernels, as\n")
	w.printf("// internal/asm declares them. The adapters of package adapt convert\n")
	w.printf("// slice types and run once per batch, never per element.\n")
	w.printf("func init() {\n")
	for _, k := range declared {
		_, impl, _ := strings.Cut(k.id, "/")
		f := l.family(k)
		if k.source == "" || k.doc == "" || k.usage == 0 {
			log.Fatalf("%s: declare its source, doc and usage", k.id)
		}
		w.printf("%s.%s().Register(%s.Info{\n", w.pkg("bitlab/kernels"), f.accessor, w.pkg("bitlab/kernels"))
		w.printf("Impl: %q,\nArch: %s,\n", impl, w.constName("Arch", constant.MakeString(string(kernels.AMD64))))
		w.printf("Usage: %s,\n", w.constName("Usage", constant.MakeUint64(uint64(k.usage))))
		if len(k.features) > 0 {
			names := make([]string, len(k.features))
			for i, ft := range k.features {
				names[i] = w.constName("Feature", constant.MakeString(string(ft)))
			}
			w.printf("Features: []%s.Feature{%s},\n", w.pkg("bitlab/kernels"), strings.Join(names, ", "))
		}
		w.printf("Source: %q,\nDoc: %q,\n", k.source, k.doc)
		if len(k.tables) > 0 {
			args := make([]string, len(k.tables))
			for i, t := range k.tables {
				args[i] = w.tableArg(k, t)
			}
			w.printf("Tables: %s.TableBytes(%s),\n", w.pkg("bitlab/kernels"), strings.Join(args, ", "))
		}
		tp, lat := k.form(kernels.Throughput), k.form(kernels.Latency)
		if tp == nil {
			log.Fatalf("%s: no throughput form", k.id)
		}
		latency := "nil"
		if lat != nil {
			latency = w.adapt(k, f, *lat)
		}
		w.printf("}, %s, %s)\n", w.adapt(k, f, *tp), latency)
	}
	w.printf("}\n")
	w.write(out, "amd64")
}

// form returns the kernel's form of mode m, nil for none.
func (k *kernel) form(m kernels.Mode) *kernels.Loop {
	var found *kernels.Loop
	for i, f := range k.forms {
		if f.Mode == m {
			if found != nil {
				log.Fatalf("%s: two %s forms, %s and %s", k.id, m, found.Symbol, f.Symbol)
			}
			found = &k.forms[i]
		}
	}
	return found
}

// tableArg returns the argument of kernels.TableBytes for the expression
// t of one of k's tables, checking what it names and recording its
// package's import: the address of a package-level variable of package
// amd64 or of a package it imports ("count8", "pkg.V"), or the call of an
// imported package's accessor that returns a table by address
// ("magic.FancyAttacks()"), as it is.
func (w *writer) tableArg(k *kernel, t string) string {
	name, accessor := strings.CutSuffix(t, "()")
	scope := w.l.pkg.Scope()
	if pkg, n, ok := strings.Cut(name, "."); ok {
		scope, name = nil, n
		for _, imp := range w.l.pkg.Imports() {
			if imp.Name() == pkg {
				scope = imp.Scope()
				w.pkg(imp.Path())
			}
		}
	}
	if scope != nil {
		switch obj := scope.Lookup(name).(type) {
		case *types.Var:
			if !accessor {
				return "&" + t
			}
		case *types.Func:
			sig := obj.Type().(*types.Signature)
			if _, ptr := sig.Results().At(0).Type().(*types.Pointer); accessor && scope != w.l.pkg.Scope() &&
				sig.Params().Len() == 0 && sig.Results().Len() == 1 && ptr {
				return t
			}
		}
	}
	log.Fatalf("%s: its table %s is neither a package-level variable of %s or of a package it imports, "+
		"nor the call of an imported package's accessor returning a pointer", k.id, t, w.l.pkg.Path())
	return ""
}

// signature returns the Go signature of the assembly function sym: the
// one the generator gave it, or for a hand-written function its
// declaration in package amd64.
func (l layout) signature(sym string) *types.Signature {
	if sig, ok := signatures[sym]; ok {
		return l.typ(sig).(*types.Signature)
	}
	if fn, ok := l.pkg.Scope().Lookup(sym).(*types.Func); ok {
		return fn.Type().(*types.Signature)
	}
	log.Fatalf("no function %s in %s", sym, l.pkg.Path())
	return nil
}

// named returns the type name of package path: package kernels or a
// package it imports.
func (l layout) named(path, name string) types.Type {
	for _, p := range append([]*types.Package{l.kernels}, l.kernels.Imports()...) {
		if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok && p.Path() == path {
			return tn.Type()
		}
	}
	log.Fatalf("no type %s in %s", name, path)
	return nil
}

// adapt returns the Go expression of form f of kernel k as its family's
// Register takes it: func(dst []Out, src []In) int, or func(src []In)
// Out for a latency form. The assembly's own signature decides how:
//
//	func(dst []Out, src []In) int, func(src []In) Out    the function itself
//	the same with byte for an Out of board.Square         adapt.Squares, adapt.SquareChain
//	func(dst, src *uint64, n int, t *byte) int           adapt.SliderThroughput, t the first table
//	func(src *uint64, n int, t *byte) uint64              adapt.SliderLatency, t the first table
//	func(dst *E, src *uint64, n int), Out an array of E   adapt.Quad
//	func(dst *D, src *uint64, n int) int                  a list over In's first field
func (w *writer) adapt(k *kernel, fam family, f kernels.Loop) string {
	sig := w.l.signature(f.Symbol)
	p, r := sig.Params(), sig.Results()
	param := func(i int) types.Type { return p.At(i).Type() }
	result := func(t types.Type) bool { return r.Len() == 1 && types.Identical(r.At(0).Type(), t) }
	elemOf := func(t types.Type) types.Type {
		switch t := t.(type) {
		case *types.Slice:
			return t.Elem()
		case *types.Pointer:
			return t.Elem()
		}
		return nil
	}
	is := func(t types.Type, kind types.BasicKind) bool { return types.Identical(t, types.Typ[kind]) }
	square, query := w.l.named("bitlab/board", "Square"), w.l.named("bitlab/kernels", "Query")
	adapter := func(name string) string { return w.pkg("bitlab/kernels/internal/adapt") + "." + name }
	uint64Ptr := func(i int) bool { return is(elemOf(param(i)), types.Uint64) }
	throughput := f.Mode == kernels.Throughput
	switch {
	case throughput && p.Len() == 2 && result(types.Typ[types.Int]) && isSlice(param(0)) && isSlice(param(1)) && types.Identical(elemOf(param(1)), fam.in):
		switch {
		case types.Identical(elemOf(param(0)), fam.out):
			return f.Symbol
		case is(elemOf(param(0)), types.Byte) && types.Identical(fam.out, square):
			return adapter("Squares") + "(" + f.Symbol + ")"
		}
	case !throughput && p.Len() == 1 && isSlice(param(0)) && types.Identical(elemOf(param(0)), fam.in):
		switch {
		case result(fam.out):
			return f.Symbol
		case result(types.Typ[types.Byte]) && types.Identical(fam.out, square):
			return adapter("SquareChain") + "(" + f.Symbol + ")"
		}
	case len(k.tables) > 0 && types.Identical(fam.in, query) && p.Len() >= 3 && is(elemOf(param(p.Len()-1)), types.Byte):
		t := "&" + k.tables[0]
		if throughput && p.Len() == 4 && uint64Ptr(0) && uint64Ptr(1) && result(types.Typ[types.Int]) {
			return adapter("SliderThroughput") + "(" + f.Symbol + ", " + t + ")"
		}
		if !throughput && p.Len() == 3 && uint64Ptr(0) && result(types.Typ[types.Uint64]) {
			return adapter("SliderLatency") + "(" + f.Symbol + ", " + t + ")"
		}
	case throughput && p.Len() == 3 && elemOf(param(0)) != nil && uint64Ptr(1) && is(param(2), types.Int):
		dst := "&dst[0]"
		if arr, ok := fam.out.Underlying().(*types.Array); r.Len() == 0 && ok {
			if !types.Identical(arr.Elem(), elemOf(param(0))) {
				dst = "(" + w.typ(param(0)) + ")(" + dst + ")"
			}
			return fmt.Sprintf("%s[%s](func(dst *%s, src *uint64, n int) { %s(%s, src, n) })", adapter("Quad"), w.typ(fam.in), w.typ(fam.out), f.Symbol, dst)
		}
		first, ok := fam.in.Underlying().(*types.Struct)
		if result(types.Typ[types.Int]) && ok && first.NumFields() > 0 && is(first.Field(0).Type(), types.Uint64) {
			return fmt.Sprintf("func(dst []%s, src []%s) int {\nif len(src) == 0 {\nreturn 0\n}\nreturn %s((%s)(&dst[0]), &src[0].%s, len(src))\n}",
				w.typ(fam.out), w.typ(fam.in), f.Symbol, w.typ(param(0)), first.Field(0).Name())
		}
	}
	log.Fatalf("%s: no adapter of %s%s to family %s's %s form (%s to %s)", k.id, f.Symbol, types.TypeString(sig, nil), k.id[:strings.Index(k.id, "/")], f.Mode, fam.in, fam.out)
	return ""
}

func isSlice(t types.Type) bool {
	_, ok := t.(*types.Slice)
	return ok
}

// writeLoops writes to the file out Loops: every form's main loop, those of
// generated kernels with their instructions counted in the printed
// assembly asmFile (package explain checks them against the built binary).
func writeLoops(l layout, out, asmFile string) {
	src, err := os.ReadFile(asmFile)
	if err != nil {
		log.Fatal(err)
	}
	w := &writer{l: l, imports: map[string]bool{"bitlab/kernels": true}}
	w.printf("// Loops returns the main loops of package amd64's kernels (kernels.Loop,\n")
	w.printf("// for package explain), as internal/asm declares them: those of %s\n", asmFile)
	w.printf("// with their instructions counted there, and those of the hand-written\n")
	w.printf("// assembly with their instructions counted after the assembler has\n")
	w.printf("// expanded its macros. This file builds on every GOARCH, so that a host\n")
	w.printf("// of one architecture can model the other's kernels.\n")
	w.printf("func Loops() []kernels.Loop {\n\treturn []kernels.Loop{\n")
	modes := map[kernels.Mode]string{kernels.Throughput: "kernels.Throughput", kernels.Latency: "kernels.Latency"}
	for _, k := range declared {
		for _, f := range k.forms {
			n := f.Instructions
			if n == 0 {
				if _, n, err = goasm.Loop(src, f.Symbol, f.Label); err != nil {
					log.Fatalf("%s: %v (a hand-written loop declares its Instructions)", asmFile, err)
				}
			}
			w.printf("\t\t{Kernel: %q, Mode: %s, Symbol: %q, Label: %q, Elements: %d, Instructions: %d", k.id, modes[f.Mode], f.Symbol, f.Label, f.Elements, n)
			if f.Varies != "" {
				w.printf(", Varies: %q", f.Varies)
			}
			if f.Path == kernels.PathQueen {
				w.printf(", Path: kernels.PathQueen")
			}
			w.printf("},\n")
		}
	}
	w.printf("\t}\n}\n")
	w.write(out, "")
}
