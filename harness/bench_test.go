package harness

import (
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
	suite := Suite{Modes: []kernels.Mode{kernels.Throughput, kernels.Latency}, Sizes: schema.SizeClasses, Seed: 1}
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
