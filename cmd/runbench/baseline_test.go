package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"bitlab/harness"
)

// TestBaselineCheckedFirst: -baseline's file is read and checked (it
// exists, parses, and is a run of this CPU and level, unless -across)
// before anything is timed: each bad baseline stops runbench before it
// checks a kernel, with a message that says what is wrong.
func TestBaselineCheckedFirst(t *testing.T) {
	bin := buildRunbench(t)
	dir := t.TempDir()
	m := harness.ThisMachine()
	write := func(name, cpu, level string) string {
		p := filepath.Join(dir, name)
		body := "goos: " + runtime.GOOS + "\ngoarch: " + runtime.GOARCH + "\ngoamd64: " + level + "\ncpu: " + cpu + "\n" +
			"BenchmarkKernel/family=popcount/impl=swar/dist=random/size=4096/mode=throughput 1000 2 ns/op\n"
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	for _, c := range []struct {
		baseline string
		extra    []string
		want     string
	}{
		{"/nonexistent/old.txt", nil, "/nonexistent/old.txt"},
		{empty, nil, "empty.txt: no results"},
		{write("other-cpu.txt", "Another CPU 1", m.GOAMD64), nil, `differ in CPU "Another CPU 1"`},
		{write("other-level.txt", m.CPU, "v9"), nil, "GOAMD64 v9 against"},
		{write("other-cpu.txt", "Another CPU 1", m.GOAMD64), []string{"-levels", "v1"}, `differ in CPU "Another CPU 1"`},
	} {
		if runtime.GOARCH != "amd64" && strings.Contains(c.want, "GOAMD64") {
			continue
		}
		args := append([]string{"-quick", "-family", "^popcount$", "-impl", "^swar$", "-count", "1", "-sample", "10us", "-noprogress", "-out", dir + "/",
			"-baseline", c.baseline}, c.extra...)
		cmd := exec.Command(bin, args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if err == nil || !strings.Contains(out.String(), c.want) || strings.Contains(out.String(), "checking") || strings.Contains(out.String(), "building") {
			t.Errorf("runbench -baseline %s %v: %v, want an error naming %q before any check or build:\n%s", c.baseline, c.extra, err, c.want, out.String())
		}
	}
	for _, args := range [][]string{{"-threshold", "3"}, {"-gate", "case"}, {"-baseline", "x.txt", "-perft"}, {"-baseline", "x.txt", "-out", "-"}, {"-baseline", "x.txt", "-gate", "pair"}} {
		if out, err := exec.Command(bin, args...).CombinedOutput(); err == nil || !strings.Contains(string(out), " -h for usage") {
			t.Errorf("runbench %v: %v\n%s", args, err, out)
		}
	}
}

// TestBaselineFolder: a folder given to -baseline stands for the runs its
// page reads: a complete run before a newer interrupted or cut-short one
// of its kind, an incomplete one only where no complete one is, and then
// with a warning; a folder without such a run is an error.
func TestBaselineFolder(t *testing.T) {
	m := harness.ThisMachine()
	dir := t.TempDir()
	write := func(name, date, tail string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "# run: full\n# date: %s\n# suite: sizes=l1 rounds=2\ngoos: %s\ngoarch: %s\ngoamd64: %s\ncpu: %s\n", date, runtime.GOOS, runtime.GOARCH, m.GOAMD64, m.CPU)
		if m.GOEXPERIMENT != "" { // the build's experiment, as runbench writes it (a build without one writes no line)
			fmt.Fprintf(&b, "goexperiment: %s\n", m.GOEXPERIMENT)
		}
		for r := range 2 {
			fmt.Fprintf(&b, "# round %d: core clock 3 GHz at its end\nBenchmarkKernel/family=popcount/impl=swar/dist=random/size=4096/mode=throughput 1000 2 ns/op\n", r+1)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	complete := write("20261126-055757.txt", "2026-11-26T05:57:57Z", "")
	write("20261126-063829.txt", "2026-11-26T06:38:29Z", "# warning: interrupted: 1 of 2 rounds completed\n")
	write("20261126-070000.txt", "2026-11-26T07:00:00Z", "BenchmarkKernel/family=popcount/impl=sw")
	var stderr bytes.Buffer
	b := &baseline{path: dir}
	if err := b.load(m, true, &stderr); err != nil {
		t.Fatal(err)
	}
	if got := b.old.Configs[0].Files; len(b.old.Configs) != 1 || !slices.Equal(got, []string{complete}) {
		t.Errorf("-baseline %s read %v, want only %s\n%s", dir, got, complete, stderr.String())
	}
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("warnings with a complete run:\n%s", stderr.String())
	}
	os.Remove(complete)
	stderr.Reset()
	b = &baseline{path: dir}
	if err := b.load(m, true, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "is incomplete (") {
		t.Errorf("no warning for the incomplete baseline:\n%s", stderr.String())
	}
	empty := t.TempDir()
	write2 := filepath.Join(empty, "quick.txt")
	os.WriteFile(write2, []byte("# run: quick\ngoarch: "+runtime.GOARCH+"\ncpu: "+m.CPU+"\nBenchmarkKernel/family=popcount/impl=swar/dist=random/size=4096/mode=throughput 1000 2 ns/op\n"), 0o644)
	if err := (&baseline{path: empty}).load(m, true, &stderr); err == nil || !strings.Contains(err.Error(), "no full, pressure or perft run below it") {
		t.Errorf("a folder of a quick run: %v", err)
	}
}

// TestBaselineMissing: runbench compare exits 5, naming the kernel, when
// the saved run measured a kernel this run (of its whole family) did not,
// and 0 when this run's -impl leaves the kernel out.
func TestBaselineMissing(t *testing.T) {
	bin := buildRunbench(t)
	m := harness.ThisMachine()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.txt")
	var b strings.Builder
	fmt.Fprintf(&b, "goos: %s\ngoarch: %s\ngoamd64: %s\ncpu: %s\n", runtime.GOOS, runtime.GOARCH, m.GOAMD64, m.CPU)
	if m.GOEXPERIMENT != "" {
		fmt.Fprintf(&b, "goexperiment: %s\n", m.GOEXPERIMENT)
	}
	for range 2 {
		for _, im := range []string{"swar", "retired"} {
			fmt.Fprintf(&b, "BenchmarkKernel/family=popcount/impl=%s/dist=random/size=4096/mode=throughput 1000 2 ns/op\n", im)
		}
	}
	if err := os.WriteFile(old, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		impl string
		code int
		want string
	}{
		{"", 5, "kernels or families of OLD are missing in NEW: popcount/retired"},
		{"swar", 0, "not in NEW: 1 kernel of OLD, outside NEW's selection"},
	} {
		args := []string{"compare", "-quick", "-family", "popcount", "-dist", "random", "-mode", "throughput", "-sizes", "l1", "-count", "2", "-sample", "10us", "-noprogress", "-out", dir + "/",
			"-threshold", "10000"} // no timing of a loaded machine can count as slower: the test is of what is missing
		if c.impl != "" {
			args = append(args, "-impl", c.impl)
		}
		cmd := exec.Command(bin, append(args, old)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("runbench %v: exit %d, want %d with %q:\n%s", args, code, c.code, c.want, out.String())
		}
	}
}
