// Command configs writes package movegen's compiled configurations: for
// every technique of each factor but the default one (every sliding,
// serialize and popcount kernel of package kernels/generic, and in
// configs_amd64_gen.go the asmSliders and asmSerializers of kernels/amd64),
// and for every pair of a generic slider and a serialization (the grid),
// a copy of the generator's functions from the perft recursion down to the
// technique (read from gen.go and perft.go) whose calls of the default
// technique are direct calls of that kernel's exported function, and whose
// calls of each other stay within the copy. No technique hides behind an indirect call:
// each configuration is compiled code of its own.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
	"regexp"
	"slices"
	"strings"

	"bitlab/internal/naming"
	"bitlab/kernels"
	_ "bitlab/kernels/generic"
)

// copied are the functions each configuration copies: everything between
// the perft recursion and the techniques.
var copied = []string{"perft", "generate", "masks", "enPassantLegal"}

// config mirrors movegen.Config (the generator cannot import the package
// it writes); def is movegen.DefaultConfig.
type config struct{ slider, serialize, count, moves, order, repr string }

var def = config{"magic-fancy", "inline", "mathbits", "serialize", "plain", "none"}

// representation is a value of the repr factor: the board representation
// a configuration keeps up to date, on its own position type (movegen's
// repr.go), with the slider that reads it.
type representation struct {
	name, slider       string
	pos, kept          string // the position type and the function that computes its extra bitboards from scratch
	rook, bishop       string // the sliders, on the type's occupancy values
	checkersFromHalves bool   // the type answers the check test itself (sliderCheckers)
}

var representations = []representation{
	{"reversed", "hyperbola-reverse", "posReversed", "keptReversed", "rookReversed", "bishopReversed", true},
	{"rotated", "rotated", "posRotated", "keptRotated", "rookRotated", "bishopRotated", false},
	// Kept but not read: the default slider, so that the difference from
	// the default is the cost of keeping the representation.
	{"reversed", def.slider, "posReversed", "keptReversed", "rookUnreadReversed", "bishopUnreadReversed", false},
	{"rotated", def.slider, "posRotated", "keptRotated", "rookUnreadRotated", "bishopUnreadRotated", false},
}

// reprEdits carry a kept representation through the copies: the
// occupancies the generator derives become the representation's occupancy
// values (which toggle its extra bitboards with the plain one), and the
// plain bitboard is read where nothing slides. Each must apply.
var reprEdits = [][2]string{
	{"occ := p.Occupied\n", "occ := p.occupied()\n"},
	{"rookAttacks(k, p.Colors[them])", "rookAttacks(k, p.occupiedBy(them))"},
	{"bishopAttacks(k, p.Colors[them])", "bishopAttacks(k, p.occupiedBy(them))"},
	{"occ ^= p.Pieces[us][board.King]", "occ = occ.toggle(k)"},
	{"occ&c.empty", "occ.bb&c.empty"},
	{"empty := ^occ", "empty := ^occ.bb"},
	{"occ := p.Occupied ^ from.Bitboard() ^ captured ^ p.EP.Bitboard()", "occ := p.occupied().toggle(from).toggle(capSq).toggle(p.EP)"},
}

// toggleEdit makes each toggle of a piece in Play's copies also keep the
// representation's bitboards, as a second call: one method doing both
// would be too large for Go's inliner.
var toggleEdit = regexp.MustCompile(`q\.toggle\(([^()]*)\)`)

// checkersEdit hands the check test to a representation that answers it.
var checkersEdit = [2]string{"rookAttacks(k, occ)&rq | bishopAttacks(k, occ)&bq", "p.sliderCheckers(k, occ, rq, bq)"}

// representation returns the configuration's representation, nil for
// none.
func (c config) representation() *representation {
	for i := range representations {
		if representations[i].name == c.repr && representations[i].slider == c.slider {
			return &representations[i]
		}
	}
	return nil
}

// suffix names a configuration's functions: its techniques that differ
// from the default.
func (c config) suffix() string {
	s := ""
	if c.slider != def.slider {
		s += camel(c.slider)
	}
	if c.serialize != def.serialize {
		s += serSuffix(c.serialize)
	}
	if c.count != def.count {
		s += countSuffix(c.count)
	}
	if c.moves != def.moves {
		s += movesSuffix(c.moves)
	}
	if c.order != def.order {
		s += orderSuffix(c.order)
	}
	if c.repr != def.repr {
		s += "Repr" + camel(c.repr)
	}
	return s
}

