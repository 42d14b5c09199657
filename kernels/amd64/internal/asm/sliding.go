package main

// The sliding family: Hyperbola Quintessence with BSWAP ([mack-hyperbola],
// Gerd Isenberg), BMI2 PEXT lookups (Chess Programming Wiki, BMI2: PEXT
// Bitboards; Zach Wegner) and fancy and black magic lookups ([cpw-magic]),
// each a throughput loop, two queries per iteration interleaved for the
// table lookups (a query per iteration where they branch on the slider's
// lines: Hyperbola Quintessence, PEXT a line at a time), and a latency
// chain over kernels.Query (sliderLoops). The GFNI forms of Hyperbola
// Quintessence are hand-written (handwritten.go).

import (
	"iter"
	"log"
	"math/bits"
	"slices"

	"bitlab/kernels"
	"bitlab/magic"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// hyperbolaBswap emits Hyperbola Quintessence with BSWAP ([mack-hyperbola]): files,
// diagonals and anti-diagonals by o ^ (o - 2r) on the normal and the
// byte-swapped occupancy, ranks by the first-rank table. It branches on
// the slider's lines: running all four lines under zero masks, as
// slidingPEXT does, measured up to a quarter slower on Zen 3.
func hyperbolaBswap(l layout) {
	k := &kernel{id: "sliding/hyperbola-bswap-asm", source: "[mack-hyperbola], Gerd Isenberg: Hyperbola Quintessence with bswap; SHLX/SHRX (BMI2) for the variable shifts",
		doc:      "Hyperbola Quintessence in assembly: BSWAP for files and diagonals, the first-rank table for ranks",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.LoopOnly, tables: []string{"hq"}}
	sliderLoops(l, k, kernels.Loop{Varies: "branches on the slider's lines", Path: kernels.PathQueen}, "hyperbolaBswap", "is Hyperbola Quintessence ([mack-hyperbola]): o ^ (o - 2r) forward and on the byte-swapped bitboard for files and diagonals, a first-rank table for ranks.", false, nil,
		func(fn string, q value, occ, t reg.GPVirtual, _ func()) reg.GPVirtual {
			tab := l.at(l.table(k), t)
			sq, piece := GP64(), GP64()
			MOVBQZX(q.Field("Sq").addr, sq)
			MOVBQZX(q.Field("Piece").addr, piece)
			r, rr := GP64(), GP64()
			MOVL(U32(1), r.As32())
			SHLXQ(sq, r, r)
			MOVQ(r, rr)
			BSWAPQ(rr)
			line := func(mask string, acc reg.GPVirtual) {
				m, o, rev := GP64(), GP64(), GP64()
				MOVQ(elem(tab.Field(mask), sq), m)
				MOVQ(occ, o)
				ANDQ(m, o)
				MOVQ(o, rev)
				BSWAPQ(rev)
				SUBQ(r, o)
				SUBQ(rr, rev)
				BSWAPQ(rev)
				XORQ(rev, o)
				ANDQ(m, o)
				ORQ(o, acc)
			}
			a := GP64()
			XORQ(a, a)
			TESTB(U8(1), piece.As8()) // kernels.Orthogonal
			JZ(LabelRef(fn + "NoRook"))
			line("file", a)
			// Rank: firstRank[sq&7][(occ >> (sq&^7 + 1)) & 63] << (sq&^7).
			rank := tab.Field("firstRank")
			row := rank.Index(1).Index(0).addr.Disp - rank.Index(0).Index(0).addr.Disp
			shift, idx, f := GP64(), GP64(), GP64()
			MOVQ(sq, shift)
			ANDQ(I8(^7), shift)
			MOVQ(shift, idx)
			INCQ(idx)
			SHRXQ(idx, occ, idx)
			ANDQ(U8(63), idx)
			MOVQ(sq, f)
			ANDQ(U8(7), f)
			SHLQ(U8(log2(row)), f)
			ADDQ(f, idx)
			MOVBQZX(elem(rank.Index(0), idx), f)
			SHLXQ(shift, f, f)
			ORQ(f, a)
			Label(fn + "NoRook")
			TESTB(U8(2), piece.As8()) // kernels.Diagonal
			JZ(LabelRef(fn + "NoBishop"))
			line("diag", a)
			line("anti", a)
			Label(fn + "NoBishop")
			return a
		})
}

// hyperbolaBswapAVX2 emits hyperbolaBswap's method with the file, the
// diagonal and the anti-diagonal of a query in the lanes of one YMM
// register (AVX2; lane 3 has no line), VPSHUFB swapping the bytes of each
// lane, and the rank on the integer units meanwhile, so that the two kinds
// of unit share the work: hyperbolaBswap runs every line on the four
// integer ALUs, which bound it (llvm-mca, Zen 4: all four busy 98%). A
// slider's missing lines are cleared by its lanes' mask, so no query
// branches. The lanes' results are ORed together and with the rank.
func hyperbolaBswapAVX2(l layout) {
	k := &kernel{id: "sliding/hyperbola-bswap-avx2", source: "[isenberg-hq] Hyperbola Quintessence with a byte swap; three lines in the lanes of one YMM register (AVX2), the rank by the first-rank table on the integer units",
		doc:      "Hyperbola Quintessence with the file and both diagonals in one YMM register, VPSHUFB as the byte swap, and the first-rank table for the rank: no branch on the slider",
		features: []kernels.Feature{kernels.AVX2, kernels.BMI2}, usage: kernels.LoopOnly, tables: []string{"hqYMM"}}
	swap := GLOBL("bswapLanes", RODATA|NOPTR)
	for i := range 32 {
		DATA(i, U8(i^7)) // the bytes of each quadword reversed
	}
	var ctl reg.VecVirtual // swap's shuffle control, kept in a register
	sliderLoops(l, k, kernels.Loop{}, "hyperbolaBswapAVX2", "is Hyperbola Quintessence ([isenberg-hq]) with the file and both diagonals in the lanes of one YMM register (AVX2) and the rank by the first-rank table.", true,
		func() {
			ctl = YMM()
			VMOVDQU(swap, ctl)
		},
		func(_ string, q value, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
			tab := l.at(l.table(k), t)
			// row returns the 32-byte row at byte offset i of the named [n][4]uint64 table.
			row := func(name string, i reg.GPVirtual) Mem {
				m := tab.Field(name).addr
				m.Index, m.Scale = i, 1
				return m
			}
			sq, piece := GP64(), GP64()
			shift, o, row0, r := GP64(), GP64(), GP64(), GP64()
			lane3 := row("lanes", piece)
			lane3.Disp += 24
			m, ov, rev, hi := YMM(), YMM(), YMM(), XMM()
			a := GP64()
			MOVBQZX(q.Field("Sq").addr, sq)
			MOVBQZX(q.Field("Piece").addr, piece)
			SHLQ(U8(5), piece) // a 32-byte row of lanes
			step()
			// The rank: rank[(occ >> (sq&56)) & 126 >> 1][sq&7] << (sq&56), cleared without the slider's rank lane;
			// rank[0][sq&7] is at the square's rankRow, o*4 = (o>>1)*8 from there.
			MOVBQZX(elem(tab.Field("shift"), sq), shift)
			SHRXQ(shift, occ, o)
			ANDQ(U8(126), o)
			MOVQ(elem(tab.Field("rankRow"), sq), row0)
			MOVBQZX(Mem{Base: row0, Index: o, Scale: 4}, r)
			SHLXQ(shift, r, r)
			ANDQ(lane3, r)
			step()
			// The lines: o ^ (o - 2r) forward and byte-swapped, as (o - r) ^ bswap(bswap(o) - bswap(r)) with the square outside o.
			SHLQ(U8(5), sq) // a 32-byte row of lines
			VMOVDQU(row("lanes", piece), m)
			VPAND(row("lines", sq), m, m)
			VMOVQ(occ, ov.AsX())
			VPBROADCASTQ(ov.AsX(), ov)
			VPAND(m, ov, ov)
			VPSHUFB(ctl, ov, rev)
			VPSUBQ(row("bit", sq), ov, ov)
			VPSUBQ(row("swapped", sq), rev, rev)
			VPSHUFB(ctl, rev, rev)
			VPXOR(rev, ov, ov)
			VPAND(m, ov, ov)
			step()
			// The lanes ORed together, then with the rank.
			VEXTRACTI128(U8(1), ov, hi)
			VPOR(hi, ov.AsX(), hi)
			VPUNPCKHQDQ(hi, hi, ov.AsX())
			VPOR(ov.AsX(), hi, hi)
			VMOVQ(hi, a)
			ORQ(r, a)
			step()
			return a
		})
}

// slidingPEXT emits BMI2 PEXT lookups: the occupancy of the square's
// relevant squares, extracted to a dense index into its attack table. Each
// query looks up both lines; a line its slider lacks has a zero mask and
// the address of an empty attack set, so no query branches.
func slidingPEXT(l layout) {
	k := &kernel{id: "sliding/pext", source: "BMI2 PEXT bitboards (Chess Programming Wiki, BMI2: PEXT Bitboards; Zach Wegner)",
		doc:      "Looks attacks up at PEXT(occupancy, relevant mask) in per-square, per-slider tables: both lines of every query, a missing line's mask 0, no branch",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.PerQuery, tables: []string{"pext"}}
	entryLookups(l, "slidingPext", k, "looks attacks up by PEXT (BMI2) of the occupancy under the square's relevant-occupancy masks, in per-square tables of 102,400 rook and 5,248 bishop sets; no branch on the slider.",
		"pextEntry", pextIndex)
}

// slidingPEXTSplit emits sliding/pext's lookups a line at a time: a PEXT
// and a load for each line the query's slider has, branching on its
// lines, so a rook or a bishop query looks up one line and a queen's two;
// and one-query entry points of a rook and of a bishop (splitLookups),
// which the move generator calls where sliding/pext's entry point looks
// up a missing line too.
func slidingPEXTSplit(l layout) {
	k := &kernel{id: "sliding/pext-split", source: "BMI2 PEXT bitboards (Chess Programming Wiki, BMI2: PEXT Bitboards; Zach Wegner), a lookup per line",
		doc:      "Looks attacks up in sliding/pext's tables a line at a time: a PEXT and a load per line the slider has, a branch on each; one-query entry points of a rook and of a bishop",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.PerQuery, tables: []string{"pext"}}
	splitLookups(l, "slidingPextSplit", k, "looks attacks up as slidingPextThroughput does, but only on the lines the query's slider has, branching on each.",
		"pextEntry", pextIndex)
}

// pextIndex is sliding/pext's index of a line (entryIndex): PEXT of the
// occupancy under the line's relevant-occupancy mask.
func pextIndex(line string, occ, i reg.GPVirtual, field func(string) Mem, step func()) {
	PEXTQ(field(line+"Mask"), occ, i)
	step()
}

// slidingMagic emits fancy or black magic lookups ([cpw-magic]): per line,
// the occupancy under the square's mask (fancy: AND of the relevant
// squares; black: OR of the others) times the magic, shifted right by the
// square's shift (fancy, SHRX) or the fixed one (black), indexes the
// square's attack sets. Like slidingPext it looks up both lines
// of every query, a line the slider lacks hashing to an empty set, so no
// query branches.
func slidingMagic(l layout, black bool) {
	name, kind := "slidingFancy", "fancy"
	k := &kernel{id: "sliding/magic-fancy-asm", source: "[cpw-magic], Fancy Magic Bitboards, in assembly; SHRX (BMI2) for the per-square shift",
		doc:      "Fancy magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch",
		features: []kernels.Feature{kernels.BMI2}, usage: kernels.PerQuery, tables: []string{"fancy", "magic.FancyAttacks()"}}
	if black {
		name, kind = "slidingBlack", "black"
		k = &kernel{id: "sliding/magic-black-asm", source: "[cpw-magic], Black Magic Bitboards, in assembly",
			doc:   "Black magic in assembly: both lines of every query from per-square, per-slider entries, a missing line's magic 0, no branch",
			usage: kernels.PerQuery, tables: []string{"black", "magic.BlackAttacks()"}}
	}
	entryLookups(l, name, k, "looks attacks up by "+kind+" magic hashing of the occupancy, both lines of every query; no branch on the slider.",
		"magicEntry", func(line string, occ, i reg.GPVirtual, field func(string) Mem, step func()) {
			if i != occ {
				MOVQ(occ, i)
				step()
			}
			if black {
				ORQ(field(line+"Mask"), i)
			} else {
				ANDQ(field(line+"Mask"), i)
			}
			step()
			IMULQ(field(line+"Magic"), i)
			step()
			if black {
				SHRQ(U8(map[string]int{"rook": magic.RookShift, "bishop": magic.BishopShift}[line]), i)
			} else {
				sh := GP64()
				MOVQ(field(line+"Shift"), sh)
				SHRXQ(sh, i, i)
			}
			step()
		})
}

// entryIndex computes a line's ("rook" or "bishop") index into the line's
// attack sets from the occupancy occ into i, reading the fields of the
// query's entry by field and calling step between its instructions.
type entryIndex func(line string, occ, i reg.GPVirtual, field func(string) Mem, step func())

// entries are a table slider's per-square, per-slider entries (package
// amd64's sliderIndex) as its assembly reads them: the table type whose
// entries field holds them, their type, and how a line's index is
// computed.
type entries struct {
	l            layout
	table, entry string
	index        entryIndex
}

// line emits the lookup of one line of the entry at byte offset e of the
// table t points to: the line's index into i, then its attack set, loaded
// into a if first or ORed into it.
func (x entries) line(line string, e, occ, i, t, a reg.GPVirtual, first bool, step func()) {
	field := func(f string) Mem { return entryField(x.l.at(x.table, t).Field("entries"), e, f) }
	x.index(line, occ, i, field, step)
	sets := GP64()
	MOVQ(field(line+"Sets"), sets) // the line's attack sets
	step()
	set := Mem{Base: sets, Index: i, Scale: 8}
	if first {
		MOVQ(set, a)
	} else {
		ORQ(set, a)
	}
	step()
}

// entryLookups emits a table slider's batch loops (sliderLoops) and its
// one-query entry point, name+"Query": func(occ, index uint64, t *byte)
// uint64 with index = sliderIndex(square, slider), which the move
// generator's configurations call once per query. Both look up the rook
// and the bishop line of the entry: index computes each line's index into
// the attack sets from the occupancy, and the set is loaded from the line's
// address in the entry plus the index. The bishop line, the occupancy's
// last use, computes its index in the occupancy's register (i == occ).
func entryLookups(l layout, name string, k *kernel, doc, entry string, index entryIndex) {
	x := entries{l, l.table(k), entry, index}
	lookup := func(e, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
		a := GP64()
		x.line("rook", e, occ, GP64(), t, a, true, step)
		x.line("bishop", e, occ, occ, t, a, false, step)
		return a
	}
	sliderLoops(l, k, kernels.Loop{}, name, doc, true, nil, func(_ string, q value, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
		e := sliderEntry(l, q, entry)
		step()
		return lookup(e, occ, t, step)
	})
	queryEntry(l, name+"Query", entry, "answers one query as "+name+"Throughput does: index is sliderIndex(square, slider), t points to the "+x.table+".", lookup)
}

// splitLines are the lines of splitLookups: each line's name in the
// entries' fields, the slider bit that has it, and the role of its
// one-query entry point.
var splitLines = []struct {
	line string
	bit  kernels.Slider
	role string
}{{"rook", kernels.Orthogonal, "Rook"}, {"bishop", kernels.Diagonal, "Bishop"}}

// splitLookups emits the batch loops of a table slider that looks up a
// line only where the query's slider has it (sliderLoops, a query per
// iteration, a branch per line), and its one-query entry points of one
// line, name+"RookQuery" and name+"BishopQuery": func(occ, index uint64,
// t *byte) uint64 with index = sliderIndex(square, slider), a slider
// with that line, one index and one load each. The entries are
// entryLookups' (index as there).
func splitLookups(l layout, name string, k *kernel, doc, entry string, index entryIndex) {
	x := entries{l, l.table(k), entry, index}
	varies := kernels.Loop{Varies: "branches on the slider's lines", Path: kernels.PathQueen}
	sliderLoops(l, k, varies, name, doc, false, nil, func(fn string, q value, occ, t reg.GPVirtual, _ func()) reg.GPVirtual {
		e := sliderEntry(l, q, entry)
		a := GP64()
		XORQ(a, a)
		for _, s := range splitLines {
			skip := fn + "No" + s.role
			TESTB(U8(uint8(s.bit)), q.Field("Piece").addr)
			JZ(LabelRef(skip))
			i := occ // the bishop line is the occupancy's last use
			if s.bit == kernels.Orthogonal {
				i = GP64()
			}
			x.line(s.line, e, occ, i, t, a, false, func() {})
			Label(skip)
		}
		return a
	})
	for _, s := range splitLines {
		queryEntry(l, name+s.role+"Query", entry, "answers a query of a slider with "+s.line+" lines on them alone: index is sliderIndex(square, slider), t points to the "+x.table+".",
			func(e, occ, t reg.GPVirtual, step func()) reg.GPVirtual {
				a := GP64()
				x.line(s.line, e, occ, occ, t, a, true, step)
				return a
			})
	}
}

// queryEntry emits a table slider's one-query entry point fn:
// func(occ, index uint64, t *byte) uint64, whose index selects the entry
// (of type entry) the lookup reads; doc says what it answers.
func queryEntry(l layout, fn, entry, doc string, lookup func(e, occ, t reg.GPVirtual, step func()) reg.GPVirtual) {
	text(fn, "func(occ uint64, index uint64, t *byte) uint64")
	Doc(fn+" "+doc, "Go does not inline assembly: every call is a real call, part of what a Go move generator pays.")
	occ, e, t := ld(Param("occ")), ld(Param("index")), ld(Param("t"))
	SHLQ(U8(log2(l.size(entry))), e)
	Store(lookup(e, occ, t, func() {}), ReturnIndex(0))
	RET()
}

// sliderLoops emits the throughput and latency forms of a slider kernel
// over [kernels.Query]; attacks computes the attack set of the query q with
// occupancy occ and table pointer t in function fn (a prefix for labels),
// calling step between its instructions. With pairs the throughput loop
// answers two queries per iteration, their instructions interleaved step
// by step (interleave), and a query at a time for the last; attacks must
// then define no labels. Measured on Zen 5 on Gigantua's queries, pairs
// made PEXT 11% and the magics 7% faster than a query per iteration;
// two queries one after the other, not interleaved, gained 4% (fancy).
// On Zen 4, with the entries holding their sets' addresses, a query per
// iteration was 4% (PEXT) to 10% (fancy) slower against Gigantua's
// program than pairs. varies says whether and why the cost of the
// forms' main loops varies with the query ([kernels.Loop]'s Varies and
// Path). setup, if not nil, runs in each form before its loops: constants
// the loop keeps in registers. A kernel with the AVX2 feature ends each
// form with VZEROUPPER.
func sliderLoops(l layout, k *kernel, varies kernels.Loop, name, doc string, pairs bool, setup func(), attacks sliderAttacks) {
	for _, latency := range []bool{false, true} {
		sliderForm(l, k, varies, name, doc, pairs && !latency, latency, setup, attacks)
	}
}

// sliderAttacks emits the instructions of one query's attack set for
// sliderLoops: see there.
type sliderAttacks func(fn string, q value, occ, t reg.GPVirtual, step func()) reg.GPVirtual

// sliderForm emits one form of sliderLoops' kernel: its throughput loop,
// in pairs of queries if pairs, or with latency its latency chain.
func sliderForm(l layout, k *kernel, varies kernels.Loop, name, doc string, pairs, latency bool, setup func(), attacks sliderAttacks) {
	// t points to package amd64's table struct of the kernel.
	fn, sig := name+"Throughput", "func(dst *uint64, src *uint64, n int, t *byte) int"
	if latency {
		fn, sig = name+"Latency", "func(src *uint64, n int, t *byte) uint64"
	}
	text(fn, sig)
	Doc(fn+" "+doc, "src points to kernels.Query elements; t to the "+l.table(k)+".")
	var dst reg.GPVirtual
	if !latency {
		dst = ld(Param("dst"))
	}
	src := ld(Param("src"))
	n := ld(Param("n"))
	t := ld(Param("t"))
	if !latency {
		Store(n, ReturnIndex(0))
	}
	if setup != nil {
		setup()
	}
	size := l.size("kernels.Query")
	loop := varies
	loop.Mode, loop.Symbol, loop.Label, loop.Elements = kernels.Throughput, fn, fn+"Query", 1
	if latency {
		loop.Mode = kernels.Latency
	}
	if pairs {
		sliderPairs(l, k, loop, dst, src, n, t, attacks)
	}
	var y reg.GPVirtual // the latency chain's last attack set
	if latency {
		y = GP64()
		XORQ(y, y)
	}
	TESTQ(n, n)
	JZ(LabelRef(fn + "Done"))
	if pairs {
		Label(loop.Label) // the tail's one query
	} else {
		mainLoop(k, loop)
	}
	q := l.at("kernels.Query", src)
	occ := GP64()
	MOVQ(q.Field("Occ").addr, occ)
	if latency {
		XORQ(y, occ) // kernels.NextQuery
	}
	a := attacks(fn, q, occ, t, func() {})
	if latency {
		MOVQ(a, y)
	} else {
		MOVQ(a, Mem{Base: dst})
		ADDQ(U8(8), dst)
	}
	ADDQ(U8(size), src)
	DECQ(n)
	JNZ(LabelRef(fn + "Query"))
	Label(fn + "Done")
	if latency {
		Store(y, ReturnIndex(0))
	}
	if slices.Contains(k.features, kernels.AVX2) {
		VZEROUPPER()
	}
	RET()
}

// sliderPairs emits the pair loop of a throughput form (loop, function
// loop.Symbol): two queries per iteration, their instructions interleaved.
// n counts the queries after this pair: the loop ends when it borrows, and
// the tail gets back the one query left, if any.
func sliderPairs(l layout, k *kernel, loop kernels.Loop, dst, src, n, t reg.GPVirtual, attacks sliderAttacks) {
	fn, size := loop.Symbol, l.size("kernels.Query")
	SUBQ(U8(2), n)
	JB(LabelRef(fn + "Tail"))
	pair := loop
	pair.Label, pair.Elements = fn+"Pair", 2
	mainLoop(k, pair)
	var bodies []func(step func())
	for k := range 2 {
		bodies = append(bodies, func(step func()) {
			q := l.at("kernels.Query", src)
			q.addr.Disp += k * size
			occ := GP64()
			MOVQ(q.Field("Occ").addr, occ)
			step()
			MOVQ(attacks(fn, q, occ, t, step), Mem{Base: dst, Disp: 8 * k})
		})
	}
	interleave(bodies...)
	ADDQ(U8(16), dst)
	ADDQ(U8(2*size), src)
	SUBQ(U8(2), n)
	JAE(LabelRef(fn + "Pair"))
	Label(fn + "Tail")
	ADDQ(U8(2), n)
}

// interleave emits the bodies' instructions in turns: each body runs until
// it calls its step, then the next one does, until all have returned. Each
// body runs as a coroutine (iter.Pull), so a body is ordinary generator
// code with step calls between its instructions.
func interleave(bodies ...func(step func())) {
	var nexts []func() (struct{}, bool)
	for _, body := range bodies {
		next, stop := iter.Pull(func(yield func(struct{}) bool) {
			body(func() { yield(struct{}{}) })
		})
		defer stop()
		nexts = append(nexts, next)
	}
	for live := len(nexts); live > 0; {
		live = 0
		for i, next := range nexts {
			if next == nil {
				continue
			}
			if _, ok := next(); ok {
				live++
			} else {
				nexts[i] = nil
			}
		}
	}
}

// sliderEntry returns the byte offset of the query's entry in a table of
// entries indexed by square and slider lines read as one 16-bit word,
// sq | piece<<8 (package amd64's sliderIndex): one load, one shift, and no
// branch on the slider, whose missing lines have zero masks there.
func sliderEntry(l layout, q value, entry string) reg.GPVirtual {
	sq := q.Field("Sq").addr
	if q.Field("Piece").addr.Disp != sq.Disp+1 {
		log.Fatal("kernels.Query: Piece does not follow Sq")
	}
	e := GP64()
	MOVWQZX(sq, e)
	SHLQ(U8(log2(l.size(entry))), e)
	return e
}

// entryField returns the operand of field of the entry at byte offset e of
// the entries array.
func entryField(entries value, e reg.Register, field string) Mem {
	m := entries.Index(0).Field(field).addr
	m.Index, m.Scale = e, 1
	return m
}

// log2 returns the base-2 logarithm of n, a power of two.
func log2(n int) int {
	if n <= 0 || n&(n-1) != 0 {
		log.Fatalf("%d is not a power of two", n)
	}
	return bits.TrailingZeros(uint(n))
}
