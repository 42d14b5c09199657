// Command gen writes kernels_gen.go for package generic: for every element
// function marked //bitlab:kernel, the implementation's own throughput and
// latency loops around it, and its registration with package kernels. The
// families (their accessors and latency chains) come from their declarations
// in package kernels (-families), so each family is declared once.
//
// The element function's signature decides the loop:
//
//	map     func(x In) Out                   dst[i] = f(src[i])
//	        func(d *Out, x *In)              f(&dst[i], &src[i]), for large elements
//	list    func(d *[N]Out, x In) int        n += f((*[N]Out)(dst[n:]), src[i])
//	slider  func(s board.Square, occ uint64) uint64, one for rook and one for bishop lines
//
// Besides //bitlab:kernel FAMILY/IMPL [rook|bishop], a function's doc may
// carry //bitlab:source (the reference), //bitlab:order (reversed or
// unordered lists) and //bitlab:tables T1, T2 (the lookup tables it reads:
// package-level variables, or calls of another package's accessors that
// return a table, such as board.FileMasks(); Info.Tables is
// [bitlab/kernels.TableBytes] of them; kernels' TestTablesDeclared requires every
// table the kernel's code reads to be listed).
//
// With -overhead it writes instead package harness's empty kernel: the map
// loops of a one-output kernel around the element function empty, so the
// overhead the harness measures is the loop every portable kernel runs.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"bitlab/factor"
	"bitlab/internal/naming"
)

type shape int

const (
	mapShape shape = iota
	listShape
	sliderShape
)

// family is what the loops need of one kernels family, read from its
// declaration in package kernels.
type family struct {
	accessor string // the function returning the kernels.Family
	next     string // the latency chain function, "" for no latency form
}

// impl is one implementation gathered from the directives.
type impl struct {
	family, name    string
	source, doc     string
	order           string   // "", "reversed" or "unordered"
	tables          []string // TableBytes' arguments: the lookup tables it reads
	shape           shape
	fn              string // element function (map, list) or rook function (slider)
	bishop          string // bishop function (slider)
	in, out, length string // element types and list length, as Go source
	args            string // a slider's arguments, from the query q
	byPointer       bool   // map shape with pointer arguments
}

var fset = token.NewFileSet()

func main() {
	out := flag.String("o", "kernels_gen.go", "output file")
	famFile := flag.String("families", "../families.go", "the file of package kernels that declares the families")
	overhead := flag.Bool("overhead", false, "write package harness's empty kernel instead")
	flag.Parse()
	if *overhead {
		write(*out, emptyKernel())
		return
	}
	families, err := readFamilies(*famFile)
	if err != nil {
		log.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		log.Fatal(err)
	}
	impls := map[string]*impl{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_gen.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			log.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				if err := collect(families, impls, fd); err != nil {
					log.Fatalf("%v: %v", fset.Position(fd.Pos()), err)
				}
			}
		}
	}
	var list []*impl
	for _, im := range impls {
		if im.fn == "" || im.source == "" || im.doc == "" || (im.shape == sliderShape) != (im.bishop != "") {
			log.Fatalf("%s/%s: incomplete (needs its functions, a source and a doc comment)", im.family, im.name)
		}
		list = append(list, im)
	}
	slices.SortFunc(list, func(a, b *impl) int { return cmp.Or(cmp.Compare(a.family, b.family), cmp.Compare(a.name, b.name)) })
	write(*out, generate(families, list))
}

// write formats Go source and writes it to the file out.
func write(out string, src []byte) {
	src, err := format.Source(src)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// readFamilies reads the family declarations of package kernels: every
// package-level "v = newFamily(Spec[In, Out]{Name: ..., Next: ...})" with
// its accessor "func V() *Family[In, Out] { return v }".
func readFamilies(file string) (map[string]family, error) {
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	accessorOf := accessors(f)
	families := map[string]family{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, v := range vs.Values {
				call, ok := v.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 || expr(call.Fun) != "newFamily" {
					continue
				}
				name, next, err := readSpec(call)
				if err != nil {
					return nil, err
				}
				acc := accessorOf[vs.Names[i].Name]
				if acc == "" {
					return nil, fmt.Errorf("%v: family %s without an accessor (func F() *Family[In, Out] { return %s })",
						fset.Position(call.Pos()), name, vs.Names[i].Name)
				}
				families[name] = family{accessor: acc, next: next}
			}
		}
	}
	if len(families) == 0 {
		return nil, fmt.Errorf("%s declares no families", file)
	}
	return families, nil
}

