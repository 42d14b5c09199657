package copier

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"bitlab/factor"
	"bitlab/internal/naming"
)

// The generated files of package movegen: one per factor (and per
// architecture where a value's kernel is assembly, and per Go experiment
// where it needs one), and the grid's, which is built only with
// factor.GridTag.
const (
	filePrefix = "configs_"
	fileSuffix = "_gen.go"
	// GridFile holds the slider x serialization grid's copies, built with
	// factor.GridTag.
	GridFile = filePrefix + "grid" + fileSuffix
)

// buildTag returns the build constraint of a generated file: the grid's
// tag, or the architecture and the Go experiment its name carries after
// the factor's key (a file name's architecture counts only at its end,
// before _gen.go it does not).
func buildTag(name string) string {
	if name == GridFile {
		return factor.GridTag
	}
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(name, filePrefix), fileSuffix), "_")
	switch len(parts) {
	case 2:
		return parts[1]
	case 3:
		return constraint(parts[1], parts[2])
	}
	return ""
}

// constraint returns the build constraint of an architecture (with a Go
// experiment), "" for portable Go.
func constraint(arch, experiment string) string {
	if experiment != "" {
		return "goexperiment." + experiment + " && " + arch
	}
	return arch
}

// filed returns the factors a configuration's file is chosen by: those it
// changes, but the leaf strategy where another factor runs with the
// listing one.
func filed(c factor.Config) []factor.Factor {
	changed := c.Changed()
	if len(changed) > 1 && changed[len(changed)-1] == factor.Leaf {
		changed = changed[:len(changed)-1]
	}
	return changed
}

// fileOf returns the name of the generated file that registers a
// configuration: the grid's, or its factor's (the representation's for a
// slider with the representation it reads; filed), with the architecture
// of an assembly kernel or of one that needs a Go experiment, and the
// experiment.
func fileOf(c factor.Config) string {
	changed := filed(c)
	if slices.Equal(changed, []factor.Factor{factor.Slider, factor.Serialize}) {
		return GridFile
	}
	build := ""
	for _, s := range []string{c.Arch(), c.Experiment()} {
		if s != "" {
			build += "_" + s
		}
	}
	return filePrefix + changed[len(changed)-1].Key() + build + fileSuffix
}

// tags name a factor's values in the copies' names: the factor's prefix,
// then the value camel-cased (generateSerBytes, countKernelCntSwar).
var tags = map[factor.Factor]string{factor.Serialize: "Ser", factor.Count: "Cnt", factor.Moves: "Mv", factor.Order: "Ord", factor.Repr: "Repr", factor.Leaf: "Leaf"}

// representation is how the generator keeps a value of the repr factor
// (movegen's repr.go): on its own position type, which declares every
// hook of reprHooks, with the sliders that read it (and those that read
// only its plain bitboards, for the default slider).
type representation struct {
	pos, kept                string // the position type, and the function that computes its bitboards at the root
	rook, bishop             string // the reader's sliders
	unreadRook, unreadBishop string // the default slider on the type's occupancies
}

var representations = map[string]representation{
	"reversed": {"posReversed", "keptReversed", "rookReversed", "bishopReversed", "rookUnreadReversed", "bishopUnreadReversed"},
	"rotated":  {"posRotated", "keptRotated", "rookRotated", "bishopRotated", "rookUnreadRotated", "bishopUnreadRotated"},
}

// reprHooks are the methods of Position through which the generator asks
// for what a representation keeps (repr.go).
var reprHooks = []string{"occupied", "occupiedBy", "withoutKing", "toggled", "keep"}

// technique is how the copies put a value of a factor into the
// generator: the template's hooks redirected to the template's functions
// written around a kernel (lists.go, countKernel), then the calls of the
// kernel those functions stand in with, or of a hook, made calls of the
// value's kernel, one per entry point it offers; types renames the
// template's types whose methods the redirected hooks are (a batch
// technique's state).
type technique struct {
	redirects []Rewrite // Hook, To and Args; the factor is their dimension
	kernel    []entry
	types     map[string]string
}

