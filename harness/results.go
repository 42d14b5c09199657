package harness

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/perf/benchfmt"

	"bitlab/kernels"
	"bitlab/schema"
)

// ResultsFile writes a results file atomically: lines go to a hidden
// partial file, which Close links to the final name only when complete and
// synced, never replacing an existing file. A run stopped before it ends
// calls Abort, which keeps the rounds completed so far under the final
// name. A write that fails (a full disk) removes the partial file, and
// every method then returns the one [WriteError] that says what was lost;
// only a run killed outright (SIGKILL, a crash) leaves the partial file.
// Its methods may be called from several goroutines.
type ResultsFile struct {
	Path    string // the final name: after Close or Abort, the name the file has
	unique  bool   // a taken Path may be numbered: name-2.txt, name-3.txt ...
	partial string
	f       *os.File
	bw      *bufio.Writer
	w       *benchfmt.Writer
	config  []benchfmt.Config
	caches  Caches
	events  []Event
	lines   int

	mu         sync.Mutex
	written    int64 // bytes handed to f
	saved      int64 // bytes of f at the end of the last Flush: whole rounds
	savedLines int   // result lines in those bytes
	done       bool  // closed, aborted or failed: later writes are dropped
	failed     *WriteError
}

// A WriteError is a results file that could not be written: its partial
// file is removed, and its lines are lost.
type WriteError struct {
	Path  string // the results file's final name, as the user gave it
	Lines int    // the result lines lost
	Err   error  // why, without the partial file's name
}

func (e *WriteError) Error() string {
	lost := "no result line was written yet"
	if e.Lines > 0 {
		lost = fmt.Sprintf("the %d result lines written are lost", e.Lines)
	}
	return fmt.Sprintf("cannot write the results file %s (%v): %s, and its hidden partial file is removed", e.Path, e.Err, lost)
}

func (e *WriteError) Unwrap() error { return e.Err }

// withoutPath returns a file operation's error without the path it names
// (the hidden partial file, which no message should send the user to).
func withoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// fail discards the file after a failed write: it closes and removes the
// partial file and returns the WriteError every later call returns. r.mu
// is held.
func (r *ResultsFile) fail(err error) error {
	if r.failed == nil {
		r.done = true
		r.f.Close()
		os.Remove(r.partial)
		r.failed = &WriteError{Path: r.Path, Lines: r.lines, Err: withoutPath(err)}
	}
	return r.failed
}

// CreateResults starts a results file at path for a run on machine m that
// counts events (none for nil). With unique, a path that is taken, or that
// another run is writing, gets the first free number before its extension
// (runs started in the same second share a default name); without, a taken
// path is an error.
func CreateResults(path string, unique bool, m Machine, events []Event, config []benchfmt.Config) (*ResultsFile, error) {
	return createResults(path, unique, m, events, config, func(w *benchfmt.Writer) error {
		return schema.WriteMetadata(w, eventNames(events)...)
	})
}

// createResults starts a results file whose unit metadata metadata writes.
func createResults(path string, unique bool, m Machine, events []Event, config []benchfmt.Config, metadata func(*benchfmt.Writer) error) (*ResultsFile, error) {
	r := &ResultsFile{Path: path, unique: unique, config: config, caches: m.Caches, events: events}
	if path == Stdout {
		r.bw = bufio.NewWriter(os.Stdout)
		r.w = benchfmt.NewWriter(r.bw)
		return r, metadata(r.w)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	for n := 1; ; n++ {
		name := numbered(path, n)
		if n > 1 && !unique {
			return nil, fmt.Errorf("harness: %s exists; results are never overwritten", path)
		}
		if exists(name) {
			continue
		}
		partial := partialName(name)
		f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			if !unique {
				return nil, fmt.Errorf("harness: %s exists: another run is writing %s, or one was killed (delete it if no runbench is running)", partial, path)
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("harness: cannot create the results file %s (%v)", name, withoutPath(err))
		}
		if exists(name) { // a run that held the partial file linked it meanwhile
			f.Close()
			os.Remove(partial)
			continue
		}
		r.Path, r.partial, r.f = name, partial, f
		break
	}
	r.bw = bufio.NewWriter(countingWriter{r.f, &r.written})
	r.w = benchfmt.NewWriter(r.bw)
	if err := metadata(r.w); err != nil {
		return nil, r.fail(err)
	}
	return r, nil
}

// numbered returns path for n = 1, else path with -n before its extension.
func numbered(path string, n int) string {
	if n == 1 {
		return path
	}
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), n, ext)
}

