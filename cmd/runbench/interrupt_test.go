package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"bitlab/kernels"
)

// buildRunbench builds the command into a temporary folder.
func buildRunbench(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "runbench")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// waitFor polls until cond holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// readResults parses a results file with benchfmt and fails on any syntax
// error or unterminated line; it returns the result lines.
func readResults(t *testing.T, path string) []*benchfmt.Result {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("%s does not end in a complete line", path)
	}
	var rs []*benchfmt.Result
	r := benchfmt.NewReader(bytes.NewReader(data), path)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("%s: %v", path, rec)
		case *benchfmt.Result:
			rs = append(rs, rec.Clone())
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestInterruptKeepsCompletedRounds(t *testing.T) {
	bin := buildRunbench(t)
	for _, tc := range []struct {
		name       string
		args       []string
		afterLines bool // interrupt once the partial file has result lines
	}{
		{"mid-run", []string{"-count", "100000", "-sample", "1ms"}, true},
		{"before-any-round", []string{"-count", "5", "-sample", "300ms"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "r.txt")
			partial := filepath.Join(dir, ".r.txt.partial")
			args := append([]string{"-family", "^ls1b-reset$", "-dist", "^random$", "-mode", "throughput",
				"-sizes", "l1", "-noprogress", "-out", out}, tc.args...)
			cmd := exec.Command(bin, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the partial results file", func() bool {
				data, err := os.ReadFile(partial)
				return err == nil && (!tc.afterLines || bytes.Contains(data, []byte("\nBenchmarkKernel")))
			})
			if !tc.afterLines {
				time.Sleep(200 * time.Millisecond)
			}
			cmd.Process.Signal(syscall.SIGINT)
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 130 {
				t.Errorf("exit: %v, want status 130\n%s", err, stderr.String())
			}
			if _, err := os.Stat(partial); !os.IsNotExist(err) {
				t.Errorf("the partial file is left behind (%v)", err)
			}
			if !tc.afterLines {
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("a results file was written although no round completed")
				}
				return
			}
			rs := readResults(t, out)
			if len(rs) == 0 || len(rs)%2 != 0 { // two kernels, one line each per round
				t.Errorf("%d result lines: not whole rounds of both kernels", len(rs))
			}
			data, _ := os.ReadFile(out)
			if !strings.Contains(string(data), "warning: interrupted") {
				t.Error("the file does not say it was interrupted")
			}
		})
	}
}

func TestResultsFormat(t *testing.T) {
	bin := buildRunbench(t)
	out := filepath.Join(t.TempDir(), "r.txt")
	cmd := exec.Command(bin, "-family", "^serialize$", "-impl", "^forward$", "-dist", "^k(0|8)$", "-sizes", "l1",
		"-count", "2", "-samples", "1", "-sample", "200us", "-noprogress", "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("runbench: %v\n%s", err, msg)
	}
	rs := readResults(t, out)
	if len(rs) != 4 { // k0 and k8, throughput only (serialize has no latency form), two rounds
		t.Fatalf("%d result lines, want 4", len(rs))
	}
	for _, r := range rs {
		name := string(r.Name.Full())
		if !strings.HasPrefix(name, "Kernel/family=serialize/impl=forward/dist=k") || !strings.HasSuffix(name, "/size=4096/mode=throughput") {
			t.Errorf("bad name %q", name)
		}
		for _, key := range []string{"goos", "goarch", "cpu", "cpufeatures", "cycles", "go", "seed", "family"} {
			if r.GetConfig(key) == "" {
				t.Errorf("missing config %q", key)
			}
		}
		// The reader tidies ns/op to sec/op and ns/bit to sec/bit.
		for _, unit := range []string{"sec/op", "cycles/op"} {
			if _, ok := r.Value(unit); !ok {
				t.Errorf("%s: no %s", name, unit)
			}
		}
		_, perBit := r.Value("sec/bit")
		if perBit != strings.Contains(name, "dist=k8") { // k0 writes no bits
			t.Errorf("%s: ns/bit present = %v", name, perBit)
		}
	}
	// Never overwrite.
	again := exec.Command(bin, "-family", "^serialize$", "-impl", "^forward$", "-dist", "^k8$", "-sizes", "l1",
		"-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", out)
	if msg, err := again.CombinedOutput(); err == nil || !strings.Contains(string(msg), "never overwritten") {
		t.Errorf("a second run over the same file: %v\n%s", err, msg)
	}
}

