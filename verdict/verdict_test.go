package verdict

import (
	"math"
	"slices"
	"strings"
	"testing"

	"bitlab/kernels"
)

var zen = Machine{L1d: 48 << 10, L2: 1 << 20, LLC: 32 << 20}

// unguarded is a CPU and build without a placement run.
var unguarded = Placement{Missing: "no placement run of this CPU and build"}

// placed is a placement run whose four placements' costs spread by spread.
func placed(spread float64) Placement {
	p := Placement{Spread: spread, Unit: "cycles/node", Positions: 6}
	for i, c := range []float64{10, 10 * (1 + spread), 10, 10} {
		p.Placed = append(p.Placed, Placed{Number: i + 1, Count: 4, PadBytes: 32 * i, Cost: c, File: "perft/p.txt"})
	}
	return p
}

func iv(c, lo, hi float64) Interval { return Interval{c, lo, hi} }

func names(ts []Technique) []string {
	var n []string
	for _, t := range ts {
		n = append(n, t.Name)
	}
	return n
}

// factorOf returns the verdict's factor that perft varies by key.
func factorOf(t *testing.T, key string) Factor {
	t.Helper()
	for _, f := range Factors() {
		if f.Perft == key {
			return f
		}
	}
	t.Fatalf("no verdict factor varied by %s", key)
	return Factor{}
}

// sliders is the shape of a Zen 5 perft run: the Go fancy magic leads perft
// while PEXT, in assembly, leads the micro benchmarks, and the GFNI kernel
// on ZMM lanes leads bulk work.
func sliders() []Technique {
	return []Technique{
		{Name: "magic-fancy", Impl: "magic-fancy", Usage: kernels.PerQuery, Arch: kernels.Generic, Tables: 864256,
			Throughput: iv(5.2, 5.1, 5.3), Latency: iv(14, 13.9, 14.2), Perft: iv(1, 1, 1), Default: true, Pressed: 1.4},
		{Name: "pext", Impl: "pext", Usage: kernels.PerQuery, Arch: kernels.AMD64, Tables: 893960,
			Throughput: iv(3.6, 3.55, 3.7), Latency: iv(9, 8.9, 9.1), Perft: iv(0.94, 0.93, 0.95), Pressed: 1.6},
		{Name: "hyperbola-bswap", Impl: "hyperbola-bswap", Usage: kernels.PerQuery, Arch: kernels.Generic, Tables: 2048,
			Throughput: iv(8, 7.9, 8.1), Perft: iv(0.88, 0.87, 0.89)},
		{Name: "hyperbola-gfni-zmm", Impl: "hyperbola-gfni-zmm", Usage: kernels.SIMDBatch, Arch: kernels.AMD64,
			Throughput: iv(0.9, 0.89, 0.91)},
	}
}

func TestDecideByPerft(t *testing.T) {
	l := Decide(factorOf(t, "slider"), sliders(), zen, unguarded)
	if l.Basis != ByPerft || !slices.Equal(names(l.Use), []string{"magic-fancy"}) {
		t.Fatalf("by %s, use %v; want perft, magic-fancy", l.Basis, names(l.Use))
	}
	if l.Next != "pext" || math.Abs(l.Margin-1/0.94) > 1e-9 {
		t.Errorf("next %s margin %v; want pext 1/0.94", l.Next, l.Margin)
	}
	if l.Bulk == nil || l.Bulk.Name != "hyperbola-gfni-zmm" || l.Lead == nil || l.Lead.Name != "pext" {
		t.Errorf("bulk %v lead %v; want hyperbola-gfni-zmm, pext", l.Bulk, l.Lead)
	}
	why := strings.Join(l.Reasons, "\n")
	for _, want := range []string{"pext is assembly", "873 KiB of tables (magic-fancy 844 KiB), more than the 48 KiB L1d", "1.60x its hot figure (magic-fancy 1.40x)"} {
		if !strings.Contains(why, want) {
			t.Errorf("reasons %q lack %q", why, want)
		}
	}
}

func TestDecideTie(t *testing.T) {
	ts := sliders()
	ts[1].Perft = iv(0.99, 0.97, 1.01) // pext's interval covers the default's 1
	l := Decide(factorOf(t, "slider"), ts, zen, unguarded)
	if got := names(l.Use); !slices.Equal(got, []string{"magic-fancy", "pext"}) {
		t.Fatalf("use %v; want the tie magic-fancy, pext", got)
	}
	if l.Choice() != "tie: magic-fancy, pext" || l.Reasons != nil {
		t.Errorf("choice %q reasons %v; want a tie and no reasons (the micro leader is in it)", l.Choice(), l.Reasons)
	}
	// A leader without an interval cannot be ranked against anything.
	ts[1].Perft = iv(1.2, 0, math.Inf(1))
	if l := Decide(factorOf(t, "slider"), ts, zen, unguarded); len(l.Use) != 3 || l.Next != "" || l.Margin != 0 || !strings.Contains(l.Missing, "too few rounds") {
		t.Errorf("unbounded pext: use %v next %q margin %v missing %q; want all three tied, for too few rounds", names(l.Use), l.Next, l.Margin, l.Missing)
	}
}