// accessors returns the exported functions of f that return a variable,
// "func V() T { return v }", by the variable.
func accessors(f *ast.File) map[string]string {
	byVar := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() && len(fd.Body.List) == 1 {
			if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				byVar[expr(ret.Results[0])] = fd.Name.Name
			}
		}
	}
	return byVar
}

// readSpec reads the family name and the latency chain function ("" for
// none) of the Spec literal a newFamily call declares.
func readSpec(call *ast.CallExpr) (name, next string, err error) {
	lit, ok := call.Args[0].(*ast.CompositeLit)
	if !ok {
		return "", "", fmt.Errorf("%v: newFamily takes a Spec literal", fset.Position(call.Pos()))
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch expr(kv.Key) {
		case "Name":
			if name, err = strconv.Unquote(expr(kv.Value)); err != nil {
				return "", "", fmt.Errorf("%v: family name must be a string literal", fset.Position(kv.Pos()))
			}
		case "Next":
			next = "kernels." + expr(kv.Value)
		}
	}
	if name == "" {
		return "", "", fmt.Errorf("%v: family without a Name", fset.Position(call.Pos()))
	}
	return name, next, nil
}

// mapLoops writes the throughput loop of a map-shaped kernel base with
// element function fn from In to Out, and its latency loop along the chain
// function next unless next is "". pragma precedes each function.
func mapLoops(b *bytes.Buffer, pragma, base, fn, in, out, next string) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("%sfunc %sThroughput(dst []%s, src []%s) int {\n", pragma, base, out, in)
	w("\tdst = dst[:len(src)]\n\tfor i, x := range src {\n\t\tdst[i] = %s(x)\n\t}\n\treturn len(src)\n}\n\n", fn)
	if next != "" {
		w("%sfunc %sLatency(src []%s) %s {\n\tvar y %s\n", pragma, base, in, out, out)
		w("\tfor _, x := range src {\n\t\ty = %s(%s(x, y))\n\t}\n\treturn y\n}\n\n", fn, next)
	}
}

// emptyKernel returns package harness's empty kernel: the map loops
// around its element function empty (func(uint64) uint8), kept out of line
// like every registered kernel, which runs through a function value.
func emptyKernel() []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ../kernels/generic/internal/gen -overhead; DO NOT EDIT.\n\npackage harness\n\n")
	b.WriteString("import \"bitlab/kernels\"\n\n")
	b.WriteString("// The empty kernel's loops: those of every portable one-output kernel,\n// around the element function empty.\n\n")
	mapLoops(&b, "//go:noinline\n", "empty", "empty", "uint64", "uint8", "kernels.NextCount")
	return b.Bytes()
}

// directives are the //bitlab: lines of one function's doc comment.
type directives struct {
	id, role, source, order string
	tables                  []string // TableBytes' arguments
}

// readDirectives reads the //bitlab: lines of a function's doc comment.
func readDirectives(fd *ast.FuncDecl) (directives, error) {
	var d directives
	for _, c := range fd.Doc.List {
		text, ok := strings.CutPrefix(c.Text, "//bitlab:")
		if !ok {
			continue
		}
		verb, arg, _ := strings.Cut(text, " ")
		switch verb {
		case "kernel":
			d.id, d.role, _ = strings.Cut(arg, " ")
		case "source":
			d.source = arg
		case "tables":
			for _, v := range strings.Split(arg, ",") {
				t, err := tableArg(strings.TrimSpace(v))
				if err != nil {
					return d, err
				}
				d.tables = append(d.tables, t)
			}
		case "order":
			if arg != "reversed" && arg != "unordered" {
				return d, fmt.Errorf("//bitlab:order %s: want reversed or unordered", arg)
			}
			d.order = arg
		default:
			return d, fmt.Errorf("unknown directive //bitlab:%s", verb)
		}
	}
	return d, nil
}