// entry is a call that becomes a call of the value's kernel's entry point
// of one role (kernelFunc: Rook, Bishop, Append ..., "" for a kernel with
// one).
type entry struct{ call, role string }

// techniques are the factors' techniques (the representation's are its
// representation's), by factor and by the build constraint of the value's
// kernel (constraint): "" for portable Go and for every build without a
// technique of its own (the serialization's assembly kernel appends a
// target set to the move list itself, and so does its archsimd twin,
// inlined; the count's archsimd kernel counts eight sets at once).
var techniques = map[factor.Factor]map[string]technique{
	factor.Slider: {"": {kernel: []entry{{"rookAttacks", "Rook"}, {"bishopAttacks", "Bishop"}}}},
	factor.Serialize: {
		"": {
			redirects: []Rewrite{
				{Hook: "(*MoveList).add", To: "(*MoveList).addSquares"},
				{Hook: "(*MoveList).addLeaper", To: "(*MoveList).addSquares", Args: []string{"$2", "$3", "Quiet"}},
				{Hook: "(*MoveList).addPawns", To: "(*MoveList).addPawnsSquares"},
			},
			kernel: []entry{{"generic.SerializeForward", ""}},
		},
		"amd64": {
			redirects: []Rewrite{
				{Hook: "(*MoveList).add", To: "(*MoveList).addCompressed"},
				{Hook: "(*MoveList).addLeaper", To: "(*MoveList).addCompressed", Args: []string{"$2", "$3", "Quiet"}},
				{Hook: "(*MoveList).addPawns", To: "(*MoveList).addPawnsCompressed"},
			},
			kernel: []entry{{"amd64.SerializeAvx512Vbmi2Append", "Append"}, {"amd64.SerializeAvx512Vbmi2AppendPawns", "AppendPawns"}},
		},
		"goexperiment.simd && amd64": {
			redirects: []Rewrite{
				{Hook: "(*MoveList).add", To: "(*MoveList).addArchsimd"},
				{Hook: "(*MoveList).addLeaper", To: "(*MoveList).addArchsimd", Args: []string{"$2", "$3", "Quiet"}},
				{Hook: "(*MoveList).addPawns", To: "(*MoveList).addPawnsArchsimd"},
			},
			kernel: []entry{{"gosimd.SerializeArchsimdVbmi2Append", "Append"}, {"gosimd.SerializeArchsimdVbmi2AppendPawns", "AppendPawns"}},
		},
	},
	factor.Count: {
		"": {
			redirects: []Rewrite{{Hook: "count", To: "countKernel"}, {Hook: "setCounter.count", To: "setCounter.countByKernel"}},
			kernel:    []entry{{"generic.PopcountKernighan", ""}},
		},
		"goexperiment.simd && amd64": {
			redirects: []Rewrite{
				{Hook: "setCounter.count", To: "(*batchCounter).count"},
				{Hook: "setCounter.rest", To: "(*batchCounter).rest"},
				{Hook: "count", To: "countAlone"},
			},
			kernel: []entry{{"gosimd.PopcountArchsimdVpopcntSum", "Sum"}},
			types:  map[string]string{"setCounter": "batchCounter"},
		},
	},
	factor.Moves: {"": {
		redirects: []Rewrite{{Hook: "(*MoveList).addLeaper", To: "(*MoveList).addListed", Args: []string{"$1", "$2", "$3"}}},
		kernel:    []entry{{"generic.MovelistLoop", ""}},
	}},
	factor.Order: {"": {
		redirects: []Rewrite{
			{Hook: "(*MoveList).add", To: "(*MoveList).addColored", Args: []string{"us", "$0", "$1", "$2"}},
			{Hook: "(*MoveList).addLeaper", To: "(*MoveList).addColored", Args: []string{"$0", "$2", "$3", "Quiet"}},
			{Hook: "(*MoveList).addPawns", To: "(*MoveList).addPawnsColored", Args: []string{"us", "$0", "$1", "$2"}},
		},
		kernel: []entry{{"generic.SerializeColorFlipBranchy", ""}},
	}},
	// The leaf strategy calls no kernel: leaf=count's counting of the last
	// two plies is the template's (leaf.go).
	factor.Leaf: {"": {redirects: []Rewrite{{Hook: "leafParents", To: "leafParentsListed"}}}},
}

