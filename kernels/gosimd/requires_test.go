//go:build goexperiment.simd && amd64

package gosimd

import (
	"debug/gosym"
	"fmt"
	"maps"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"bitlab/internal/gobinary"
	"bitlab/internal/requires"
	"bitlab/kernels"
)

// The instruction sets the package's machine code may execute, in avo's
// names (package requires maps them to features), by mnemonic, from the
// Intel SDM's tables of each instruction's forms. Every EVEX-encoded
// instruction needs AVX512F and, where no operand is a ZMM register,
// AVX512VL; evexISA lists what its ZMM form needs beyond that, and must
// list every EVEX instruction the compiler emits (a new one fails the test
// until it is added). Instructions without a VEX or EVEX prefix need
// nothing but what scalarISA lists (the general-purpose instructions and
// SSE2 are amd64's baseline); VEX-encoded vector instructions need AVX.

var evexISA = map[string][]string{
	"VMOVDQU64": nil, "VMOVDQU32": nil, "VMOVDQA64": nil, "VMOVDQA32": nil, "VMOVDQU8": {"AVX512BW"}, "VMOVDQU16": {"AVX512BW"},
	"VPBROADCASTQ": nil, "VPBROADCASTD": nil, "VPBROADCASTW": {"AVX512BW"}, "VPBROADCASTB": {"AVX512BW"},
	"VPANDQ": nil, "VPANDD": nil, "VPANDNQ": nil, "VPANDND": nil, "VPORQ": nil, "VPORD": nil, "VPXORQ": nil, "VPXORD": nil,
	"VPTERNLOGQ": nil, "VPTERNLOGD": nil,
	"VPADDQ": nil, "VPSUBQ": nil, "VPSLLQ": nil, "VPSRLQ": nil, "VPSLLVQ": nil, "VPSRLVQ": nil, "VPRORQ": nil, "VPROLQ": nil,
	"VPCMPQ": nil, "VPCMPUQ": nil, "VPCMPEQQ": nil, "VPTESTMQ": nil, "VPTESTNMQ": nil,
	"VPERMQ": nil, "VPERMI2Q": nil, "VPERMT2Q": nil, "VPMOVQB": nil, "VPMOVQW": nil, "VPERMI2W": {"AVX512BW"},
	"VEXTRACTI64X4": nil, "VEXTRACTI32X4": nil, "VINSERTI64X4": nil,
	"VPSHUFB": {"AVX512BW"}, "VPMOVZXBW": {"AVX512BW"}, "VPMOVWB": {"AVX512BW"},
	"VPERMB": {"AVX512VBMI"}, "VPERMI2B": {"AVX512VBMI"}, "VPERMT2B": {"AVX512VBMI"},
	"VPCOMPRESSB": {"AVX512VBMI2"}, "VPCOMPRESSW": {"AVX512VBMI2"}, "VPEXPANDB": {"AVX512VBMI2"}, "VPEXPANDW": {"AVX512VBMI2"},
	"VPOPCNTQ": {"AVX512VPOPCNTDQ"}, "VPOPCNTD": {"AVX512VPOPCNTDQ"},
	"VGF2P8AFFINEQB": {"GFNI"},
}

// maskISA lists the VEX-encoded instructions on opmask registers.
var maskISA = map[string][]string{
	"KMOVW": {"AVX512F"}, "KMOVB": {"AVX512DQ"}, "KMOVD": {"AVX512BW"}, "KMOVQ": {"AVX512BW"},
	"KSHIFTRW": {"AVX512F"}, "KSHIFTRQ": {"AVX512BW"}, "KSHIFTRD": {"AVX512BW"},
	"KORW": {"AVX512F"}, "KORQ": {"AVX512BW"}, "KORTESTQ": {"AVX512BW"},
}

// scalarISA lists the general-purpose instructions beyond amd64's baseline,
// VEX-encoded (BMI1's ANDN, BMI2) or not.
var scalarISA = map[string][]string{
	"POPCNT": {"POPCNT"}, "LZCNT": {"LZCNT"},
	"TZCNT": {"BMI"}, "BLSR": {"BMI"}, "BLSI": {"BMI"}, "BLSMSK": {"BMI"}, "ANDN": {"BMI"}, "BEXTR": {"BMI"},
	"SHLX": {"BMI2"}, "SHRX": {"BMI2"}, "SARX": {"BMI2"}, "RORX": {"BMI2"}, "BZHI": {"BMI2"}, "PDEP": {"BMI2"}, "PEXT": {"BMI2"}, "MULX": {"BMI2"},
}

