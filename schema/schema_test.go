package schema

import (
	"math"
	"slices"
	"testing"

	"golang.org/x/perf/benchfmt"

	"bitlab/factor"
)

func TestKernelNameRoundTrip(t *testing.T) {
	for _, c := range []struct {
		k    KernelCase
		want string
	}{
		{KernelCase{Family: "popcount", Impl: "swar", Dist: "k16", Size: 4096, Mode: Throughput},
			"Kernel/family=popcount/impl=swar/dist=k16/size=4096/mode=throughput"},
		{KernelCase{Family: "sliding", Impl: "pext", Dist: "random", Size: 4096, Mode: Latency, Pressure: Pressure2LLC},
			"Kernel/family=sliding/impl=pext/dist=random/size=4096/mode=latency/pressure=2llc"},
	} {
		n := c.k.Name()
		if got := n.String(); got != c.want {
			t.Fatalf("name %q, want %q", got, c.want)
		}
		back, err := ParseName(benchfmt.Name(n.String()))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := back.Kernel(); !ok || got != c.k {
			t.Errorf("parsed %+v (%v), want %+v", got, ok, c.k)
		}
	}
}

func TestPressures(t *testing.T) {
	const l1, l2, llc = 32 << 10, 512 << 10, 32 << 20
	want := []int64{0, l1, l2, llc, 2 * llc}
	for i, p := range Pressures() {
		back, err := ParsePressure(string(p))
		if err != nil || back != p {
			t.Errorf("ParsePressure(%q) = %q, %v", p, back, err)
		}
		if got := p.Bytes(l1, l2, llc); got != want[i] {
			t.Errorf("%s: %d bytes, want %d", p, got, want[i])
		}
	}
	for _, bad := range []string{"l3", ""} {
		if _, err := ParsePressure(bad); err == nil {
			t.Errorf("pressure %q accepted", bad)
		}
	}
	n, _ := ParseName(benchfmt.Name("Kernel/family=sliding/impl=pext/dist=random/size=4096/mode=latency/pressure=huge"))
	if _, ok := n.Kernel(); ok {
		t.Error("an unknown pressure parsed as a kernel case")
	}
}

func TestParseNameOtherKeys(t *testing.T) {
	n, err := ParseName(benchfmt.Name("Perft/slider=pext/position=kiwipete/depth=5"))
	if err != nil {
		t.Fatal(err)
	}
	if n.Base != "Perft" || n.Get("slider") != "pext" || n.Get("depth") != "5" || n.Get("impl") != "" {
		t.Errorf("parsed %+v", n)
	}
	if _, ok := n.Kernel(); ok {
		t.Error("a perft name parsed as a kernel case")
	}
}