// asmSliders are the amd64 sliders with one-query entry points
// (kernels/amd64/query_amd64.go); their configurations are compiled on
// amd64 only and run where the CPU has their kernel's features.
var asmSliders = []string{"pext", "magic-fancy-asm", "magic-black-asm"}

// asmSerializers are the amd64 serializers with move-list entry points
// (kernels/amd64/moves_amd64.go), which write a target set's moves whole:
// compiled on amd64 only, run where the CPU has their kernel's features.
var asmSerializers = []string{"avx512-vbmi2"}

func main() {
	out := flag.String("o", "configs_gen.go", "output file")
	outAMD64 := flag.String("amd64", "configs_amd64_gen.go", "output file of the configurations with amd64 assembly (sliders and serializers)")
	flag.Parse()
	funcs := readFuncs("gen.go", "perft.go", "position.go")
	var configs, asm, asmSer []config
	for _, k := range generic(kernels.Sliding.Kernels()) {
		configs = append(configs, config{k, def.serialize, def.count, def.moves, def.order, def.repr})
	}
	for _, k := range generic(kernels.Serialize.Kernels()) {
		configs = append(configs, config{def.slider, k, def.count, def.moves, def.order, def.repr})
	}
	for _, k := range generic(kernels.Popcount.Kernels()) {
		configs = append(configs, config{def.slider, def.serialize, k, def.moves, def.order, def.repr})
	}
	for _, k := range generic(kernels.MoveList.Kernels()) {
		if k == "magic-hash" { // the list kernel; movelist/loop is the serialization
			configs = append(configs, config{def.slider, def.serialize, def.count, k, def.order, def.repr})
		}
	}
	for _, k := range generic(kernels.SerializeColor.Kernels()) {
		if k == "flip-vertical" { // the source's conditional flipVertical
			configs = append(configs, config{def.slider, def.serialize, def.count, def.moves, k, def.repr})
		}
	}
	for _, r := range representations {
		configs = append(configs, config{r.slider, def.serialize, def.count, def.moves, def.order, r.name})
	}
	for _, k := range asmSliders {
		asm = append(asm, config{k, def.serialize, def.count, def.moves, def.order, def.repr})
	}
	for _, k := range asmSerializers {
		asmSer = append(asmSer, config{def.slider, k, def.count, def.moves, def.order, def.repr})
	}
	// The slider x serialization grid: every pair that changes both.
	var grid []config
	for _, sl := range generic(kernels.Sliding.Kernels()) {
		for _, se := range generic(kernels.Serialize.Kernels()) {
			if sl != def.slider && se != def.serialize {
				grid = append(grid, config{sl, se, def.count, def.moves, def.order, def.repr})
			}
		}
	}

	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/configs; DO NOT EDIT.\n\npackage movegen\n\n")
	b.WriteString("import (\n\t\"math/bits\"\n\n\t\"bitlab/board\"\n\t\"bitlab/kernels\"\n\t\"bitlab/kernels/generic\"\n)\n\n")
	registry, order := emit(&b, funcs, configs)
	gridRegistry, gridOrder := emit(&b, funcs, grid)
	b.WriteString("// configPerft are the perft recursions of the configurations above.\n")
	b.WriteString("var configPerft = map[Config]func(Position, int) uint64{\n" + registry + gridRegistry + "}\n\n")
	b.WriteString("// configOrder lists the configurations that change one factor, factor by factor.\n")
	b.WriteString("var configOrder = []Config{\n" + order + "}\n\n")
	b.WriteString("// gridOrder lists the rest of the slider x serialization grid: the configurations that change both.\n")
	b.WriteString("var gridOrder = []Config{\n" + gridOrder + "}\n\n")
	b.WriteString("var _ = bits.OnesCount64 // the copies may not use package bits\n")
	write(*out, b.Bytes())

	b.Reset()
	b.WriteString("// Code generated by go run ./internal/configs; DO NOT EDIT.\n\n//go:build amd64\n\npackage movegen\n\n")
	b.WriteString("import (\n\t\"math/bits\"\n\t\"slices\"\n\n\t\"bitlab/board\"\n\t\"bitlab/kernels/amd64\"\n\t\"bitlab/kernels/generic\"\n)\n\n")
	registry, order = emit(&b, funcs, asm)
	serRegistry, serOrder := emit(&b, funcs, asmSer)
	b.WriteString("// The amd64 sliders' configurations join the others after the generic sliders',\n")
	b.WriteString("// the amd64 serializers' after the generic serializers'.\n")
	b.WriteString("func init() {\n\tfor c, f := range map[Config]func(Position, int) uint64{\n" + registry + serRegistry + "} {\n\t\tconfigPerft[c] = f\n\t}\n")
	b.WriteString("\tat := slices.IndexFunc(configOrder, func(c Config) bool { return c.Slider == DefaultConfig.Slider })\n")
	b.WriteString("\tconfigOrder = slices.Insert(configOrder, at, []Config{\n" + order + "}...)\n")
	b.WriteString("\tat = slices.IndexFunc(configOrder, func(c Config) bool {\n\t\treturn c.Slider == DefaultConfig.Slider && c.Serialize == DefaultConfig.Serialize\n\t})\n")
	b.WriteString("\tconfigOrder = slices.Insert(configOrder, at, []Config{\n" + serOrder + "}...)\n}\n\n")
	b.WriteString("var _ = generic.SlidingMagicFancyRook // the default slider, which the serializers' copies call\n")
	b.WriteString("var _ = bits.OnesCount64 // the copies may not use package bits\n")
	write(*outAMD64, b.Bytes())
}

