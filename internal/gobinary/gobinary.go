// Package gobinary reads the machine code of a Go binary by its Go line
// table, which go test and go build keep where the symbol table may be
// stripped, and decodes amd64 machine code. Tests use it to read what the
// compiler and assembler emitted: inlining, instructions executed, loop
// alignment; package explain decodes the kernels' loops with DecodeX86.
package gobinary

import (
	"debug/elf"
	"debug/gosym"
	"debug/macho"
	"fmt"
)

// Binary is a Go binary's text section and its line table.
type Binary struct {
	Text  []byte // the text section's bytes
	Addr  uint64 // the text section's address
	Table *gosym.Table
}

// Read reads the ELF or Mach-O binary at path.
func Read(path string) (*Binary, error) {
	var text, pcln interface{ Data() ([]byte, error) }
	var addr uint64
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s, p := f.Section(".text"), f.Section(".gopclntab"); s != nil && p != nil {
			text, pcln, addr = s, p, s.Addr
		}
	} else if f, err := macho.Open(path); err == nil {
		defer f.Close()
		if s, p := f.Section("__text"), f.Section("__gopclntab"); s != nil && p != nil {
			text, pcln, addr = s, p, s.Addr
		}
	}
	if text == nil {
		return nil, fmt.Errorf("%s: no ELF or Mach-O binary with a text section and a Go line table", path)
	}
	code, err := text.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	lines, err := pcln.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(lines, addr))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Binary{Text: code, Addr: addr, Table: tab}, nil
}

// Code returns the machine code from pc to end (a function's Entry and
// End, or an instruction within it).
func (b *Binary) Code(pc, end uint64) []byte { return b.Text[pc-b.Addr : end-b.Addr] }