// isaOf returns the instruction sets that in needs.
func isaOf(in x86asm.Inst) ([]string, error) {
	op := in.Op.String()
	if isa, ok := scalarISA[op]; ok {
		return isa, nil
	}
	var evex, vex bool
	for _, p := range in.Prefix {
		evex, vex = evex || p.IsEVEX(), vex || p.IsVEX()
	}
	switch {
	case evex:
		extra, ok := evexISA[op]
		if !ok {
			return nil, fmt.Errorf("EVEX-encoded %s is not in evexISA", op)
		}
		isa := append([]string{"AVX512F"}, extra...)
		if !slices.ContainsFunc(in.Args[:], func(a x86asm.Arg) bool { r, ok := a.(x86asm.Reg); return ok && r >= x86asm.Z0 && r <= x86asm.Z31 }) {
			isa = append(isa, "AVX512VL")
		}
		return isa, nil
	case vex && strings.HasPrefix(op, "K"):
		isa, ok := maskISA[op]
		if !ok {
			return nil, fmt.Errorf("opmask instruction %s is not in maskISA", op)
		}
		return isa, nil
	case vex:
		return []string{"AVX"}, nil
	}
	return nil, nil
}

// function is one function of the package in the test binary.
type function struct {
	isas  map[string]string // instruction set -> an instruction that needs it
	calls []string          // the package's functions it calls
	// clears is whether it executes VZEROUPPER (archsimd.ClearAVXUpperBits).
	clears bool
}