// techniqueOf returns the technique of a factor's value.
func techniqueOf(f factor.Factor, v factor.Value) (technique, bool) {
	if t, ok := techniques[f][constraint(v.Arch, v.Experiment)]; ok {
		return t, true
	}
	t, ok := techniques[f][""]
	return t, ok
}

// variant returns the rewrites of one configuration of movegen: per factor
// that differs from the default, its technique's rewrites (techniques,
// the representation's), with the value's kernel in place of the
// template's.
func variant(c factor.Config) (Variant, error) {
	n := len(factor.All())
	v := Variant{Name: c.Short(), Root: "perft", Tags: make([]string, n), Labels: make([]string, n)}
	for _, f := range c.Changed() {
		val, ok := f.Value(c.Get(f))
		if !ok {
			return v, fmt.Errorf("%s: %s has no value %q", c, f, c.Get(f))
		}
		v.Tags[f], v.Labels[f] = tags[f]+naming.Exported(val.Name), f.Key()+"="+val.Name
		switch {
		case f == factor.Slider && c.Repr != factor.Repr.Default().Name:
			// The representation's rewrites say what its slider reads.
		case f == factor.Repr:
			r, ok := representations[val.Name]
			if !ok {
				return v, fmt.Errorf("%s: the copier knows no representation %s", c, val.Name)
			}
			if err := r.rewrites(&v, c, val); err != nil {
				return v, err
			}
		default:
			t, ok := techniqueOf(f, val)
			if !ok {
				return v, fmt.Errorf("%s: the copier knows no factor %s", c, f)
			}
			dims := []int{int(f)}
			if len(t.types) > 0 && v.Types == nil {
				v.Types = map[string]string{}
			}
			maps.Copy(v.Types, t.types)
			for _, r := range t.redirects {
				r.Dims = dims
				v.Rewrites = append(v.Rewrites, r)
			}
			for _, e := range t.kernel {
				v.Rewrites = append(v.Rewrites, Rewrite{Hook: e.call, To: kernelFunc(val, e.role), Dims: dims})
			}
		}
	}
	return v, nil
}

// rewrites adds a representation's rewrites to a variant: the generator on
// the representation's position type, its hooks the type's methods, the
// sliders those that read it (the reader's, or the default's on its plain
// bitboards).
func (r representation) rewrites(v *Variant, c factor.Config, val factor.Value) error {
	if v.Types == nil {
		v.Types = map[string]string{}
	}
	v.Types["Position"] = r.pos
	both := []int{int(factor.Slider), int(factor.Repr)}
	for _, m := range reprHooks {
		v.Rewrites = append(v.Rewrites, Rewrite{Hook: "(*Position)." + m, To: "(*" + r.pos + ")." + m, Dims: []int{int(factor.Repr)}})
	}
	rook, bishop := r.unreadRook, r.unreadBishop
	switch c.Slider {
	case val.Reader:
		rook, bishop = r.rook, r.bishop
	case factor.Slider.Default().Name:
	default:
		return fmt.Errorf("%s: repr=%s is read by slider=%s, kept unread by the default slider, and has no configuration with slider=%s", c, val.Name, val.Reader, c.Slider)
	}
	v.Rewrites = append(v.Rewrites, Rewrite{Hook: "rookAttacks", To: rook, Dims: both}, Rewrite{Hook: "bishopAttacks", To: bishop, Dims: both})
	return nil
}

