package main

import (
	"go/token"
	"go/types"
	"log"
	"os"
	"strings"

	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"golang.org/x/tools/go/packages"
)

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

// elem returns the operand of element index of array a: its first
// element's address, index scaled by the element size, which must be 1, 2,
// 4 or 8.
func elem(a value, index reg.Register) Mem {
	m := a.Index(0).addr
	m.Index, m.Scale = index, uint8(a.Index(1).addr.Disp-m.Disp)
	if m.Scale&(m.Scale-1) != 0 || m.Scale > 8 {
		log.Fatalf("element size %d is no index scale", m.Scale)
	}
	return m
}
