package report

import (
	"math"
	"slices"
	"testing"

	"bitlab/schema"
)

// planted returns a validation of core on model (borrowed where model is
// not core) at goarch and level v3, with an agreement per ratio, each of
// kind k, the form popcount/impl<i> in mode.
func planted(core, model, goarch string, k LoopKind, mode schema.Mode, ratios ...float64) Validation {
	e := &Estimates{Uarch: core, GOARCH: goarch, Level: "v3"}
	if model != core {
		e.Borrowed = model
	}
	v := Validation{Config: &Config{GOARCH: goarch, Level: "v3", Uarch: core}, Estimates: e}
	for i, r := range ratios {
		f := Form{Family: "popcount", Impl: "impl" + string(rune('a'+i)), Mode: mode}
		v.Agreements = append(v.Agreements, Agreement{Form: f, EstimatedForm: EstimatedForm{Cycles: 2 * r}, Measured: 2, Kind: k})
	}
	return v
}

// TestBandOf: the median and the 10th and 90th percentiles (interpolated
// between ranks) of estimate / measured over the ratios of one kind, one
// architecture and one standing of the models, naming the cores they come
// from with the median of each one's; ratios of another kind, architecture or standing stay out.
func TestBandOf(t *testing.T) {
	vs := []Validation{
		planted("Zen 3", "Zen 3", "amd64", latencyChain, schema.Latency, 11, 1, 5, 3, 9),
		planted("Zen 4", "Zen 4", "amd64", latencyChain, schema.Latency, 7, 2, 4, 10, 6, 8),
		planted("Zen 5", "Zen 4", "amd64", latencyChain, schema.Latency, 100, 200),                  // borrowed
		planted("Neoverse N1", "Neoverse N1", "arm64", latencyChain, schema.Latency, 100, 200, 300), // another architecture
		planted("Zen 4", "Zen 4", "amd64", throughputLoop, schema.Throughput, 0.5, 0.6),             // another kind
		planted("Skylake", "Skylake", "amd64", tableLatency, schema.Latency),                        // no ratio: not named
	}
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-9 }
	for _, c := range []struct {
		kind             LoopKind
		goarch           string
		borrowed         bool
		n                int
		median, p10, p90 float64
		cores            []ValidatedCore
		ok               bool
	}{
		// 1..11: rank 5 is 6; the 10th percentile is at rank 1 (2), the 90th at rank 9 (10).
		{latencyChain, "amd64", false, 11, 6, 2, 10, []ValidatedCore{{"Zen 3", "Zen 3", 5}, {"Zen 4", "Zen 4", 6.5}}, true},
		// 100, 200: ranks 0.5, 0.1 and 0.9 of the way.
		{latencyChain, "amd64", true, 2, 150, 110, 190, []ValidatedCore{{"Zen 5", "Zen 4", 150}}, true},
		{latencyChain, "arm64", false, 3, 200, 120, 280, []ValidatedCore{{"Neoverse N1", "Neoverse N1", 200}}, true},
		{throughputLoop, "amd64", false, 2, 0.55, 0.51, 0.59, []ValidatedCore{{"Zen 4", "Zen 4", 0.55}}, true},
		{tableLatency, "amd64", false, 0, 0, 0, 0, nil, false},
		{throughputLoop, "arm64", false, 0, 0, 0, 0, nil, false},
	} {
		b, ok := BandOf(vs, c.goarch, c.kind, c.borrowed)
		if ok != c.ok || b.N != c.n || !near(b.Median, c.median) || !near(b.P10, c.p10) || !near(b.P90, c.p90) || !slices.EqualFunc(b.Cores, c.cores, func(a, b ValidatedCore) bool {
			return a.Core == b.Core && a.Model == b.Model && near(a.Median, b.Median)
		}) {
			t.Errorf("BandOf(%s, %s, borrowed %v) = %+v, %v; want %d ratios, median %g, 10-90%% %g-%g, cores %v, %v",
				c.goarch, c.kind, c.borrowed, b, ok, c.n, c.median, c.p10, c.p90, c.cores, c.ok)
		}
	}
	if b, _ := BandOf(vs[:1], "amd64", latencyChain, false); b.N != 5 || b.Median != 5 || !near(b.P10, 1.8) || !near(b.P90, 10.2) {
		t.Errorf("1, 3, 5, 9, 11: %+v, want median 5, 10-90%% 1.8-10.2", b)
	}
}

// TestKindOf: the mode says whether a loop is a chain, and tables beyond
// SmallTables make it table-bound.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		mode   schema.Mode
		tables int
		want   LoopKind
	}{
		{schema.Throughput, 0, throughputLoop},
		{schema.Throughput, SmallTables, throughputLoop},
		{schema.Latency, 256, latencyChain},
		{schema.Latency, SmallTables + 1, tableLatency},
		{schema.Throughput, 1 << 20, tableThroughput},
	} {
		if got := KindOf(c.mode, c.tables); got != c.want {
			t.Errorf("KindOf(%s, %d) = %s, want %s", c.mode, c.tables, got, c.want)
		}
	}
}

// TestBlameBorrowing: an outlier of a borrowed model is the borrowing's
// only where the lender's own model on the lender's core does not part the
// same way; without a measurement of the lender it is not.
func TestBlameBorrowing(t *testing.T) {
	zen5 := planted("Zen 5", "Zen 4", "amd64", latencyChain, schema.Latency, 3.9, 2.3, 0.5, 1.05)
	zen4 := planted("Zen 4", "Zen 4", "amd64", latencyChain, schema.Latency, 3.8, 1.04, 1.5, 1.0)
	zen4v1 := planted("Zen 4", "Zen 4", "amd64", latencyChain, schema.Latency, 1, 1, 1, 1)
	zen4v1.Estimates.Level = "v1"
	zen3 := planted("Zen 3", "Zen 3", "amd64", latencyChain, schema.Latency, 1, 1, 1, 1)
	vs := []Validation{zen5, zen4, zen4v1, zen3}
	for i, c := range []struct {
		native []float64
		blame  bool
	}{
		{[]float64{3.8}, false}, // 3.9: the lender's own model shows it, so not the borrowing
		{[]float64{1.04}, true}, // 2.3: within apart on the lender
		{[]float64{1.5}, true},  // 0.5: the lender parts the other way
		{[]float64{1.0}, false}, // 1.05 does not part
	} {
		a := zen5.Agreements[i]
		native := NativeRatios(vs, zen5.Estimates, a.Form)
		if !slices.Equal(native, c.native) {
			t.Errorf("%s: NativeRatios = %v, want %v (Zen 4's own at v3 only)", a.Form, native, c.native)
		}
		if got := BlameBorrowing(a, native); got != c.blame {
			t.Errorf("%s (ratio %g, native %v): BlameBorrowing = %v, want %v", a.Form, a.Ratio(), native, got, c.blame)
		}
	}
	if got := BlameBorrowing(zen5.Agreements[1], nil); got {
		t.Error("an outlier is blamed on the borrowing without a measurement of the lender")
	}
	if got := BlameBorrowing(zen5.Agreements[0], []float64{1.0, 3.8}); got {
		t.Error("an outlier is blamed on the borrowing where one of the lender's measurements shows it")
	}
	if got := BlameBorrowing(zen5.Agreements[0], []float64{0.5}); !got {
		t.Error("an outlier above is not blamed on the borrowing where the lender's own model parts below")
	}
	if got := NativeRatios(vs, zen4.Estimates, zen4.Agreements[0].Form); got != nil {
		t.Errorf("a core's own model has native ratios %v", got)
	}
}
