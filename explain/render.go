package explain

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// copies is the number of times a region holds the loop body: the second
// copy's registers renamed (renameX86), so the copies do not alias.
const copies = 2

// region writes the llvm-mca input of one loop: a region named name with
// the body twice, each relative branch's target a label of its copy, or
// a symbol of its own when the target lies outside the loop. id tells the
// region's labels from those of other regions.
func region(b *strings.Builder, arch, name string, id int, code []inst) error {
	inside := map[uint64]bool{}
	for _, in := range code {
		inside[in.pc] = true
	}
	targets := map[uint64]bool{}
	for _, in := range code {
		if in.target != 0 && inside[in.target] {
			targets[in.target] = true
		}
	}
	// llvm-mca reads its markers from "#" comments on every target.
	fmt.Fprintf(b, "# LLVM-MCA-BEGIN %s\n", name)
	second := code
	if arch == "amd64" {
		second = renameX86(code)
	}
	for c, body := range [][]inst{code, second} {
		for _, in := range body {
			if targets[in.pc] {
				fmt.Fprintf(b, "r%d_%d_%x:\n", id, c, in.pc)
			}
			label := ""
			switch {
			case in.target != 0 && inside[in.target]:
				label = fmt.Sprintf("r%d_%d_%x", id, c, in.target)
			case in.target != 0:
				label = fmt.Sprintf("r%d_out_%x", id, in.target)
			}
			s, err := in.text(label)
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "\t%s\n", s)
		}
	}
	fmt.Fprintf(b, "# LLVM-MCA-END %s\n", name)
	return nil
}

// An x86 register family: a general-purpose register in all its widths,
// or a vector register as XMM, YMM and ZMM.
type family struct {
	vector bool
	n      int
}

// x86Family returns the family of a register; ok is false for registers
// that are not renamed (flags, RIP, segments, opmasks, the high bytes).
func x86Family(r x86asm.Reg) (f family, ok bool) {
	switch {
	case r >= x86asm.AL && r <= x86asm.R15B:
		i := int(r - x86asm.AL)
		if i >= 4 && i < 8 {
			return family{}, false // AH, CH, DH, BH
		}
		if i >= 8 {
			i -= 4
		}
		return family{false, i}, true
	case r >= x86asm.AX && r <= x86asm.R15W:
		return family{false, int(r - x86asm.AX)}, true
	case r >= x86asm.EAX && r <= x86asm.R15L:
		return family{false, int(r - x86asm.EAX)}, true
	case r >= x86asm.RAX && r <= x86asm.R15:
		return family{false, int(r - x86asm.RAX)}, true
	case r >= x86asm.X0 && r <= x86asm.X31:
		return family{true, int(r - x86asm.X0)}, true
	case r >= x86asm.Y0 && r <= x86asm.Y31:
		return family{true, int(r - x86asm.Y0)}, true
	case r >= x86asm.Z0 && r <= x86asm.Z31:
		return family{true, int(r - x86asm.Z0)}, true
	}
	return family{}, false
}

// inFamily returns register r moved to family f, at r's width.
func inFamily(r x86asm.Reg, f family) x86asm.Reg {
	var base x86asm.Reg
	switch {
	case r >= x86asm.AL && r <= x86asm.R15B:
		if f.n >= 4 {
			return x86asm.AL + x86asm.Reg(f.n+4)
		}
		return x86asm.AL + x86asm.Reg(f.n)
	case r >= x86asm.AX && r <= x86asm.R15W:
		base = x86asm.AX
	case r >= x86asm.EAX && r <= x86asm.R15L:
		base = x86asm.EAX
	case r >= x86asm.RAX && r <= x86asm.R15:
		base = x86asm.RAX
	case r >= x86asm.X0 && r <= x86asm.X31:
		base = x86asm.X0
	case r >= x86asm.Y0 && r <= x86asm.Y31:
		base = x86asm.Y0
	default:
		base = x86asm.Z0
	}
	return base + x86asm.Reg(f.n)
}

// pureWrites are the operations whose first operand (Intel order) is only
// written, whole: a register they write starts a new value.
var pureWrites = map[x86asm.Op]bool{
	x86asm.MOV: true, x86asm.MOVZX: true, x86asm.MOVSX: true, x86asm.MOVSXD: true, x86asm.MOVBE: true, x86asm.LEA: true,
	x86asm.POPCNT: true, x86asm.TZCNT: true, x86asm.LZCNT: true, x86asm.BLSR: true, x86asm.BLSI: true, x86asm.BLSMSK: true,
	x86asm.ANDN: true, x86asm.BZHI: true, x86asm.BEXTR: true, x86asm.PEXT: true, x86asm.PDEP: true,
	x86asm.SHLX: true, x86asm.SHRX: true, x86asm.SARX: true, x86asm.RORX: true,
	x86asm.MOVQ: true, x86asm.MOVD: true, x86asm.MOVDQU: true, x86asm.MOVDQA: true, x86asm.MOVUPS: true, x86asm.MOVAPS: true,
	x86asm.PSHUFD: true,
}

// readsDestination are the prefixes of vector operations whose first
// operand is also an input (tables, accumulators, merges).
var readsDestination = []string{"VPERMT2", "VPERMI2", "VPTERNLOG", "VFMADD", "VFMSUB", "VFNMADD", "VFNMSUB", "VPDP",
	"VPCOMPRESS", "VPEXPAND", "VCOMPRESS", "VEXPAND", "VPSHLDV", "VPSHRDV", "VGATHER", "VPGATHER", "VPMADD52", "VMOVSS", "VMOVSD"}