// TestDecidePlacementSpread: pext's perft speed, 0.94 [0.93-0.95], is
// apart from the default's 1; a placement spread of 8% makes it a tie,
// with hyperbola-bswap (0.88, 1.14x slower) the next; one of 2% keeps the
// winner, and says its margin exceeds the spread.
func TestDecidePlacementSpread(t *testing.T) {
	l := Decide(factorOf(t, "slider"), sliders(), zen, placed(0.08))
	if l.Choice() != "tie: magic-fancy, pext" || l.Next != "hyperbola-bswap" || math.Abs(l.Margin-1/0.88) > 1e-9 {
		t.Errorf("a spread of 8%%: choice %q next %q margin %v; want the tie magic-fancy, pext, next hyperbola-bswap 1/0.88", l.Choice(), l.Next, l.Margin)
	}
	ev := strings.Join(l.Evidence(), "\n")
	if !strings.Contains(ev, "a tie within the placement spread of 8.0%: pext trails magic-fancy by 1.06x") ||
		l.Cell() != "tie: magic-fancy, pext (perft, within the placement spread of 8.0%)" {
		t.Errorf("a spread of 8%%: evidence %q, cell %q", ev, l.Cell())
	}
	l = Decide(factorOf(t, "slider"), sliders(), zen, placed(0.02))
	if l.Choice() != "magic-fancy" || l.Next != "pext" || l.Cell() != "magic-fancy (1.06x, perft)" {
		t.Errorf("a spread of 2%%: choice %q next %q cell %q; want magic-fancy, pext", l.Choice(), l.Next, l.Cell())
	}
	if ev := strings.Join(l.Evidence(), "\n"); !strings.Contains(ev, "its lead over pext, 1.06x, exceeds the placement spread of 2.0%") || l.notes("") != "" {
		t.Errorf("a spread of 2%%: evidence %q notes %q", ev, l.notes(""))
	}
	// Without a placement run the winner stands, its margin unguarded.
	l = Decide(factorOf(t, "slider"), sliders(), zen, unguarded)
	if l.Choice() != "magic-fancy" || l.notes("") != "perft margin unguarded by a placement measurement" ||
		unguarded.Text() != "perft margins unguarded by a placement measurement: no placement run of this CPU and build" {
		t.Errorf("unguarded: choice %q notes %q", l.Choice(), l.notes(""))
	}
	if got := placed(0.08).Text(); !strings.HasPrefix(got, "placement spread 8.0%: the default configuration's perft cost (cycles/node, geometric mean over 6 positions) in 4 of 4 code placements (0, 32, 64, 96 bytes of padding before the move generator), relative to placement 1's: 1.000, 1.080, 1.000, 1.000") {
		t.Errorf("text %q", got)
	}
}

func TestDecideByMicro(t *testing.T) {
	ts := sliders()
	for i := range ts {
		ts[i].Perft = Interval{}
	}
	l := Decide(factorOf(t, "slider"), ts, zen, unguarded)
	// The SIMD kernel is fastest but cannot answer one query: bulk only.
	if l.Basis != ByMicro || !slices.Equal(names(l.Use), []string{"pext"}) || l.Bulk.Name != "hyperbola-gfni-zmm" {
		t.Fatalf("by %s use %v bulk %v; want micro, pext, bulk hyperbola-gfni-zmm", l.Basis, names(l.Use), l.Bulk)
	}
	if !l.NoPerft || l.Reasons != nil || len(l.Caveats) != 1 || !strings.Contains(l.Caveats[0], "pext is assembly") {
		t.Errorf("no perft %v reasons %v caveats %v", l.NoPerft, l.Reasons, l.Caveats)
	}
}