func TestParseNameErrors(t *testing.T) {
	for _, s := range []string{"Kernel/family=popcount/swar", "Kernel/family=popcount-8", "Kernel/=x"} {
		if _, err := ParseName(benchfmt.Name(s)); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	n, err := ParseName(benchfmt.Name("Kernel/family=popcount/impl=swar/dist=k1/size=0/mode=throughput"))
	if _, ok := n.Kernel(); err != nil || ok {
		t.Errorf("size 0 accepted as a kernel case (err %v)", err)
	}
}

func TestDists(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Dist
	}{
		{"k0", Dist{"k", 0, 0}}, {"k64", Dist{"k", 64, 0}}, {"d8-rep256", Dist{"d", 8, 256}},
		{"random", Dist{"random", -1, 0}}, {"chess-rep4", Dist{"chess", -1, 4}},
	} {
		d, err := ParseDist(tc.in)
		if err != nil || d != tc.want || d.String() != tc.in {
			t.Errorf("%s: %+v, %v (string %q)", tc.in, d, err, d.String())
		}
		if d.Bitboard() != (tc.want.N >= 0) {
			t.Errorf("%s: Bitboard %v", tc.in, d.Bitboard())
		}
	}
	for _, bad := range []string{"k65", "d-1", "k8-rep0", "uniform", "k", ""} {
		if _, err := ParseDist(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	got := []string{"random", "d4-rep1024", "d8", "k16", "k2", "chess", "d2", "k8-rep256", "zzz", "d4-rep256"}
	slices.SortFunc(got, CompareDists)
	want := []string{"k2", "k16", "d2", "d8", "chess", "random", "d4-rep256", "k8-rep256", "d4-rep1024", "zzz"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	for name, headline := range map[string]bool{"d4": true, "k8": true, "random": true, "gigantua": true, "zzz": true, "d4-rep256": false, "k8-rep65536": false} {
		if HeadlineDist(name) != headline {
			t.Errorf("HeadlineDist(%q) = %v", name, !headline)
		}
	}
}

func TestSizeClasses(t *testing.T) {
	for _, tc := range []struct {
		c    SizeClass
		want int
	}{{L1, 4096}, {L2, 131072}, {Stream, 1 << 20}, {Mem, 2 * (32 << 20) / 8}, {"65536", 65536}, {"1", 1}} {
		if n, err := tc.c.Elements(2<<20, 32<<20); err != nil || n != tc.want {
			t.Errorf("%s: %d, %v", tc.c, n, err)
		}
	}
	for _, bad := range []SizeClass{"l3", "0", "-5", "065536", "1e6", "134217729", ""} {
		if _, err := bad.Elements(1, 1); err == nil {
			t.Errorf("size class %q accepted", bad)
		}
	}
}

func TestUnits(t *testing.T) {
	for _, u := range Units() {
		if got := Cost(u.Cycles, u.PerOutput); got != u {
			t.Errorf("Cost(%v, %v) = %v, want %v", u.Cycles, u.PerOutput, got, u)
		}
		if got, ok := ReadUnit(u.Read); !ok || got != u {
			t.Errorf("ReadUnit(%q) = %v", u.Read, got)
		}
	}
	if s, name := NsPerBit().Scale(); s != 1e9 || name != "ns/bit" {
		t.Errorf("ns/bit scale %v %q", s, name)
	}
	if u, ok := ReadUnit("branch-misses/op"); !ok || !u.Event || u.Written != EventUnit("branch-misses") {
		t.Errorf("branch-misses/op: %+v %v", u, ok)
	}
	if _, ok := ReadUnit("B/s"); ok {
		t.Error("B/s is not a bitlab unit")
	}
}

func TestSlugAndFeatures(t *testing.T) {
	if got := Slug("Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207)"); got != "intel-xeon-processor-genuineintel-family-6-model-207" {
		t.Errorf("slug %q", got)
	}
	if FeatureList([]string{}) != "-" || FeatureList([]string{"avx2", "bmi2"}) != "avx2,bmi2" {
		t.Error("feature list")
	}
}

func TestStand(t *testing.T) {
	impl := map[string][]float64{"a": {2, 2, 2, 2, 2, 2}, "b": {8, 8, 8, 8, 8, 8}, "c": {0, 0, 0}}
	base := map[string][]float64{"a": {4, 4, 4, 4, 4, 4}, "b": {32, 32, 32, 32, 32, 32}}
	st := Stand(impl, base)
	if st.Dists != 2 || math.Abs(st.Geomean-4) > 1e-12 {
		t.Errorf("geomean %v over %d", st.Geomean, st.Dists)
	}
	// sqrt(2 * 4)
	if want := math.Sqrt(8); math.Abs(st.Speedup-want) > 1e-12 || st.SpeedupLo > st.Speedup || st.SpeedupHi < st.Speedup {
		t.Errorf("speed-up %v [%v, %v], want %v", st.Speedup, st.SpeedupLo, st.SpeedupHi, want)
	}
	if st := Stand(impl, nil); st.Speedup != 0 {
		t.Errorf("speed-up without a baseline: %v", st.Speedup)
	}
	if s := Summarize([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}); s.Center != 5.5 || s.Lo > s.Center || s.Hi < s.Center || s.N != 10 {
		t.Errorf("summary %+v", s)
	}
}

func TestTables(t *testing.T) {
	m := map[string]int{"magic-fancy": 862272, "pext": 843776, "kogge-stone": 0}
	s := FormatTables(m)
	if s != "magic-fancy=862272 pext=843776" {
		t.Errorf("FormatTables: %q", s)
	}
	back, err := ParseTables(s)
	if err != nil || len(back) != 2 || back["pext"] != 843776 {
		t.Errorf("ParseTables(%q) = %v, %v", s, back, err)
	}
	for _, bad := range []string{"pext", "pext=x", "pext=-1"} {
		if _, err := ParseTables(bad); err == nil {
			t.Errorf("ParseTables(%q) accepted", bad)
		}
	}
}

// TestPerftNames writes perft case names and reads them back.
func TestPerftNames(t *testing.T) {
	p := PerftCase{Config: factor.Config{Slider: "magic-fancy", Serialize: "tzcnt-blsr", Count: "popcnt", Repr: "none"}, Position: "kiwipete", Depth: 5}
	s := p.Name().String()
	if s != "Perft/slider=magic-fancy/serialize=tzcnt-blsr/count=popcnt/repr=none/position=kiwipete/depth=5" {
		t.Fatalf("name %q", s)
	}
	n, err := ParseName(benchfmt.Name(s))
	if err != nil {
		t.Fatal(err)
	}
	if back, ok := n.Perft(); !ok || back != p {
		t.Errorf("read back %+v, %v", back, ok)
	}
	if _, ok := n.Kernel(); ok {
		t.Error("a perft name read as a kernel case")
	}
	// The moves factor follows count in names that have it.
	p.Moves = "magic-hash"
	s = p.Name().String()
	if s != "Perft/slider=magic-fancy/serialize=tzcnt-blsr/count=popcnt/moves=magic-hash/repr=none/position=kiwipete/depth=5" {
		t.Fatalf("name %q", s)
	}
	if n, err = ParseName(benchfmt.Name(s)); err != nil {
		t.Fatal(err)
	}
	if back, ok := n.Perft(); !ok || back != p {
		t.Errorf("read back %+v, %v", back, ok)
	}
	for _, bad := range []string{"Perft/slider=x/depth=0", "Kernel/family=popcount/impl=swar/dist=k8/size=4096/mode=throughput"} {
		n, _ := ParseName(benchfmt.Name(bad))
		if _, ok := n.Perft(); ok {
			t.Errorf("%q read as a perft case", bad)
		}
	}
}