// implicitRegisters are operations that read or write registers they do
// not name: a body holding one is not renamed.
var implicitRegisters = map[x86asm.Op]bool{
	x86asm.MUL: true, x86asm.DIV: true, x86asm.IDIV: true, x86asm.CQO: true, x86asm.CDQ: true, x86asm.CWD: true,
	x86asm.CPUID: true, x86asm.RDTSC: true, x86asm.RDTSCP: true, x86asm.XCHG: true, x86asm.CMPXCHG: true,
	x86asm.MOVSB: true, x86asm.MOVSQ: true, x86asm.STOSB: true, x86asm.STOSQ: true, x86asm.PUSH: true, x86asm.POP: true,
}

// writesFirst returns the family an instruction writes whole without
// reading it, if any.
func writesFirst(x x86asm.Inst) (family, bool) {
	dst, ok := x.Args[0].(x86asm.Reg)
	if !ok {
		return family{}, false
	}
	f, ok := x86Family(dst)
	if !ok || (!f.vector && dst >= x86asm.AL && dst <= x86asm.R15W) {
		return family{}, false // partial writes merge
	}
	op := x.Op.String()
	pure := pureWrites[x.Op] || (strings.HasPrefix(op, "V") && x.Args[1] != nil)
	for _, p := range readsDestination {
		pure = pure && !strings.HasPrefix(op, p)
	}
	if m, ok := x.Args[1].(x86asm.Reg); ok && m >= x86asm.K1 && m <= x86asm.K7 && !x.Zeroing {
		pure = false // merge masking
	}
	args := nonNil(x.Args)
	if x.Op == x86asm.XOR || x.Op == x86asm.SUB || x.Op == x86asm.PXOR || strings.HasPrefix(op, "VPXOR") {
		if len(args) == 2 && args[0] == args[1] || len(args) == 3 && args[1] == args[2] {
			return f, true // a zeroing idiom reads nothing
		}
	}
	if !pure {
		return family{}, false
	}
	for _, a := range args[1:] {
		for _, r := range registers(a) {
			if g, ok := x86Family(r); ok && g == f {
				return family{}, false
			}
		}
	}
	return f, true
}

// nonNil returns the arguments an instruction has.
func nonNil(args x86asm.Args) []x86asm.Arg {
	var out []x86asm.Arg
	for _, a := range args {
		if a != nil {
			out = append(out, a)
		}
	}
	return out
}

// registers returns the registers an argument names.
func registers(a x86asm.Arg) []x86asm.Reg {
	switch v := a.(type) {
	case x86asm.Reg:
		return []x86asm.Reg{v}
	case x86asm.Mem:
		return []x86asm.Reg{v.Base, v.Index}
	}
	return nil
}

// renameX86 returns the second copy of a loop body: every register family
// whose first use in the body is a whole write moved to a family the body
// does not use (general-purpose for general-purpose, vector 0-15 for
// vector), as far as free families last.
func renameX86(code []inst) []inst {
	used, first := map[family]bool{}, map[family]bool{}
	var order []family
	for _, in := range code {
		if implicitRegisters[in.x86.Op] {
			return code
		}
		w, writes := writesFirst(in.x86)
		for i, a := range nonNil(in.x86.Args) {
			for _, r := range registers(a) {
				f, ok := x86Family(r)
				if !ok {
					if r >= x86asm.AH && r <= x86asm.BH {
						used[family{false, int(r - x86asm.AH)}] = true
						first[family{false, int(r - x86asm.AH)}] = false
					}
					continue
				}
				if !used[f] {
					used[f] = true
					first[f] = writes && i == 0 && f == w
					if first[f] {
						order = append(order, f)
					}
				}
			}
		}
	}
	var free []family
	for _, vector := range []bool{false, true} {
		for n := range 16 {
			f := family{vector, n}
			if !used[f] && (vector || n != 4 && n != 5) { // never RSP or RBP
				free = append(free, f)
			}
		}
	}
	to := map[family]family{}
	for _, f := range order {
		if f == (family{false, 1}) && slices.ContainsFunc(code, func(in inst) bool { return shiftsByCL(in.x86) }) {
			continue // a shift's count must stay in CL
		}
		for i, g := range free {
			if g.vector == f.vector {
				to[f] = g
				free = append(free[:i], free[i+1:]...)
				break
			}
		}
	}
	out := make([]inst, len(code))
	for i, in := range code {
		out[i] = in
		for j, a := range in.x86.Args {
			switch v := a.(type) {
			case x86asm.Reg:
				out[i].x86.Args[j] = renamed(v, to)
			case x86asm.Mem:
				v.Base, v.Index = renamed(v.Base, to), renamed(v.Index, to)
				out[i].x86.Args[j] = v
			}
		}
	}
	return out
}

// shiftsByCL reports whether an instruction shifts or rotates by CL, the
// one register such a count can be in.
func shiftsByCL(x x86asm.Inst) bool {
	switch x.Op {
	case x86asm.SHL, x86asm.SHR, x86asm.SAR, x86asm.ROL, x86asm.ROR, x86asm.RCL, x86asm.RCR, x86asm.SHLD, x86asm.SHRD:
		return slices.Contains(nonNil(x.Args), x86asm.Arg(x86asm.CL))
	}
	return false
}

// renamed returns r in the family its family is renamed to, if any.
func renamed(r x86asm.Reg, to map[family]family) x86asm.Reg {
	if f, ok := x86Family(r); ok {
		if g, ok := to[f]; ok {
			return inFamily(r, g)
		}
	}
	return r
}
