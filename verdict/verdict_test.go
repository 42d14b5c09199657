package verdict

import (
	"math"
	"slices"
	"strings"
	"testing"

	"bitlab/kernels"
)

var zen = Machine{L1d: 48 << 10, L2: 1 << 20, LLC: 32 << 20}

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
	l := Decide(factorOf(t, "slider"), sliders(), zen)
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
	l := Decide(factorOf(t, "slider"), ts, zen)
	if got := names(l.Use); !slices.Equal(got, []string{"magic-fancy", "pext"}) {
		t.Fatalf("use %v; want the tie magic-fancy, pext", got)
	}
	if l.Choice() != "tie: magic-fancy, pext" || l.Reasons != nil {
		t.Errorf("choice %q reasons %v; want a tie and no reasons (the micro leader is in it)", l.Choice(), l.Reasons)
	}
	// A leader without an interval cannot be ranked against anything.
	ts[1].Perft = iv(1.2, 0, math.Inf(1))
	if l := Decide(factorOf(t, "slider"), ts, zen); len(l.Use) != 3 || l.Next != "" || l.Margin != 0 || !strings.Contains(l.Missing, "too few rounds") {
		t.Errorf("unbounded pext: use %v next %q margin %v missing %q; want all three tied, for too few rounds", names(l.Use), l.Next, l.Margin, l.Missing)
	}
}

func TestDecideByMicro(t *testing.T) {
	ts := sliders()
	for i := range ts {
		ts[i].Perft = Interval{}
	}
	l := Decide(factorOf(t, "slider"), ts, zen)
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
	l := Decide(factorOf(t, "serialize"), ts, zen)
	why := strings.Join(l.Reasons, "\n")
	if l.Choice() != "inline" || l.Lead == nil || l.Lead.Name != "archsimd-vbmi2" || strings.Contains(why, "assembly") {
		t.Errorf("by perft: choice %q lead %v reasons %q; want inline, lead archsimd-vbmi2, no assembly", l.Choice(), l.Lead, why)
	}
	for i := range ts {
		ts[i].Perft = Interval{}
	}
	if l := Decide(factorOf(t, "serialize"), ts, zen); l.Choice() != "archsimd-vbmi2" || l.Caveats != nil {
		t.Errorf("by micro: choice %q caveats %q; want archsimd-vbmi2 and none", l.Choice(), l.Caveats)
	}
	ts[1].Throughput = iv(2, 1.95, 2.05) // amd64's twin leads
	if l := Decide(factorOf(t, "serialize"), ts, zen); l.Choice() != "avx512-vbmi2" || len(l.Caveats) != 1 || !strings.Contains(l.Caveats[0], "avx512-vbmi2 is assembly") {
		t.Errorf("by micro: choice %q caveats %q; want avx512-vbmi2, which is assembly", l.Choice(), l.Caveats)
	}
}

func TestDecideNothing(t *testing.T) {
	l := Decide(factorOf(t, "repr"), nil, zen)
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
	l := Decide(factorOf(t, "serialize"), ts, zen)
	if l.Choice() != "inline" || len(l.Reasons) != 1 || !strings.Contains(l.Reasons[0], "30% less on a repeated batch") {
		t.Errorf("choice %q reasons %q", l.Choice(), l.Reasons)
	}
}

func TestRender(t *testing.T) {
	micro := sliders()
	for i := range micro {
		micro[i].Perft = Interval{}
	}
	lines := []Line{Decide(factorOf(t, "slider"), sliders(), zen), Decide(factorOf(t, "repr"), nil, zen), Decide(factorOf(t, "slider"), micro, zen)}
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