// collect records the implementation a function's directives declare.
func collect(families map[string]family, impls map[string]*impl, fd *ast.FuncDecl) error {
	d, err := readDirectives(fd)
	if err != nil || d.id == "" {
		return err
	}
	fam, name, _ := strings.Cut(d.id, "/")
	if _, ok := families[fam]; !ok {
		return fmt.Errorf("unknown family %q", fam)
	}
	im := impls[d.id]
	if im == nil {
		im = &impl{family: fam, name: name}
		impls[d.id] = im
	}
	if d.source != "" {
		im.source = d.source
	}
	if doc := docLine(fd); doc != "" && (d.role == "" || d.role == "rook") {
		im.doc = doc
	}
	if d.order != "" {
		im.order = d.order
	}
	im.tables = append(im.tables, d.tables...)
	return im.setShape(fd, d.role)
}

// setShape records the loop shape that the signature of fd, the element
// function of im (or its rook or bishop function, by role), calls for,
// with the element types.
func (im *impl) setShape(fd *ast.FuncDecl, role string) error {
	params := fd.Type.Params.List
	switch {
	case role == "rook" || role == "bishop":
		// A slider of the sliding families takes the square and the
		// occupancy, one of sliding-rotated also the rotated occupancies.
		im.in, im.args = "kernels.Query", "q.Sq, q.Occ"
		if len(params) == 3 && expr(params[2].Type) == "board.Rotated" {
			im.in, im.args = "kernels.RotatedQuery", "q.Sq, q.Occ, q.Rot"
		} else if len(params) != 2 {
			return fmt.Errorf("%s: a slider takes (s board.Square, occ uint64) and optionally r board.Rotated", fd.Name.Name)
		}
		im.shape = sliderShape
		if role == "rook" {
			im.fn = fd.Name.Name
		} else {
			im.bishop = fd.Name.Name
		}
	case role != "":
		return fmt.Errorf("unknown role %q (want rook or bishop)", role)
	case len(params) == 1:
		im.fn, im.in, im.out = fd.Name.Name, expr(params[0].Type), expr(fd.Type.Results.List[0].Type)
	case len(params) == 2 && fd.Type.Results == nil:
		d, okD := params[0].Type.(*ast.StarExpr)
		x, okX := params[1].Type.(*ast.StarExpr)
		if !okD || !okX {
			return fmt.Errorf("a map element function of two arguments must take d *Out, x *In")
		}
		im.fn, im.in, im.out, im.byPointer = fd.Name.Name, expr(x.X), expr(d.X), true
	case len(params) == 2:
		star, ok := params[0].Type.(*ast.StarExpr)
		if !ok {
			return fmt.Errorf("list element function must take d *[N]Out")
		}
		arr, ok := star.X.(*ast.ArrayType)
		if !ok {
			return fmt.Errorf("list element function must take d *[N]Out")
		}
		im.fn, im.in, im.out, im.length, im.shape = fd.Name.Name, expr(params[1].Type), expr(arr.Elt), expr(arr.Len), listShape
	default:
		return fmt.Errorf("%s does not have the shape of family %s", fd.Name.Name, im.family)
	}
	return nil
}

// tableArg returns the argument of kernels.TableBytes for one table of a
// //bitlab:tables directive: the address of a variable (v or pkg.V), or an
// accessor's call (pkg.F()) as it is.
func tableArg(table string) (string, error) {
	e, err := parser.ParseExpr(table)
	if err != nil {
		return "", fmt.Errorf("//bitlab:tables %q: %v", table, err)
	}
	switch e := e.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		return "&" + table, nil
	case *ast.CallExpr:
		if _, ok := e.Fun.(*ast.SelectorExpr); ok && len(e.Args) == 0 {
			return table, nil
		}
	}
	return "", fmt.Errorf("//bitlab:tables %q: want a variable (v, pkg.V) or an accessor's call (pkg.F())", table)
}

