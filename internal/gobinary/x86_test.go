package gobinary

import (
	"debug/gosym"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// TestDecodeX86 decodes VZEROUPPER and VZEROALL, in VEX's two- and
// three-byte forms, each followed by more code, to their own lengths.
func TestDecodeX86(t *testing.T) {
	for _, c := range []struct {
		code []byte
		op   x86asm.Op
		len  int
	}{
		{[]byte{0xc5, 0xf8, 0x77, 0x48, 0x89, 0xc3}, x86asm.VZEROUPPER, 3},
		{[]byte{0xc4, 0xe1, 0x78, 0x77, 0x48, 0x89, 0xc3}, x86asm.VZEROUPPER, 4},
		{[]byte{0xc5, 0xfc, 0x77, 0x48, 0x89, 0xc3, 0x90, 0x90}, x86asm.VZEROALL, 3},
		{[]byte{0xc5, 0xf8, 0x77}, x86asm.VZEROUPPER, 3},
		{[]byte{0x48, 0x89, 0xc3, 0x90}, x86asm.MOV, 3},
	} {
		in, err := DecodeX86(c.code)
		if err != nil || in.Op != c.op || in.Len != c.len {
			t.Errorf("% x: %v of %d bytes (%v), want %v of %d", c.code, in.Op, in.Len, err, c.op, c.len)
		}
	}
}

// TestX86Code walks hand-assembled machine code (VZEROUPPER, a call to this
// test's function, RET) with the running test binary's line table: every
// instruction at its address, the call's callee found; a call to an address
// outside every function is an error.
func TestX86Code(t *testing.T) {
	b, err := Read(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	const name = "bitlab/internal/gobinary.TestX86Code"
	target := b.Table.LookupFunc(name)
	if target == nil {
		t.Fatalf("no %s in the test binary", name)
	}
	const base = 0x1000
	code := func(callTo uint64) *Binary {
		text := []byte{0xc5, 0xf8, 0x77, 0xe8, 0, 0, 0, 0, 0xc3}
		binary.LittleEndian.PutUint32(text[4:], uint32(callTo-(base+8)))
		return &Binary{Text: text, Addr: base, Table: b.Table}
	}
	fn := &gosym.Func{Entry: base, End: base + 9, Sym: &gosym.Sym{Name: "hand-assembled"}}
	insts, err := code(target.Entry).X86Code(fn)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range insts {
		s := fmt.Sprintf("%v@%d", in.Op, in.PC-base)
		if in.Callee != nil {
			s += "->" + in.Callee.Name
		}
		got = append(got, s)
	}
	if want := "VZEROUPPER@0 CALL@3->" + name + " RET@8"; strings.Join(got, " ") != want {
		t.Errorf("decoded %q, want %q", strings.Join(got, " "), want)
	}
	if _, err := code(8).X86Code(fn); err == nil || !strings.Contains(err.Error(), "outside every function") {
		t.Errorf("a call to 0x8: %v, want an error", err)
	}
}
