package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
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

// waitFor polls until cond holds or waitDeadline passes: a round starts
// after the clock's self-check and the kernels' proofs (a campaign's step
// after a build), which a machine running other tests (make test runs
// packages in parallel) can stretch without bound.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := waitDeadline(t); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// waitDeadline is how long waitFor waits: until shortly before the test
// binary's own deadline (go test -timeout), so that a slow or loaded
// machine only makes the test slower, never fails it; an hour without one.
func waitDeadline(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-30 * time.Second)
	}
	return time.Now().Add(time.Hour)
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

// started runs runbench with args, its stdout and stderr collected.
func started(t *testing.T, bin string, args ...string) (*exec.Cmd, *syncBuffer, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdout, stderr
}

// syncBuffer is a bytes.Buffer a test may read while a command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// wantExit130 waits for the command and requires exit status 130.
func wantExit130(t *testing.T, cmd *exec.Cmd, stderr *syncBuffer) {
	t.Helper()
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("exit: %v, want status 130\n%s", err, stderr)
	}
}

// noneHidden fails if a folder holds a hidden (partial) file.
func noneHidden(t *testing.T, dir string) {
	t.Helper()
	if h, _ := filepath.Glob(filepath.Join(dir, ".*")); len(h) != 0 {
		t.Errorf("left behind: %v", h)
	}
}

// TestInterruptKeepsCompletedRounds interrupts runs at every stage: each
// leaves a named, readable file of its completed rounds or none, no
// hidden partial file, and says which on stderr.
func TestInterruptKeepsCompletedRounds(t *testing.T) {
	bin := buildRunbench(t)
	base := []string{"-family", "ls1b-reset", "-dist", "random", "-mode", "throughput", "-sizes", "l1", "-noprogress"}
	hasRound := func(partial string) func() bool {
		return func() bool {
			data, err := os.ReadFile(partial)
			return err == nil && bytes.Contains(data, []byte("\nBenchmarkKernel"))
		}
	}
	t.Run("mid-run", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "r.txt")
		cmd, stdout, stderr := started(t, bin, append(base, "-count", "100000", "-sample", "1ms", "-out", out)...)
		waitFor(t, "a completed round", hasRound(filepath.Join(dir, ".r.txt.partial")))
		cmd.Process.Signal(syscall.SIGINT)
		wantExit130(t, cmd, stderr)
		noneHidden(t, dir)
		rs := readResults(t, out)
		if len(rs) == 0 || len(rs)%4 != 0 { // four kernels, one line each per round
			t.Errorf("%d result lines: not whole rounds of the four kernels", len(rs))
		}
		data, _ := os.ReadFile(out)
		if !strings.Contains(string(data), "warning: interrupted:") || !strings.Contains(string(data), "# summary:") {
			t.Error("the file does not say it was interrupted, or has no summary")
		}
		if !strings.Contains(stdout.String(), "Summary") || !strings.Contains(stderr.String(), "their results and summary are in "+out) {
			t.Errorf("no summary, or stderr does not name the file:\n%s", stderr)
		}
	})
	t.Run("before-any-round", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "r.txt")
		cmd, _, stderr := started(t, bin, append(base, "-count", "5", "-sample", "300ms", "-out", out)...)
		waitFor(t, "the partial results file", func() bool { _, err := os.Stat(filepath.Join(dir, ".r.txt.partial")); return err == nil })
		time.Sleep(200 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGINT)
		wantExit130(t, cmd, stderr)
		noneHidden(t, dir)
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("a results file was written although no round completed")
		}
		if !strings.Contains(stderr.String(), "before any round completed: no results file written") {
			t.Errorf("stderr does not say no file was written:\n%s", stderr)
		}
	})
	t.Run("twice", func(t *testing.T) {
		// One kernel, one long sample per round: the second interrupt
		// comes while the first waits for the sample to end. The second
		// is sent once the run has said it took the first (a loaded
		// machine may be slow to), and the file must hold exactly the
		// rounds the run says it kept: one, or two where the sample under
		// way when the first came ended before the second did (a loaded
		// machine may delay the test that long).
		dir := t.TempDir()
		out := filepath.Join(dir, "r.txt")
		cmd, stdout, stderr := started(t, bin, append(base, "-impl", "and", "-count", "100", "-samples", "1", "-sample", "3s", "-out", out)...)
		waitFor(t, "a completed round", hasRound(filepath.Join(dir, ".r.txt.partial")))
		cmd.Process.Signal(syscall.SIGINT)
		waitFor(t, "the first interrupt taken", func() bool { return strings.Contains(stderr.String(), "interrupted while timing") })
		time.Sleep(2 * sameInterrupt)
		cmd.Process.Signal(syscall.SIGINT)
		wantExit130(t, cmd, stderr)
		noneHidden(t, dir)
		rs := readResults(t, out)
		kept := regexp.MustCompile(`interrupted again: stopped at once; (\d+) result lines of completed rounds are in (\S+) \(no summary\)\n`).FindStringSubmatch(stderr.String())
		if kept == nil && strings.Contains(stderr.String(), "interrupted after ") && strings.Contains(stderr.String(), "their results and summary are in "+out) {
			return // the sample under way ended, and the run finished, before the second interrupt came (a loaded machine delays the test)
		}
		switch {
		case kept == nil || kept[2] != out:
			t.Errorf("stderr does not name the file kept:\n%s", stderr)
		case kept[1] != strconv.Itoa(len(rs)) || len(rs) < 1 || len(rs) > 2:
			t.Errorf("%d result lines; the run says it kept %s, want the one or two rounds completed before the second interrupt", len(rs), kept[1])
		}
		data, _ := os.ReadFile(out)
		if !strings.HasSuffix(string(data), "# warning: interrupted twice: the rounds completed before the second interrupt, without the summary\n") {
			t.Errorf("the file does not end by saying it was interrupted twice:\n%s", data)
		}
		if strings.Contains(stdout.String(), "Summary") {
			t.Errorf("a summary after the second interrupt:\n%s", stdout)
		}
	})
	t.Run("twice-at-once", func(t *testing.T) {
		// timeout -s INT signals the command, then its whole process
		// group: two signals at once are one interrupt, which writes the
		// summary.
		dir := t.TempDir()
		out := filepath.Join(dir, "r.txt")
		cmd := exec.Command(bin, append(base, "-count", "100000", "-sample", "1ms", "-out", out)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		stdout, stderr := &syncBuffer{}, &syncBuffer{}
		cmd.Stdout, cmd.Stderr = stdout, stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "a completed round", hasRound(filepath.Join(dir, ".r.txt.partial")))
		syscall.Kill(cmd.Process.Pid, syscall.SIGINT)
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		wantExit130(t, cmd, stderr)
		noneHidden(t, dir)
		data, _ := os.ReadFile(out)
		if strings.Contains(string(data), "interrupted twice") || !strings.Contains(stdout.String(), "Summary") {
			t.Errorf("two signals at once ended the run as two interrupts:\n%s", stderr)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		// The real timeout -s INT, whenever it fires: a file with the
		// summary, or (before a round completed) none, and says which.
		if _, err := exec.LookPath("timeout"); err != nil {
			t.Skip("no timeout command")
		}
		dir := t.TempDir()
		out := filepath.Join(dir, "r.txt")
		cmd := exec.Command("timeout", append([]string{"-s", "INT", "3", bin}, append(base, "-count", "100000", "-sample", "1ms", "-out", out)...)...)
		msg, _ := cmd.CombinedOutput() // timeout's own status: 124
		noneHidden(t, dir)
		data, err := os.ReadFile(out)
		switch {
		case err != nil && !strings.Contains(string(msg), "no results file written"):
			t.Errorf("timeout -s INT left no file and does not say so: %v\n%s", err, msg)
		case err == nil && (strings.Contains(string(data), "interrupted twice") || !strings.Contains(string(data), "# summary:") ||
			!strings.Contains(string(msg), "their results and summary are in "+out)):
			t.Errorf("timeout -s INT:\n%s", msg)
		}
	})
	t.Run("while-checking", func(t *testing.T) {
		dir := t.TempDir()
		// Stream and mem batches of every popcount: seconds of checking.
		cmd, _, stderr := started(t, bin, "-family", "popcount", "-sizes", "stream,mem", "-mode", "throughput", "-noprogress", "-out", dir+"/")
		waitFor(t, "the check", func() bool { return strings.Contains(stderr.String(), "checking ") })
		cmd.Process.Signal(syscall.SIGINT)
		wantExit130(t, cmd, stderr)
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("files written: %v", files)
		}
		if !strings.Contains(stderr.String(), "runbench: interrupted while checking ") || !strings.Contains(stderr.String(), "nothing was timed, no results file written") {
			t.Errorf("stderr does not say what happened:\n%s", stderr)
		}
	})
}

