package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/kernels"
)

// brokenKernelEnv makes the test binary run as runbench with one more
// popcount kernel, popcount/broken, which disagrees with the reference
// (TestFailedCheckExitStatus): the registry takes no kernel back, so only
// a process of its own may hold it.
const brokenKernelEnv = "BITLAB_RUNBENCH_BROKEN_KERNEL"

func TestMain(m *testing.M) {
	if os.Getenv(brokenKernelEnv) != "" {
		kernels.Popcount().Register(kernels.Info{Impl: "broken", Arch: kernels.Generic, Usage: kernels.PerQuery,
			Source: "a test's", Doc: "Counts one bit too many"}, func(dst []uint8, src []uint64) int {
			dst = dst[:len(src)]
			for i := range src {
				dst[i] = 65
			}
			return len(src)
		}, nil)
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestFailedCheckExitStatus: a kernel that disagrees with its family's
// reference is not timed, the others' results are written, and runbench
// names it and exits with status 4, also when it was the only one.
func TestFailedCheckExitStatus(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		impl  string
		lines int // result lines written
	}{{"broken,swar", 1}, {"broken", 0}} {
		out := filepath.Join(dir, strings.ReplaceAll(c.impl, ",", "-")+".txt")
		cmd := exec.Command(os.Args[0], "bench", "-family", "popcount", "-impl", c.impl, "-dist", "random", "-sizes", "l1",
			"-mode", "throughput", "-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", out)
		cmd.Env = append(os.Environ(), brokenKernelEnv+"=1")
		msg, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 4 || !strings.Contains(string(msg), "runbench: kernels that disagree with their family's reference were not timed: popcount/broken (") {
			t.Errorf("-impl %s: %v, want exit status 4 naming popcount/broken:\n%s", c.impl, err, msg)
		}
		if c.lines == 0 {
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("-impl %s: a results file with nothing timed", c.impl)
			}
			continue
		}
		if rs := readResults(t, out); len(rs) != c.lines {
			t.Errorf("-impl %s: %d result lines, want %d", c.impl, len(rs), c.lines)
		}
	}
}

// TestLevelErrorKeepsStatus: a level's run that exits 4 or 3 makes levels
// exit so too; any other failure is an error (1).
func TestLevelErrorKeepsStatus(t *testing.T) {
	for code, want := range map[int]int{4: 4, 3: 3, 2: 1} {
		err := exec.Command("sh", "-c", fmt.Sprintf("exit %d", code)).Run()
		if got := exitStatus(levelError("v3", err), io.Discard); got != want {
			t.Errorf("a level exiting %d: levels exits %d, want %d", code, got, want)
		}
	}
}
