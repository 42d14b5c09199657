// Command asm generates the Go assembly of package amd64 with avo, and
// from the declaration of every kernel of package amd64 (kernel: its
// identifier, source, doc line, the CPU features it executes, its usage,
// its tables and its forms' main loops) the kernels' registration with
// package kernels (-register) and their main loops for package explain
// (-loops). Each kernel loops over its whole batch.
//
// Its arguments are those of the go:generate line in package amd64. Every
// table offset, field offset and element size the assembly uses is read
// from package amd64's Go types (and package kernels' element types), so a
// change of layout changes the assembly with it.
//
// The GFNI and VBMI2 kernels, whose instructions avo v0.5.0 lacks, are
// hand-written in gfni_amd64.s and vbmi2_amd64.s and declared in
// handwritten.go, so every kernel of package amd64 registers the same way.
package main

import (
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"log"
	"math/bits"
	"os"
	"strings"

	"bitlab/kernels"
	"bitlab/magic"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"golang.org/x/tools/go/packages"
)

// ld loads a parameter into a new general-purpose register.
func ld(p gotypes.Component) reg.GPVirtual {
	r := GP64()
	Load(p, r)
	return r
}

func main() {
	l := loadLayout("bitlab/kernels/amd64")
	ConstraintExpr("amd64")
	scalarKernels()
	popcountScalar()
	serializeLoops(l)
	bitReverseSWAR()
	hyperbolaBswap(l)
	slidingPEXT(l)
	slidingMagic(l, false)
	slidingMagic(l, true)
	quad2hexSSE2(l)
	quad2boardSSE2(l)
	quad2hexAVX2(l)
	quadFillAVX2(l)
	popcountAVX2()
	popcountAVX512s()
	loopsOut := flag.String("loops", "", "also write the kernels' main loops (kernels.Loop) as Go to this file")
	registerOut := flag.String("register", "", "also write the kernels' registration with package kernels as Go to this file")
	Generate()
	declared = append(declared, handwritten()...)
	if *loopsOut != "" {
		writeLoops(l, *loopsOut, flag.Lookup("out").Value.String())
	}
	if *registerOut != "" {
		writeRegistrations(l, *registerOut)
	}
}

// layout gives the memory layout of Go types as the assembly sees them:
// sizes and offsets for amd64 (avo's gotypes.Sizes, the gc compiler's),
// fields and elements through avo's gotypes components; and package
// kernels' families and constants, for the registration.
type layout struct {
	pkg, kernels *types.Package
	families     map[string]family // by name
}

// loadLayout type-checks the package at path and package kernels for
// amd64. Type errors are tolerated (a registration may name a kernel not
// generated yet); a type the generator asks for must exist.
func loadLayout(path string) layout {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports,
		Env:  append(os.Environ(), "GOARCH=amd64"),
	}
	const kernelsPath = "bitlab/kernels"
	pkgs, err := packages.Load(cfg, path, kernelsPath)
	if err != nil || len(pkgs) != 2 {
		log.Fatalf("loading %s and %s: %v", path, kernelsPath, err)
	}
	var l layout
	for _, p := range pkgs {
		if p.Types == nil {
			log.Fatalf("loading %s: %v", p.PkgPath, p.Errors)
		}
		switch p.PkgPath {
		case path:
			l.pkg = p.Types
		case kernelsPath:
			l.kernels, l.families = p.Types, readFamilies(p)
		}
	}
	return l
}

// typ returns the named type: a name of the package, or pkg.Name of a
// package it imports.
func (l layout) typ(name string) types.Type {
	scope := l.pkg.Scope()
	if pkg, n, ok := strings.Cut(name, "."); ok {
		scope = nil
		for _, imp := range l.pkg.Imports() {
			if imp.Name() == pkg {
				scope = imp.Scope()
			}
		}
		name = n
	}
	if scope != nil {
		if obj, ok := scope.Lookup(name).(*types.TypeName); ok {
			return obj.Type()
		}
	}
	tv, err := types.Eval(token.NewFileSet(), l.pkg, token.NoPos, name)
	if err != nil || !tv.IsType() {
		log.Fatalf("no type %s in %s", name, l.pkg.Path())
	}
	return tv.Type
}

// size returns the size in bytes of the named type.
func (l layout) size(name string) int { return sizeof(l.typ(name)) }

// sizeof returns the size in bytes of t on amd64.
func sizeof(t types.Type) int { return int(gotypes.Sizes.Sizeof(t)) }

// family returns the family of kernel k.
func (l layout) family(k *kernel) family {
	name, _, _ := strings.Cut(k.id, "/")
	f, ok := l.families[name]
	if !ok {
		log.Fatalf("%s: package kernels has no family %q", k.id, name)
	}
	return f
}

// table returns the name of the type of kernel k's first table, a
// variable of package amd64: the table a slider's t parameter points to.
func (l layout) table(k *kernel) string {
	if len(k.tables) > 0 {
		if v, ok := l.pkg.Scope().Lookup(k.tables[0]).(*types.Var); ok {
			return types.TypeString(v.Type(), types.RelativeTo(l.pkg))
		}
	}
	log.Fatalf("%s: its first table is no variable of %s", k.id, l.pkg.Path())
	return ""
}

// at returns the value of the named type at the address in base.
func (l layout) at(name string, base reg.Register) value {
	return value{l.typ(name), Mem{Base: base}}
}

// A value is a Go value of type typ at address addr: avo's
// gotypes.Component, which resolves only unnamed basic types, for any
// type.
type value struct {
	typ  types.Type
	addr Mem
}

// Field returns the named field of a struct value.
func (v value) Field(name string) value {
	s, ok := v.typ.Underlying().(*types.Struct)
	if !ok {
		log.Fatalf("%s is not a struct", v.typ)
	}
	fields := make([]*types.Var, s.NumFields())
	for i := range fields {
		fields[i] = s.Field(i)
	}
	offsets := gotypes.Sizes.Offsetsof(fields)
	for i, f := range fields {
		if f.Name() == name {
			return value{f.Type(), v.addr.Offset(int(offsets[i]))}
		}
	}
	log.Fatalf("%s has no field %s", v.typ, name)
	return value{}
}

// Index returns element i of an array value.
func (v value) Index(i int) value {
	a, ok := v.typ.Underlying().(*types.Array)
	if !ok || int64(i) >= a.Len() {
		log.Fatalf("%s has no element %d", v.typ, i)
	}
	return value{a.Elem(), v.addr.Offset(i * int(gotypes.Sizes.Sizeof(a.Elem())))}
}

// addr returns the memory operand of a value.
func addr(v value) Mem { return v.addr }

// disp returns the offset of a value from its base.
func disp(v value) int { return v.addr.Disp }

// elem returns the operand of element index of array a: its first
// element's address, index scaled by the element size, which must be 1, 2,
// 4 or 8.
func elem(a value, index reg.Register) Mem {
	m := addr(a.Index(0))
	m.Index, m.Scale = index, uint8(disp(a.Index(1))-m.Disp)
	if m.Scale&(m.Scale-1) != 0 || m.Scale > 8 {
		log.Fatalf("element size %d is no index scale", m.Scale)
	}
	return m
}

// log2 returns the base-2 logarithm of n, a power of two.
func log2(n int) int {
	if n <= 0 || n&(n-1) != 0 {
		log.Fatalf("%d is not a power of two", n)
	}
	return bits.TrailingZeros(uint(n))
}

// A mapper computes one output register from one input register, which it
// may clobber.
type mapper func(x reg.GPVirtual) reg.GPVirtual

// scalar describes a one-output kernel over bitboards.
type scalar struct {
	name     string  // the prefix of its functions' names
	k        *kernel // its declaration
	doc      string  // what its functions run, for their doc comments
	outBytes int     // 1 (uint8, board.Square) or 8 (uint64)
	emit     mapper
}

// The sources several kernels cite.
const (
	intel      = "Intel 64 and IA-32 Architectures Software Developer's Manual"
	serial     = "[cpw-serialization], Intrinsic Version (_BitScanForward64, _bittestandreset64)"
	quadSource = "[cpw-quad], SSE2 Conversions"
)

func const64(v uint64) reg.GPVirtual {
	r := GP64()
	MOVQ(U64(v), r)
	return r
}

// emptyIs64 wraps a bit scan that sets the zero flag for the empty set:
// a CMOV replaces its undefined result by 64.
func emptyIs64(scan func(x, r reg.Register)) mapper {
	return func(x reg.GPVirtual) reg.GPVirtual {
		r := GP64()
		none := const64(64)
		scan(x, r)
		CMOVQEQ(none, r)
		return r
	}
}