// packageCode decodes every function of package gosimd in the running test
// binary, found by its pclntab (go test strips the symbol table).
func packageCode(t *testing.T) map[string]*function {
	t.Helper()
	bin, err := gobinary.Read(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	tab := bin.Table
	// The package's functions and the functions of simd/archsimd that
	// they call (its methods written in Go, which the compiler need not
	// inline), by their names in the package ("archsimd." + name).
	const prefix, archsimd = "bitlab/kernels/gosimd.", "simd/archsimd."
	funcs := map[string]*function{}
	var decode func(s *gosym.Func, name string)
	decode = func(s *gosym.Func, name string) {
		fn := &function{isas: map[string]string{}}
		funcs[name] = fn
		insts, err := bin.X86Code(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range insts {
			fn.clears = fn.clears || in.Op == x86asm.VZEROUPPER
			isas, err := isaOf(in.Inst)
			if err != nil {
				t.Errorf("%s at %#x: %v", s.Name, in.PC, err)
			}
			for _, isa := range isas {
				if _, ok := fn.isas[isa]; !ok {
					fn.isas[isa] = x86asm.GoSyntax(in.Inst, in.PC, nil)
				}
			}
			if in.Callee == nil {
				continue
			}
			if callee, ok := strings.CutPrefix(in.Callee.Name, prefix); ok {
				fn.calls = append(fn.calls, callee)
			} else if strings.HasPrefix(in.Callee.Name, archsimd) {
				callee := strings.TrimPrefix(in.Callee.Name, "simd/")
				fn.calls = append(fn.calls, callee)
				if funcs[callee] == nil {
					decode(in.Callee, callee)
				}
			}
		}
	}
	for i := range tab.Funcs {
		if name, ok := strings.CutPrefix(tab.Funcs[i].Name, prefix); ok {
			decode(&tab.Funcs[i], name)
		}
	}
	return funcs
}

// TestRequires ties each kernel's declared features to the machine code
// the compiler emitted for it, in both directions: the instruction sets of
// every function connected to its main loop's function by calls (its
// registered function, the loop, what they call; not the package's init)
// are covered by its features, and each declared feature is needed by
// one of those instructions. Every function that executes a vector
// instruction belongs to some kernel, and every one that executes AVX-512
// instructions clears the registers' upper halves (VZEROUPPER). The GODEBUG feature-off passes of
// make test prove the dispatch: a kernel whose features are off never runs.
// The move generator's entry points (movegen.go) are checked as their
// kernels' loops are (entryPoints).
func TestRequires(t *testing.T) {
	funcs := packageCode(t)
	linked := map[string][]string{}
	for name, fn := range funcs {
		if strings.HasPrefix(name, "init") {
			continue
		}
		for _, c := range fn.calls {
			linked[name], linked[c] = append(linked[name], c), append(linked[c], name)
		}
	}
	owned := map[string]bool{}
	for _, l := range append(Loops(), entryPoints()...) {
		k, ok := kernels.Lookup(l.Kernel)
		if !ok || k.Info().Arch != kernels.ArchSIMD {
			t.Errorf("%s: a loop of %s, which is no registered archsimd kernel", l.Symbol, l.Kernel)
			continue
		}
		if _, ok := funcs[l.Symbol]; !ok {
			t.Errorf("%s: its loop's function %s is not in the binary", l.Kernel, l.Symbol)
			continue
		}
		needs := map[string]string{}
		for todo := []string{l.Symbol}; len(todo) > 0; todo = todo[1:] {
			name := todo[0]
			if owned[l.Kernel+" "+name] {
				continue
			}
			owned[l.Kernel+" "+name], owned[name] = true, true
			for isa, in := range funcs[name].isas {
				needs[isa] = name + ": " + in
			}
			todo = append(todo, linked[name]...)
		}
		features := k.Info().Features
		for isa, in := range needs {
			for _, m := range requires.Missing([]string{isa}, features) {
				t.Errorf("%s: %s (%s)", l.Kernel, m, in)
			}
		}
		// AVX, which every AVX-512 feature implies, shows no feature needed.
		specific := slices.DeleteFunc(slices.Collect(maps.Keys(needs)), func(isa string) bool { return isa == "AVX" })
		for _, f := range features {
			if !slices.ContainsFunc(specific, func(isa string) bool { return requires.Missing([]string{isa}, []kernels.Feature{f}) == nil }) {
				t.Errorf("%s: declares %s, which none of its instructions needs", l.Kernel, f)
			}
		}
		t.Logf("%s executes %v", l.Kernel, slices.Sorted(maps.Keys(needs)))
	}
	for name, fn := range funcs {
		// The compiler clears no upper halves of vector registers itself:
		// legacy-SSE code after the function (Go's own zeroing and copies)
		// would pay the AVX-SSE transition on Intel cores.
		if _, avx512 := fn.isas["AVX512F"]; avx512 && !fn.clears && !strings.HasPrefix(name, "archsimd.") {
			t.Errorf("%s executes AVX-512 instructions but no VZEROUPPER (archsimd.ClearAVXUpperBits)", name)
		}
		if !owned[name] && len(fn.isas) > 0 {
			t.Errorf("%s executes %v, but no kernel's loop is connected to it", name, slices.Sorted(maps.Keys(fn.isas)))
		}
	}
	for _, k := range kernels.All() {
		if k.Info().Arch == kernels.ArchSIMD && !slices.ContainsFunc(Loops(), func(l kernels.Loop) bool { return l.Kernel == k.Info().ID() }) {
			t.Errorf("%s: registered without a loop in Loops", k.Info().ID())
		}
	}
}

// entryPoints returns the move generator's entry points as loops of their
// kernels, for TestRequires. Taken as values here, they are compiled out of
// line into the test binary (where they inline, as in movegen, they are
// not).
func entryPoints() []kernels.Loop {
	var loops []kernels.Loop
	for _, e := range []struct {
		fn     any
		kernel string
	}{
		{SerializeArchsimdVbmi2Append, "serialize/archsimd-vbmi2"},
		{SerializeArchsimdVbmi2AppendPawns, "serialize/archsimd-vbmi2"},
		{PopcountArchsimdVpopcntSum, "popcount/archsimd-vpopcnt"},
	} {
		name := runtime.FuncForPC(reflect.ValueOf(e.fn).Pointer()).Name()
		loops = append(loops, kernels.Loop{Kernel: e.kernel, Symbol: strings.TrimPrefix(name, "bitlab/kernels/gosimd.")})
	}
	return loops
}

// TestNoAllocations runs the kernels whose tails go through a scratch
// block on a batch with a tail: the block stays on the stack.
func TestNoAllocations(t *testing.T) {
	src, dst := make([]uint64, 13), make([]uint64, 13)
	counts, queries := make([]uint8, 13), make([]kernels.Query, 13)
	for id, run := range map[string]func(){
		"popcount/archsimd-vpopcnt":       func() { popcountVPOPCNT(counts, src) },
		"bitreverse/archsimd-gfni":        func() { bitReverseGFNI(dst, src) },
		"sliding/archsimd-hyperbola-gfni": func() { hyperbolaGFNI(dst, queries) },
	} {
		k, ok := kernels.Lookup(id)
		if !ok {
			t.Fatalf("%s is not registered", id)
		}
		if err := k.Supported(); err != nil {
			t.Logf("%s: skipped: %v", id, err)
			continue
		}
		if n := testing.AllocsPerRun(10, run); n != 0 {
			t.Errorf("%s: %v allocations a call", id, n)
		}
	}
}