// TestDecideArchsimdInlines: a micro leader in Go with simd/archsimd is
// no assembly (Go inlines it into a generator, as movegen's archsimd
// configurations show): neither a caveat of the micro verdict nor a reason
// of the perft one says it is a call, as both say of amd64's twin.
func TestDecideArchsimdInlines(t *testing.T) {
	ts := []Technique{
		{Name: "inline", Perft: iv(1, 1, 1), Default: true},
		{Name: "archsimd-vbmi2", Impl: "archsimd-vbmi2", Usage: kernels.PerQuery, Arch: kernels.ArchSIMD,
			Throughput: iv(1, 0.95, 1.05), Perft: iv(0.9, 0.89, 0.91)},
		{Name: "avx512-vbmi2", Impl: "avx512-vbmi2", Usage: kernels.PerQuery, Arch: kernels.AMD64,
			Throughput: iv(1.5, 1.45, 1.55), Perft: iv(0.8, 0.79, 0.81)},
	}
	l := Decide(factorOf(t, "serialize"), ts, zen, unguarded)
	why := strings.Join(l.Reasons, "\n")
	if l.Choice() != "inline" || l.Lead == nil || l.Lead.Name != "archsimd-vbmi2" || strings.Contains(why, "assembly") {
		t.Errorf("by perft: choice %q lead %v reasons %q; want inline, lead archsimd-vbmi2, no assembly", l.Choice(), l.Lead, why)
	}
	for i := range ts {
		ts[i].Perft = Interval{}
	}
	if l := Decide(factorOf(t, "serialize"), ts, zen, unguarded); l.Choice() != "archsimd-vbmi2" || l.Caveats != nil {
		t.Errorf("by micro: choice %q caveats %q; want archsimd-vbmi2 and none", l.Choice(), l.Caveats)
	}
	ts[1].Throughput = iv(2, 1.95, 2.05) // amd64's twin leads
	if l := Decide(factorOf(t, "serialize"), ts, zen, unguarded); l.Choice() != "avx512-vbmi2" || len(l.Caveats) != 1 || !strings.Contains(l.Caveats[0], "avx512-vbmi2 is assembly") {
		t.Errorf("by micro: choice %q caveats %q; want avx512-vbmi2, which is assembly", l.Choice(), l.Caveats)
	}
}

func TestDecideNothing(t *testing.T) {
	l := Decide(factorOf(t, "repr"), nil, zen, unguarded)
	if len(l.Use) != 0 || l.Missing == "" || l.Cell() != "-" {
		t.Errorf("empty factor: %+v", l)
	}
}

func TestReasonsLearned(t *testing.T) {
	ts := []Technique{
		{Name: "inline", Perft: iv(1, 1, 1), Default: true},
		{Name: "bytes", Impl: "bytes", Usage: kernels.PerQuery, Arch: kernels.Generic, Perft: iv(0.8, 0.79, 0.81),
			Throughput: iv(2, 1.9, 2.1), Learned: -0.3},
		{Name: "forward", Impl: "forward", Usage: kernels.PerQuery, Arch: kernels.Generic, Perft: iv(0.97, 0.96, 0.98),
			Throughput: iv(3, 2.9, 3.1)},
	}
	l := Decide(factorOf(t, "serialize"), ts, zen, unguarded)
	if l.Choice() != "inline" || len(l.Reasons) != 1 || !strings.Contains(l.Reasons[0], "30% less on a repeated batch") {
		t.Errorf("choice %q reasons %q", l.Choice(), l.Reasons)
	}
}