// scalars returns the one-output kernels over bitboards.
func scalars() []scalar {
	return []scalar{
		{"popcnt", &kernel{id: "popcount/popcnt", source: intel + ": POPCNT, the hardware form of [heinz-darkthought]'s population count",
			doc: "Counts with one POPCNT per bitboard, four bitboards per loop iteration", features: []kernels.Feature{kernels.POPCNT}, usage: kernels.LoopOnly},
			"POPCNT ([heinz-darkthought]'s population count in one instruction)", 1, func(x reg.GPVirtual) reg.GPVirtual {
				POPCNTQ(x, x) // same source and destination: no false dependency
				return x
			}},
		{"bsf", &kernel{id: "bitscan-forward/bsf", source: serial + "; BSF", doc: "Scans with BSF, a CMOV giving 64 for the empty set", usage: kernels.LoopOnly},
			"BSF, with CMOV supplying 64 for the empty set (BSF leaves its destination undefined)", 1, emptyIs64(func(x, r reg.Register) { BSFQ(x, r) })},
		{"tzcnt", &kernel{id: "bitscan-forward/tzcnt", source: intel + ": TZCNT (BMI1)", doc: "Scans with TZCNT, which gives 64 for the empty set itself",
			features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"TZCNT (BMI1), which returns 64 for the empty set by itself", 1, func(x reg.GPVirtual) reg.GPVirtual {
				TZCNTQ(x, x)
				return x
			}},
		{"bsr", &kernel{id: "bitscan-reverse/bsr", source: "[cpw-serialization], Scanning Reverse; BSR", doc: "Scans with BSR, a CMOV giving 64 for the empty set", usage: kernels.LoopOnly},
			"BSR, with CMOV supplying 64 for the empty set", 1, emptyIs64(func(x, r reg.Register) { BSRQ(x, r) })},
		{"lzcnt", &kernel{id: "bitscan-reverse/lzcnt", source: intel + ": LZCNT (ABM)", doc: "Scans as 63 - LZCNT, a CMOV giving 64 for the empty set",
			features: []kernels.Feature{kernels.LZCNT}, usage: kernels.LoopOnly},
			"63 - LZCNT (LZCNT), with CMOV supplying 64 for the empty set", 1, func(x reg.GPVirtual) reg.GPVirtual {
				r := GP64()
				none := const64(64)
				LZCNTQ(x, r)
				XORQ(U8(63), r)
				TESTQ(x, x)
				CMOVQEQ(none, r)
				return r
			}},
		{"btr", &kernel{id: "ls1b-reset/btr", source: serial, doc: "Finds the least significant one-bit with BSF and resets it with BTR", usage: kernels.LoopOnly},
			"BSF then BTR: reset the found bit ([cpw-serialization]'s bittestandreset)", 8, func(x reg.GPVirtual) reg.GPVirtual {
				i := GP64()
				BSFQ(x, i) // undefined for x = 0, where BTR of any bit leaves 0
				BTRQ(i, x)
				return x
			}},
		{"blsr", &kernel{id: "ls1b-reset/blsr", source: intel + ": BLSR (BMI1)", doc: "Resets the least significant one-bit with one BLSR",
			features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"BLSR (BMI1): x & (x - 1) in one instruction", 8, func(x reg.GPVirtual) reg.GPVirtual {
				BLSRQ(x, x)
				return x
			}},
	}
}

// scalarKernels emits the throughput (unrolled by 4) and latency forms of
// every scalar kernel.
func scalarKernels() {
	for _, s := range scalars() {
		out := "byte"
		if s.outBytes == 8 {
			out = "uint64"
		}
		emit := func() mapper { return s.emit }
		mapLoop(s.name+"Throughput", s.k, fmt.Sprintf("runs %s over every element of src into dst.", s.doc), out, s.outBytes, loaded(emit))
		chainLoop(s.name+"Latency", s.k, fmt.Sprintf("runs %s along the dependent chain x[i] ^ y.", s.doc), out, emit)
	}
}

// popcountScalar emits assembly twins of two portable population counts,
// so that the study separates a technique's cost from the Go compiler's
// code for it: the constants and the table address are set up once per
// call, outside the loop. The byte-count table is the Go variable count8
// of package amd64 (tables_amd64.go), which the assembly names and the
// declaration lists (kernels' TestTablesDeclared checks the two agree).
func popcountScalar() {
	counts := NewDataAddr(Symbol{Name: "·count8"}, 0)
	for _, k := range []struct {
		name  string
		k     *kernel
		doc   string        // what it counts with, for its functions' doc comments
		setup func() mapper // the latency chain's, and the throughput loop's unless read is set
		read  func() reader
	}{
		{"popcountSWAR", &kernel{id: "popcount/swar-asm", source: "[heinz-darkthought], Bitboard Infrastructure: non_iterative_popcount, in assembly",
			doc:   "Counts with popcount/swar's SWAR sums and 32-bit fold in assembly, the masks loaded once per batch: the technique without the Go compiler's code",
			usage: kernels.LoopOnly},
			"popcount/swar's SWAR sums, folding the 64-bit word to 32 bits after the 2-bit step, instruction for instruction", swarCount, nil},
		{"popcountTable8", &kernel{id: "popcount/table8-asm", source: "[heinz-darkthought]: the lookup-table method it weighs against SWAR, in assembly",
			doc:   "Adds eight lookups of a 256-entry byte-count table in assembly: in the throughput loop the low four bytes shifted out of a register and the high four loaded one by one, in the latency chain all eight shifted out; the technique without the Go compiler's code",
			usage: kernels.LoopOnly, tables: []string{"count8"}},
			"eight lookups of a 256-entry byte-count table", table8Count(counts), table8Read(counts)},
	} {
		read := k.read
		if read == nil {
			read = loaded(k.setup)
		}
		mapLoop(k.name+"Throughput", k.k, fmt.Sprintf("counts with %s, over every element of src into dst.", k.doc), "byte", 1, read)
		chainLoop(k.name+"Latency", k.k, fmt.Sprintf("counts with %s, along the dependent chain x[i] ^ y.", k.doc), "byte", k.setup)
	}
}

// swarCount loads popcount/swar's two 64-bit masks and returns its steps:
// a := b - ((b >> 1) & m1); c := (a & m2) + ((a >> 2) & m2); the 32-bit
// fold n := uint32(c) + uint32(c>>32); then nibble, 16-bit and byte sums.
func swarCount() mapper {
	m1, m2 := const64(0x5555555555555555), const64(0x3333333333333333)
	return func(b reg.GPVirtual) reg.GPVirtual {
		t := GP64()
		MOVQ(b, t)
		SHRQ(U8(1), t)
		ANDQ(m1, t)
		SUBQ(t, b) // a
		MOVQ(b, t)
		SHRQ(U8(2), t)
		ANDQ(m2, t)
		ANDQ(m2, b)
		ADDQ(t, b) // c
		MOVQ(b, t)
		SHRQ(U8(32), t)
		ADDL(t.As32(), b.As32()) // n, zero-extended
		MOVL(b.As32(), t.As32())
		SHRL(U8(4), t.As32())
		ANDL(U32(0x0F0F0F0F), t.As32())
		ANDL(U32(0x0F0F0F0F), b.As32())
		ADDL(t.As32(), b.As32())
		MOVL(b.As32(), t.As32())
		SHRL(U8(16), t.As32())
		MOVWLZX(b.As16(), b.As32())
		ADDL(t.As32(), b.As32())
		MOVL(b.As32(), t.As32())
		SHRL(U8(8), t.As32())
		MOVBLZX(b.As8(), b.As32())
		ADDL(t.As32(), b.As32())
		return b
	}
}

// table8Count returns the setup of the eight lookups in the 256-entry
// byte-count table counts for a bitboard in a register (the latency
// chain's): every byte shifted out of it (table8Sum).
func table8Count(counts Mem) func() mapper {
	return func() mapper {
		tb := GP64()
		LEAQ(counts, tb)
		return func(b reg.GPVirtual) reg.GPVirtual { return table8Sum(tb, b, Mem{}, 0) }
	}
}

// memBytes is how many of a bitboard's bytes, the high ones, table8Read
// loads one by one from memory; the others it takes from a register.
const memBytes = 4

// table8Read returns the throughput form of the eight lookups, which reads
// the bitboard in memory: its low 8 - memBytes bytes from a register, the
// others by a byte load each, as sse-popcount's lookup-8 takes every byte
// ([mula-popcount]). A byte load costs a load port, a shift an ALU port; on
// Zen 5, trying memBytes from 0 to 8 (kernels re-generated, one runbench
// case each), half and half balanced them best: 4.24 cycles per bitboard,
// against 4.36 with three bytes loaded, 4.69 with five, 5.59 with all
// eight and 5.29 with none.
func table8Read(counts Mem) func() reader {
	return func() reader {
		tb := GP64()
		LEAQ(counts, tb)
		return func(at Mem) reg.GPVirtual {
			b := GP64()
			MOVQ(at, b)
			return table8Sum(tb, b, at, memBytes)
		}
	}
}

// table8Sum emits the eight lookups of bitboard b in the byte-count table
// at tb, summed: the low byte's count, then each next byte's added, the
// high fromMem bytes loaded one by one from the bitboard's copy at at,
// the others shifted down out of b (the top one used as the index as it
// stands, with nothing above it).
func table8Sum(tb, b reg.GPVirtual, at Mem, fromMem int) reg.GPVirtual {
	n, i := GP64(), GP64()
	for k := range 8 {
		idx := i
		switch {
		case k >= 8-fromMem:
			byteK := at
			byteK.Disp += k
			MOVBQZX(byteK, i)
		case k == 7:
			SHRQ(U8(8), b)
			idx = b
		default:
			if k > 0 {
				SHRQ(U8(8), b)
			}
			MOVBQZX(b.As8(), i)
		}
		if k == 0 {
			MOVBQZX(Mem{Base: tb, Index: idx, Scale: 1}, n)
		} else {
			ADDB(Mem{Base: tb, Index: idx, Scale: 1}, n.As8())
		}
	}
	return n
}

// reader computes one output from the bitboard at a memory operand.
type reader func(at Mem) reg.GPVirtual

// loaded makes a reader of a mapper: the bitboard loaded into a register.
func loaded(setup func() mapper) func() reader {
	return func() reader {
		emit := setup()
		return func(at Mem) reg.GPVirtual {
			x := GP64()
			MOVQ(at, x)
			return emit(x)
		}
	}
}

// mapLoop emits k's throughput form, func(dst []out, src []uint64) int,
// applying the reader setup returns (after the parameters are loaded,
// before the loop) to every element, four at a time, then one at a time.
func mapLoop(name string, k *kernel, doc, out string, outBytes int, setup func() reader) {
	text(name, fmt.Sprintf("func(dst []%s, src []uint64) int", out))
	Doc(name + " " + doc)
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	emit := setup()
	i := GP64()
	XORQ(i, i)
	n4 := GP64()
	MOVQ(n, n4)
	ANDQ(I8(-4), n4)
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Four", Elements: 4})
	CMPQ(i, n4)
	JGE(LabelRef(name + "One"))
	for k := range 4 {
		store(emit(Mem{Base: src, Index: i, Scale: 8, Disp: 8 * k}), dst, i, k, outBytes)
	}
	ADDQ(U8(4), i)
	JMP(LabelRef(name + "Four"))
	Label(name + "One")
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	store(emit(Mem{Base: src, Index: i, Scale: 8}), dst, i, 0, outBytes)
	INCQ(i)
	JMP(LabelRef(name + "One"))
	Label(name + "Done")
	RET()
}

func load(src, i reg.GPVirtual, k int) reg.GPVirtual {
	x := GP64()
	MOVQ(Mem{Base: src, Index: i, Scale: 8, Disp: 8 * k}, x)
	return x
}

func store(r, dst, i reg.GPVirtual, k, outBytes int) {
	if outBytes == 1 {
		MOVB(r.As8(), Mem{Base: dst, Index: i, Scale: 1, Disp: k})
	} else {
		MOVQ(r, Mem{Base: dst, Index: i, Scale: 8, Disp: 8 * k})
	}
}

// chainLoop emits k's latency form, func(src []uint64) out: y = emit(x ^
// y) along src, the chain of [kernels.NextCount], [kernels.NextSquare] and
// [kernels.NextBitboard], with the mapper setup returns before the loop.
func chainLoop(name string, k *kernel, doc, out string, setup func() mapper) {
	text(name, fmt.Sprintf("func(src []uint64) %s", out))
	Doc(name + " " + doc)
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	emit := setup()
	y := GP64()
	XORQ(y, y)
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Latency, Symbol: name, Label: name + "Loop", Elements: 1})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	XORQ(y, x)
	MOVQ(emit(x), y)
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Done")
	if out == "byte" {
		Store(y.As8(), ReturnIndex(0))
	} else {
		Store(y, ReturnIndex(0))
	}
	RET()
}

