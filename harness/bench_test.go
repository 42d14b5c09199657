package harness

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"bitlab/kernels"
	"bitlab/schema"
)

// BenchmarkKernel runs the default suite under go test -bench with the
// names runbench writes (use -cpu 1 so that go test adds no GOMAXPROCS
// suffix), one op being one input element:
//
//	go test ./harness -run '^$' -cpu 1 -bench 'Kernel/family=popcount/impl=swar/dist=k8/'
func BenchmarkKernel(b *testing.B) {
	suite := Suite{Modes: []kernels.Mode{kernels.Throughput, kernels.Latency}, Sizes: schema.SizeClasses(), Seed: 1}
	cases, _, err := suite.Cases(ThisMachine())
	if err != nil {
		b.Fatal(err)
	}
	announce(cases)
	cyc := NewCycles()
	cache := InputCache{}
	for _, c := range cases {
		b.Run(strings.TrimPrefix(c.Name(), "Kernel/"), func(b *testing.B) {
			if err := c.Prepare(cache); err != nil {
				b.Fatal(err)
			}
			n := c.batch.Len()
			passes := (b.N + n - 1) / n
			c.batch.Run(1)
			b.ResetTimer()
			t := time.Now()
			c.batch.Run(passes)
			ns := float64(time.Since(t)) / float64(passes*n)
			b.StopTimer()
			b.ReportMetric(ns, "ns/op")
			if cyc.GHz > 0 && cyc.perf == nil {
				b.ReportMetric(ns*cyc.GHz, "cycles/op")
			}
		})
	}
}

// announce says, before the benchmarks start, how many of them -bench
// selects and how long they take at least (one -benchtime each): 675 at
// the default 1s, as Kernel/family=popcount/ selects, are 11 minutes. The
// line starts with "#", which benchstat does not read.
func announce(cases []*Case) {
	pattern, benchtime := flag.Lookup("test.bench"), flag.Lookup("test.benchtime")
	if pattern == nil || benchtime == nil {
		return
	}
	parts := benchParts(pattern.Value.String())
	n := 0
	for _, c := range cases {
		if benchSelects(parts, c.Name()) {
			n++
		}
	}
	noun := "benchmarks match"
	if n == 1 {
		noun = "benchmark matches"
	}
	fmt.Printf("# %d %s -bench %s", n, noun, pattern.Value)
	if d, err := time.ParseDuration(benchtime.Value.String()); err == nil {
		fmt.Printf(", at least %v at -benchtime %v each (fewer with a longer -bench pattern, shorter with -benchtime)", time.Duration(n)*d, d)
	}
	fmt.Println()
}

// benchParts splits a -bench pattern as go test does, at its slashes, into
// one regular expression per name element; nil for a pattern that is not
// one.
func benchParts(pattern string) []*regexp.Regexp {
	var parts []*regexp.Regexp
	for _, p := range strings.Split(pattern, "/") {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil
		}
		parts = append(parts, re)
	}
	return parts
}

// benchSelects reports whether go test runs the benchmark of a case name
// under the pattern's parts: each part matches, unanchored, the name
// element at its depth.
func benchSelects(parts []*regexp.Regexp, name string) bool {
	elems := strings.Split(name, "/")
	if parts == nil || len(elems) < len(parts) {
		return false
	}
	for i, p := range parts {
		if !p.MatchString(elems[i]) {
			return false
		}
	}
	return true
}

// TestGobenchDefaultPattern checks that make gobench's default -bench
// pattern selects a benchmark of every family: go test splits the pattern
// at slashes and matches each part, unanchored, against the name element
// at the same depth.
func TestGobenchDefaultPattern(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^BENCH \?= (\S+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("no BENCH default in the Makefile")
	}
	pattern := strings.ReplaceAll(string(m[1]), "$$", "$") // make's escape
	parts := benchParts(pattern)
	if parts == nil {
		t.Fatalf("make gobench's default %q is no pattern", pattern)
	}
	cases, _, err := Suite{Modes: schema.Modes(), Sizes: []schema.SizeClass{schema.L1}}.Cases(ThisMachine())
	if err != nil {
		t.Fatal(err)
	}
	selected := map[string]bool{}
	for _, c := range cases {
		if benchSelects(parts, c.Name()) {
			selected[c.Kernel.Info().Family] = true
		}
	}
	for _, f := range kernels.Families() {
		if !selected[f.Name()] {
			t.Errorf("make gobench's default %q selects no benchmark of %s", pattern, f.Name())
		}
	}
}

// TestBenchSelects: the count announce gives is of the benchmarks go test
// runs: Kernel/family=popcount$/ selects every popcount case and no other.
func TestBenchSelects(t *testing.T) {
	cases, _, err := Suite{Modes: schema.Modes(), Sizes: []schema.SizeClass{schema.L1}}.Cases(ThisMachine())
	if err != nil {
		t.Fatal(err)
	}
	parts := benchParts("Kernel/family=popcount$/")
	for _, c := range cases {
		if got, want := benchSelects(parts, c.Name()), c.Kernel.Info().Family == "popcount"; got != want {
			t.Errorf("%s: selected %v, want %v", c.Name(), got, want)
		}
	}
	if benchParts("Kernel/(") != nil {
		t.Error("a bad pattern splits into parts")
	}
}