// partialName returns the hidden partial file of a results file.
func partialName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".partial")
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n *int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

// Stdout is the results path that means standard output: lines go out as
// they complete, with no partial file.
const Stdout = "-"

func eventNames(events []Event) []string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = e.Name
	}
	return names
}

// Comment writes "# " comment lines, which benchmark readers ignore.
func (r *ResultsFile) Comment(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	for _, line := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		fmt.Fprintf(r.bw, "# %s\n", line)
	}
}

// Result writes one result line of a case: the median of one round.
func (r *ResultsFile) Result(c *Case, s Sample) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return r.closedError()
	}
	vals := []benchfmt.Value{{Value: s.NsPerOp, Unit: schema.NsPerOp().Written}}
	if s.CyclesPerOp > 0 {
		vals = append(vals, benchfmt.Value{Value: s.CyclesPerOp, Unit: schema.CyclesPerOp().Written})
	}
	for i, v := range s.Events {
		if i < len(r.events) {
			vals = append(vals, benchfmt.Value{Value: v, Unit: schema.EventUnit(r.events[i].Name)})
		}
	}
	if c.Kernel.FamilyOf().MaxOut() > 1 && c.Mode == schema.Throughput {
		if per := c.OutputsPerOp(); per > 0 {
			vals = append(vals, benchfmt.Value{Value: s.NsPerOp / per, Unit: schema.NsPerBit().Written})
			if s.CyclesPerOp > 0 {
				vals = append(vals, benchfmt.Value{Value: s.CyclesPerOp / per, Unit: schema.CyclesPerBit().Written})
			}
		}
	}
	r.lines++
	// The family is a configuration line as well as a name key: benchstat
	// splits its tables by configuration, so each family gets its own; its
	// baseline goes beside it, so readers need not know the families.
	fam := c.Kernel.FamilyOf()
	cfg := append(r.config[:len(r.config):len(r.config)],
		benchfmt.Config{Key: schema.KeyFamily, Value: []byte(fam.Name()), File: true},
		benchfmt.Config{Key: schema.KeyBaseline, Value: []byte(fam.Baseline()), File: true},
		benchfmt.Config{Key: schema.KeyHeadline, Value: []byte(strconv.Itoa(r.headline(fam))), File: true},
		benchfmt.Config{Key: schema.KeyTables, Value: []byte(tables(fam)), File: true},
		benchfmt.Config{Key: schema.KeyUsage, Value: []byte(usage(fam)), File: true})
	return r.w.Write(&benchfmt.Result{Config: cfg, Name: benchfmt.Name(c.Name()),
		Iters: c.reps * c.batch.Len(), Values: vals})
}

// tables returns a family's tables configuration line: the lookup-table
// bytes of every implementation registered on this architecture.
func tables(fam kernels.AnyFamily) string {
	m := map[string]int{}
	for _, k := range fam.Kernels() {
		m[k.Info().Impl] = k.Info().Tables
	}
	return schema.FormatTables(m)
}

// usage returns a family's usage configuration line: how a move generator
// can use each implementation registered on this architecture.
func usage(fam kernels.AnyFamily) string {
	m := map[string]string{}
	for _, k := range fam.Kernels() {
		m[k.Info().Impl] = k.Info().Usage.Written()
	}
	return schema.FormatUsage(m)
}

// headline returns the batch length of a family's summary figures.
func (r *ResultsFile) headline(fam kernels.AnyFamily) int {
	n, _ := fam.Headline().Elements(r.caches.L2, r.caches.LLC())
	return n
}

// Flush pushes the lines written so far to the partial file; they end a
// round, and Abort keeps everything up to the last Flush.
func (r *ResultsFile) Flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return r.closedError()
	}
	if err := r.bw.Flush(); err != nil {
		if r.f == nil { // standard output
			return err
		}
		return r.fail(err)
	}
	r.saved, r.savedLines = r.written, r.lines
	return nil
}

// closedError is the error of a call after Close, Abort or a failed write.
func (r *ResultsFile) closedError() error {
	if r.failed != nil {
		return r.failed
	}
	return errClosed
}

// Lines returns the result lines written so far.
func (r *ResultsFile) Lines() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lines
}