// TestOutputPaths checks that -out does what it says: "-" is standard
// output, a missing directory ending in a slash is created before the run,
// and -levels gives every level its own file.
func TestOutputPaths(t *testing.T) {
	bin := buildRunbench(t)
	quick := []string{"-family", "^ls1b-reset$", "-impl", "^and$", "-dist", "^random$", "-sizes", "l1", "-mode", "throughput",
		"-count", "1", "-samples", "1", "-sample", "100us", "-noprogress"}

	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, append(quick, "-out", "-")...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("-out -: %v\n%s", err, stderr.String())
	}
	r := benchfmt.NewReader(&stdout, "stdout")
	n := 0
	for r.Scan() {
		if _, ok := r.Result().(*benchfmt.Result); ok {
			n++
		}
	}
	if n != 1 || !strings.Contains(stderr.String(), "Summary") {
		t.Errorf("-out -: %d result lines on stdout (want 1), summary on stderr: %v", n, strings.Contains(stderr.String(), "Summary"))
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`-out - wrote a file named "-"`)
	}

	dir := filepath.Join(t.TempDir(), "new", "folder") + "/"
	if msg, err := exec.Command(bin, append(quick, "-out", dir)...).CombinedOutput(); err != nil {
		t.Fatalf("-out %s: %v\n%s", dir, err, msg)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.txt")); len(files) != 1 {
		t.Errorf("-out %s: %v", dir, files)
	}
	if hidden, _ := filepath.Glob(filepath.Join(dir, ".*")); len(hidden) != 0 {
		t.Errorf("-out %s left %v", dir, hidden)
	}
}

// TestLevelsBuildFirst checks that -levels builds every level before it
// runs any, so the results file the first level writes cannot mark the
// revision stamped in the next level's binary as modified, and that each
// level writes its own file.
func TestLevelsBuildFirst(t *testing.T) {
	if runtime.GOARCH != "amd64" || !kernels.POPCNT.Available() {
		t.Skip("needs amd64 with POPCNT for GOAMD64=v2")
	}
	bin := buildRunbench(t)
	dir := t.TempDir() + "/"
	cmd := exec.Command(bin, "-levels", "v1,v2", "-family", "^ls1b-reset$", "-impl", "^and$", "-dist", "^random$", "-sizes", "l1",
		"-mode", "throughput", "-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("-levels v1,v2: %v\n%s", err, stderr.String())
	}
	log := stderr.String()
	lastBuild, firstRun := strings.LastIndex(log, ": building..."), strings.Index(log, ": running...")
	if lastBuild < 0 || firstRun < 0 || lastBuild > firstRun {
		t.Errorf("-levels ran a level before building the last (building at %d, running at %d):\n%s", lastBuild, firstRun, log)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.txt")); len(files) != 2 {
		t.Errorf("-levels v1,v2 wrote %v, want one file per level", files)
	}
}

func TestPerLevelNames(t *testing.T) {
	for in, want := range map[string]string{"pop.txt": "pop-v3.txt", "a/b": "a/b-v3", "-": "-", "dir/": "dir/"} {
		if got := perLevel(in, "v3"); got != want {
			t.Errorf("perLevel(%q) = %q, want %q", in, got, want)
		}
	}
	got := dropFlags([]string{"-levels", "v1,v3", "-out=x", "-quick", "--cpuprofile", "p", "-family", "pop"}, "levels", "out", "cpuprofile")
	if strings.Join(got, " ") != "-quick -family pop" {
		t.Errorf("dropFlags: %v", got)
	}
}
