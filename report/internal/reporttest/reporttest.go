// Package reporttest writes the small results files the tests of package
// report and package render read.
package reporttest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/fingerprint"
	"bitlab/harness"
	"bitlab/schema"
	"bitlab/uarch"
)

// today is the header line of the fingerprints of today's code, which
// every file the tests plant records as runbench's do: its code is fresh
// (report's Set.Stale).
var today = "# " + schema.FingerprintComment + fingerprint.Line() + "\n"

// SelfCheckLine is the self-check's header line of an instruction measured
// on a core at throughput cycles per instruction (latency 1), beside the
// core's published cost where uarch has one, as runbench writes it
// (harness's FormatSelfCheck, indented under the self-check's title
// line), for Plant's Header.
func SelfCheckLine(core, instr string, throughput float64) string {
	row := harness.SelfCheckRow{Instr: instr, Latency: 1, Throughput: throughput}
	row.Published, _ = uarch.Published(uarch.Core{Name: core}, instr)
	return "  " + harness.FormatSelfCheck([]harness.SelfCheckRow{row})[0]
}

// Results writes a small results file of two implementations, six
// distributions and both modes into dir as name, with cost scaled by
// factor, and returns its path.
func Results(t testing.TB, dir, name, level string, factor float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# clock: add-chain, 3.9 GHz\n" + today + "goos: linux\ngoarch: amd64\ngoamd64: " + level + "\ncpu: Test CPU 9000\ngo: go1.26.8\ncycles: add-chain\nfamily: popcount\nbaseline: kernighan\nusage: kernighan=query popcnt=loop\n\n")
	for round := range 5 {
		for _, im := range []string{"kernighan", "popcnt"} {
			for _, d := range []string{"k0", "k1", "k2", "k4", "k8", "random"} {
				for _, mode := range []string{"throughput", "latency"} {
					c := factor * (1 + float64(round)/100)
					if im == "kernighan" {
						c *= 10
					}
					fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=%s/size=4096/mode=%s 1000 %g ns/op %g cycles/op\n", im, d, mode, c/3.9, c)
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

// TwoLevels writes Results at GOAMD64 v1 (a.txt) and, twice as fast, v3
// (b.txt) into a new folder and returns it.
func TwoLevels(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	Results(t, dir, "a.txt", "v1", 1)
	Results(t, dir, "b.txt", "v3", 0.5)
	return dir
}

// Plant is a results file of one family's throughput at one batch size,
// that size its headline: Cycles gives the cost per element by
// implementation, then distribution. Uarch, where given, is its uarch
// line, and Header its further comment lines; its seed line says 1.
type Plant struct {
	CPU, Family, Baseline string
	Size                  int
	Cycles                map[string]map[string]float64
	Uarch                 string
	Header                []string
}

// Write writes the file into dir as name, five rounds of each case 1%
// apart around the planted cost (their median), and returns its path.
func (p Plant) Write(t testing.TB, dir, name string) string {
	t.Helper()
	var b strings.Builder
	for _, h := range p.Header {
		b.WriteString("# " + h + "\n")
	}
	fmt.Fprintf(&b, "# clock: add-chain, 4 GHz\n%sgoos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: %s\n", today, p.CPU)
	if p.Uarch != "" {
		fmt.Fprintf(&b, "uarch: %s\n", p.Uarch)
	}
	fmt.Fprintf(&b, "cycles: add-chain\nseed: 1\nfamily: %s\nbaseline: %s\nheadline: %d\n\n", p.Family, p.Baseline, p.Size)
	for round := range 5 {
		for _, im := range slices.Sorted(maps.Keys(p.Cycles)) {
			for _, d := range slices.Sorted(maps.Keys(p.Cycles[im])) {
				c := p.Cycles[im][d] * (1 + float64(round-2)/100)
				fmt.Fprintf(&b, "BenchmarkKernel/family=%s/impl=%s/dist=%s/size=%d/mode=throughput 1000 %g ns/op %g cycles/op\n", p.Family, im, d, p.Size, c/4, c)
			}
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Revision is the revision of the perft and placement runs the tests
// plant.
const Revision = "6fc74d0b2ca4d3e884660144470802ba7c7aaaaa"

// PerftHeader returns the header lines of a standard perft run of a
// campaign that started at start (RFC 3339).
func PerftHeader(start string) []string {
	return []string{"run: perft -depths start=5,kiwipete=4", "bitlab revision: " + Revision, "campaign: " + Revision + " " + start, "date: " + start}
}

// Perft writes a perft results file into dir as name and returns its
// path: the header's lines as comments, then ten rounds of each slider's
// perft of two positions at rates (Mnodes/s, within half a percent from
// round to round), the other factors at their defaults.
func Perft(t testing.TB, dir, name string, header []string, rates map[string]float64) string {
	t.Helper()
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	b.WriteString(today)
	b.WriteString("goos: linux\ngoarch: amd64\ngoamd64: v1\ncpu: Test CPU 9000\nbaseline: slider=magic-fancy/serialize=inline/count=mathbits\n\n")
	for round := range 10 {
		for _, slider := range slices.Sorted(maps.Keys(rates)) {
			for _, p := range []struct {
				position string
				depth    int
				scale    float64
			}{{"start", 5, 1}, {"kiwipete", 4, 1.5}} {
				pc := schema.PerftCase{Config: factor.Config{Slider: slider, Serialize: "inline", Count: "mathbits", Repr: "none"}, Position: p.position, Depth: p.depth}
				rate := rates[slider] * p.scale * 1e6 * (1 + float64(round%5)/500)
				fmt.Fprintf(&b, "Benchmark%s 1000 %g ns/node %g nodes/s\n", pc.Name(), 1e9/rate, rate)
			}
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Edit rewrites the file at path with each old string replaced by the new
// one after it (strings.NewReplacer's pairs), such as another header line.
func Edit(t testing.TB, path string, oldnew ...string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.NewReplacer(oldnew...).Replace(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Placements writes a placement run per cost factor into dir/perft, of
// the campaign that started at start (RFC 3339): the default
// configuration at 100 Mnodes/s divided by the factor. It returns their
// paths, placement 1's first.
func Placements(t testing.TB, dir, start string, factors []float64) []string {
	t.Helper()
	var paths []string
	for i, f := range factors {
		header := []string{"run: placement -depths start=5,kiwipete=4", fmt.Sprintf("placement: %d of %d, pad %d bytes", i+1, len(factors), 32*i),
			"bitlab revision: " + Revision, "campaign: " + Revision + " " + start, "date: " + start}
		paths = append(paths, Perft(t, filepath.Join(dir, "perft"), fmt.Sprintf("%s-placement%d.txt", start, i+1), header, map[string]float64{"magic-fancy": 100 / f}))
	}
	return paths
}