// Close completes the file: it syncs the partial file and links it to the
// final name (numbered if that name appeared during the run: Path says
// which). A file without result lines is removed instead, and Close
// returns [ErrNoResults].
func (r *ResultsFile) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return r.closedError()
	}
	if r.f == nil { // standard output
		r.done = true
		err := r.bw.Flush()
		if err == nil && r.lines == 0 {
			err = ErrNoResults
		}
		return err
	}
	if err := errors.Join(r.bw.Flush(), r.f.Sync()); err != nil {
		return r.fail(err)
	}
	r.done = true
	err := r.f.Close()
	if err != nil {
		return r.fail(err)
	}
	if r.lines == 0 {
		os.Remove(r.partial)
		return ErrNoResults
	}
	if err := r.link(); err != nil {
		return err
	}
	os.Remove(r.partial)
	return nil
}

// link gives the complete partial file its final name, the first free one
// of Path, Path-2 ... (a run given an explicit name that another process
// created meanwhile gets a number too, rather than losing its results).
func (r *ResultsFile) link() error {
	for n := 1; n < 1000; n++ {
		name := numbered(r.Path, n)
		err := os.Link(r.partial, name)
		if err == nil {
			r.Path = name
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("harness: the results stay in %s: %w", r.partial, err)
		}
	}
	return fmt.Errorf("harness: no free name beside %s; the results stay in %s", r.Path, r.partial)
}

// Abort ends the file at once, from any goroutine: it keeps the lines up
// to the last Flush (the completed rounds), adds the comment note, and
// links the file into place as Close does; it returns [ErrNoResults], and
// leaves no file, when no round was completed. Writes after Abort are
// dropped. On standard output it flushes the completed rounds.
func (r *ResultsFile) Abort(note string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return r.closedError()
	}
	if r.f == nil {
		r.done = true
		if r.savedLines == 0 {
			return ErrNoResults
		}
		return nil
	}
	if r.savedLines == 0 {
		r.done = true
		return errors.Join(r.f.Close(), os.Remove(r.partial), ErrNoResults)
	}
	r.lines = r.savedLines
	err := r.f.Truncate(r.saved)
	if err == nil {
		_, err = r.f.Seek(r.saved, io.SeekStart)
	}
	if err == nil {
		_, err = fmt.Fprintf(r.f, "# warning: %s\n", note)
	}
	if err = errors.Join(err, r.f.Sync()); err != nil {
		return r.fail(err)
	}
	r.done = true
	if err := r.f.Close(); err != nil {
		return r.fail(err)
	}
	if err := r.link(); err != nil {
		return err
	}
	os.Remove(r.partial)
	return nil
}

// errClosed reports a write after Close or Abort (closedError).
var errClosed = errors.New("harness: the results file is closed")

// ErrNoResults reports a run that finished no result line.
var ErrNoResults = errors.New("harness: no results to write")

// FileConfig returns the configuration lines of a results file: facts that
// stay the same between runs on one machine and build, so that they do not
// split benchstat's tables. Facts that change per run go in comments.
func FileConfig(m Machine, cyc *Cycles, seed uint64) []benchfmt.Config {
	kv := [][2]string{
		{schema.KeyGOOS, runtime.GOOS}, {schema.KeyGOARCH, runtime.GOARCH}, {schema.KeyGOAMD64, m.GOAMD64}, {schema.KeyGOEXPERIMENT, m.GOEXPERIMENT},
		{schema.KeyGo, runtime.Version()}, {schema.KeyCPU, m.CPU}, {schema.KeyUarch, m.Core.String()}, {schema.KeyCPUFeatures, schema.FeatureList(m.Features)},
		{schema.KeyCycles, cyc.Source}, {schema.KeySeed, fmt.Sprint(seed)},
	}
	var cfg []benchfmt.Config
	for _, p := range kv {
		if p[1] != "" {
			cfg = append(cfg, benchfmt.Config{Key: p[0], Value: []byte(p[1]), File: true})
		}
	}
	return cfg
}

// DefaultPath returns results/<cpu-slug>/<UTC time>-<goamd64>.txt below dir.
func DefaultPath(dir string, m Machine, t time.Time) string {
	level := m.GOAMD64
	if level == "" {
		level = runtime.GOARCH
	}
	return filepath.Join(dir, m.Slug, t.UTC().Format("20060102-150405")+"-"+level+".txt")
}

// Run returns what the suite selects, for the results header's run line
// ([schema.RunComment]): full, quick, a selection with its flags, or a
// cache-pressure run.
func (s Suite) Run() schema.Run {
	re := func(r Selector) string {
		if r == nil {
			return ""
		}
		return r.String()
	}
	return schema.KernelSelection{Quick: s.Quick, Family: re(s.Family), Impl: re(s.Impl), Dist: re(s.Dist),
		Modes: s.Modes, Sizes: s.Sizes, Pressures: s.Pressures}.Run()
}