// serializeLoops emits the source's intrinsic loop (BSF, BTR) and its BMI1
// form (TZCNT, BLSR) over a batch of bitboards, simdjson's unrolled
// decoder, and the full seed sequence, with the from-square aspect and
// 16-bit moves, for move lists.
func serializeLoops(l layout) {
	for _, v := range []struct {
		name string
		k    *kernel
		doc  string // the rest of its function's doc comment
		bmi  bool
	}{
		{"serializeBsfBtr", &kernel{id: "serialize/bsf-btr", source: serial + "; the std/stosw store is a MOVB and an INCQ, since Go's ABI requires the direction flag clear",
			doc: "Loops BSF, BTR, store a byte, BSF, JNZ, the source's loop shape", usage: kernels.LoopOnly},
			"is [cpw-serialization]'s Intrinsic Version loop: bsf; jz over; loop: btr; store; bsf; jnz loop.", false},
		{"serializeTzcntBlsr", &kernel{id: "serialize/tzcnt-blsr", source: intel + ": TZCNT and BLSR (BMI1); Lemire's basic bitset decoder",
			doc: "Loops TZCNT, store, BLSR, whose zero flag ends the loop", features: []kernels.Feature{kernels.BMI1}, usage: kernels.LoopOnly},
			"scans with TZCNT and clears with BLSR, whose zero flag ends the loop.", true},
	} {
		serializeBitLoop(v.name, v.k, v.doc, v.bmi)
	}
	serializeUnrolled()
	movelistBsfBtr(l)
}

// serializeBitLoop emits a serialization of a batch of bitboards into
// square bytes, one set bit per iteration: BSF and BTR, or with bmi TZCNT
// and BLSR. doc is the rest of its doc comment.
func serializeBitLoop(name string, k *kernel, doc string, bmi bool) {
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " " + doc)
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	out := GP64()
	MOVQ(dst, out)
	bitboards(name, k, src, n, func(x reg.GPVirtual, next LabelRef) {
		a := GP64()
		if !bmi {
			BSFQ(x, a)
			JZ(next)
			Label(name + "Bit")
			BTRQ(a, x)
			MOVB(a.As8(), Mem{Base: out})
			INCQ(out)
			BSFQ(x, a)
			JNZ(LabelRef(name + "Bit"))
			return
		}
		TESTQ(x, x)
		JZ(next)
		Label(name + "Bit")
		TZCNTQ(x, a)
		MOVB(a.As8(), Mem{Base: out})
		INCQ(out)
		BLSRQ(x, x)
		JNZ(LabelRef(name + "Bit"))
	})
	SUBQ(dst, out)
	Store(out, ReturnIndex(0))
	RET()
}

