package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