func TestRender(t *testing.T) {
	micro := sliders()
	for i := range micro {
		micro[i].Perft = Interval{}
	}
	lines := []Line{Decide(factorOf(t, "slider"), sliders(), zen, unguarded), Decide(factorOf(t, "repr"), nil, zen, unguarded), Decide(factorOf(t, "slider"), micro, zen, unguarded)}
	var text, md strings.Builder
	if err := WriteText(&text, lines, "`./runbench-linux-amd64-v3 perft`"); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, lines, "v1"); err != nil {
		t.Fatal(err)
	}
	var v3 strings.Builder
	if err := WriteMarkdown(&v3, lines, "v3"); err != nil || !strings.Contains(v3.String(), "`GOAMD64=v3 make perft` ranks it") {
		t.Errorf("markdown at v3 (%v): the perft command is not the level's:\n%s", err, v3.String())
	}
	for _, want := range []string{"use magic-fancy, by perft", "next pext, 1.06x slower", "for bulk work: hyperbola-gfni-zmm, 0.9 cycles", "(nothing measured)",
		"fastest per query in the micro benchmarks: pext, 3.60, 9.00; in perft 0.94x [0.93-0.95]",
		"(no perft run of this CPU and build varies slider: `./runbench-linux-amd64-v3 perft` ranks it inside the generator)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if !strings.Contains(md.String(), "| sliding attacks | magic-fancy | perft | ") || strings.Count(md.String(), "\n") != 5 ||
		!strings.Contains(md.String(), "(no perft run of this CPU and build varies slider: `make perft` ranks it inside the generator)") {
		t.Errorf("markdown:\n%s", md.String())
	}
	if c := lines[0].Cell(); c != "magic-fancy (1.06x, perft)" {
		t.Errorf("cell %q", c)
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{100: "100 B", 2048: "2 KiB", 893960: "873 KiB", 1194952: "1.14 MiB", 1 << 20: "1 MiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestDecideInlined: for compilers that inline intrinsics the per-query
// and loop kernels rank by throughput, perft's figures play no part (the
// ranking is the same with and without them, and PEXT, last in perft,
// leads), and the batch kernel is for bulk work only.
func TestDecideInlined(t *testing.T) {
	ts := append(sliders(), Technique{Name: "hyperbola-bswap-asm", Impl: "hyperbola-bswap-asm", Usage: kernels.LoopOnly, Arch: kernels.AMD64,
		Throughput: iv(3, 2.9, 3.1)})
	l := DecideInlined(factorOf(t, "slider"), ts)
	if l.Basis != ByMicro || !slices.Equal(names(l.Use), []string{"hyperbola-bswap-asm"}) || l.Next != "pext" || l.Bulk == nil || l.Bulk.Name != "hyperbola-gfni-zmm" {
		t.Fatalf("by %s use %v next %s bulk %v; want micro, the loop kernel hyperbola-bswap-asm, next pext, bulk hyperbola-gfni-zmm", l.Basis, names(l.Use), l.Next, l.Bulk)
	}
	noPerft := slices.Clone(ts)
	for i := range noPerft {
		noPerft[i].Perft, noPerft[i].Default = Interval{}, false
	}
	again := DecideInlined(factorOf(t, "slider"), noPerft)
	if l.Cell() != again.Cell() || !slices.Equal(l.Evidence(), again.Evidence()) {
		t.Errorf("perft's figures changed the inlined verdict: %q %q, without them %q %q", l.Cell(), l.Evidence(), again.Cell(), again.Evidence())
	}
	for _, u := range append(l.Use, *l.Bulk) {
		if u.Perft.Known() || u.Default {
			t.Errorf("%s carries perft evidence: %+v", u.Name, u)
		}
	}
	if ev := strings.Join(l.Evidence(), "\n"); strings.Contains(ev, "perft") || l.Lead != nil || l.Reasons != nil || l.Caveats != nil || l.NoPerft {
		t.Errorf("evidence %q lead %v reasons %v caveats %v no-perft %v: perft has no part in the inlined verdict", ev, l.Lead, l.Reasons, l.Caveats, l.NoPerft)
	}
	// A perft value alone (no kernel), such as serialize=inline, is no candidate.
	ser := DecideInlined(factorOf(t, "serialize"), []Technique{{Name: "inline", Perft: iv(1, 1, 1), Default: true}})
	if len(ser.Use) != 0 || ser.Missing == "" {
		t.Errorf("serialization from perft alone: %+v", ser)
	}
	if none := DecideInlined(factorOf(t, "repr"), nil); len(none.Use) != 0 || !strings.Contains(none.Missing, "no micro benchmark") {
		t.Errorf("representation: %+v", none)
	}
}

// TestDecideInlinedChain: the LS1B reset, on a serialization loop's
// dependency chain, ranks by latency; a kernel without a latency form is
// no candidate there.
func TestDecideInlinedChain(t *testing.T) {
	var reset Factor
	for _, f := range Factors() {
		if chain(f) != "" {
			reset = f
		}
	}
	if reset.Family != "ls1b-reset" {
		t.Fatalf("the factor ranked by latency is %+v, want the LS1B reset", reset)
	}
	ts := []Technique{
		{Name: "and", Impl: "and", Usage: kernels.PerQuery, Arch: kernels.Generic, Throughput: iv(1.2, 1.1, 1.3), Latency: iv(2, 1.9, 2.1)},
		{Name: "blsr", Impl: "blsr", Usage: kernels.LoopOnly, Arch: kernels.AMD64, Throughput: iv(1.5, 1.4, 1.6), Latency: iv(1, 0.95, 1.05)},
		{Name: "fast", Impl: "fast", Usage: kernels.LoopOnly, Arch: kernels.AMD64, Throughput: iv(0.5, 0.4, 0.6)},
	}
	l := DecideInlined(reset, ts)
	if l.Basis != ByLatency || !slices.Equal(names(l.Use), []string{"blsr"}) || l.Next != "and" || math.Abs(l.Margin-2) > 1e-9 {
		t.Errorf("by %s use %v next %s margin %v; want latency, blsr, next and at 2x", l.Basis, names(l.Use), l.Next, l.Margin)
	}
	if l.Bulk == nil || l.Bulk.Name != "fast" || l.Cell() != "blsr (2.00x, micro latency)" {
		t.Errorf("bulk %v cell %q", l.Bulk, l.Cell())
	}
	if rule := InlinedRule(); !strings.Contains(rule, "the LS1B reset by its latency") || strings.Count(rule, "by its latency") != 1 {
		t.Errorf("the rule does not name the one factor ranked by latency:\n%s", rule)
	}
}
