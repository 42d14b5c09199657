package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"bitlab/harness"
	"bitlab/report"
)

// baseline is the -baseline comparison: the saved run, read and checked
// before anything is timed, and how the new run is compared with it.
type baseline struct {
	path      string
	threshold float64
	gate      string
	across    bool
	opt       report.CompareOptions
	old       *report.Set
}

// flags registers the comparison's flags; path says whether -baseline
// names the saved run (compare takes it as its argument instead).
func (b *baseline) flags(fs *flag.FlagSet, path bool) {
	with := ""
	if path {
		fs.StringVar(&b.path, "baseline", "", "compare the run with this saved results file or folder (the runs its page reads: the newest complete full, pressure and perft runs), read and checked (same CPU and GOAMD64 level, or -across) before anything is timed; exit status 3 on a regression, 5 when kernels or families of the saved run are missing")
		with = "with -baseline: "
	}
	fs.Float64Var(&b.threshold, "threshold", 5, with+"the change in percent that counts, beyond the noise")
	fs.StringVar(&b.gate, "gate", string(report.DefaultGate), with+"what must not get slower: "+report.GatesHelp)
	fs.BoolVar(&b.across, "across", false, with+"compare with a run of another CPU or GOAMD64 level (otherwise an error that says what differs)")
}

// check checks the flags given (set) against the results file -out names.
func (b *baseline) check(set map[string]bool, out string) error {
	for _, name := range []string{"threshold", "gate", "across"} {
		if set[name] && b.path == "" {
			return fmt.Errorf("-%s goes with -baseline", name)
		}
	}
	if b.path == "" {
		return nil
	}
	switch {
	case out == harness.Stdout:
		return errors.New("-baseline needs a results file to compare (not -out -)")
	case b.threshold < 0:
		return errors.New("-threshold must not be negative")
	}
	g, err := report.ParseGate(b.gate)
	if err != nil {
		return fmt.Errorf("-gate: %v", err)
	}
	b.opt = report.CompareOptions{Threshold: b.threshold / 100, Gate: g, Across: b.across}
	return nil
}

// load reads the saved run and checks that it can be compared with a run
// on machine m (its level too where level is true): an error says what
// is wrong before anything is timed.
func (b *baseline) load(m harness.Machine, level bool, stderr io.Writer) error {
	if b.path == "" || b.old != nil {
		return nil
	}
	files, err := b.files(stderr)
	if err != nil {
		return err
	}
	old, warns, err := report.Load(files...)
	for _, w := range warns {
		fmt.Fprintln(stderr, "warning:", w)
	}
	if err != nil {
		return fmt.Errorf("-baseline: %w", err)
	}
	this := &report.Config{CPU: m.CPU, GOARCH: runtime.GOARCH, Experiment: m.GOEXPERIMENT}
	if level {
		this.Level = m.GOAMD64
	}
	if err := report.CheckBaseline(old, this, b.across); err != nil {
		return fmt.Errorf("-baseline %s: %w", b.path, err)
	}
	b.old = old
	return nil
}

// files returns the results files of the saved run: the file -baseline
// names, or for a folder the runs its page would read (report.PageFiles:
// the newest complete full, pressure and perft run of each machine and
// build below it), each named on stderr, an incomplete one with a warning.
func (b *baseline) files(stderr io.Writer) ([]string, error) {
	if st, err := os.Stat(b.path); err != nil || !st.IsDir() {
		return []string{b.path}, nil // Load says what is wrong
	}
	all, err := report.ResultsFiles(b.path)
	if err != nil {
		return nil, fmt.Errorf("-baseline: %w", err)
	}
	use, _, err := report.PageFiles(all)
	if err != nil {
		return nil, fmt.Errorf("-baseline: %w", err)
	}
	if len(use) == 0 {
		return nil, fmt.Errorf("-baseline %s: no full, pressure or perft run below it (a folder stands for the runs its page reads: plot pages -h gives the rule); name a results file instead", b.path)
	}
	for _, f := range use {
		fmt.Fprintf(stderr, "-baseline %s: %s (%s run)\n", b.path, f.Path, f.Run.Kind)
		if f.Incomplete != "" {
			fmt.Fprintf(stderr, "warning: -baseline %s: %s is incomplete (%s), and no complete run of its kind is there\n", b.path, f.Path, f.Incomplete)
		}
	}
	return report.Paths(use), nil
}

// compare prints the comparison of the run's results with the baseline.
func (b *baseline) compare(results string, stdout, stderr io.Writer) error {
	now, _, err := report.Load(results)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nagainst -baseline %s:\n", b.path)
	out, err := report.CompareRuns(stdout, stderr, b.old, now, b.opt)
	if err != nil {
		return err
	}
	out.Failed = nil // the run's own check says so (errCheckFailed)
	return out.Err()
}
