package explain

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"bitlab/internal/gobinary"
	"bitlab/kernels"
	"bitlab/kernels/amd64"
	"bitlab/kernels/arm64"
	"bitlab/kernels/generic"
	"bitlab/kernels/gosimd"
	"bitlab/schema"
)

// Estimate is one kernel form's estimate on one model.
type Estimate struct {
	Kernel       string // "family/impl"
	Mode         schema.Mode
	Target       Target
	Model        Model
	Elements     int  // input elements per iteration of the loop
	Instructions int  // the loop's instructions
	Asm          bool // the kernel is written in assembly
	// Path names the input the estimate holds for where the loop's cost
	// depends on it ([kernels.PathQueen]); "" for every input.
	Path string
	// Cycles is the estimated cost per input element; 0 when Missing says
	// why there is none.
	Cycles     float64
	Missing    string
	Bottleneck string // the resource or chain that bounds the loop, in words
}

// Loop is a kernel's declared main loop with the package it is in.
type Loop struct {
	kernels.Loop
	Package string // the import path, "bitlab/kernels/amd64"
	Asm     bool   // written in assembly (its symbol has the .abi0 suffix)
}

// LoopsOf returns the declared main loops of every kernel a GOARCH runs:
// its assembly's, kernels/gosimd's (in a build with GOEXPERIMENT=simd,
// which the binaries explain builds inherit) and the generated Go loops.
func LoopsOf(arch string) []Loop {
	var out []Loop
	add := func(pkg string, asm bool, ls []kernels.Loop) {
		for _, l := range ls {
			out = append(out, Loop{l, pkg, asm})
		}
	}
	switch arch {
	case "amd64":
		add("bitlab/kernels/amd64", true, amd64.Loops())
		add("bitlab/kernels/gosimd", false, gosimd.Loops()) // empty without GOEXPERIMENT=simd
	case "arm64":
		add("bitlab/kernels/arm64", true, arm64.Loops())
	}
	add("bitlab/kernels/generic", false, generic.Loops())
	return out
}

// symbol returns the loop's function's name in the binary.
func (l Loop) symbol() string {
	if l.Asm {
		return l.Package + "." + l.Symbol + ".abi0"
	}
	return l.Package + "." + l.Symbol
}

// regionName names the region of a kernel form in llvm-mca's input.
func regionName(kernel string, mode schema.Mode) string { return kernel + "/" + string(mode) }

// extracted is a loop cut from a binary, or why it is not estimated.
type extracted struct {
	Loop
	body    body
	missing string
}

// extract cuts every declared loop of the target out of its binary.
func extract(bin *gobinary.Binary, arch string) ([]extracted, error) {
	var out []extracted
	for _, l := range LoopsOf(arch) {
		pc, code, err := bin.SymbolCode(l.symbol())
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", l.Kernel, l.Mode, err)
		}
		insts, err := decode(arch, pc, code)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", l.symbol(), err)
		}
		b, err := cut(insts, l.Loop)
		if err != nil {
			return nil, err
		}
		e := extracted{Loop: l, body: b}
		switch {
		case b.inner && l.Asm && l.Varies == "":
			return nil, fmt.Errorf("%s %s: a loop inside %s's main loop, but its declaration says its cost does not vary", l.Kernel, l.Mode, l.Symbol)
		case len(b.calls) > 0:
			callee := bin.SymbolAt(b.calls[0])
			if callee == "" {
				callee = fmt.Sprintf("the function at %#x", b.calls[0])
			}
			e.missing = "calls " + callee + " per element (Go did not inline it): llvm-mca does not follow calls"
		case b.inner && l.Varies == "":
			e.missing = "data-dependent, not estimated: a loop inside its element function"
		case b.inner || l.Varies != "" && l.Path == "":
			e.missing = "data-dependent, not estimated: " + l.Varies
		case b.skips && l.Path == "":
			// llvm-mca runs every instruction of the body: both sides of
			// a branch the compiler made, which the input decides.
			e.missing = "data-dependent, not estimated: the compiled loop branches over part of itself (on the input)"
		}
		out = append(out, e)
	}
	return out, nil
}

// Run builds runbench for every target that one of models runs (modelsOf)
// from the module at root (in a temporary folder under work), cuts out
// every kernel's main loop and runs those models on them.
func Run(root, work string, mca MCA, models []Model, targets []Target) ([]Estimate, error) {
	var out []Estimate
	for _, t := range targets {
		ms := modelsOf(t, models)
		if len(ms) == 0 {
			continue
		}
		dir, err := os.MkdirTemp(work, "explain-"+t.GOARCH+t.GOAMD64+"-")
		if err != nil {
			return nil, err
		}
		loops, srcs, err := targetLoops(root, dir, t)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			ests, err := mca.estimate(dir, t, m, loops, srcs)
			if err != nil {
				return nil, err
			}
			out = append(out, ests...)
		}
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b Estimate) int {
		return cmp.Or(cmp.Compare(a.Model.CPU, b.Model.CPU), cmp.Compare(a.Target.GOAMD64, b.Target.GOAMD64),
			cmp.Compare(a.Kernel, b.Kernel), cmp.Compare(a.Mode, b.Mode))
	})
	return out, nil
}