// emit writes each configuration's copies of the generator's functions,
// calling the sliders of package generic or, for asmSliders, amd64, and
// returns its registry entries and its order list.
func emit(b *bytes.Buffer, funcs map[string]string, configs []config) (registry, order string) {
	for _, c := range configs {
		if c == def {
			continue
		}
		pkg := "generic"
		if slices.Contains(asmSliders, c.slider) {
			pkg = "amd64"
		}
		suffix := c.suffix()
		r := c.representation()
		names := copied
		if r != nil {
			names = append(names[:len(names):len(names)], "Play")
		}
		calls := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\(`)
		edits := reprEdits
		if r != nil && r.checkersFromHalves {
			edits = append(edits[:len(edits):len(edits)], checkersEdit)
		}
		applied := make([]bool, len(edits))
		for _, name := range names {
			body := calls.ReplaceAllString(funcs[name], "${1}"+suffix+"(")
			rook, bishop := pkg+".Sliding"+camel(c.slider)+"Rook(", pkg+".Sliding"+camel(c.slider)+"Bishop("
			if r != nil {
				for i, e := range edits {
					applied[i] = applied[i] || strings.Contains(body, e[0])
					body = strings.ReplaceAll(body, e[0], e[1])
				}
				body = regexp.MustCompile(`\bPosition\b`).ReplaceAllString(body, r.pos)
				if name == "Play" {
					if !toggleEdit.MatchString(body) {
						log.Fatalf("repr=%s: Play no longer toggles pieces with q.toggle(c, pc, s)", c.repr)
					}
					body = toggleEdit.ReplaceAllString(body, "q.Position.toggle($1); q.keep($1)")
				}
				rook, bishop = r.rook+"(", r.bishop+"("
			}
			body = strings.ReplaceAll(body, "rookAttacks(", rook)
			body = strings.ReplaceAll(body, "bishopAttacks(", bishop)
			if c.count != def.count {
				body = regexp.MustCompile(`\bcount\(`).ReplaceAllString(body, "count"+countSuffix(c.count)+"(")
			}
			if c.moves != def.moves {
				body = strings.ReplaceAll(body, "l.add(from, targets, Quiet)", "l.add"+movesSuffix(c.moves)+"(piece, from, targets)")
			}
			if c.order != def.order {
				body = strings.ReplaceAll(body, "l.add(", "l.add"+orderSuffix(c.order)+"(us, ")
				body = strings.ReplaceAll(body, "l.addPawns(", "l.addPawns"+orderSuffix(c.order)+"(us, ")
			}
			if c.serialize != def.serialize {
				body = strings.ReplaceAll(body, "l.add(", "l.add"+serSuffix(c.serialize)+"(")
				body = strings.ReplaceAll(body, "l.addPawns(", "l.addPawns"+serSuffix(c.serialize)+"(")
			}
			fmt.Fprintf(b, "// %s%s is %s with %s.\n%s\n\n", name, suffix, name, c.describe(), body)
		}
		for i, ok := range applied {
			if r != nil && !ok {
				log.Fatalf("repr=%s: the generator's source no longer contains %q", c.repr, edits[i][0])
			}
		}
		// The count and serialization helpers are written once, with the
		// configuration that changes only that factor.
		if c.count != def.count && c.slider == def.slider && c.serialize == def.serialize {
			fmt.Fprintf(b, "func count%s(b uint64) int { return int(generic.Popcount%s(b)) }\n\n", countSuffix(c.count), camel(c.count))
		}
		if c.serialize != def.serialize && c.slider == def.slider && c.count == def.count {
			if slices.Contains(asmSerializers, c.serialize) {
				fmt.Fprintf(b, compressTemplate, serSuffix(c.serialize), c.serialize, camel(c.serialize))
			} else {
				fmt.Fprintf(b, listTemplate, serSuffix(c.serialize), "serialize/"+c.serialize+"'s squares", "",
					"generic.Serialize"+camel(c.serialize)+"(&sq, targets)")
			}
		}
		if c.moves != def.moves {
			fmt.Fprintf(b, movesTemplate, movesSuffix(c.moves), camel(c.moves), c.moves)
		}
		if c.order != def.order {
			fmt.Fprintf(b, listTemplate, orderSuffix(c.order), "serialize-color/"+c.order+"'s order", "side board.Color, ",
				"generic.SerializeColor"+camel(c.order)+"(&sq, kernels.ColoredBB{BB: targets, Side: side})")
		}
		key := fmt.Sprintf("{Slider: %q, Serialize: %q, Count: %q, Moves: %q, Order: %q, Repr: %q}", c.slider, c.serialize, c.count, c.moves, c.order, c.repr)
		if r != nil {
			registry += fmt.Sprintf("\t%s: func(p Position, depth int) uint64 { return perft%s(%s(p), depth) },\n", key, suffix, r.kept)
		} else {
			registry += fmt.Sprintf("\t%s: perft%s,\n", key, suffix)
		}
		order += "\t" + key + ",\n"
	}
	return registry, order
}

// serSuffix, countSuffix and movesSuffix name a serialization's, a
// count's or a move-list kernel's helpers.
func serSuffix(k string) string   { return "Ser" + camel(k) }
func countSuffix(k string) string { return "Cnt" + camel(k) }
func movesSuffix(k string) string { return "Mv" + camel(k) }
func orderSuffix(k string) string { return "Ord" + camel(k) }

// movesTemplate writes a configuration's king and knight move lists: the
// movelist kernel copies the target set's precomputed list, all eight
// slots (kernels.Move's bits are a quiet Move's), no loop over the targets.
const movesTemplate = `// add%[1]s appends the quiet moves of a king or knight with movelist/%[3]s's list.
func (l *MoveList) add%[1]s(piece board.Piece, from board.Square, targets uint64) {
	var d [8]kernels.Move
	n := generic.Movelist%[2]s(&d, kernels.Targets{BB: targets, From: from, Piece: piece})
	for i, m := range d {
		l.Moves[(l.N+i)&(MaxMoves-1)] = Move(m)
	}
	l.N += n
}

`

// write formats Go source and writes it to path.
func write(path string, src []byte) {
	out, err := format.Source(src)
	if err != nil {
		log.Fatalf("%v\n%s", err, src)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		log.Fatal(err)
	}
}

// listTemplate writes a configuration's move lists from a kernel that
// writes the target squares (a serialize kernel, or a serialize-color
// kernel given the side to move), then a loop that turns them into moves:
// add and addPawns with the suffix %[1]s, described by %[2]s, taking the
// extra parameters %[3]s, the squares written by the expression %[4]s.
const listTemplate = `// add%[1]s is add with %[2]s.
func (l *MoveList) add%[1]s(%[3]sfrom board.Square, targets uint64, kind int) {
	var sq [64]board.Square
	n := %[4]s
	for _, to := range sq[:n&63] {
		l.Moves[l.N&(MaxMoves-1)] = newMove(from, to, kind)
		l.N++
	}
}

// addPawns%[1]s is addPawns with %[2]s.
func (l *MoveList) addPawns%[1]s(%[3]stargets uint64, delta int, kind int) {
	var sq [64]board.Square
	n := %[4]s
	for _, to := range sq[:n&63] {
		from := (to - board.Square(delta)) & 63
		if to.Bitboard()&(rank1|rank8) == 0 {
			l.Moves[l.N&(MaxMoves-1)] = newMove(from, to, kind)
			l.N++
			continue
		}
		for k := PromoKnight; k <= PromoQueen; k++ {
			l.Moves[l.N&(MaxMoves-1)] = newMove(from, to, k)
			l.N++
		}
	}
}

`

// compressTemplate writes the move lists of an asmSerializers
// configuration (suffix %[1]s, kernel serialize/%[2]s, entry points
// amd64.Serialize%[3]sAppend and AppendPawns): each target set appended
// whole to the list by one call of the kernel's assembly, which stores
// whole vectors at the list's end (up to 64 moves from its index, wrapped
// below MaxMoves, into MoveList's listSlack: the list's array type is the
// entry points' amd64.ListLen). Pawn sets with a promotion take the
// assembly's scalar loop, which keeps the ascending order.
const compressTemplate = `// add%[1]s is add with serialize/%[2]s: the target set's
// moves appended whole by the kernel's vector compress, one call of
// assembly per target set (Go does not inline assembly: the call, and
// the registers spilled around it, are part of what a Go engine pays);
// the stores may write up to 64 moves from the list's end, into
// MoveList's slack.
func (l *MoveList) add%[1]s(from board.Square, targets uint64, kind int) {
	amd64.Serialize%[3]sAppend(&l.Moves, &l.N, targets, from, kind)
}

// addPawns%[1]s is addPawns with serialize/%[2]s: one call of
// assembly per target set, which compresses a set without promotions
// like add%[1]s and loops over one with them.
func (l *MoveList) addPawns%[1]s(targets uint64, delta int, kind int) {
	amd64.Serialize%[3]sAppendPawns(&l.Moves, &l.N, targets, delta, kind)
}

// The entry points list promotions as kinds 4..7, wrap the list's index
// at amd64.ListMoves and need MoveList's slack (its array type checks the
// length): these fail to compile if movegen's constants change.
const _ = uint(PromoKnight-4) + uint(4-PromoKnight) + uint(PromoQueen-7) + uint(7-PromoQueen) +
	uint(MaxMoves-amd64.ListMoves) + uint(amd64.ListMoves-MaxMoves)

`

// describe says what a configuration changes.
func (c config) describe() string {
	var parts []string
	if c.slider != def.slider {
		parts = append(parts, "sliding/"+c.slider)
	}
	if c.serialize != def.serialize && slices.Contains(asmSerializers, c.serialize) {
		parts = append(parts, "serialize/"+c.serialize+" (each target set's moves written whole by one call of assembly, which Go does not inline)")
	} else if c.serialize != def.serialize {
		parts = append(parts, "serialize/"+c.serialize)
	}
	if c.count != def.count {
		parts = append(parts, "popcount/"+c.count)
	}
	if c.moves != def.moves {
		parts = append(parts, "movelist/"+c.moves+" for king and knight moves")
	}
	if c.order != def.order {
		parts = append(parts, "serialize-color/"+c.order+"'s move order")
	}
	if r := c.representation(); r != nil && c.slider != def.slider {
		parts[0] = "repr=" + c.repr + " (" + r.pos + ") and its slider " + c.slider
	} else if r != nil {
		parts = []string{"repr=" + c.repr + " (" + r.pos + ") kept but not read: the default slider"}
	}
	return strings.Join(parts, " and ")
}

// generic returns the implementations of package kernels/generic among ks.
func generic(ks []kernels.Kernel) []string {
	var names []string
	for _, k := range ks {
		if i := k.Info(); i.Arch == kernels.Generic {
			names = append(names, i.Impl)
		}
	}
	return names
}

// readFuncs returns the source of every function declared in the files.
func readFuncs(files ...string) map[string]string {
	fset := token.NewFileSet()
	funcs := map[string]string{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			log.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			log.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				funcs[fd.Name.Name] = string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
			}
		}
	}
	for _, name := range copied {
		if _, ok := funcs[name]; !ok {
			log.Fatalf("no function %s in %v", name, files)
		}
	}
	return funcs
}

// camel turns "magic-fancy" into "MagicFancy", as package generic's
// generator names the exported functions this file calls.
func camel(s string) string { return naming.Exported(s) }
