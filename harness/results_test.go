package harness

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"bitlab/factor"
	"bitlab/schema"
)

// perftLine writes one result line of a made-up perft case.
func perftLine(t *testing.T, r *ResultsFile, position string) {
	t.Helper()
	c := &PerftCase{Key: schema.PerftCase{Config: factor.Config{Slider: "s", Serialize: "s", Count: "c", Moves: "m", Order: "o", Repr: "r"}, Position: position, Depth: 1}, nodes: 20, reps: 1}
	if err := r.PerftResult(c, Sample{NsPerOp: 2}); err != nil {
		t.Fatal(err)
	}
}

// hidden lists the hidden files of a folder: partial files left behind.
func hidden(t *testing.T, dir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, ".*"))
	return m
}

// TestResultsNamesUnique: two runs given the same default name (started
// in the same second) get two files, the second numbered; an explicit name
// that is taken or being written is an error; a name that appears during a
// run numbers the file at Close instead of losing it.
func TestResultsNamesUnique(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "20261124-162248-v1.txt")
	m := ThisMachine()
	a, err := CreatePerftResults(path, true, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := CreatePerftResults(path, true, m, nil)
	if err != nil {
		t.Fatalf("the second run of the same second: %v", err)
	}
	if _, err := CreatePerftResults(path, false, m, nil); err == nil || !strings.Contains(err.Error(), "another run is writing") {
		t.Errorf("an explicit name being written: %v", err)
	}
	for _, r := range []*ResultsFile{b, a} {
		perftLine(t, r, "start")
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if a.Path != path || b.Path != filepath.Join(dir, "20261124-162248-v1-2.txt") {
		t.Errorf("names %s and %s", a.Path, b.Path)
	}
	if _, err := CreatePerftResults(path, false, m, nil); err == nil || !strings.Contains(err.Error(), "never overwritten") {
		t.Errorf("an explicit name that exists: %v", err)
	}
	c, err := CreatePerftResults(filepath.Join(dir, "x.txt"), false, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	perftLine(t, c, "start")
	if err := os.WriteFile(filepath.Join(dir, "x.txt"), []byte("another's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil || c.Path != filepath.Join(dir, "x-2.txt") {
		t.Errorf("a name taken during the run: %v, path %s", err, c.Path)
	}
	if h := hidden(t, dir); len(h) != 0 {
		t.Errorf("left behind: %v", h)
	}
}

// TestResultsAbort: Abort keeps the lines up to the last Flush (whole
// rounds) and says so in the file, which stays readable; without a
// flushed round it leaves no file.
func TestResultsAbort(t *testing.T) {
	dir := t.TempDir()
	m := ThisMachine()
	r, err := CreatePerftResults(filepath.Join(dir, "r.txt"), false, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	perftLine(t, r, "round1")
	if err := r.Flush(); err != nil {
		t.Fatal(err)
	}
	perftLine(t, r, "round2")
	r.Comment("%s", strings.Repeat("x", 8192)) // past bufio's buffer: reaches the file
	if err := r.Abort("interrupted twice"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.Contains(s, "position=round1") || strings.Contains(s, "position=round2") || strings.Contains(s, "xxxx") ||
		!strings.HasSuffix(s, "# warning: interrupted twice\n") || r.Lines() != 1 {
		t.Errorf("aborted file (%d lines):\n%s", r.Lines(), s)
	}
	if err := r.PerftResult(&PerftCase{nodes: 1, reps: 1}, Sample{NsPerOp: 1}); err == nil {
		t.Error("a line after Abort was accepted")
	}
	if err := r.Close(); err == nil {
		t.Error("Close after Abort succeeded")
	}

	empty, err := CreatePerftResults(filepath.Join(dir, "e.txt"), false, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	perftLine(t, empty, "unfinished")
	if err := empty.Abort("x"); !errors.Is(err, ErrNoResults) {
		t.Errorf("Abort before a round: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "e.txt")); !os.IsNotExist(err) {
		t.Error("Abort before a round wrote a file")
	}
	if h := hidden(t, dir); len(h) != 0 {
		t.Errorf("left behind: %v", h)
	}
}

// failingWriter fails every write as a full disk does.
type failingWriter struct{ path string }

func (w failingWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: w.path, Err: syscall.ENOSPC}
}

// TestResultsWriteFails: a write that fails removes the partial file,
// names the results file as given (never the hidden partial file) and
// says what was lost, and every later call returns that one error, so a
// run reports it once; the name is free for the next run.
func TestResultsWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.txt")
	r, err := CreatePerftResults(path, false, ThisMachine(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r.bw.Reset(countingWriter{failingWriter{r.partial}, &r.written}) // the disk is full
	perftLine(t, r, "round1")
	err = r.Flush()
	var we *WriteError
	if !errors.As(err, &we) || !errors.Is(err, syscall.ENOSPC) || we.Path != path || we.Lines != 1 ||
		strings.Contains(err.Error(), ".partial") || !strings.Contains(err.Error(), "the 1 result lines written are lost") {
		t.Errorf("the failed write: %v", err)
	}
	if h := hidden(t, dir); len(h) != 0 {
		t.Errorf("left behind: %v", h)
	}
	if errs := []error{r.Close(), r.Abort("x"), r.Flush()}; errs[0] != err || errs[1] != err || errs[2] != err {
		t.Errorf("after the failed write: %v, want the same error every time", errs)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("a results file was written")
	}
	next, err := CreatePerftResults(path, false, ThisMachine(), nil)
	if err != nil {
		t.Fatalf("the next run with that name: %v", err)
	}
	next.Abort("x")
}