// docLine returns the first sentence of the doc comment without the leading
// function name: "popcountSWAR counts ..." becomes "Counts ...".
func docLine(fd *ast.FuncDecl) string {
	text := strings.Join(strings.Fields(fd.Doc.Text()), " ")
	rest, ok := strings.CutPrefix(text, fd.Name.Name+" ")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i+1]
	}
	r := []rune(rest)
	r[0] = unicode.ToUpper(r[0])
	return strings.TrimSuffix(string(r), ".")
}

func expr(e ast.Expr) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, e); err != nil {
		log.Fatal(err)
	}
	return b.String()
}

// loops writes Loops, the main loop of every generated function
// (kernels.Loop, for package explain): the function's outermost loop, one
// element per iteration. A list's length and a slider's lines are the
// input's; the other element functions' branches and loops explain finds
// in the compiled code.
func loops(w func(string, ...any), families map[string]family, list []*impl) {
	w("// Loops returns the main loops of the generated kernels: each function's\n")
	w("// outermost loop, one element per iteration.\n")
	w("func Loops() []kernels.Loop {\n\treturn []kernels.Loop{\n")
	for _, im := range list {
		varies := ""
		switch im.shape {
		case listShape:
			varies = `, Varies: "writes a list as long as the input's"`
		case sliderShape:
			varies = `, Varies: "branches on the slider's lines", Path: kernels.PathQueen`
		}
		modes := []string{"Throughput"}
		if families[im.family].next != "" && !im.byPointer && im.shape != listShape {
			modes = append(modes, "Latency")
		}
		for _, mode := range modes {
			w("\t\t{Kernel: %q, Mode: kernels.%s, Symbol: %q, Elements: 1%s},\n", im.family+"/"+im.name, mode, im.base()+mode, varies)
		}
	}
	w("\t}\n}\n")
}

// exported reports whether the generated code exports the element
// functions of a family, for programs that call one element at a time: it
// does for the families of the move generator's kernels
// (factor.KernelFamilies), whose generator calls them by these names
// (naming.Exported(family/impl), with Rook and Bishop for the sliders).
func exported(family string) bool { return slices.Contains(factor.KernelFamilies(), family) }

func generate(families map[string]family, list []*impl) []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	for _, im := range list {
		switch im.shape {
		case mapShape:
			mapFunctions(&b, families[im.family], im)
		case listShape:
			listFunctions(w, im)
		case sliderShape:
			sliderFunctions(w, families[im.family], im)
		}
	}
	registrations(w, families, list)
	loops(w, families, list)
	return append(header(b.Bytes()), b.Bytes()...)
}

// exportedName returns the name of im's exported element function.
func (im *impl) exportedName() string { return naming.Exported(im.family + "/" + im.name) }

// base returns the name that im's loop functions start with.
func (im *impl) base() string { return naming.Camel(im.family + "/" + im.name) }

// mapFunctions writes the loops of a map-shaped implementation and, for an
// exported family, its exported element function.
func mapFunctions(b *bytes.Buffer, fi family, im *impl) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	if im.byPointer {
		w("func %sThroughput(dst []%s, src []%s) int {\n", im.base(), im.out, im.in)
		w("\tdst = dst[:len(src)]\n\tfor i := range src {\n\t\t%s(&dst[i], &src[i])\n\t}\n\treturn len(src)\n}\n\n", im.fn)
		return
	}
	mapLoops(b, "", im.base(), im.fn, im.in, im.out, fi.next)
	if exported(im.family) {
		w("// %s is %s's element function.\n", im.exportedName(), im.family+"/"+im.name)
		w("func %s(x %s) %s { return %s(x) }\n\n", im.exportedName(), im.in, im.out, im.fn)
	}
}

