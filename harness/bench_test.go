package harness

import (
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
	var parts []*regexp.Regexp
	for _, p := range strings.Split(pattern, "/") {
		parts = append(parts, regexp.MustCompile(p))
	}
	cases, _, err := Suite{Modes: schema.Modes(), Sizes: []schema.SizeClass{schema.L1}}.Cases(ThisMachine())
	if err != nil {
		t.Fatal(err)
	}
	selected := map[string]bool{}
	for _, c := range cases {
		elems := strings.Split(c.Name(), "/")
		ok := len(elems) >= len(parts)
		for i := 0; ok && i < len(parts); i++ {
			ok = parts[i].MatchString(elems[i])
		}
		if ok {
			selected[c.Kernel.Info().Family] = true
		}
	}
	for _, f := range kernels.Families() {
		if !selected[f.Name()] {
			t.Errorf("make gobench's default %q selects no benchmark of %s", pattern, f.Name())
		}
	}
}