// kernelFunc returns the function a value's kernel offers a generator
// for one query (role: Rook, Bishop, Append ... for kernels with several),
// as the kernel's package exports it: package generic's generated entry
// points, amd64's query and move-list entry points and gosimd's
// (simd/archsimd's, GOEXPERIMENT=simd) are named by the family and the
// implementation camel-cased.
func kernelFunc(v factor.Value, role string) string {
	pkg := "generic"
	switch {
	case v.Experiment == "simd":
		pkg = "gosimd"
	case v.Arch != "":
		pkg = v.Arch
	}
	family, impl, _ := strings.Cut(v.Kernel, "/")
	return pkg + "." + naming.Exported(family) + naming.Exported(impl) + role
}

// expectedCalls returns the functions a configuration's copies must call
// for each factor in which it differs from the default: its kernel's
// entry points, or for a representation and a slider with the
// representation it reads, the representation's upkeep and sliders.
func expectedCalls(c factor.Config) map[factor.Factor][]string {
	out := map[factor.Factor][]string{}
	for _, f := range c.Changed() {
		val, _ := f.Value(c.Get(f))
		switch {
		case f == factor.Repr:
			r := representations[val.Name]
			out[f] = []string{"(*" + r.pos + ").keep", "(*" + r.pos + ").occupied"}
		case f == factor.Slider && c.Repr != factor.Repr.Default().Name:
			r := representations[c.Repr]
			out[f] = []string{r.rook, r.bishop}
		default:
			t, _ := techniqueOf(f, val)
			for _, e := range t.kernel {
				out[f] = append(out[f], kernelFunc(val, e.role))
			}
			if len(t.kernel) == 0 {
				for _, r := range t.redirects {
					out[f] = append(out[f], r.To)
				}
			}
		}
	}
	return out
}

// Generated is the output of Generate.
type Generated struct {
	Files map[string][]byte // by name
	// roots names, for each configuration, the function its file
	// registers as its perft (the root's copy).
	roots map[factor.Config]string
}

// file is one generated file being assembled.
type file struct {
	what    string // what its configurations change
	configs []factor.Config
	roots   []ast.Expr
	copies  [][]byte
	imports map[string]bool
}

// Generate copies movegen's template in dir for every configuration of
// factor.Configs (and with grid factor.Grid's) and returns the files, each
// registering its configurations' perft recursions and declaring the
// copies no earlier file declares (a function that depends on one factor
// is copied once, into that factor's file). The files are checked to
// type-check with the template for amd64, and without the amd64 files for
// arm64.
func Generate(dir string, grid bool) (*Generated, error) {
	t, err := Load(dir, amd64, nil)
	if err != nil {
		return nil, err
	}
	configs := factor.Configs()[1:]
	if grid {
		configs = append(configs, factor.Grid()...)
	}
	files := map[string]*file{}
	declared := map[string][]byte{} // copy name -> its source
	g := &Generated{Files: map[string][]byte{}, roots: map[factor.Config]string{}}
	for _, c := range configs {
		v, err := variant(c)
		if err != nil {
			return nil, err
		}
		cp, err := t.Copy(v)
		if err != nil {
			return nil, err
		}
		name := fileOf(c)
		f := files[name]
		if f == nil {
			changed := filed(c)
			f = &file{what: changed[len(changed)-1].Doc(), imports: map[string]bool{}}
			if name == GridFile {
				f.what = "both the slider and the serialization (the rest of their grid, factor.Grid)"
			}
			files[name] = f
		}
		f.configs = append(f.configs, c)
		f.roots = append(f.roots, rootExpr(c, cp.Root))
		g.roots[c] = cp.Root
		for _, fn := range cp.Funcs {
			doc := fmt.Sprintf("%s is %s with %s.", fn.Name, bareName(fn.Of), fn.Label(v))
			src, err := fn.Source(doc)
			if err != nil {
				return nil, err
			}
			if prev, ok := declared[fn.Name]; ok {
				if !bytes.Equal(prev, src) {
					return nil, fmt.Errorf("%s: two configurations copy %s differently", c.Short(), fn.Name)
				}
				continue
			}
			declared[fn.Name] = src
			f.copies = append(f.copies, src)
			for _, p := range fn.Imports() {
				f.imports[p] = true
			}
		}
	}
	for name, f := range files {
		if name == GridFile && !grid {
			continue
		}
		src, err := f.source(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		g.Files[name] = src
	}
	for _, b := range []Build{amd64Grid, {GOOS: "linux", GOARCH: "amd64", Tags: amd64Grid.Tags}, {GOOS: "linux", GOARCH: "arm64", Tags: amd64Grid.Tags}} {
		if _, err := Load(dir, b, g.Files); err != nil {
			return nil, fmt.Errorf("the generated files: %w", err)
		}
	}
	return g, nil
}

// The builds Generate copies the template for (amd64 with GOEXPERIMENT=simd,
// the build with every configuration) and checks the copies in (that one,
// amd64 without the experiment and arm64, with the grid).
var (
	amd64     = Build{GOOS: "linux", GOARCH: "amd64", Experiments: []string{"simd"}}
	amd64Grid = Build{GOOS: "linux", GOARCH: "amd64", Experiments: amd64.Experiments, Tags: []string{factor.GridTag}}
)

// bareName returns a function's name without its receiver.
func bareName(name string) string {
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[i+1:]
	}
	return name
}