// movelistBsfBtr emits the source's whole sequence, for move lists: the
// from-square aspect combined with each to-square, stored as a 16-bit
// move.
func movelistBsfBtr(l layout) {
	name := "movelistBsfBtr"
	movelist := &kernel{id: "movelist/bsf-btr", source: serial + ": the source's whole assembly loop, from-square aspect and 16-bit store",
		doc: "Loops BSF, BTR, OR of the from-square aspect, 16-bit store, BSF, JNZ", usage: kernels.LoopOnly}
	text(name, "func(dst *uint16, src *uint64, n int) int")
	Doc(name + " is [cpw-serialization]'s Intrinsic Version in full: bsf; jz over; loop: btr; or eax, ecx (the from-square aspect); store the 16-bit move; bsf; jnz loop. src points to kernels.Targets elements.")
	dst := ld(Param("dst"))
	src := ld(Param("src"))
	n := ld(Param("n"))
	out := GP64()
	MOVQ(dst, out)
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(movelist, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Target", Elements: 1, Varies: perBit})
	x, from, a := GP64(), GP64(), GP64()
	tg := l.at("kernels.Targets", src)
	MOVQ(addr(tg.Field("BB")), x)
	MOVBQZX(addr(tg.Field("From")), from)
	SHLQ(U8(6), from)
	BSFQ(x, a)
	JZ(LabelRef(name + "Next"))
	Label(name + "Bit")
	BTRQ(a, x)
	ORQ(from, a)
	MOVW(a.As16(), Mem{Base: out})
	ADDQ(U8(2), out)
	BSFQ(x, a)
	JNZ(LabelRef(name + "Bit"))
	Label(name + "Next")
	ADDQ(U8(l.size("kernels.Targets")), src)
	DECQ(n)
	JNZ(LabelRef(name + "Target"))
	Label(name + "Done")
	SUBQ(dst, out)
	SHRQ(U8(1), out)
	Store(out, ReturnIndex(0))
	RET()
}

// serializeUnrolled emits simdjson's bit-set decoder: per bitboard, eight
// TZCNT-store-BLSR steps with no test between them, eight more if POPCNT
// says there are more than eight one-bits, then a loop for the rest; the
// output advances by the count. The steps past the count store 64 or
// later indices inside the bitboard's 64 bytes of dst, scratch by the
// family's contract (dst holds 64 bytes per bitboard, and no bitboard's
// list starts later than 64 bytes per bitboard before it).
func serializeUnrolled() {
	name := "serializeTzcntUnrolled"
	unrolled := &kernel{id: "serialize/tzcnt-unrolled", source: "[lemire-simdjson] simdjson's bit-set decoder (flatten_bits), in assembly; TZCNT and BLSR (BMI1)",
		doc:      "Writes eight indices per bitboard with no test between them (TZCNT, store, BLSR), eight more above a count of eight, loops for the rest, advances by POPCNT",
		features: []kernels.Feature{kernels.BMI1, kernels.POPCNT}, usage: kernels.LoopOnly}
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " writes eight indices unconditionally (TZCNT, store, BLSR), eight more above a count of eight, then loops; POPCNT advances the output.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	out := GP64()
	MOVQ(dst, out)
	bitboards(name, unrolled, src, n, func(x reg.GPVirtual, next LabelRef) {
		c, a := GP64(), GP64()
		POPCNTQ(x, c)
		eight := func(from int) {
			for k := from; k < from+8; k++ {
				TZCNTQ(x, a)
				MOVB(a.As8(), Mem{Base: out, Disp: k})
				BLSRQ(x, x)
			}
		}
		eight(0)
		CMPQ(c, U8(8))
		JBE(LabelRef(name + "Advance"))
		eight(8)
		CMPQ(c, U8(16))
		JBE(LabelRef(name + "Advance"))
		p := GP64()
		LEAQ(Mem{Base: out, Disp: 16}, p)
		Label(name + "Rest")
		TZCNTQ(x, a)
		MOVB(a.As8(), Mem{Base: p})
		INCQ(p)
		BLSRQ(x, x)
		JNZ(LabelRef(name + "Rest"))
		Label(name + "Advance")
		ADDQ(c, out)
	})
	SUBQ(dst, out)
	Store(out, ReturnIndex(0))
	RET()
}

// perBit is why a serialization loop's cost varies with its input.
const perBit = "an inner loop runs once per one-bit"

// bitboards emits k's loop over n bitboards at src, calling body with each
// loaded bitboard and the label of the next one.
func bitboards(name string, k *kernel, src, n reg.GPVirtual, body func(x reg.GPVirtual, next LabelRef)) {
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Word", Elements: 1, Varies: perBit})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	body(x, LabelRef(name+"Next"))
	Label(name + "Next")
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef(name + "Word"))
	Label(name + "Done")
}

