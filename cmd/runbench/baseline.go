package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
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
		fs.StringVar(&b.path, "baseline", "", "compare the run with this saved results file or folder, read and checked (same CPU and GOAMD64 level, or -across) before anything is timed; exit status 3 on a regression")
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
	old, warns, err := report.Load(b.path)
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

// errRegressed reports cases slower than the -baseline run.
var errRegressed = errors.New("slower than the baseline")

// compare prints the comparison of the run's results with the baseline.
func (b *baseline) compare(results string, stdout, stderr io.Writer) error {
	now, _, err := report.Load(results)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nagainst -baseline %s:\n", b.path)
	slower, err := report.CompareRuns(stdout, stderr, b.old, now, b.opt)
	if err == nil && slower {
		err = errRegressed
	}
	return err
}
