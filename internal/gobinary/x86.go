package gobinary

import (
	"debug/gosym"
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

// DecodeX86 decodes the amd64 instruction at the start of code. Where more
// code follows them, x86asm (golang.org/x/arch v0.32.0) gives VZEROUPPER
// and VZEROALL two bytes too many; they are their VEX prefix and one
// opcode byte.
func DecodeX86(code []byte) (x86asm.Inst, error) {
	in, err := x86asm.Decode(code, 64)
	if err == nil && (in.Op == x86asm.VZEROUPPER || in.Op == x86asm.VZEROALL) {
		in.Len = 3 // C5 xx 77
		if code[0] == 0xc4 {
			in.Len = 4 // C4 xx xx 77
		}
	}
	return in, err
}

// X86Inst is one instruction of a function's amd64 machine code.
type X86Inst struct {
	x86asm.Inst
	PC     uint64
	Callee *gosym.Func // the function a direct call goes to; nil for any other instruction
}

// X86Code decodes the amd64 machine code of fn, a function of b's line
// table, instruction by instruction. A direct call to an address outside
// every function is an error.
func (b *Binary) X86Code(fn *gosym.Func) ([]X86Inst, error) {
	var out []X86Inst
	for pc := fn.Entry; pc < fn.End; {
		in, err := DecodeX86(b.Code(pc, fn.End))
		if err != nil {
			return nil, fmt.Errorf("%s at %#x: %v", fn.Name, pc, err)
		}
		x := X86Inst{Inst: in, PC: pc}
		if rel, ok := in.Args[0].(x86asm.Rel); ok && in.Op == x86asm.CALL {
			target := pc + uint64(in.Len) + uint64(int64(rel))
			if x.Callee = b.Table.PCToFunc(target); x.Callee == nil {
				return nil, fmt.Errorf("%s at %#x calls %#x, outside every function", fn.Name, pc, target)
			}
		}
		out = append(out, x)
		pc += uint64(in.Len)
	}
	return out, nil
}
