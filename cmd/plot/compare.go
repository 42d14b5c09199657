package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"bitlab/internal/command"
	"bitlab/report"
)

// compareOptions are compare's: the gate, the threshold and the injected
// slowdown.
type compareOptions struct {
	gate      string
	threshold float64
	across    bool
	slow      slowdown
	opt       report.CompareOptions
	old, new  string
}

// flags registers the comparison's flags; gated says whether the options
// compare at one gate (compare) or at every gate (aa).
func (o *compareOptions) flags(fs *flag.FlagSet, gated bool) {
	fs.Float64Var(&o.threshold, "threshold", 5, "the change in percent that counts, beyond the noise")
	o.slow.flags(fs)
	if gated {
		fs.StringVar(&o.gate, "gate", string(report.DefaultGate), "what must not get slower: "+report.GatesHelp)
		fs.BoolVar(&o.across, "across", false, "compare runs of different CPUs or GOAMD64 levels (otherwise an error that says what differs)")
	}
}

func (o *compareOptions) check(p command.Parsed) error {
	if o.threshold < 0 {
		return fmt.Errorf("-threshold must not be negative")
	}
	o.opt = report.CompareOptions{Threshold: o.threshold / 100, Across: o.across}
	if o.gate != "" {
		g, err := report.ParseGate(o.gate)
		if err != nil {
			return fmt.Errorf("-gate: %v", err)
		}
		o.opt.Gate = g
	}
	if len(p.Args) == 2 {
		o.old, o.new = p.Args[0], p.Args[1]
	}
	return o.slow.check()
}

// run prints each configuration's comparison of NEW with OLD (NEW's cases
// matching -inject made slower first): the outcome's error when it fails
// the gate (report.Outcome.Err).
func (o *compareOptions) run(stdout, stderr io.Writer) error {
	old, err := load([]string{o.old}, stderr)
	if err != nil {
		return err
	}
	now, err := load([]string{o.new}, stderr)
	if err != nil {
		return err
	}
	if o.slow.re != nil {
		n := 0
		if now, n, err = now.Slowed(o.slow.re, o.slow.factor()); err != nil {
			return fmt.Errorf("-inject: %w", err)
		}
		fmt.Fprintf(stdout, "injected: %d cases of NEW matching %q made %+.0f%% slower\n", n, o.slow.re, o.slow.percent)
	}
	out, err := report.CompareRuns(stdout, stderr, old, now, o.opt)
	if err != nil {
		return err
	}
	return out.Err()
}

// aaOptions are aa's: the comparison's, at every gate, and the folder.
type aaOptions struct {
	compareOptions
	dir string
}

func (o *aaOptions) check(p command.Parsed) error {
	o.dir = p.Args[0]
	return o.compareOptions.check(p)
}

// run compares every A/A pair of the folder at every gate, plain and with
// the injected slowdown, and prints the false alarms and catches per gate.
func (o *aaOptions) run(stdout, stderr io.Writer) error {
	as, _ := filepath.Glob(filepath.Join(o.dir, "*-a.txt"))
	var pairs []report.Pair
	for _, a := range as {
		sa, err := load([]string{a}, io.Discard)
		if err != nil {
			return err
		}
		sb, err := load([]string{strings.TrimSuffix(a, "-a.txt") + "-b.txt"}, io.Discard)
		if err != nil {
			return err
		}
		pairs = append(pairs, report.Pair{Name: strings.TrimSuffix(filepath.Base(a), "-a.txt"), A: sa, B: sb})
	}
	if len(pairs) == 0 {
		return fmt.Errorf("no A/A pairs in %s (want NAME-a.txt with NAME-b.txt; make aa writes them)", o.dir)
	}
	return report.AATest(stdout, pairs, o.opt, o.slow.re, o.slow.factor())
}
