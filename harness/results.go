package harness

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"bitlab/kernels"
	"bitlab/schema"
)

// ResultsFile writes a results file atomically: lines go to a hidden
// partial file, which Close links to the final name only when complete and
// synced, never replacing an existing file. A run that dies leaves the
// partial file and no torn results file.
type ResultsFile struct {
	Path    string // final name
	partial string
	f       *os.File
	bw      *bufio.Writer
	w       *benchfmt.Writer
	config  []benchfmt.Config
	caches  Caches
	events  []Event
	lines   int
}

// CreateResults starts a results file at path for a run on machine m that
// counts events (none for nil).
func CreateResults(path string, m Machine, events []Event, config []benchfmt.Config) (*ResultsFile, error) {
	return createResults(path, m, events, config, func(w *benchfmt.Writer) error {
		return schema.WriteMetadata(w, eventNames(events)...)
	})
}

// createResults starts a results file whose unit metadata metadata writes.
func createResults(path string, m Machine, events []Event, config []benchfmt.Config, metadata func(*benchfmt.Writer) error) (*ResultsFile, error) {
	if path == Stdout {
		bw := bufio.NewWriter(os.Stdout)
		r := &ResultsFile{Path: path, bw: bw, w: benchfmt.NewWriter(bw), config: config, caches: m.Caches, events: events}
		return r, metadata(r.w)
	}
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("harness: %s exists; results are never overwritten", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	partial := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".partial")
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriter(f)
	r := &ResultsFile{Path: path, partial: partial, f: f, bw: bw, w: benchfmt.NewWriter(bw), config: config, caches: m.Caches, events: events}
	if err := metadata(r.w); err != nil {
		return nil, errors.Join(err, f.Close(), os.Remove(partial))
	}
	return r, nil
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
	for _, line := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		fmt.Fprintf(r.bw, "# %s\n", line)
	}
}

// Result writes one result line of a case: the median of one round.
func (r *ResultsFile) Result(c *Case, s Sample) error {
	vals := []benchfmt.Value{{Value: s.NsPerOp, Unit: schema.NsPerOp.Written}}
	if s.CyclesPerOp > 0 {
		vals = append(vals, benchfmt.Value{Value: s.CyclesPerOp, Unit: schema.CyclesPerOp.Written})
	}
	for i, v := range s.Events {
		if i < len(r.events) {
			vals = append(vals, benchfmt.Value{Value: v, Unit: schema.EventUnit(r.events[i].Name)})
		}
	}
	if c.Kernel.FamilyOf().MaxOut() > 1 && c.Mode == schema.Throughput {
		if per := c.OutputsPerOp(); per > 0 {
			vals = append(vals, benchfmt.Value{Value: s.NsPerOp / per, Unit: schema.NsPerBit.Written})
			if s.CyclesPerOp > 0 {
				vals = append(vals, benchfmt.Value{Value: s.CyclesPerOp / per, Unit: schema.CyclesPerBit.Written})
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
		benchfmt.Config{Key: schema.KeyTables, Value: []byte(tables(fam)), File: true})
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

// headline returns the batch length of a family's summary figures.
func (r *ResultsFile) headline(fam kernels.AnyFamily) int {
	n, _ := fam.Headline().Elements(r.caches.L2, r.caches.LLC())
	return n
}

// Flush pushes complete lines to the partial file.
func (r *ResultsFile) Flush() error { return r.bw.Flush() }

// Lines returns the result lines written so far.
func (r *ResultsFile) Lines() int { return r.lines }

// Close completes the file: it syncs the partial file and links it to the
// final name. A file without result lines is removed instead, and Close
// returns ErrNoResults.
func (r *ResultsFile) Close() error {
	if r.f == nil { // standard output
		err := r.bw.Flush()
		if err == nil && r.lines == 0 {
			err = ErrNoResults
		}
		return err
	}
	err := errors.Join(r.bw.Flush(), r.f.Sync(), r.f.Close())
	if err == nil && r.lines == 0 {
		err = ErrNoResults
	}
	if err == nil {
		err = os.Link(r.partial, r.Path)
		if errors.Is(err, fs.ErrExist) {
			err = fmt.Errorf("harness: %s appeared during the run; the results stay in %s", r.Path, r.partial)
			return err
		}
	}
	os.Remove(r.partial)
	return err
}

// ErrNoResults reports a run that finished no result line.
var ErrNoResults = errors.New("harness: no results to write")

// FileConfig returns the configuration lines of a results file: facts that
// stay the same between runs on one machine and build, so that they do not
// split benchstat's tables. Facts that change per run go in comments.
func FileConfig(m Machine, cyc *Cycles, seed uint64) []benchfmt.Config {
	kv := [][2]string{
		{schema.KeyGOOS, runtime.GOOS}, {schema.KeyGOARCH, runtime.GOARCH}, {schema.KeyGOAMD64, m.GOAMD64},
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
// (schema.RunComment): full, quick, a selection with its flags, or a
// cache-pressure run.
func (s Suite) Run() schema.Run {
	re := func(r *regexp.Regexp) string {
		if r == nil {
			return ""
		}
		return r.String()
	}
	return schema.KernelSelection{Quick: s.Quick, Family: re(s.Family), Impl: re(s.Impl), Dist: re(s.Dist),
		Modes: s.Modes, Sizes: s.Sizes, Pressures: s.Pressures}.Run()
}