// listFunctions writes the throughput loop of a list-shaped implementation
// and, for an exported family, its exported element function.
func listFunctions(w func(string, ...any), im *impl) {
	if exported(im.family) {
		w("// %s is %s's element function.\n", im.exportedName(), im.family+"/"+im.name)
		w("func %s(d *[%s]%s, x %s) int { return %s(d, x) }\n\n", im.exportedName(), im.length, im.out, im.in, im.fn)
	}
	w("func %sThroughput(dst []%s, src []%s) int {\n\tn := 0\n", im.base(), im.out, im.in)
	w("\tfor _, x := range src {\n\t\tn += %s((*[%s]%s)(dst[n:]), x)\n\t}\n\treturn n\n}\n\n", im.fn, im.length, im.out)
}

// sliderFunctions writes the loops of a slider, which call its rook and
// bishop functions by the query's lines, and, for an exported family and
// plain queries, its exported rook and bishop functions.
func sliderFunctions(w func(string, ...any), fi family, im *impl) {
	body := fmt.Sprintf("\t\tvar a uint64\n\t\tif q.Piece&kernels.Orthogonal != 0 {\n\t\t\ta = %s(%s)\n\t\t}\n"+
		"\t\tif q.Piece&kernels.Diagonal != 0 {\n\t\t\ta |= %s(%s)\n\t\t}\n", im.fn, im.args, im.bishop, im.args)
	w("func %sThroughput(dst []uint64, src []%s) int {\n", im.base(), im.in)
	w("\tdst = dst[:len(src)]\n\tfor i, q := range src {\n%s\t\tdst[i] = a\n\t}\n\treturn len(src)\n}\n\n", body)
	if fi.next != "" {
		w("func %sLatency(src []%s) uint64 {\n\tvar y uint64\n", im.base(), im.in)
		w("\tfor _, q := range src {\n\t\tq = %s(q, y)\n%s\t\ty = a\n\t}\n\treturn y\n}\n\n", fi.next, body)
	}
	if exported(im.family) && im.in == "kernels.Query" {
		for _, f := range []struct{ kind, fn string }{{"Rook", im.fn}, {"Bishop", im.bishop}} {
			w("// %s%s returns the %s attacks of %s.\n", im.exportedName(), f.kind, strings.ToLower(f.kind), im.family+"/"+im.name)
			w("func %s%s(s board.Square, occ uint64) uint64 { return %s(s, occ) }\n\n", im.exportedName(), f.kind, f.fn)
		}
	}
}

// registrations writes the init function that registers every
// implementation with package kernels.
func registrations(w func(string, ...any), families map[string]family, list []*impl) {
	w("func init() {\n")
	for _, im := range list {
		fi := families[im.family]
		latency := "nil"
		if fi.next != "" {
			latency = im.base() + "Latency"
		}
		// Every portable kernel is a loop around its element function,
		// which a move generator calls (and the compiler may inline) once
		// per query.
		w("\tkernels.%s().Register(kernels.Info{\n\t\tImpl: %q,\n\t\tArch: kernels.Generic,\n\t\tUsage: kernels.PerQuery,\n", fi.accessor, im.name)
		w("\t\tSource: %s,\n\t\tDoc: %s,\n", strconv.Quote(im.source), strconv.Quote(im.doc))
		if im.order != "" {
			w("\t\tOrder: kernels.%s,\n", map[string]string{"reversed": "Reversed", "unordered": "Unordered"}[im.order])
		}
		if len(im.tables) > 0 {
			w("\t\tTables: kernels.TableBytes(%s),\n", strings.Join(im.tables, ", "))
		}
		w("\t}, %sThroughput, %s)\n", im.base(), latency)
	}
	w("}\n\n")
}

// header returns the generated file's header and the imports of the
// packages body refers to.
func header(body []byte) []byte {
	var head bytes.Buffer
	head.WriteString("// Code generated by go run ./internal/gen; DO NOT EDIT.\n\npackage generic\n\nimport (\n")
	for _, pkg := range []string{"board", "kernels", "magic", "qbb"} {
		if bytes.Contains(body, []byte(pkg+".")) {
			fmt.Fprintf(&head, "\t%q\n", "bitlab/"+pkg)
		}
	}
	head.WriteString(")\n\n")
	return head.Bytes()
}