// TestSameSecond starts two runs into one -out folder at once: both keep
// their results, in two files (numbered when they start in the same
// second), and leave nothing hidden.
func TestSameSecond(t *testing.T) {
	bin := buildRunbench(t)
	dir := t.TempDir() + "/"
	args := []string{"-family", "ls1b-reset", "-impl", "and", "-dist", "random", "-sizes", "l1", "-mode", "throughput",
		"-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", dir}
	var cmds []*exec.Cmd
	var errs []*syncBuffer
	for range 2 {
		cmd, _, stderr := started(t, bin, args...)
		cmds, errs = append(cmds, cmd), append(errs, stderr)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("run %d: %v\n%s", i, err, errs[i])
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 2 {
		t.Errorf("two runs wrote %v", files)
	}
	for _, f := range files {
		if rs := readResults(t, f); len(rs) != 1 {
			t.Errorf("%s: %d result lines", f, len(rs))
		}
	}
	noneHidden(t, dir)
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
		for _, key := range []string{"goos", "goarch", "cpu", "cpufeatures", "cycles", "go", "seed", "family", "usage"} {
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

// TestLevelsBuildFirst checks that levels builds every level before it
// runs any, so the results file the first level writes cannot mark the
// revision stamped in the next level's binary as modified, and that each
// level writes its own file.
func TestLevelsBuildFirst(t *testing.T) {
	if runtime.GOARCH != "amd64" || !kernels.POPCNT.Available() {
		t.Skip("needs amd64 with POPCNT for GOAMD64=v2")
	}
	bin := buildRunbench(t)
	dir := t.TempDir() + "/"
	cmd := exec.Command(bin, "levels", "v1,v2", "-family", "^ls1b-reset$", "-impl", "^and$", "-dist", "^random$", "-sizes", "l1",
		"-mode", "throughput", "-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("levels v1,v2: %v\n%s", err, stderr.String())
	}
	log := stderr.String()
	lastBuild, firstRun := strings.LastIndex(log, ": building..."), strings.Index(log, ": running...")
	if lastBuild < 0 || firstRun < 0 || lastBuild > firstRun {
		t.Errorf("levels ran a level before building the last (building at %d, running at %d):\n%s", lastBuild, firstRun, log)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.txt")); len(files) != 2 {
		t.Errorf("levels v1,v2 wrote %v, want one file per level", files)
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