// rootExpr returns what a configuration registers: its root's copy, on a
// representation's type from the position kept at the root.
func rootExpr(c factor.Config, root string) ast.Expr {
	r, ok := representations[c.Repr]
	if !ok {
		return ast.NewIdent(root)
	}
	// func(p Position, depth int) uint64 { return root(kept(p), depth) }
	return &ast.FuncLit{
		Type: &ast.FuncType{
			Params: &ast.FieldList{List: []*ast.Field{
				{Names: []*ast.Ident{ast.NewIdent("p")}, Type: ast.NewIdent("Position")},
				{Names: []*ast.Ident{ast.NewIdent("depth")}, Type: ast.NewIdent("int")},
			}},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("uint64")}}},
		},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{&ast.CallExpr{
			Fun:  ast.NewIdent(root),
			Args: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent(r.kept), Args: []ast.Expr{ast.NewIdent("p")}}, ast.NewIdent("depth")},
		}}}}},
	}
}

// source writes the file: its header, the registration of its
// configurations, its copies.
func (f *file) source(name string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/configs; DO NOT EDIT.\n\n")
	if tag := buildTag(name); tag != "" {
		b.WriteString("//go:build " + tag + "\n\n")
	}
	b.WriteString("package movegen\n\n")
	var std, mod []string
	for p := range f.imports {
		if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") || strings.HasPrefix(p, "bitlab/") {
			mod = append(mod, strconv.Quote(p))
		} else {
			std = append(std, strconv.Quote(p))
		}
	}
	slices.Sort(std)
	slices.Sort(mod)
	b.WriteString("import (\n" + strings.Join(std, "\n") + "\n\n" + strings.Join(mod, "\n") + "\n)\n\n")
	fmt.Fprintf(&b, "// Copies of the generator by internal/configs, for the configurations that\n// change %s.\n", f.what)
	// func init() { register(name, root) ... }
	body := &ast.BlockStmt{}
	for i, c := range f.configs {
		body.List = append(body.List, &ast.ExprStmt{X: &ast.CallExpr{
			Fun:  ast.NewIdent("register"),
			Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(c.String())}, f.roots[i]},
		}})
	}
	if err := printer.Fprint(&b, token.NewFileSet(), &ast.FuncDecl{Name: ast.NewIdent("init"), Type: &ast.FuncType{}, Body: body}); err != nil {
		return nil, err
	}
	b.WriteString("\n\n")
	for _, src := range f.copies {
		b.Write(src)
		b.WriteString("\n\n")
	}
	return format.Source(b.Bytes())
}
