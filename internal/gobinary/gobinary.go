// Package gobinary reads the machine code of a Go binary by its Go line
// table, which go test and go build keep where the symbol table may be
// stripped, or by its ELF symbol table where it has one, and decodes amd64
// machine code. Tests use it to read what the compiler and assembler
// emitted: inlining, instructions executed, loop alignment; package explain
// cuts the kernels' loops out of the binaries it builds.
package gobinary

import (
	"debug/elf"
	"debug/gosym"
	"debug/macho"
	"errors"
	"fmt"
)

// Binary is a Go binary's text section, its line table and its ELF
// symbol table's functions.
type Binary struct {
	Text  []byte // the text section's bytes
	Addr  uint64 // the text section's address
	Table *gosym.Table
	// symbols are the function symbols of an ELF binary by name, none
	// where it has no symbol table (go test strips it). Unlike the line
	// table, they tell an assembly function ("pkg.F.abi0") from the
	// ABIInternal wrapper the compiler writes for it ("pkg.F").
	symbols map[string]elf.Symbol
}

// Read reads the ELF or Mach-O binary at path.
func Read(path string) (*Binary, error) {
	var text, pcln interface{ Data() ([]byte, error) }
	var addr uint64
	var syms []elf.Symbol
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s, p := f.Section(".text"), f.Section(".gopclntab"); s != nil && p != nil {
			text, pcln, addr = s, p, s.Addr
		}
		if syms, err = f.Symbols(); err != nil && !errors.Is(err, elf.ErrNoSymbols) {
			return nil, fmt.Errorf("%s: %w", path, err)
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
	b := &Binary{Text: code, Addr: addr, Table: tab, symbols: map[string]elf.Symbol{}}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
			b.symbols[s.Name] = s
		}
	}
	return b, nil
}

// Code returns the machine code from pc to end (a function's Entry and
// End, or an instruction within it).
func (b *Binary) Code(pc, end uint64) []byte { return b.Text[pc-b.Addr : end-b.Addr] }

// SymbolCode returns the address and the machine code of the function
// symbol name.
func (b *Binary) SymbolCode(name string) (uint64, []byte, error) {
	s, ok := b.symbols[name]
	if !ok {
		return 0, nil, fmt.Errorf("no function %s in the binary", name)
	}
	lo := s.Value - b.Addr
	if s.Value < b.Addr || lo+s.Size > uint64(len(b.Text)) || s.Size == 0 {
		return 0, nil, fmt.Errorf("function %s lies outside the text section", name)
	}
	return s.Value, b.Text[lo : lo+s.Size], nil
}

// SymbolAt returns the name of the function symbol at address pc, "" if
// none starts there.
func (b *Binary) SymbolAt(pc uint64) string {
	for name, s := range b.symbols {
		if s.Value == pc {
			return name
		}
	}
	return ""
}