// targetLoops builds runbench for target t in dir and cuts out every
// kernel's main loop, with the llvm-mca region of each loop it can
// estimate.
func targetLoops(root, dir string, t Target) ([]extracted, []source, error) {
	path, err := build(root, dir, t)
	if err != nil {
		return nil, nil, err
	}
	bin, err := gobinary.Read(path)
	if err != nil {
		return nil, nil, err
	}
	loops, err := extract(bin, t.GOARCH)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", t, err)
	}
	var srcs []source
	for i, e := range loops {
		if e.missing != "" {
			continue
		}
		var b strings.Builder
		if err := region(&b, t.GOARCH, regionName(e.Kernel, e.Mode), i, e.body.code); err != nil {
			return nil, nil, fmt.Errorf("%s %s: %v", e.Kernel, e.Mode, err)
		}
		srcs = append(srcs, source{regionName(e.Kernel, e.Mode), b.String()})
	}
	return loops, srcs, nil
}

// estimate runs model m on the regions srcs of target t's loops whose
// features the model's core has, and returns an estimate per loop: its
// cycles and bottleneck, or why it has none.
func (mca MCA) estimate(dir string, t Target, m Model, loops []extracted, srcs []source) ([]Estimate, error) {
	lacking := map[string][]string{}
	var runnable []source
	for _, e := range loops {
		name := regionName(e.Kernel, e.Mode)
		if lacking[name] = m.lacks(features(e.Kernel)); e.missing == "" && len(lacking[name]) == 0 {
			runnable = append(runnable, srcs[slices.IndexFunc(srcs, func(s source) bool { return s.name == name })])
		}
	}
	res, err := mca.run(dir, m, runnable)
	if err != nil {
		return nil, err
	}
	var out []Estimate
	for _, e := range loops {
		est := Estimate{Kernel: e.Kernel, Mode: e.Mode, Target: t, Model: m, Elements: e.Elements, Asm: e.Asm,
			Instructions: len(e.body.code), Path: e.Path, Missing: e.missing}
		name := regionName(e.Kernel, e.Mode)
		if est.Missing == "" {
			r, ok := res[name]
			if l := lacking[name]; len(l) > 0 {
				est.Missing = "n/a: " + m.Label + " lacks " + strings.Join(l, ", ")
			} else if !ok {
				return nil, fmt.Errorf("llvm-mca -mcpu=%s: no region %s in its output", m.CPU, name)
			} else if r.Unsupported != "" {
				est.Missing = "n/a: the model's CPU lacks an instruction (" + r.Unsupported + ")"
			} else {
				est.Cycles = r.Cycles / float64(copies*e.Elements)
				est.Bottleneck = bottleneck(r)
			}
		}
		out = append(out, est)
	}
	return out, nil
}

// features returns the CPU features a kernel executes, as it registered
// them (none for a kernel this host's build does not register: arm64's
// and the generic ones declare none).
func features(kernel string) []kernels.Feature {
	if k, ok := kernels.Lookup(kernel); ok {
		return k.Info().Features
	}
	return nil
}

// saturated is the share of a loop's cycles a resource must be busy to
// bound it.
const saturated = 0.9

// bottleneck says in words what bounds a region, from llvm-mca's resource
// pressure: the most used resource (a group of like units where all of
// them are that busy) when it is busy at least 90% of the cycles, else the
// dispatch width when the loop issues that fast, else the dependency
// chain, which only the simulation's cycles reflect.
func bottleneck(r result) string {
	type group struct {
		what      string
		busy      float64
		units     int
		top, name string
		topBusy   float64
	}
	groups := map[string]*group{}
	names := make([]string, 0, len(r.Busy))
	for name := range r.Busy {
		names = append(names, name)
	}
	sort.Strings(names)
	var best *group
	for _, name := range names {
		what, g := unitOf(name)
		gr := groups[g]
		if gr == nil {
			gr = &group{what: what, name: g}
			groups[g] = gr
		}
		gr.busy += r.Busy[name]
		gr.units++
		if r.Busy[name] > gr.topBusy {
			gr.top, gr.topBusy = name, r.Busy[name]
		}
		if best == nil || gr.topBusy > best.topBusy {
			best = gr
		}
	}
	if best != nil && best.topBusy >= saturated*r.Cycles {
		if avg := best.busy / float64(best.units); best.units > 1 && avg >= saturated*r.Cycles {
			return fmt.Sprintf("%s (%s, all %d busy %.0f%%)", best.what, best.name, best.units, 100*avg/r.Cycles)
		}
		if best.units > 1 {
			return fmt.Sprintf("%s (one unit of %s busy %.0f%%)", best.what, best.name, 100*best.topBusy/r.Cycles)
		}
		return fmt.Sprintf("%s (%s busy %.0f%%)", best.what, best.name, 100*best.topBusy/r.Cycles)
	}
	if r.Dispatch > 0 && r.UOps/float64(r.Dispatch) >= saturated*r.Cycles {
		return fmt.Sprintf("dispatch (%.1f of %d micro-ops a cycle)", r.UOps/r.Cycles, r.Dispatch)
	}
	return "the dependency chain"
}

// List prints every target's declared loops as cut from its binary: the
// instructions and elements per iteration, and why a loop is not
// estimated.
func List(w io.Writer, root, work string, targets []Target) error {
	for _, t := range targets {
		path, err := build(root, work, t)
		if err != nil {
			return err
		}
		bin, err := gobinary.Read(path)
		if err != nil {
			return err
		}
		loops, err := extract(bin, t.GOARCH)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		for _, e := range loops {
			fmt.Fprintf(w, "%-9s %-34s %-10s %3d instructions, %2d elements", t, e.Kernel, e.Mode, len(e.body.code), e.Elements)
			if e.missing != "" {
				fmt.Fprintf(w, ": %s", e.missing)
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}
