package explain

import (
	"fmt"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"

	"bitlab/internal/gobinary"
)

// kind is what an instruction does to the flow of control.
type kind uint8

const (
	plain  kind = iota
	jump        // an unconditional relative branch
	branch      // a conditional relative branch
	call
	ret // a return or an indirect branch
)

// inst is one decoded machine instruction.
type inst struct {
	pc     uint64
	kind   kind
	target uint64 // a relative branch's or call's target
	x86    x86asm.Inst
	arm    arm64asm.Inst
	arch   string
}

// decode decodes the machine code of a function at address pc.
func decode(arch string, pc uint64, code []byte) ([]inst, error) {
	var out []inst
	for len(code) > 0 {
		in := inst{pc: pc, arch: arch}
		size := 4
		switch arch {
		case "amd64":
			x, err := gobinary.DecodeX86(code)
			if err != nil {
				return nil, fmt.Errorf("%#x: %v", pc, err)
			}
			in.x86, size = x, x.Len
			in.kind, in.target = x86Flow(x, pc)
		case "arm64":
			if len(code) < 4 {
				return nil, fmt.Errorf("%#x: %d trailing bytes", pc, len(code))
			}
			a, err := arm64asm.Decode(code)
			if err != nil {
				// Go pads functions with zero words, which decode as nothing.
				code, pc = code[4:], pc+4
				continue
			}
			in.arm = a
			in.kind, in.target = armFlow(a, pc)
		default:
			return nil, fmt.Errorf("no decoder for %s", arch)
		}
		out = append(out, in)
		code, pc = code[size:], pc+uint64(size)
	}
	return out, nil
}

// x86Flow classifies an x86 instruction and returns its relative target.
func x86Flow(x x86asm.Inst, pc uint64) (kind, uint64) {
	var target uint64
	if rel, ok := x.Args[0].(x86asm.Rel); ok {
		target = pc + uint64(x.Len) + uint64(int64(rel))
	}
	switch {
	case x.Op == x86asm.CALL || x.Op == x86asm.LCALL:
		return call, target
	case x.Op == x86asm.RET || x.Op == x86asm.LRET:
		return ret, 0
	case x.Op == x86asm.JMP && target == 0:
		return ret, 0 // an indirect jump leaves the loop
	case x.Op == x86asm.JMP:
		return jump, target
	case target != 0 && (strings.HasPrefix(x.Op.String(), "J") || strings.HasPrefix(x.Op.String(), "LOOP")):
		return branch, target
	}
	return plain, 0
}

// armFlow classifies an arm64 instruction and returns its relative target.
func armFlow(a arm64asm.Inst, pc uint64) (kind, uint64) {
	var target uint64
	conditional := false
	for _, arg := range a.Args {
		switch v := arg.(type) {
		case arm64asm.PCRel:
			target = pc + uint64(int64(v))
		case arm64asm.Cond:
			conditional = true
		}
	}
	switch a.Op {
	case arm64asm.BL, arm64asm.BLR:
		return call, target
	case arm64asm.RET, arm64asm.BR:
		return ret, 0
	case arm64asm.B:
		if conditional {
			return branch, target
		}
		return jump, target
	case arm64asm.CBZ, arm64asm.CBNZ, arm64asm.TBZ, arm64asm.TBNZ:
		return branch, target
	}
	return plain, target // ADR and ADRP address a symbol
}

// text prints the instruction in GNU syntax, as llvm-mca reads it, with a
// relative branch's target printed as label.
func (in inst) text(label string) (string, error) {
	switch in.arch {
	case "amd64":
		if in.target != 0 {
			return strings.ToLower(in.x86.Op.String()) + " " + label, nil
		}
		return x86asm.GNUSyntax(in.x86, in.pc, nil), nil
	default:
		s := arm64asm.GNUSyntax(in.arm)
		for _, arg := range in.arm.Args {
			if rel, ok := arg.(arm64asm.PCRel); ok {
				t := rel.String()
				if !strings.Contains(s, t) {
					return "", fmt.Errorf("%#x: %q does not print its target %q", in.pc, s, t)
				}
				s = strings.Replace(s, t, label, 1)
			}
		}
		return s, nil
	}
}
