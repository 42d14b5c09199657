// Package reporttest writes the small results files the tests of package
// report and package render read.
package reporttest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Results writes a small results file of two implementations, six
// distributions and both modes into dir as name, with cost scaled by
// factor, and returns its path.
func Results(t testing.TB, dir, name, level string, factor float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# clock: add-chain, 3.9 GHz\ngoos: linux\ngoarch: amd64\ngoamd64: " + level + "\ncpu: Test CPU 9000\ngo: go1.26.8\ncycles: add-chain\nfamily: popcount\nbaseline: kernighan\nusage: kernighan=query popcnt=loop\n\n")
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