// bitReverseSWAR emits [mack-hyperbola]'s reversal: three SWAR swaps, then BSWAP.
func bitReverseSWAR() {
	var k [3]reg.GPVirtual
	emit := func(x reg.GPVirtual) reg.GPVirtual {
		for i, sh := range []uint64{1, 2, 4} {
			t := GP64()
			MOVQ(x, t)
			SHRQ(U8(sh), t)
			ANDQ(k[i], t)
			ANDQ(k[i], x)
			SHLQ(U8(sh), x)
			ORQ(t, x)
		}
		BSWAPQ(x)
		return x
	}
	masks := func() {
		for i, m := range []uint64{0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F} {
			k[i] = const64(m)
		}
	}
	swar := &kernel{id: "bitreverse/bswap-swar", source: "[mack-hyperbola], Ryan Mack, The Hyperbola Project: How can the reverse bitboards be converted back to normal?",
		doc: "Swaps bits, pairs and nibbles with SWAR masks, then BSWAP", usage: kernels.LoopOnly}
	// The masks stay in registers across the loop: emit them first.
	text("bitReverseThroughput", "func(dst []uint64, src []uint64) int")
	Doc("bitReverseThroughput reverses every bitboard with [mack-hyperbola]'s steps: swap bits, pairs, nibbles (masks 0x5555..., 0x3333..., 0x0F0F...), then BSWAP for the bytes.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	masks()
	i := GP64()
	XORQ(i, i)
	CMPQ(i, n)
	JGE(LabelRef("bitReverseDone"))
	mainLoop(swar, kernels.Loop{Mode: kernels.Throughput, Symbol: "bitReverseThroughput", Label: "bitReverseLoop", Elements: 1})
	store(emit(load(src, i, 0)), dst, i, 0, 8)
	INCQ(i)
	CMPQ(i, n)
	JL(LabelRef("bitReverseLoop"))
	Label("bitReverseDone")
	RET()

	text("bitReverseLatency", "func(src []uint64) uint64")
	Doc("bitReverseLatency reverses along the dependent chain x[i] ^ y.")
	src = ld(Param("src").Base())
	n = ld(Param("src").Len())
	masks()
	y := GP64()
	XORQ(y, y)
	TESTQ(n, n)
	JZ(LabelRef("bitReverseChainDone"))
	mainLoop(swar, kernels.Loop{Mode: kernels.Latency, Symbol: "bitReverseLatency", Label: "bitReverseChain", Elements: 1})
	x := GP64()
	MOVQ(Mem{Base: src}, x)
	XORQ(y, x)
	MOVQ(emit(x), y)
	ADDQ(U8(8), src)
	DECQ(n)
	JNZ(LabelRef("bitReverseChain"))
	Label("bitReverseChainDone")
	Store(y, ReturnIndex(0))
	RET()
}

// sliderLoops emits the throughput and latency forms of a slider kernel
// over [kernels.Query]; attacks computes the attack set of the query q with
// occupancy occ and table pointer t in function fn (a prefix for labels),
// calling step between its instructions. With pairs the throughput loop
// answers two queries per iteration, their instructions interleaved step
// by step (interleave), and a query at a time for the last; attacks must
// then define no labels. Measured on Zen 5 on Gigantua's queries, pairs
// made PEXT 11% and the magics 7% faster than a query per iteration;
// two queries one after the other, not interleaved, gained 4% (fancy).
// On Zen 4, with the entries holding their sets' addresses, a query per
// iteration was 4% (PEXT) to 10% (fancy) slower against Gigantua's
// program than pairs. varies says whether and why the cost of the
// forms' main loops varies with the query ([kernels.Loop]'s Varies and
// Path).
func sliderLoops(l layout, k *kernel, varies kernels.Loop, name, doc string, pairs bool, attacks sliderAttacks) {
	for _, latency := range []bool{false, true} {
		sliderForm(l, k, varies, name, doc, pairs && !latency, latency, attacks)
	}
}

// sliderAttacks emits the instructions of one query's attack set for
// sliderLoops: see there.
type sliderAttacks func(fn string, q value, occ, t reg.GPVirtual, step func()) reg.GPVirtual

// sliderForm emits one form of sliderLoops' kernel: its throughput loop,
// in pairs of queries if pairs, or with latency its latency chain.
func sliderForm(l layout, k *kernel, varies kernels.Loop, name, doc string, pairs, latency bool, attacks sliderAttacks) {
	// t points to package amd64's table struct of the kernel.
	fn, sig := name+"Throughput", "func(dst *uint64, src *uint64, n int, t *byte) int"
	if latency {
		fn, sig = name+"Latency", "func(src *uint64, n int, t *byte) uint64"
	}
	text(fn, sig)
	Doc(fn+" "+doc, "src points to kernels.Query elements; t to the "+l.table(k)+".")
	var dst reg.GPVirtual
	if !latency {
		dst = ld(Param("dst"))
	}
	src := ld(Param("src"))
	n := ld(Param("n"))
	t := ld(Param("t"))
	if !latency {
		Store(n, ReturnIndex(0))
	}
	size := l.size("kernels.Query")
	loop := varies
	loop.Mode, loop.Symbol, loop.Label, loop.Elements = kernels.Throughput, fn, fn+"Query", 1
	if latency {
		loop.Mode = kernels.Latency
	}
	if pairs {
		sliderPairs(l, k, loop, dst, src, n, t, attacks)
	}
	var y reg.GPVirtual // the latency chain's last attack set
	if latency {
		y = GP64()
		XORQ(y, y)
	}
	TESTQ(n, n)
	JZ(LabelRef(fn + "Done"))
	if pairs {
		Label(loop.Label) // the tail's one query
	} else {
		mainLoop(k, loop)
	}
	q := l.at("kernels.Query", src)
	occ := GP64()
	MOVQ(addr(q.Field("Occ")), occ)
	if latency {
		XORQ(y, occ) // kernels.NextQuery
	}
	a := attacks(fn, q, occ, t, func() {})
	if latency {
		MOVQ(a, y)
	} else {
		MOVQ(a, Mem{Base: dst})
		ADDQ(U8(8), dst)
	}
	ADDQ(U8(size), src)
	DECQ(n)
	JNZ(LabelRef(fn + "Query"))
	Label(fn + "Done")
	if latency {
		Store(y, ReturnIndex(0))
	}
	RET()
}

// sliderPairs emits the pair loop of a throughput form (loop, function
// loop.Symbol): two queries per iteration, their instructions interleaved.
// n counts the queries after this pair: the loop ends when it borrows, and
// the tail gets back the one query left, if any.
func sliderPairs(l layout, k *kernel, loop kernels.Loop, dst, src, n, t reg.GPVirtual, attacks sliderAttacks) {
	fn, size := loop.Symbol, l.size("kernels.Query")
	SUBQ(U8(2), n)
	JB(LabelRef(fn + "Tail"))
	pair := loop
	pair.Label, pair.Elements = fn+"Pair", 2
	mainLoop(k, pair)
	var bodies []func(step func())
	for k := range 2 {
		bodies = append(bodies, func(step func()) {
			q := l.at("kernels.Query", src)
			q.addr.Disp += k * size
			occ := GP64()
			MOVQ(addr(q.Field("Occ")), occ)
			step()
			MOVQ(attacks(fn, q, occ, t, step), Mem{Base: dst, Disp: 8 * k})
		})
	}
	interleave(bodies...)
	ADDQ(U8(16), dst)
	ADDQ(U8(2*size), src)
	SUBQ(U8(2), n)
	JAE(LabelRef(fn + "Pair"))
	Label(fn + "Tail")
	ADDQ(U8(2), n)
}

// interleave emits the bodies' instructions in turns: each body runs until
// it calls its step, then the next one does, until all have returned. Each
// body runs as a coroutine (iter.Pull), so a body is ordinary generator
// code with step calls between its instructions.
func interleave(bodies ...func(step func())) {
	var nexts []func() (struct{}, bool)
	for _, body := range bodies {
		next, stop := iter.Pull(func(yield func(struct{}) bool) {
			body(func() { yield(struct{}{}) })
		})
		defer stop()
		nexts = append(nexts, next)
	}
	for live := len(nexts); live > 0; {
		live = 0
		for i, next := range nexts {
			if next == nil {
				continue
			}
			if _, ok := next(); ok {
				live++
			} else {
				nexts[i] = nil
			}
		}
	}
}

// sliderEntry returns the byte offset of the query's entry in a table of
// entries indexed by square and slider lines read as one 16-bit word,
// sq | piece<<8 (package amd64's sliderIndex): one load, one shift, and no
// branch on the slider, whose missing lines have zero masks there.
func sliderEntry(l layout, q value, entry string) reg.GPVirtual {
	sq := addr(q.Field("Sq"))
	if disp(q.Field("Piece")) != sq.Disp+1 {
		log.Fatal("kernels.Query: Piece does not follow Sq")
	}
	e := GP64()
	MOVWQZX(sq, e)
	SHLQ(U8(log2(l.size(entry))), e)
	return e
}

// entryField returns the operand of field of the entry at byte offset e of
// the entries array.
func entryField(entries value, e reg.Register, field string) Mem {
	m := addr(entries.Index(0).Field(field))
	m.Index, m.Scale = e, 1
	return m
}

// hyperbolaBswap emits Hyperbola Quintessence with BSWAP ([mack-hyperbola]): files,
// diagonals and anti-diagonals by o ^ (o - 2r) on the normal and the
// byte-swapped occupancy, ranks by the first-rank table. It branches on
// the slider's lines: running all four lines under zero masks, as
// slidingPEXT does, measured up to a quarter slower on Zen 3.
func hyperbolaBswap(l layout) {
	k := &kernel{id: "sliding/hyperbola-bswap-asm", source: "[mack-hyperbola], Gerd Isenberg: Hyperbola Quintessence with bswap; SHLX/SHRX (BMI2) for the variable shifts",
		doc:      "Hyperbola Quintessence in assembly: BSWAP for files and diagonals, the first-rank table for ranks",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.LoopOnly, tables: []string{"hq"}}
	sliderLoops(l, k, kernels.Loop{Varies: "branches on the slider's lines", Path: kernels.PathQueen}, "hyperbolaBswap", "is Hyperbola Quintessence ([mack-hyperbola]): o ^ (o - 2r) forward and on the byte-swapped bitboard for files and diagonals, a first-rank table for ranks.", false,
		func(fn string, q value, occ, t reg.GPVirtual, _ func()) reg.GPVirtual {
			tab := l.at(l.table(k), t)
			sq, piece := GP64(), GP64()
			MOVBQZX(addr(q.Field("Sq")), sq)
			MOVBQZX(addr(q.Field("Piece")), piece)
			r, rr := GP64(), GP64()
			MOVL(U32(1), r.As32())
			SHLXQ(sq, r, r)
			MOVQ(r, rr)
			BSWAPQ(rr)
			line := func(mask string, acc reg.GPVirtual) {
				m, o, rev := GP64(), GP64(), GP64()
				MOVQ(elem(tab.Field(mask), sq), m)
				MOVQ(occ, o)
				ANDQ(m, o)
				MOVQ(o, rev)
				BSWAPQ(rev)
				SUBQ(r, o)
				SUBQ(rr, rev)
				BSWAPQ(rev)
				XORQ(rev, o)
				ANDQ(m, o)
				ORQ(o, acc)
			}
			a := GP64()
			XORQ(a, a)
			TESTB(U8(1), piece.As8()) // kernels.Orthogonal
			JZ(LabelRef(fn + "NoRook"))
			line("file", a)
			// Rank: firstRank[sq&7][(occ >> (sq&^7 + 1)) & 63] << (sq&^7).
			rank := tab.Field("firstRank")
			row := disp(rank.Index(1).Index(0)) - disp(rank.Index(0).Index(0))
			shift, idx, f := GP64(), GP64(), GP64()
			MOVQ(sq, shift)
			ANDQ(I8(^7), shift)
			MOVQ(shift, idx)
			INCQ(idx)
			SHRXQ(idx, occ, idx)
			ANDQ(U8(63), idx)
			MOVQ(sq, f)
			ANDQ(U8(7), f)
			SHLQ(U8(log2(row)), f)
			ADDQ(f, idx)
			MOVBQZX(elem(rank.Index(0), idx), f)
			SHLXQ(shift, f, f)
			ORQ(f, a)
			Label(fn + "NoRook")
			TESTB(U8(2), piece.As8()) // kernels.Diagonal
			JZ(LabelRef(fn + "NoBishop"))
			line("diag", a)
			line("anti", a)
			Label(fn + "NoBishop")
			return a
		})
}

// slidingPEXT emits BMI2 PEXT lookups: the occupancy of the square's
// relevant squares, extracted to a dense index into its attack table. Each
// query looks up both lines; a line its slider lacks has a zero mask and
// the address of an empty attack set, so no query branches.
func slidingPEXT(l layout) {
	k := &kernel{id: "sliding/pext", source: "BMI2 PEXT bitboards (Chess Programming Wiki, BMI2: PEXT Bitboards; Zach Wegner)",
		doc:      "Looks attacks up at PEXT(occupancy, relevant mask) in per-square, per-slider tables: both lines of every query, a missing line's mask 0, no branch",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.PerQuery, tables: []string{"pext"}}
	entryLookups(l, "slidingPext", k, "looks attacks up by PEXT (BMI2) of the occupancy under the square's relevant-occupancy masks, in per-square tables of 102,400 rook and 5,248 bishop sets; no branch on the slider.",
		"pextEntry", func(line string, occ, i reg.GPVirtual, field func(string) Mem, step func()) {
			PEXTQ(field(line+"Mask"), occ, i)
			step()
		})
}

// slidingMagic emits fancy or black magic lookups ([cpw-magic]): per line,
// the occupancy under the square's mask (fancy: AND of the relevant
// squares; black: OR of the others) times the magic, shifted right by the
// square's shift (fancy, SHRX) or the fixed one (black), indexes the
// square's attack sets. Like slidingPext it looks up both lines
// of every query, a line the slider lacks hashing to an empty set, so no
// query branches.
func slidingMagic(l layout, black bool) {
	name, kind := "slidingFancy", "fancy"
	k := &kernel{id: "sliding/magic-fancy-asm", source: "[cpw-magic], Fancy Magic Bitboards, in assembly; SHRX (BMI2) for the per-square shift",
		doc:      "Fancy magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.PerQuery, tables: []string{"fancy", "magic.FancyAttacks()"}}
	if black {
		name, kind = "slidingBlack", "black"
		k = &kernel{id: "sliding/magic-black-asm", source: "[cpw-magic], Black Magic Bitboards, in assembly",
			doc:   "Black magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch",
			usage: kernels.PerQuery, tables: []string{"black", "magic.BlackAttacks()"}}
	}
	entryLookups(l, name, k, "looks attacks up by "+kind+" magic hashing of the occupancy, both lines of every query; no branch on the slider.",
		"magicEntry", func(line string, occ, i reg.GPVirtual, field func(string) Mem, step func()) {
			if i != occ {
				MOVQ(occ, i)
				step()
			}
			if black {
				ORQ(field(line+"Mask"), i)
			} else {
				ANDQ(field(line+"Mask"), i)
			}
			step()
			IMULQ(field(line+"Magic"), i)
			step()
			if black {
				SHRQ(U8(map[string]int{"rook": magic.RookShift, "bishop": magic.BishopShift}[line]), i)
			} else {
				sh := GP64()
				MOVQ(field(line+"Shift"), sh)
				SHRXQ(sh, i, i)
			}
			step()
		})
}

// entryLookups emits a table slider's batch loops (sliderLoops) and its
// one-query entry point, name+"Query": func(occ, index uint64, t *byte)
// uint64 with index = sliderIndex(square, slider), which the move
// generator's configurations call once per query. Both look up the rook
// and the bishop line of the entry: index computes each line's index into
// the attack sets from the occupancy, and the set is loaded from the line's
// address in the entry plus the index. The bishop line, the occupancy's
// last use, computes its index in the occupancy's register (i == occ).
func entryLookups(l layout, name string, k *kernel, doc, entry string, index func(line string, occ, i reg.GPVirtual, field func(string) Mem, step func())) {
	table := l.table(k)
	lookup := func(e, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
		tab := l.at(table, t)
		field := func(f string) Mem { return entryField(tab.Field("entries"), e, f) }
		a := GP64()
		for j, line := range []string{"rook", "bishop"} {
			i := occ
			if j == 0 {
				i = GP64()
			}
			index(line, occ, i, field, step)
			sets := GP64()
			MOVQ(field(line+"Sets"), sets) // the line's attack sets
			step()
			set := Mem{Base: sets, Index: i, Scale: 8}
			if j == 0 {
				MOVQ(set, a)
			} else {
				ORQ(set, a)
			}
			step()
		}
		return a
	}
	sliderLoops(l, k, kernels.Loop{}, name, doc, true, func(_ string, q value, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
		e := sliderEntry(l, q, entry)
		step()
		return lookup(e, occ, t, step)
	})
	text(name+"Query", "func(occ uint64, index uint64, t *byte) uint64")
	Doc(name+"Query answers one query as "+name+"Throughput does: index is sliderIndex(square, slider), t points to the "+table+".",
		"Go does not inline assembly: every call is a real call, part of what a Go move generator pays.")
	occ, e, t := ld(Param("occ")), ld(Param("index")), ld(Param("t"))
	SHLQ(U8(log2(l.size(entry))), e)
	Store(lookup(e, occ, t, func() {}), ReturnIndex(0))
	RET()
}

// quadLoop emits k's throughput form, func(dst *word, src *uint64, n
// int), over n elements of its family's input type, writing elements of
// its output type, whose first word is of type word; body works on
// pointers in, out. avx says whether the kernel uses AVX registers (and
// ends with VZEROUPPER).
func quadLoop(l layout, name string, k *kernel, doc, word string, avx bool, setup func(), body func(in, out reg.GPVirtual)) {
	text(name, "func(dst *"+word+", src *uint64, n int)")
	Doc(name + " " + doc)
	dst := ld(Param("dst"))
	src := ld(Param("src"))
	n := ld(Param("n"))
	if setup != nil {
		setup()
	}
	TESTQ(n, n)
	JZ(LabelRef(name + "Done"))
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Loop", Elements: 1})
	body(src, dst)
	f := l.family(k)
	ADDQ(U32(uint32(sizeof(f.in))), src)
	ADDQ(U32(uint32(sizeof(f.out))), dst)
	DECQ(n)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Done")
	if avx {
		VZEROUPPER()
	}
	RET()
}

// quad2hexSSE2 emits [cpw-quad]'s quad2hexBB, instruction for instruction.
func quad2hexSSE2(l layout) {
	k := &kernel{id: "quad2hex/sse2", source: quadSource + ": quad2hexBB", doc: "The source's SSE2 sequence: PCMPEQB, POR, PAND, PXOR, PUNPCKLQDQ, PUNPCKHQDQ", usage: kernels.LoopOnly}
	quadLoop(l, "quad2hexSSE2", k, "is [cpw-quad]'s quad2hexBB: the 16 disjoint bitboards of a quad-bitboard with PCMPEQB, POR, PAND, PXOR, PUNPCKLQDQ and PUNPCKHQDQ.", "uint64", false, nil,
		func(in, out reg.GPVirtual) {
			a, b, c, d, e, f, m1 := XMM(), XMM(), XMM(), XMM(), XMM(), XMM(), XMM()
			MOVOU(Mem{Base: in}, a) // a = b = d = p[0]
			MOVO(a, b)
			MOVO(a, d)
			MOVOU(Mem{Base: in, Disp: 16}, c) // c = p[1]
			PCMPEQB(m1, m1)                   // -1
			POR(c, a)
			PAND(c, d) // q3 & q1 : q2 & q0
			PXOR(m1, a)
			MOVO(a, e) // e = a = ~q3 & ~q1 : ~q2 & ~q0
			PXOR(d, b) // ~q3 & q1 : ~q2 & q0
			PXOR(d, c)
			MOVO(c, f)       // f = c = q3 & ~q1 : q2 & ~q0
			PUNPCKHQDQ(a, a) // ~q3 & ~q1 : ~q3 & ~q1
			PUNPCKLQDQ(b, e) // ~q2 & q0 : ~q2 & ~q0
			PUNPCKLQDQ(d, f) // q2 & q0 : q2 & ~q0
			PUNPCKHQDQ(b, b) // ~q3 & q1 : ~q3 & q1
			PUNPCKHQDQ(c, c) // q3 & ~q1 : q3 & ~q1
			PUNPCKHQDQ(d, d) // q3 & q1 : q3 & q1
			for i, p := range [][2]reg.VecVirtual{{a, e}, {b, e}, {a, f}, {b, f}, {c, e}, {d, e}, {c, f}, {d, f}} {
				t := XMM()
				MOVO(p[0], t)
				PAND(p[1], t)
				MOVOU(t, Mem{Base: out, Disp: 16 * i})
			}
		})
}

// quad2boardSSE2 emits [cpw-quad]'s quadBB2Board, instruction for instruction.
func quad2boardSSE2(l layout) {
	masks := GLOBL("sq2bbMasks", RODATA|NOPTR)
	for i := range 8 {
		DATA(8*i, U64(0x0101010101010101<<i))
	}
	var pm [4]Mem
	for i := range pm {
		pm[i] = masks.Offset(16 * i)
	}
	k := &kernel{id: "quad2board/sse2", source: quadSource + ": quadBB2Board", doc: "The source's SSE2 sequence: masks, shifts and byte, word and dword unpacks", usage: kernels.LoopOnly}
	quadLoop(l, "quad2boardSSE2", k, "is [cpw-quad]'s quadBB2Board: the 64 vertical nibbles of a quad-bitboard to a mailbox of square codes.", "byte", false, nil,
		func(in, out reg.GPVirtual) { quad2boardRotate(quad2boardGather(in, pm), out) })
}

// quad2boardGather emits quadBB2Board's first half: each of the four
// bitboards at in, masked with the sq2bbMasks pairs pm and shifted, ORed
// into b[0..3], the 8x8 bytes (512 bits) that quad2boardRotate rotates.
func quad2boardGather(in reg.GPVirtual, pm [4]Mem) [4]reg.VecVirtual {
	b := [4]reg.VecVirtual{XMM(), XMM(), XMM(), XMM()}
	// term returns (t & pm[i]) shifted left (sh > 0) or right.
	term := func(t reg.VecVirtual, i, sh int) reg.VecVirtual {
		x := XMM()
		MOVO(t, x)
		PAND(pm[i], x)
		switch {
		case sh > 0:
			PSLLQ(U8(sh), x)
		case sh < 0:
			PSRLQ(U8(-sh), x)
		}
		return x
	}
	// shifts[k][i]: bitboard k (code bit k) into b[i].
	shifts := [4][4]int{{0, -2, -4, -6}, {1, -1, -3, -5}, {2, 0, -2, -4}, {3, 1, -1, -3}}
	for half := range 2 {
		t0, t1, t2 := XMM(), XMM(), XMM()
		MOVOU(Mem{Base: in, Disp: 16 * half}, t0)
		MOVO(t0, t1)
		PUNPCKLQDQ(t0, t1) // t1 = unpacklo(t0, t0)
		MOVO(t0, t2)
		PUNPCKHQDQ(t0, t2) // t2 = unpackhi(t0, t0)
		for j, t := range []reg.VecVirtual{t1, t2} {
			k := 2*half + j
			for i := range 4 {
				x := term(t, i, shifts[k][i])
				if k == 0 {
					b[i] = x
				} else {
					POR(x, b[i])
				}
			}
		}
	}
	return b
}

// quad2boardRotate emits quadBB2Board's second half: it rotates the 8x8
// bytes (512 bits) in b[0..3] into the 64 square codes and stores them at
// out.
func quad2boardRotate(b [4]reg.VecVirtual, out reg.GPVirtual) {
	var t [4]reg.VecVirtual
	for i := range b {
		t[i] = XMM()
		MOVO(b[i], t[i])
		PUNPCKHQDQ(b[i], t[i])
		PSRLQ(U8(1), t[i])
		PUNPCKLBW(t[i], b[i])
	}
	u := [4]reg.VecVirtual{XMM(), XMM(), XMM(), XMM()}
	MOVO(b[0], u[0])
	PUNPCKLWL(b[1], u[0])
	MOVO(b[0], u[1])
	PUNPCKHWL(b[1], u[1])
	MOVO(b[2], u[2])
	PUNPCKLWL(b[3], u[2])
	MOVO(b[2], u[3])
	PUNPCKHWL(b[3], u[3])
	for i, p := range [][3]int{{0, 2, 0}, {0, 2, 1}, {1, 3, 0}, {1, 3, 1}} {
		x := XMM()
		MOVO(u[p[0]], x)
		if p[2] == 0 {
			PUNPCKLLQ(u[p[1]], x)
		} else {
			PUNPCKHLQ(u[p[1]], x)
		}
		MOVOU(x, Mem{Base: out, Disp: 16 * i})
	}
}

// quad2hexAVX2 keeps the quad-bitboard in one YMM register, as [cpw-quad]
// suggests: the products of bb0/bb1 and bb2/bb3 with their complements as
// two vectors of four, then four broadcasts of the high products ANDed with
// the low ones.
func quad2hexAVX2(l layout) {
	sel := GLOBL("quadSelect", RODATA|NOPTR)
	for i, v := range []uint64{^uint64(0), 0, ^uint64(0), 0, ^uint64(0), ^uint64(0), 0, 0} {
		DATA(8*i, U64(v)) // complement lanes: bb_even in 0 and 2, bb_odd in 0 and 1
	}
	var m0, m1 reg.VecVirtual
	k := &kernel{id: "quad2hex/avx2", source: quadSource + ", with the four bitboards in one YMM register as the source suggests",
		doc:      "The products of bb0/bb1 and bb2/bb3 and their complements as two YMM vectors, ANDed by broadcasts",
		features: []kernels.Feature{kernels.AVX2}, usage: kernels.LoopOnly}
	quadLoop(l, "quad2hexAVX2", k, "computes the 16 disjoint bitboards with the quad-bitboard in one YMM register (AVX2).", "uint64", true,
		func() {
			m0, m1 = YMM(), YMM()
			VMOVDQU(sel, m0)
			VMOVDQU(sel.Offset(32), m1)
		},
		func(in, out reg.GPVirtual) {
			pair := func(even, odd int) reg.VecVirtual {
				x, y := YMM(), YMM()
				VPBROADCASTQ(Mem{Base: in, Disp: 8 * even}, x)
				VPBROADCASTQ(Mem{Base: in, Disp: 8 * odd}, y)
				VPXOR(m0, x, x) // [~e, e, ~e, e]
				VPXOR(m1, y, y) // [~o, ~o, o, o]
				VPAND(y, x, x)
				return x
			}
			lo, hi := pair(0, 1), pair(2, 3)
			for a := range 4 {
				h := YMM()
				VPERMQ(U8(uint8(a*0x55)), hi, h)
				VPAND(lo, h, h)
				VMOVDQU(h, Mem{Base: out, Disp: 32 * a})
			}
		})
}

// quadFillAVX2 runs the Kogge-Stone occluded fills of [cpw-quad] on all four
// bitboards at once in one YMM register, in all eight directions.
func quadFillAVX2(l layout) {
	wrap := GLOBL("fillWrap", RODATA|NOPTR)
	DATA(0, U64(0xFEFEFEFEFEFEFEFE)) // not file a: after a step east
	DATA(8, U64(0x7F7F7F7F7F7F7F7F)) // not file h: after a step west
	var notA, notH reg.VecVirtual
	k := &kernel{id: "quad-fill/avx2", source: "[cpw-quad], As Sliding Piece Generators: nortOccl on a quad-bitboard in one YMM register",
		doc:      "Kogge-Stone occluded fills in all eight directions on the four bitboards at once with AVX2 shifts",
		features: []kernels.Feature{kernels.AVX2}, usage: kernels.LoopOnly}
	quadLoop(l, "quadFillAVX2", k, "computes queen-line attacks of the four generator sets by Kogge-Stone occluded fills ([cpw-quad]'s nortOccl, all eight directions) with the quad-bitboard in one YMM register (AVX2).", "uint64", true,
		func() {
			notA, notH = YMM(), YMM()
			VPBROADCASTQ(wrap, notA)
			VPBROADCASTQ(wrap.Offset(8), notH)
		},
		func(in, out reg.GPVirtual) {
			f := l.at("kernels.Fill", in)
			gen, empty, att := YMM(), YMM(), YMM()
			VMOVDQU(addr(f.Field("Gen").Index(0)), gen)
			VPBROADCASTQ(addr(f.Field("Empty")), empty)
			VPXOR(att, att, att)
			shift := func(x reg.VecVirtual, s int, dst reg.VecVirtual) {
				if s > 0 {
					VPSLLQ(U8(s), x, dst)
				} else {
					VPSRLQ(U8(-s), x, dst)
				}
			}
			for _, d := range []struct {
				s    int
				mask reg.VecVirtual
			}{{8, nil}, {-8, nil}, {1, notA}, {-1, notH}, {9, notA}, {7, notH}, {-7, notA}, {-9, notH}} {
				g, pro, t := YMM(), YMM(), YMM()
				VMOVDQA(gen, g)
				if d.mask != nil {
					VPAND(d.mask, empty, pro)
				} else {
					VMOVDQA(empty, pro)
				}
				for step := 1; step <= 4; step *= 2 {
					shift(g, d.s*step, t)
					VPAND(pro, t, t)
					VPOR(t, g, g)
					if step < 4 {
						shift(pro, d.s*step, t)
						VPAND(t, pro, pro)
					}
				}
				shift(g, d.s, t)
				if d.mask != nil {
					VPAND(d.mask, t, t)
				}
				VPOR(t, att, att)
			}
			VMOVDQU(att, Mem{Base: out})
		})
}

// popcountAVX2 emits Wojciech Mula's PSHUFB nibble-lookup population count
// per bitboard: VPSHUFB counts the nibbles, VPSADBW sums each quadword's
// bytes; sixteen counts are packed to bytes with shifts, one VPERMD and one
// VPSHUFB. Harley-Seal sums a whole array into one count, which is not this
// family's per-bitboard contract, so it is not used.
func popcountAVX2() {
	lut, perm, trans := popcountAVX2Data()
	name := "popcountAVX2"
	k := &kernel{id: "popcount/avx2-pshufb", source: "Wojciech Mula, Kurz, Lemire: Faster Population Counts Using AVX2 Instructions (2016), the PSHUFB lookup",
		doc:      "Counts nibbles with a VPSHUFB lookup and sums each bitboard's bytes with VPSADBW, sixteen bitboards at a time",
		features: []kernels.Feature{kernels.AVX2, kernels.POPCNT}, usage: kernels.SIMDBatch}
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " counts the one-bits of every bitboard with Mula's PSHUFB lookup (AVX2), sixteen at a time; the tail uses POPCNT.")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	table, low, zero, pd, tr := YMM(), YMM(), YMM(), YMM(), XMM()
	VMOVDQU(lut, table)
	VPBROADCASTB(U8Mem(lowNibbles()), low)
	VPXOR(zero, zero, zero)
	VMOVDQU(perm, pd)
	VMOVDQU(trans, tr)
	i, n16 := GP64(), GP64()
	XORQ(i, i)
	MOVQ(n, n16)
	ANDQ(I8(-16), n16)
	mainLoop(k, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Sixteen", Elements: 16})
	CMPQ(i, n16)
	JGE(LabelRef(name + "One"))
	packed := popcountSixteen(src, i, table, low, zero)
	VPERMD(packed, pd, packed)
	VPSHUFB(tr, packed.AsX(), packed.AsX())
	VMOVDQU(packed.AsX(), Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(16), i)
	JMP(LabelRef(name + "Sixteen"))
	Label(name + "One")
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	x := load(src, i, 0)
	POPCNTQ(x, x)
	store(x, dst, i, 0, 1)
	INCQ(i)
	JMP(LabelRef(name + "One"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}

// popcountAVX2Data declares popcountAVX2's constants: the nibble counts
// (the VPSHUFB table, in both lanes), the dword permutation that packs
// the counts and the byte transpose of a 4x4 block.
func popcountAVX2Data() (lut, perm, trans Mem) {
	lut = GLOBL("nibbleCounts", RODATA|NOPTR)
	for lane := range 2 {
		for i := range 16 {
			DATA(16*lane+i, U8(uint8(popcount8(i))))
		}
	}
	perm = GLOBL("packDwords", RODATA|NOPTR)
	for i, v := range []uint32{0, 2, 4, 6, 1, 3, 5, 7} {
		DATA(4*i, U32(v))
	}
	trans = GLOBL("transpose4x4", RODATA|NOPTR)
	for e := range 16 {
		DATA(e, U8(uint8(4*(e%4)+e/4)))
	}
	return lut, perm, trans
}

// popcountSixteen emits the counts of the sixteen bitboards at src+8i,
// four YMM loads each counted by nibble lookups in table (low masks the
// low nibbles) and summed per quadword by VPSADBW against zero, and
// returns them packed: quadword j holds elements j, 4+j, 8+j, 12+j in
// bytes 0..3.
func popcountSixteen(src, i reg.GPVirtual, table, low, zero reg.VecVirtual) reg.VecVirtual {
	var packed reg.VecVirtual
	for k := range 4 {
		x, h, c := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: src, Index: i, Scale: 8, Disp: 32 * k}, x)
		VPSRLW(U8(4), x, h)
		VPAND(low, x, x)
		VPAND(low, h, h)
		VPSHUFB(x, table, c)
		VPSHUFB(h, table, x)
		VPADDB(x, c, c)
		VPSADBW(zero, c, c) // four counts, one per quadword
		if k == 0 {
			packed = c
			continue
		}
		VPSLLQ(U8(8*k), c, c)
		VPOR(c, packed, packed)
	}
	return packed
}

// lowNibbles returns the address of a byte 0x0F.
func lowNibbles() Mem {
	m := GLOBL("lowNibble", RODATA|NOPTR)
	DATA(0, U8(0x0F))
	return m
}

// U8Mem passes a memory operand through (for VPBROADCASTB's m8 form).
func U8Mem(m Mem) Mem { return m }

func popcount8(b int) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// popcountAVX512 emits kernel's throughput form: VPOPCNTQ over the batch,
// 64 bitboards per iteration in eight independent registers, their 64
// quadword counts (each at most 64) packed to 64 bytes by pack. The tail
// counts eight at a time under a mask and stores with VPMOVQB. A packer loads its constants before the
// loop and returns the packing; which packing is fastest depends on the
// core, so each is a kernel: see packTree and packShifts.
func popcountAVX512(name string, kern *kernel, how string, packer func() func(z [8]reg.VecVirtual) reg.VecVirtual) {
	text(name, "func(dst []byte, src []uint64) int")
	Doc(name + " counts the one-bits of every bitboard with VPOPCNTQ (AVX-512 VPOPCNTDQ), 64 per iteration in eight registers, " + how + ".")
	dst := ld(Param("dst").Base())
	src := ld(Param("src").Base())
	n := ld(Param("src").Len())
	Store(n, ReturnIndex(0))
	pack := packer()
	i, n64 := GP64(), GP64()
	XORQ(i, i)
	MOVQ(n, n64)
	ANDQ(I8(-64), n64)
	mainLoop(kern, kernels.Loop{Mode: kernels.Throughput, Symbol: name, Label: name + "Sixtyfour", Elements: 64})
	CMPQ(i, n64)
	JGE(LabelRef(name + "Eight"))
	var z [8]reg.VecVirtual
	for k := range z {
		z[k] = ZMM()
		VPOPCNTQ(Mem{Base: src, Index: i, Scale: 8, Disp: 64 * k}, z[k])
	}
	VMOVDQU64(pack(z), Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(64), i)
	JMP(LabelRef(name + "Sixtyfour"))
	Label(name + "Eight")
	// Up to 63 left: eight at a time, the last group under a mask.
	CMPQ(i, n)
	JGE(LabelRef(name + "Done"))
	left, m := GP64(), GP64()
	MOVQ(n, left)
	SUBQ(i, left)
	MOVQ(U32(0xFF), m)
	CMPQ(left, U8(8))
	JGE(LabelRef(name + "Full"))
	MOVL(U32(1), m.As32())
	SHLXQ(left, m, m)
	DECQ(m)
	Label(name + "Full")
	k := K()
	KMOVQ(m, k)
	c := ZMM()
	VMOVDQU64_Z(Mem{Base: src, Index: i, Scale: 8}, k, c)
	VPOPCNTQ(c, c)
	VPMOVQB(c, k, Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(8), i)
	JMP(LabelRef(name + "Eight"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}

// popcountAVX512s emits the two VPOPCNTQ kernels, which differ in how they
// pack the counts.
func popcountAVX512s() {
	const source = "Intel AVX-512 VPOPCNTDQ (VPOPCNTQ); Mula's sse-popcount avx512-vpopcnt"
	features := []kernels.Feature{kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VPOPCNTDQ, kernels.AVX512VBMI, kernels.BMI2}
	popcountAVX512("popcountAVX512", &kernel{id: "popcount/avx512-vpopcnt", source: source,
		doc:      "Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with shifts, VPTERNLOGQ and one VPERMB (the packing written for Intel Cypress Cove)",
		features: features, usage: kernels.SIMDBatch},
		"packed to bytes by shifts, VPTERNLOGQ and one VPERMB (AVX-512 VBMI)", packShifts)
	popcountAVX512("popcountAVX512Tree", &kernel{id: "popcount/avx512-vpopcnt-tree", source: source,
		doc:      "Counts 64 bitboards per iteration with VPOPCNTQ in eight ZMM registers, packs the counts with a tree of seven VPERMT2B (the faster packing on Zen 5)",
		features: features, usage: kernels.SIMDBatch},
		"packed to bytes by a tree of VPERMT2B (AVX-512 VBMI)", packTree)
}

// byteTable declares a 64-byte table of VPERMB/VPERMT2B indices.
func byteTable(name string, index func(m int) int) Mem {
	t := GLOBL(name, RODATA|NOPTR)
	for m := range 64 {
		DATA(m, U8(uint8(index(m))))
	}
	return t
}

// packTree packs the counts with a tree of seven VPERMT2B (AVX-512 VBMI),
// each gathering bytes from two registers: pairs to 16 bytes, those to 32,
// then 64. Fifteen vector instructions per 64 bitboards and no shift. On
// Zen 5 it runs within 10% of the VPOPCNTQ floor of 0.0625 cycles per
// bitboard, where the shift packing, whose shifts compete with VPOPCNTQ
// for execution pipes, is 48% above it (0.069 and 0.093 cycles in the
// full run of 2026-11-24).
func packTree() func(z [8]reg.VecVirtual) reg.VecVirtual {
	var idx [3]reg.VecVirtual // level s gathers registers k and k + 2^s
	for s, index := range []func(m int) int{
		func(m int) int { return m/8%2*64 + 8*(m%8) }, // count m%8 of either register
		func(m int) int { return m/16%2*64 + m%16 },
		func(m int) int { return m/32*64 + m%32 },
	} {
		idx[s] = ZMM()
		VMOVDQU64(byteTable(fmt.Sprintf("treeLevel%d", s), index), idx[s])
	}
	return func(z [8]reg.VecVirtual) reg.VecVirtual {
		for s, step := range []int{1, 2, 4} {
			for k := 0; k < 8; k += 2 * step {
				VPERMT2B(z[k+step], idx[s], z[k]) // z[k] = bytes of z[k] and z[k+step]
			}
		}
		return z[0]
	}
}

// packShifts packs the counts by shifting register k left by 8k bits,
// ORing the eight with VPTERNLOGQ and transposing the 8x8 bytes with one
// VPERMB (AVX-512 VBMI): one shuffle per 64 bitboards. It was written on
// an Intel core (Cypress Cove), where 512-bit shuffles are the scarce
// resource; there it was measured faster than a VPERMT2B tree,
// merge-masked VPERMB and VPMOVQB stores.
func packShifts() func(z [8]reg.VecVirtual) reg.VecVirtual {
	tr := ZMM()
	VMOVDQU64(byteTable("transpose8x8", func(m int) int { return 8*(m%8) + m/8 }), tr) // element m = 8k + j sits in byte k of quadword j
	return func(z [8]reg.VecVirtual) reg.VecVirtual {
		for k := 1; k < 8; k++ {
			VPSLLQ(U8(8*k), z[k], z[k])
		}
		VPTERNLOGQ(U8(0xFE), z[2], z[1], z[0]) // z0 |= z1 | z2
		VPTERNLOGQ(U8(0xFE), z[5], z[4], z[3])
		VPTERNLOGQ(U8(0xFE), z[7], z[6], z[0])
		VPORQ(z[3], z[0], z[0])
		VPERMB(z[0], tr, z[0])
		return z[0]
	}
}
