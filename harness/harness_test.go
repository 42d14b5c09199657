package harness

import (
	"math/bits"
	"reflect"
	"regexp"
	"strconv"
	"testing"
	"time"

	"bitlab/board"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/schema"
)

func TestDistributions(t *testing.T) {
	pop := kernels.Popcount()
	for k := 0; k <= 64; k++ {
		in, err := Inputs(pop, Workload{Dist: "k" + strconv.Itoa(k), Size: 500, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range in.([]uint64) {
			if bits.OnesCount64(x) != k {
				t.Fatalf("k%d drew %#x with %d bits", k, x, bits.OnesCount64(x))
			}
		}
	}
	a, _ := Inputs(pop, Workload{Dist: "random", Size: 1000, Seed: 1})
	b, _ := Inputs(pop, Workload{Dist: "random", Size: 1000, Seed: 1})
	c, _ := Inputs(pop, Workload{Dist: "random", Size: 1000, Seed: 2})
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Error("workloads are not a function of their seed")
	}
	d, _ := Inputs(pop, Workload{Dist: "d8", Size: 20000, Seed: 7})
	total, counts := 0, map[int]bool{}
	for _, x := range d.([]uint64) {
		total += bits.OnesCount64(x)
		counts[bits.OnesCount64(x)] = true
	}
	if mean := float64(total) / 20000; mean < 7.8 || mean > 8.2 || len(counts) < 10 {
		t.Errorf("d8: mean %.2f one-bits over %d distinct counts, want about 8 and a spread", mean, len(counts))
	}
	r, _ := Inputs(pop, Workload{Dist: "k8-rep16", Size: 100, Seed: 1})
	rs := r.([]uint64)
	if len(rs) != 100 || rs[0] != rs[16] || rs[15] != rs[95] || rs[0] == rs[1] {
		t.Errorf("k8-rep16 does not repeat with period 16: %x", rs[:20])
	}
	for _, bad := range []string{"", "k65", "d65", "kx", "uniform", "k8-rep0"} {
		if _, err := Inputs(pop, Workload{Dist: bad, Size: 10}); err == nil {
			t.Errorf("distribution %q accepted", bad)
		}
	}
	if _, err := Inputs(kernels.Sliding(), Workload{Dist: "k8", Size: 10}); err == nil {
		t.Error("k8 accepted for sliders")
	}
}

// TestEveryFamilyHasWorkloads builds every default workload of every family
// and checks every kernel on it, as runbench does before timing.
func TestEveryFamilyHasWorkloads(t *testing.T) {
	for _, f := range kernels.Families() {
		for class, p := range f.Plans() {
			if class != schema.L1 {
				continue
			}
			for _, d := range p.Dists {
				in, err := Inputs(f, Workload{Dist: d, Size: 300, Seed: 3})
				if err != nil {
					t.Fatalf("%s %s: %v", f.Name(), d, err)
				}
				for _, k := range f.Kernels() {
					if k.Supported() != nil {
						continue
					}
					b, err := k.Bind(in, kernels.Throughput, nil)
					if err == nil {
						err = b.Verify()
					}
					if err != nil {
						t.Errorf("%s on %s: %v", k.Info().ID(), d, err)
					}
				}
			}
		}
	}
}

func TestChessPoolsAreReal(t *testing.T) {
	if n := len(chessBitboards()); n < 10000 {
		t.Errorf("chess bitboard pool has %d entries", n)
	}
	for _, q := range chessQueries() {
		if q.Occ&q.Sq.Bitboard() == 0 {
			t.Fatalf("slider on %v is not on an occupied square", q.Sq)
		}
	}
	for _, tg := range chessTargets() {
		if tg.BB&^attacks(tg.Piece, 0, tg.From, 0) != 0 {
			t.Fatalf("target set %#x is not within the %v's attacks", tg.BB, tg.From)
		}
	}
}

func TestSuiteSelection(t *testing.T) {
	m := ThisMachine()
	s := Suite{Family: regexp.MustCompile("^popcount$"), Dist: regexp.MustCompile("^k8$"),
		Modes: []kernels.Mode{kernels.Throughput, kernels.Latency}, Sizes: []schema.SizeClass{schema.L1}}
	cases, _, err := s.Cases(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		i := c.Kernel.Info()
		if i.Family != "popcount" || c.Workload.Dist != "k8" || c.Workload.Size != schema.L1Elements {
			t.Errorf("unexpected case %s", c.Name())
		}
		if c.Kernel.Supported() != nil {
			t.Errorf("unsupported kernel selected: %s", c.Name())
		}
	}
	if want := 2 * len(kernels.Popcount().Impls()); len(cases) > want || len(cases) == 0 {
		t.Errorf("%d cases, want at most %d", len(cases), want)
	}
	q, _, _ := Suite{Modes: []kernels.Mode{kernels.Throughput}, Sizes: schema.SizeClasses(), Quick: true}.Cases(m)
	for _, c := range q {
		if c.Class != schema.L1 && c.Class != c.Kernel.FamilyOf().Headline() {
			t.Errorf("quick suite has %s, neither l1 nor the family's headline size", c.Name())
		}
	}
	if _, _, err := (Suite{Sizes: []schema.SizeClass{"l9"}}).Cases(m); err == nil {
		t.Error("unknown size class accepted")
	}
	// A size given as a number runs the headline size's distributions.
	fixed, _, err := Suite{Family: regexp.MustCompile("^serialize$"), Impl: regexp.MustCompile("^forward$"),
		Modes: []kernels.Mode{kernels.Throughput}, Sizes: []schema.SizeClass{"65536"}}.Cases(m)
	if err != nil || len(fixed) != len(kernels.Serialize().Plans()[schema.Stream].Dists) {
		t.Errorf("-sizes 65536: %d cases (%v), want one per stream distribution", len(fixed), err)
	}
	for _, c := range fixed {
		if c.Workload.Size != 65536 {
			t.Errorf("%s: size %d", c.Name(), c.Workload.Size)
		}
	}
}

func TestRunAndStats(t *testing.T) {
	s := Suite{Family: regexp.MustCompile("^ls1b-reset$"), Dist: regexp.MustCompile("^random$"),
		Modes: []kernels.Mode{kernels.Throughput, kernels.Latency}, Sizes: []schema.SizeClass{schema.L1}}
	cases, _, _ := s.Cases(ThisMachine())
	cache := InputCache{}
	for _, c := range cases {
		if err := c.Prepare(cache); err != nil {
			t.Fatal(err)
		}
	}
	if len(cache) != 1 {
		t.Errorf("%d input batches built for one workload", len(cache))
	}
	rounds := 0
	err := Run(cases, NewCycles(), Options{Rounds: 2, PerRound: 3, SampleTime: 100 * time.Microsecond,
		Round: func(int) error { rounds++; return nil }})
	if err != nil || rounds != 2 {
		t.Fatalf("Run: %v after %d rounds", err, rounds)
	}
	for _, c := range cases {
		st := c.stats()
		if st.N != 6 || st.Min <= 0 || st.Min > st.Median {
			t.Errorf("%s: stats %+v", c.Name(), st)
		}
		if _, ok := c.RoundMedian(1); !ok {
			t.Errorf("%s: no median for round 2", c.Name())
		}
	}
	stop := make(chan struct{})
	close(stop)
	if err := Run(cases, NewCycles(), Options{Rounds: 1, PerRound: 1, SampleTime: time.Microsecond, Stop: stop}); err != ErrInterrupted {
		t.Errorf("a closed Stop gave %v", err)
	}
}

// passCounter is a batch that counts the passes run over it.
type passCounter struct{ passes int }

func (b *passCounter) Run(reps int)  { b.passes += reps }
func (b *passCounter) Len() int      { return 1 }
func (b *passCounter) Outputs() int  { return 1 }
func (b *passCounter) Verify() error { return nil }

// TestWarmPass checks that every sample but a mem one runs one untimed
// pass before its timed ones, however few those are.
func TestWarmPass(t *testing.T) {
	for _, c := range []struct {
		class      schema.SizeClass
		reps, want int
	}{
		{schema.L1, 100, 101}, {schema.L2, 3, 4}, {schema.Stream, 1, 2}, {"65536", 1, 2}, {schema.Mem, 1, 1}, {schema.Mem, 20, 20},
	} {
		b := &passCounter{}
		cs := &Case{Class: c.class, reps: c.reps, batch: b}
		cs.sample(NewCycles(), nil, 0)
		if b.passes != c.want {
			t.Errorf("%s with %d passes per sample: %d passes run, want %d", c.class, c.reps, b.passes, c.want)
		}
	}
}

func TestQuantile(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	if quantile(x, 0.5) != 3 || quantile(x, 0.25) != 2 || quantile(x, 1) != 5 || median([]float64{4, 1, 2, 3}) != 2.5 {
		t.Error("quantiles are off")
	}
}

// TestPressure runs cases under every pressure on a machine with small
// caches: each pressure gets its own named cases, eviction buffers of the
// class's size, and samples from timing the batches alone.
func TestPressure(t *testing.T) {
	m := ThisMachine()
	m.Caches = Caches{L1d: 4 << 10, L2: 16 << 10, L3: 64 << 10, Line: 64}
	s := Suite{Family: regexp.MustCompile("^ls1b-reset$"), Impl: regexp.MustCompile("^and$"), Dist: regexp.MustCompile("^random$"),
		Modes: []kernels.Mode{kernels.Throughput}, Sizes: []schema.SizeClass{schema.L1}, Pressures: schema.Pressures()}
	cases, _, err := s.Cases(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != len(schema.Pressures()) {
		t.Fatalf("%d cases, want one per pressure", len(cases))
	}
	cache := InputCache{}
	for i, c := range cases {
		p := schema.Pressures()[i]
		if c.Key().Pressure != p || c.Evict == nil {
			t.Errorf("case %d: %s, evictor %v, want pressure %s", i, c.Name(), c.Evict, p)
		}
		if p != schema.PressureNone {
			want := p.Bytes(m.Caches.L1d, m.Caches.L2, m.Caches.LLC())
			if c.Evict.Bytes != want || int64(len(c.Evict.buf))*8 != want {
				t.Errorf("%s: buffer of %d bytes, want %d", p, c.Evict.Bytes, want)
			}
			// A walk loads the first word of every line: 0, 8, 16, ...
			before, lines := evictSink, want/64
			c.Evict.walk()
			if got := evictSink - before; got != uint64(8*lines*(lines-1)/2) {
				t.Errorf("%s: a walk summed %d, want the first word of each of %d lines", p, got, lines)
			}
		}
		if err := c.Prepare(cache); err != nil {
			t.Fatal(err)
		}
	}
	if err := Run(cases, NewCycles(), Options{Rounds: 1, PerRound: 3, SampleTime: 100 * time.Microsecond}); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if st := c.stats(); st.N != 3 || st.Min <= 0 {
			t.Errorf("%s: stats %+v", c.Name(), st)
		}
	}
	if _, err := newEvictor(schema.PressureL1, Machine{}); err == nil {
		t.Error("pressure with no cache sizes accepted")
	}
}

// TestSliderDistributions checks the rook and bishop workloads and that
// the gigantua one is Gigantua's benchmark sequence (its first two
// occupancies and their squares, as its own generator prints them).
func TestSliderDistributions(t *testing.T) {
	for _, c := range []struct {
		dist  string
		piece kernels.Slider
	}{{"rook", kernels.Orthogonal}, {"bishop", kernels.Diagonal}, {"gigantua", kernels.QueenLines}} {
		in, err := Inputs(kernels.Sliding(), Workload{Dist: c.dist, Size: 100, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range in.([]kernels.Query) {
			if q.Piece != c.piece || q.Sq > 63 {
				t.Fatalf("%s drew %+v", c.dist, q)
			}
		}
	}
	in, _ := Inputs(kernels.Sliding(), Workload{Dist: "gigantua", Size: 24, Seed: 99})
	qs := in.([]kernels.Query)
	want := []struct {
		occ uint64
		sqs []board.Square
	}{
		{0x160180d307182834, []board.Square{52, 31, 36, 22, 51, 30, 43, 55, 48, 27, 21, 3}},
		{0x0212031340744610, []board.Square{62, 35, 35, 15, 16, 61, 20, 23, 3, 30, 34, 9}},
	}
	for i, w := range want {
		for j, sq := range w.sqs {
			if q := qs[12*i+j]; q.Occ != w.occ || q.Sq != sq {
				t.Errorf("gigantua query %d: %#x on %d, want %#x on %d", 12*i+j, q.Occ, q.Sq, w.occ, sq)
			}
		}
	}
	if _, err := Inputs(kernels.Popcount(), Workload{Dist: "rook", Size: 10}); err == nil {
		t.Error("rook accepted for bitboards")
	}
}
