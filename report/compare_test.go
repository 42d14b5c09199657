package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// synthetic describes a pair of synthetic runs of the same code: every
// case has a true cost, a round-to-round spread of its own (0.3% to 4%;
// 1%, a steady L1 case's, for those steady matches), an offset per run
// (between-run noise of the given size: what one process's placement of
// tables and buffers does) and now and then a slow round (a 10% hiccup in
// one round of 20).
type synthetic struct {
	families, impls, dists int
	rounds                 int
	between                float64 // relative standard deviation of a case's offset per run
	steady                 *regexp.Regexp
	cpu, level, revision   string
}

var quickPair = synthetic{families: 6, impls: 8, dists: 5, rounds: 6, between: 0.01, steady: aaCase,
	cpu: "Test CPU 9000", level: "v3", revision: "0123456789abcdef0123456789abcdef01234567"}

// The case and the kernel the A/A tests slow down.
var (
	aaCase   = regexp.MustCompile(`^Kernel/family=fam2/impl=impl3/dist=k1/size=4096/mode=throughput$`)
	aaKernel = regexp.MustCompile(`^Kernel/family=fam4/impl=impl5/`)
)

// write writes one run (run 0 or 1 of the pair drawn from seed), with the
// cases whose names match slow made factor times slower.
func (sy synthetic) write(t *testing.T, dir, name string, seed uint64, run int, slow *regexp.Regexp, factor float64) string {
	t.Helper()
	truth := rand.New(rand.NewPCG(seed, 0))
	noise := rand.New(rand.NewPCG(seed, uint64(1+run)))
	var b strings.Builder
	fmt.Fprintf(&b, "# run: quick\n# bitlab revision: %s\n# date: 2026-11-2%dT10:00:00Z\ngoos: linux\ngoarch: amd64\ngoamd64: %s\ncpu: %s\ncycles: add-chain\n\n", sy.revision, run, sy.level, sy.cpu)
	type truthCase struct {
		name           string
		cost, spread   float64
		offset, factor float64
	}
	var cases []truthCase
	for f := range sy.families {
		for i := range sy.impls {
			for d := range sy.dists {
				for _, mode := range schema.Modes() {
					c := truthCase{
						name:   schema.KernelCase{Family: fmt.Sprintf("fam%d", f), Impl: fmt.Sprintf("impl%d", i), Dist: fmt.Sprintf("k%d", d), Size: 4096, Mode: mode}.Name().String(),
						cost:   math.Exp(truth.Float64() * 5),
						spread: 0.003 * math.Pow(4.0/0.3, truth.Float64()),
						factor: 1,
					}
					// The offsets of both runs are drawn from the truth
					// stream, each run keeping its own.
					offsets := [2]float64{truth.NormFloat64() * sy.between, truth.NormFloat64() * sy.between}
					c.offset = offsets[run]
					if sy.steady.MatchString(c.name) {
						c.spread = 0.01
					}
					if slow != nil && slow.MatchString(c.name) {
						c.factor = factor
					}
					cases = append(cases, c)
				}
			}
		}
	}
	for range sy.rounds {
		for _, c := range cases {
			v := c.cost * c.factor * math.Exp(c.offset+noise.NormFloat64()*c.spread)
			if noise.IntN(20) == 0 {
				v *= 1.1
			}
			fmt.Fprintf(&b, "Benchmark%s 1000 %g ns/op %g cycles/op\n", c.name, v/3.9, v)
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustLoad(t *testing.T, paths ...string) *Set {
	t.Helper()
	s, _, err := Load(paths...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// flagged returns the names of the units a comparison flags slower.
func flagged(t *testing.T, old, new *Set, gate Gate) []string {
	t.Helper()
	cs, _, err := compare(old, new, CompareOptions{Threshold: 0.05, Gate: gate})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range cs {
		for _, u := range c.Units {
			if u.Slower {
				out = append(out, u.Name)
			}
		}
	}
	return out
}

// TestAASynthetic is the A/A test on synthetic runs: over 20 pairs of
// runs of the same code, with round-to-round and between-run noise, no
// gate flags more than 2 (10%) and the default gate none; the same pairs
// with one steady case 10% slower fail the case gate naming that case, and
// with one kernel 10% slower fail the default gate naming that kernel and
// nothing else.
func TestAASynthetic(t *testing.T) {
	dir := t.TempDir()
	const pairs = 20
	alarms := map[Gate]int{}
	for seed := range uint64(pairs) {
		a := mustLoad(t, quickPair.write(t, dir, fmt.Sprintf("a%d.txt", seed), seed, 0, nil, 1))
		b := mustLoad(t, quickPair.write(t, dir, fmt.Sprintf("b%d.txt", seed), seed, 1, nil, 1))
		for _, g := range gates {
			if f := flagged(t, a, b, g); len(f) > 0 {
				alarms[g]++
				t.Logf("pair %d, gate %s: the same code flagged slower: %v", seed, g, f)
			}
		}
		slowCase := mustLoad(t, quickPair.write(t, dir, fmt.Sprintf("c%d.txt", seed), seed, 1, aaCase, 1.1))
		if f := flagged(t, a, slowCase, gateCase); !slices.Contains(f, "Kernel/family=fam2/impl=impl3/dist=k1/size=4096/mode=throughput") {
			t.Errorf("pair %d: one case 10%% slower: the case gate flags %v", seed, f)
		}
		slowKernel := mustLoad(t, quickPair.write(t, dir, fmt.Sprintf("k%d.txt", seed), seed, 1, aaKernel, 1.1))
		if f := flagged(t, a, slowKernel, DefaultGate); !slices.Equal(f, []string{"fam4/impl5"}) {
			t.Errorf("pair %d: one kernel 10%% slower: the default gate flags %v", seed, f)
		}
	}
	for _, g := range gates {
		if max := map[bool]int{true: 0, false: pairs / 10}[g == DefaultGate]; alarms[g] > max {
			t.Errorf("gate %s: false alarms in %d of %d A/A pairs, want at most %d", g, alarms[g], pairs, max)
		}
	}
}

// TestAACommitted is the A/A test on a committed full run: its odd rounds
// against its even rounds (the same code, the same process) pass every
// gate, and the same halves with the steadiest case made 10% slower fail
// the case gate naming it.
func TestAACommitted(t *testing.T) {
	use, _, err := PageFiles(committedResults(t))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(use, func(f *File) bool { return f.Run.Kind == schema.RunFull })
	if i < 0 {
		t.Skip("no committed full run")
	}
	full := mustLoad(t, use[i].Path)
	odd, even := full.halves()
	steadiest, spread := "", math.Inf(1)
	for k, v := range odd.Values {
		if k.Unit != schema.CyclesPerOp().Read {
			continue
		}
		_, va, _ := trimmedLog(v)
		_, vb, _ := trimmedLog(even.Values[k])
		if s := va + vb; s < spread {
			steadiest, spread = caseName(k), s
		}
	}
	for _, g := range gates {
		if f := flagged(t, odd, even, g); len(f) > 0 {
			t.Errorf("%s, odd rounds against even ones, gate %s: flagged slower: %v", use[i].Path, g, f)
		}
	}
	slow, n, err := even.Slowed(regexp.MustCompile("^"+regexp.QuoteMeta(steadiest)+"$"), 1.1)
	if err != nil || n != 1 {
		t.Fatalf("injection: %d cases, %v", n, err)
	}
	if f := flagged(t, odd, slow, gateCase); !slices.Equal(f, []string{steadiest}) {
		t.Errorf("%s with %s 10%% slower: the case gate flags %v", use[i].Path, steadiest, f)
	}
}

// halves splits a set's rounds: the odd rounds (first, third ...) and the
// even ones.
func (s *Set) halves() (odd, even *Set) {
	o, e := *s, *s
	o.Values, e.Values = map[Key][]float64{}, map[Key][]float64{}
	for k, v := range s.Values {
		for i, x := range v {
			if i%2 == 0 {
				o.Values[k] = append(o.Values[k], x)
			} else {
				e.Values[k] = append(e.Values[k], x)
			}
		}
	}
	return &o, &e
}

func TestCompareTwentyPercent(t *testing.T) {
	dir := t.TempDir()
	old := mustLoad(t, reporttest.Results(t, dir, "old.txt", "v1", 1))
	slow := mustLoad(t, reporttest.Results(t, dir, "slow.txt", "v1", 1.2))
	cs, _, err := compare(old, slow, CompareOptions{Threshold: 0.05, Gate: gateCase})
	if err != nil || len(cs) != 1 {
		t.Fatal(cs, err)
	}
	if cs[0].Cases != 2*6*2 { // implementations x distributions x modes, cycles only
		t.Fatalf("%d cases, want 24", cs[0].Cases)
	}
	for _, u := range cs[0].Units {
		if u.Cases[0].Unit != "cycles/op" || math.Abs(u.Ratio-1.2) > 1e-9 || !u.Slower || u.Lo > 1.2 || u.Hi < 1.2 {
			t.Errorf("%s: %+v", u.Name, u)
		}
	}
	for _, c := range []struct {
		threshold float64
		gate      Gate
		want      int
	}{{0.05, gateKernel, 2}, {0.05, gateFamily, 1}, {0.05, gateAll, 1}, {0.25, gateCase, 0}, {0.25, gateAll, 0}} {
		cs, _, err := compare(old, slow, CompareOptions{Threshold: c.threshold, Gate: c.gate})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, u := range cs[0].Units {
			if u.Slower {
				n++
			}
		}
		if n != c.want {
			t.Errorf("threshold %g, gate %s: %d slower, want %d", c.threshold, c.gate, n, c.want)
		}
	}
	var b, notes bytes.Buffer
	if out, err := CompareRuns(&b, &notes, old, slow, CompareOptions{Threshold: 0.05, Gate: gateCase}); err != nil || !out.Slower ||
		!strings.Contains(b.String(), "+20.0%") || !strings.Contains(b.String(), "24 cases compared: 24 slower") || notes.Len() > 0 {
		t.Errorf("outcome %+v, %v:\n%s%s", out, err, b.String(), notes.String())
	}
	b.Reset()
	if out, err := CompareRuns(&b, &notes, slow, old, CompareOptions{Threshold: 0.05, Gate: gateCase}); err != nil || out.Slower || !strings.Contains(b.String(), "0 slower, 24 faster") {
		t.Errorf("20%% faster: outcome %+v, %v:\n%s", out, err, b.String())
	}
}

// TestCompareRefuses checks the comparisons that are errors: nothing in
// common, different CPUs or levels without -across (naming what differs),
// and a side holding two revisions of the same cases.
func TestCompareRefuses(t *testing.T) {
	dir := t.TempDir()
	a := mustLoad(t, reporttest.Results(t, dir, "a.txt", "v1", 1))
	v3 := mustLoad(t, reporttest.Results(t, dir, "v3.txt", "v3", 1))
	other := filepath.Join(dir, "other.txt")
	data, _ := os.ReadFile(filepath.Join(dir, "a.txt"))
	os.WriteFile(other, bytes.ReplaceAll(data, []byte("family=popcount"), []byte("family=bitscan-forward")), 0o644)
	if _, _, err := compare(a, mustLoad(t, other), CompareOptions{Threshold: 0.05}); err == nil || !strings.Contains(err.Error(), "nothing to compare") {
		t.Errorf("no case in common: %v", err)
	}
	_, _, err := compare(a, v3, CompareOptions{Threshold: 0.05})
	if err == nil || !strings.Contains(err.Error(), "GOAMD64 v1 against v3") || !strings.Contains(err.Error(), "-across") {
		t.Errorf("different levels: %v", err)
	}
	cs, _, err := compare(a, v3, CompareOptions{Threshold: 0.05, Across: true})
	if err != nil || len(cs) != 1 || cs[0].Differs != "GOAMD64 v1 against v3" {
		t.Errorf("different levels with -across: %v", err)
	}
	zen := filepath.Join(dir, "zen.txt")
	os.WriteFile(zen, bytes.Replace(data, []byte("cpu: Test CPU 9000"), []byte("cpu: Other CPU"), 1), 0o644)
	if _, _, err := compare(a, mustLoad(t, zen), CompareOptions{Threshold: 0.05}); err == nil || !strings.Contains(err.Error(), `CPU "Test CPU 9000" against "Other CPU"`) {
		t.Errorf("different CPUs: %v", err)
	}
	if err := CheckBaseline(a, &Config{CPU: "Other CPU", GOARCH: "amd64", Level: "v1"}, false); err == nil || !strings.Contains(err.Error(), "differ in CPU") {
		t.Errorf("baseline of another CPU: %v", err)
	}
	if err := CheckBaseline(a, &Config{CPU: "Test CPU 9000", GOARCH: "amd64", Level: "v3"}, false); err == nil || !strings.Contains(err.Error(), "GOAMD64 v1 against v3") {
		t.Errorf("baseline of another level: %v", err)
	}
	for _, ok := range []*Config{{CPU: "Test CPU 9000", GOARCH: "amd64", Level: "v1"}, {CPU: "Test CPU 9000", GOARCH: "amd64"}} {
		if err := CheckBaseline(a, ok, false); err != nil {
			t.Errorf("baseline of this machine (level %q): %v", ok.Level, err)
		}
	}
	// Two revisions of the same cases on one side are two runs.
	revs := t.TempDir()
	for i, rev := range []string{"1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"} {
		os.WriteFile(filepath.Join(revs, fmt.Sprintf("%d.txt", i)), append([]byte("# bitlab revision: "+rev+"\n"), data...), 0o644)
	}
	two := mustLoad(t, revs)
	if len(two.Configs) != 2 || two.Configs[0].Label != "v1 @1111111" {
		t.Fatalf("two revisions pooled: %+v", two.Configs[0])
	}
	if _, _, err := compare(two, a, CompareOptions{Threshold: 0.05}); err == nil || !strings.Contains(err.Error(), "different revisions") {
		t.Errorf("two revisions in OLD: %v", err)
	}
}

// TestExperimentApart checks that a build with a Go experiment is another
// configuration: labelled apart from the build without it (whose files,
// like those from before the goexperiment line, have no such line), not
// compared with it without -across, and not a baseline for it.
func TestExperimentApart(t *testing.T) {
	dir := t.TempDir()
	plain := reporttest.Results(t, dir, "plain.txt", "v3", 1)
	data, _ := os.ReadFile(plain)
	simd := filepath.Join(dir, "simd.txt")
	os.WriteFile(simd, bytes.Replace(data, []byte("goamd64: v3\n"), []byte("goamd64: v3\ngoexperiment: simd\n"), 1), 0o644)
	both := mustLoad(t, dir)
	if len(both.Configs) != 2 || both.Configs[0].Label != "v3" || both.Configs[1].Label != "v3+simd" || both.Configs[1].Experiment != "simd" {
		t.Fatalf("configurations %+v %+v, want v3 and v3+simd", both.Configs[0], both.Configs[1])
	}
	a, b := mustLoad(t, plain), mustLoad(t, simd)
	if _, _, err := compare(a, b, CompareOptions{Threshold: 0.05}); err == nil || !strings.Contains(err.Error(), "GOEXPERIMENT (none) against simd") {
		t.Errorf("a build with the experiment compared with one without: %v", err)
	}
	if err := CheckBaseline(a, &Config{CPU: "Test CPU 9000", GOARCH: "amd64", Level: "v3", Experiment: "simd"}, false); err == nil || !strings.Contains(err.Error(), "GOEXPERIMENT=simd") {
		t.Errorf("a baseline without the experiment for a run with it: %v", err)
	}
	if err := CheckBaseline(b, &Config{CPU: "Test CPU 9000", GOARCH: "amd64", Experiment: "simd"}, false); err != nil {
		t.Errorf("a baseline of the same build: %v", err)
	}
}

func TestInject(t *testing.T) {
	s := mustLoad(t, reporttest.Results(t, t.TempDir(), "a.txt", "v1", 1))
	slow, n, err := s.Slowed(regexp.MustCompile(`impl=popcnt/dist=k1/`), 1.1)
	if err != nil || n != 2 { // both modes
		t.Fatalf("%d cases, %v", n, err)
	}
	for k, v := range slow.Values {
		want := s.Values[k][0]
		if k.Impl == "popcnt" && k.Dist == "k1" {
			want *= 1.1
		}
		if v[0] != want {
			t.Errorf("%v: %g, want %g", k, v[0], want)
		}
	}
	if _, _, err := s.Slowed(regexp.MustCompile(`nonesuch`), 1.1); err == nil {
		t.Error("an injection that matches nothing passed")
	}
}

// TestNoise checks the statistics against known values: the t
// distribution's tail, the Benjamini-Hochberg adjustment, and the extra
// variance recovered from synthetic changes.
func TestNoise(t *testing.T) {
	for _, c := range []struct{ t, df, p float64 }{{2.015, 5, 0.05}, {2.228, 10, 0.025}, {1.645, math.Inf(1), 0.05}, {0, 3, 0.5}, {-1.645, math.Inf(1), 0.95}} {
		if got := upperTail(c.t, c.df); math.Abs(got-c.p) > 5e-4 {
			t.Errorf("P(T_%g > %g) = %.4f, want %.4f", c.df, c.t, got, c.p)
		}
		if c.t > 0 {
			if q := quantile(c.p, c.df); math.Abs(q-c.t) > 2e-3 {
				t.Errorf("quantile(%g, %g) = %.4f, want %.4f", c.p, c.df, q, c.t)
			}
		}
	}
	// The tail is finite and in [0, 1] for every t and df the comparisons
	// can meet (the incomplete beta function gives up on some).
	for df := 1.0; df < 1e7; df *= 1.37 {
		for x := -5.0; x < 60; x += 0.173 {
			if p := upperTail(x, df); math.IsNaN(p) || p < 0 || p > 1 {
				t.Fatalf("P(T_%g > %g) = %g", df, x, p)
			}
		}
	}
	// Benjamini and Hochberg's own example (1995, section 3.2): 15
	// p-values, of which the procedure at 0.05 rejects the first four.
	ps := []float64{0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000}
	q := benjaminiHochberg(ps)
	for i, x := range q {
		if rejected := x <= 0.05; rejected != (i < 4) {
			t.Errorf("p %g: q %.4f", ps[i], x)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var es []estimate
	for range 2000 {
		within := 0.0001 // a 1% standard error
		es = append(es, estimate{d: r.NormFloat64()*math.Sqrt(within+0.0004) + 0.03, v: within, vOverDf: within * within / 10})
	}
	if got := math.Sqrt(extraVariance(es)); math.Abs(got-0.02) > 0.003 {
		t.Errorf("extra noise %.4f, want 0.02", got)
	}
	if got := extraVariance(es[:minUnits-1]); got != 0 {
		t.Errorf("extra noise from %d estimates: %g", minUnits-1, got)
	}
}

func TestExport(t *testing.T) {
	s, _, err := Load(reporttest.Results(t, t.TempDir(), "a.txt", "v1", 1))
	if err != nil {
		t.Fatal(err)
	}
	rows := s.Export()
	if len(rows) != 2*6*2*2 { // implementations x distributions x modes x (ns, cycles)
		t.Fatalf("%d rows", len(rows))
	}
	var c, j bytes.Buffer
	if err := WriteCSV(&c, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(recs) != len(rows)+1 || recs[0][3] != "median" {
		t.Fatalf("csv: %v, %d records", err, len(recs))
	}
	if err := WriteJSON(&j, rows); err != nil {
		t.Fatal(err)
	}
	var back []ExportRow
	if err := json.Unmarshal(j.Bytes(), &back); err != nil || len(back) != len(rows) || back[0].Median != rows[0].Median || len(back[0].Samples) != 5 {
		t.Fatalf("json round trip: %v", err)
	}
	for _, r := range rows {
		if r.Unit == "ns/op" && (r.Median < 0.1 || r.Median > 100) {
			t.Errorf("%s: %g ns/op: not scaled from seconds", r.Name, r.Median)
		}
	}
}

// steadyRun writes a run of families f0 and f1, each with kernels i0 to
// i9 on three distributions, eight rounds of a steady cost (0.1% spread),
// each kernel's cost times factor[family/impl] (1 where absent); a kernel
// whose factor is 0 is left out. header comes first.
func steadyRun(t *testing.T, dir, name, header string, factor map[string]float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(header + "# bitlab revision: 0123456789abcdef0123456789abcdef01234567\ngoos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\n\n")
	for round := range 8 {
		for f := range 2 {
			for i := range 10 {
				id := fmt.Sprintf("f%d/i%d", f, i)
				x, ok := factor[id]
				if !ok {
					x = 1
				}
				if x == 0 {
					continue
				}
				for d := range 3 {
					c := x * float64(10+i+d) * (1 + 0.001*float64((round*7+i+d)%5-2))
					fmt.Fprintf(&b, "BenchmarkKernel/family=f%d/impl=i%d/dist=k%d/size=4096/mode=throughput 1000 %g cycles/op\n", f, i, d, c)
				}
			}
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCompareListsWhatItsHeadingSays: the list of changes "beyond ±5.0%"
// holds a kernel 5.5% faster and not one 4.9% faster (beyond 5% of the
// log-ratio, 1/1.05, but not of the percentage the list prints), and the
// same for slower.
func TestCompareListsWhatItsHeadingSays(t *testing.T) {
	dir := t.TempDir()
	old := mustLoad(t, steadyRun(t, dir, "old.txt", "", nil))
	now := mustLoad(t, steadyRun(t, dir, "new.txt", "", map[string]float64{"f0/i1": 0.951, "f0/i2": 0.945, "f1/i1": 1.049, "f1/i2": 1.055}))
	cs, _, err := compare(old, now, CompareOptions{Threshold: 0.05, Gate: gateKernel})
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]string{}
	for _, u := range cs[0].Units {
		if u.Slower {
			changed[u.Name] = "slower"
		} else if u.Faster {
			changed[u.Name] = "faster"
		}
	}
	if want := map[string]string{"f0/i2": "faster", "f1/i2": "slower"}; !maps.Equal(changed, want) {
		t.Errorf("beyond ±5%%: %v, want %v", changed, want)
	}
	var out bytes.Buffer
	if err := cs[0].Write(&out); err != nil {
		t.Fatal(err)
	}
	listed, _, _ := strings.Cut(out.String(), "the largest changes within the noise")
	if strings.Contains(listed, "f0/i1") || strings.Contains(listed, "f1/i1") || !strings.Contains(listed, "f0/i2") {
		t.Errorf("the list of changes beyond ±5.0%%:\n%s", out.String())
	}
}

// TestCompareMissing: kernels and families of OLD that NEW lacks fail the
// gate, named, unless NEW's run explains them: its selection leaves them
// out, its header says it skipped them, or that they failed their check
// (which the outcome names apart).
func TestCompareMissing(t *testing.T) {
	dir := t.TempDir()
	old := mustLoad(t, steadyRun(t, dir, "old.txt", "", nil))
	gone := map[string]float64{"f0/i3": 0}
	for i := range 10 {
		gone[fmt.Sprintf("f1/i%d", i)] = 0
	}
	failed := "# warning: not timed, disagrees with the reference: Kernel/family=f0/impl=i3/dist=k0/size=4096/mode=throughput: output 3, want 4\n"
	for _, c := range []struct {
		name, header      string
		missing, unselect []string
		failed            []string
		closing, named    string
	}{
		{"plain.txt", "", []string{"f0/i3", "family f1"}, nil, nil,
			"9 kernels compared: 0 slower, 0 faster beyond 5.0%; 2 kernels or families of OLD missing in NEW", "missing in NEW: 2 kernels or families of OLD, which NEW's run neither leaves out by its selection nor skips: f0/i3, family f1"},
		{"family.txt", "# run: selection -family f0\n", []string{"f0/i3"}, []string{"f1/i0", "f1/i1", "f1/i2", "f1/i3", "f1/i4", "f1/i5", "f1/i6", "f1/i7", "f1/i8", "f1/i9"}, nil,
			"; 1 kernel or family of OLD missing in NEW", "not in NEW: 10 kernels of OLD, outside NEW's selection"},
		{"skipped.txt", "# run: selection -family 'f(0|2)'\n# skipped f0/i3: the CPU lacks avx512\n", nil, []string{"f0/i3", "f1/i0"}, nil,
			"9 kernels compared: 0 slower, 0 faster beyond 5.0%\n", "not in NEW: 11 kernels"},
		{"failed.txt", "# run: selection -dist k0,k1,k2\n" + failed, []string{"family f1"}, []string{"f0/i3"}, []string{"f0/i3"},
			"; 1 kernel or family of OLD missing in NEW", "family f1"},
	} {
		now := mustLoad(t, steadyRun(t, dir, c.name, c.header, gone))
		var out, notes bytes.Buffer
		got, err := CompareRuns(&out, &notes, old, now, CompareOptions{Threshold: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Missing, c.missing) || !slices.Equal(got.Failed, c.failed) || got.Slower {
			t.Errorf("%s: %+v, want missing %v, failed %v", c.name, got, c.missing, c.failed)
		}
		cs, _, _ := compare(old, now, CompareOptions{Threshold: 0.05})
		if u := cs[0].Unselected; len(u) < len(c.unselect) || !slices.Equal(u[:len(c.unselect)], c.unselect) {
			t.Errorf("%s: unselected %v, want %v first", c.name, u, c.unselect)
		}
		if !strings.Contains(out.String(), c.closing) || !strings.Contains(out.String(), c.named) {
			t.Errorf("%s: the comparison lacks %q or %q:\n%s", c.name, c.closing, c.named, out.String())
		}
		if (len(c.failed) > 0) != strings.Contains(notes.String(), "f0/i3 disagreed with its family's reference") {
			t.Errorf("%s: notes %q", c.name, notes.String())
		}
	}
}
