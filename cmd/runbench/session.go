package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"bitlab/harness"
)

// timedCase is what a session times: a kernel case or a perft case.
type timedCase interface {
	harness.Timed
	RoundMedian(round int) (harness.Sample, bool)
}

// A workload is what a session times, the kernels (kernelRun) or the move
// generator (perftRun): its part in each step of the session.
type workload[T timedCase] interface {
	// choose selects the cases, before the clock starts; it says on
	// stderr what it leaves out, and fails when nothing is left.
	choose(s *session[T]) error
	// check checks each chosen case, the clock running, and returns those
	// to time; it stops at an interrupt (interruptedBeforeTiming).
	check(s *session[T]) ([]T, error)
	// path resolves -out: the results file, and whether it is a default
	// name (numbered when another run has it).
	path(out string, m harness.Machine) (string, bool, error)
	// create creates the results file with its configuration lines.
	create(s *session[T], path string, unique bool) (*harness.ResultsFile, error)
	// headerRun and headerSetup write the workload's header comments
	// after the command line and after the caches.
	headerRun(s *session[T])
	headerSetup(s *session[T])
	// result writes a case's line of one round.
	result(rf *harness.ResultsFile, c T, median harness.Sample) error
	// summary prints the summary of the timed rounds to w; compare returns
	// how to compare the results with benchstat: a heading and commands.
	summary(s *session[T], w io.Writer) error
	compare(s *session[T], path string) (heading string, commands []string)
}

// A workload may have steps of its own besides, each an interface of one
// method that the session calls where the workload has it.
type (
	// headerEnder writes header comments after the instrument's.
	headerEnder[T timedCase] interface{ headerEnd(s *session[T]) }
	// footerWriter writes the comments that end the results file.
	footerWriter[T timedCase] interface{ footer(s *session[T]) }
	// follower runs once the summary of a complete run is printed.
	follower[T timedCase] interface{ after(s *session[T]) error }
)

// A session is one timed run of runbench: the steps prepare, instrument,
// time and summarize, in that order (runSession), and what they share.
// Its workload says what is timed.
type session[T timedCase] struct {
	env     *env
	opt     *runOptions
	noun    string // what a case is, for messages: "case", "perft case"
	machine harness.Machine
	in      *interrupter
	turns   *turns // runbench campaign's turns, nil for a run of its own

	// prepare
	load   *harness.LoadMeter
	cyc    *harness.Cycles
	events *harness.Counters
	cases  []T

	// instrument
	checks  []harness.SelfCheckRow
	over    harness.Overhead
	results *harness.ResultsFile
	start   time.Time

	// time
	rounds int
}

// runSession runs a session of the workload: prepare, instrument, time
// and summarize. The first interrupt ends the step under way and keeps
// every completed round with its summary; its error says so.
func runSession[T timedCase](e *env, opt *runOptions, noun string, w workload[T]) error {
	in := listenForInterrupts(e.stderr)
	defer in.release()
	s := &session[T]{env: e, opt: opt, noun: noun, machine: harness.ThisMachine(), in: in, turns: runTurns()}
	if err := s.prepare(w); err != nil {
		return err
	}
	if err := s.instrument(w); err != nil {
		return err
	}
	s.turns.pass(in.Stop())
	runErr := s.time(w)
	if runErr != nil && !errors.Is(runErr, harness.ErrInterrupted) {
		// A failed write fails the close with the same error: say it once.
		if err := s.close(); err != nil && !errors.Is(runErr, err) {
			runErr = errors.Join(runErr, err)
		}
		return runErr
	}
	if err := s.summarize(w); err != nil {
		return err
	}
	if runErr != nil {
		return finishedRounds(s.rounds, opt.count, s.results.Path)
	}
	if f, ok := w.(follower[T]); ok {
		return f.after(s)
	}
	return nil
}

// prepare chooses the cases, starts the load meter, the cycle clock and
// the counters, and checks the cases.
func (s *session[T]) prepare(w workload[T]) error {
	if err := w.choose(s); err != nil {
		return err
	}
	s.load = harness.NewLoadMeter()
	s.cyc = harness.NewCycles() // locks this goroutine's thread for a cycle counter
	s.events = harness.OpenCounters(harness.HardwareEvents())
	build := runtime.GOARCH
	if s.machine.GOAMD64 != "" {
		build = "GOAMD64=" + s.machine.GOAMD64
	}
	fmt.Fprintf(s.env.stderr, "cpu: %s (%s), cycles from %s", s.machine.Label(), build, s.cyc.Source)
	if s.cyc.GHz > 0 {
		fmt.Fprintf(s.env.stderr, ", core clock %.3f GHz", s.cyc.GHz)
	}
	fmt.Fprintln(s.env.stderr)
	cases, err := w.check(s)
	s.cases = cases
	return err
}

// instrument measures the instrument itself (self-check, empty-kernel
// overhead), then creates the results file at -out (or its default) and
// writes its header.
func (s *session[T]) instrument(w workload[T]) error {
	path, unique, err := w.path(s.opt.out, s.machine)
	if err != nil {
		return err
	}
	s.in.enter("measuring the instrument (self-check, empty kernel)", "stopping after it; no round will be timed, so no results file is written")
	s.checks = s.cyc.SelfCheck(s.machine.Core)
	s.over = harness.MeasureOverhead(s.cyc)
	if s.results, err = w.create(s, path, unique); err != nil {
		return err
	}
	s.in.writing(s.results)
	s.start = time.Now()
	s.cyc.ResetRange()
	s.writeHeader(w)
	for _, l := range harness.FormatSelfCheck(s.checks) {
		fmt.Fprintln(s.env.stderr, "self-check:", l)
	}
	fmt.Fprintf(s.env.stderr, "overhead: %s\n", overheadText(s.over))
	return nil
}

// timing says what a first interrupt does while the rounds run.
const timing = "finishing the current sample, then writing the completed rounds and their summary"

// time samples the cases round by round, writing each round's lines as it
// completes; the first interrupt stops after the current sample.
func (s *session[T]) time(w workload[T]) (err error) {
	stop, err := startProfile(s.opt.cpuprofile)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stop()) }()
	opt := s.opt
	bar := newProgress(s.env.stderr, !opt.noProgress)
	s.in.enter("timing", timing)
	fmt.Fprintf(s.env.stderr, "timing %s x %s x %s of %v...\n", plural(len(s.cases), s.noun), plural(opt.count, "round"), plural(opt.perRound, "sample"), opt.sample)
	err = harness.Run(s.cases, s.cyc, harness.Options{
		Rounds: opt.count, PerRound: opt.perRound, SampleTime: opt.sample, Seed: opt.seed,
		Profile: opt.cpuprofile != "", Counters: s.events, Progress: bar.update, Stop: s.in.Stop(),
		Round: func(round int) error {
			s.results.Comment("round %d: core clock %.4f GHz at its end", round+1, s.cyc.GHz)
			for _, c := range s.cases { // in the workload's order: one block of lines per family
				if m, ok := c.RoundMedian(round); ok {
					if err := w.result(s.results, c, m); err != nil {
						return err
					}
				}
			}
			s.rounds++
			if err := s.results.Flush(); err != nil {
				return err
			}
			s.turns.pass(s.in.Stop())
			return nil
		},
	})
	bar.done()
	return err
}

// summarize writes the footer, completes the results file and prints the
// summary: on stdout, or on stderr when the results own stdout.
func (s *session[T]) summarize(w workload[T]) error {
	s.in.enter("writing the summary", "finishing it")
	if s.rounds < s.opt.count {
		s.warn("interrupted: %d of %d rounds completed", s.rounds, s.opt.count)
	}
	if f, ok := w.(footerWriter[T]); ok {
		f.footer(s)
	}
	if err := errors.Join(s.close(), s.events.Close()); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			return finishedRounds(0, s.opt.count, "")
		}
		return err
	}
	path, out := s.results.Path, s.env.stdout
	if path == harness.Stdout {
		out = s.env.stderr
	}
	fmt.Fprintln(out)
	if err := w.summary(s, out); err != nil {
		return err
	}
	heading, commands := w.compare(s, path)
	fmt.Fprintf(out, "\n%d result lines (%d of %d rounds) in %s, %s\n%s:\n", s.results.Lines(), s.rounds, s.opt.count, time.Since(s.start).Round(time.Second), path, heading)
	for _, c := range commands {
		fmt.Fprintf(out, "  %s\n", c)
	}
	return nil
}

// warnNoise writes the warnings every timed run ends with, kernels or
// perft: other processes' load during the run, the cases that cannot be
// ranked against the nearest one of their group (of what: "implementation
// of their family", "configuration on their position") and a core clock
// that moved.
func (s *session[T]) warnNoise(unranked []harness.Unranked, nearest string) {
	rf := s.results
	others, during := s.load.Others(), fmt.Sprintf("during the run (%v)", time.Since(s.start).Round(time.Second))
	if s.turns != nil {
		others, during = s.turns.othersDuringTurns(), "during the run's turns (it ran in turns with others, a round each)"
	}
	rf.Comment("load: other processes used %.2f cores %s", others, during)
	if others > 0.15 {
		s.warn("other processes used %.2f cores during the run: expect noise", others)
	}
	if len(unranked) > 0 {
		s.warn("%d of %d cases cannot be ranked against the nearest %s: the 95%% intervals overlap; "+
			"for a ranking, rerun them with more rounds (-count) on an idle machine; the first ones:", len(unranked), len(s.cases), nearest)
		for _, u := range unranked[:min(len(unranked), 5)] {
			msg := fmt.Sprintf("  %s: %.3f [%.3f, %.3f] against %s %.3f [%.3f, %.3f]", u.Name, u.Cost.Center, u.Cost.Lo, u.Cost.Hi,
				u.Nearest, u.Other.Center, u.Other.Lo, u.Other.Hi)
			rf.Comment("%s", msg)
			fmt.Fprintln(s.env.stderr, msg)
		}
	}
	if w := s.cyc.DriftWarning(); w != "" {
		s.warn("%s", w)
	}
}

// close completes the results file and tells the interrupter.
func (s *session[T]) close() error {
	err := s.results.Close()
	path := s.results.Path
	if err != nil {
		path = ""
	}
	s.in.closed(path)
	return err
}

// warn writes a warning to the results header and to stderr.
func (s *session[T]) warn(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	s.results.Comment("warning: %s", msg)
	fmt.Fprintln(s.env.stderr, "warning:", msg)
}

// startProfile starts a CPU profile into path, where one is asked for, and
// returns the function that stops it and closes the file.
func startProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

// resultsPath resolves -out: empty for the default, a directory, or a file.
// "-" is standard output; a path ending in a separator or naming a
// directory gets the default file name in that directory, which is created
// now, before the run, if missing. unique reports a default name, which
// the results file numbers when another run has it.
func resultsPath(out string, m harness.Machine) (path string, unique bool, err error) {
	switch st, err := os.Stat(out); {
	case out == "":
		return harness.DefaultPath("results", m, time.Now()), true, nil
	case out == harness.Stdout:
		return out, false, nil
	case strings.HasSuffix(out, string(filepath.Separator)) || strings.HasSuffix(out, "/") || (err == nil && st.IsDir()):
		if err := os.MkdirAll(out, 0o755); err != nil {
			return "", false, err
		}
		return filepath.Join(out, filepath.Base(harness.DefaultPath(out, m, time.Now()))), true, nil
	}
	return out, false, os.MkdirAll(filepath.Dir(out), 0o755)
}

// overheadText says what the empty kernel measures: the loop every
// portable kernel runs, not an overhead inside every figure.
func overheadText(o harness.Overhead) string {
	return fmt.Sprintf("empty kernel (the portable kernels' generated loop around an element function that does nothing: "+
		"%.3f ns/op %.3f cycles/op (throughput loop), %.3f ns/op %.3f cycles/op (latency chain, with its XOR); "+
		"the fastest of 31 samples; the floor of a portable kernel's figure, not subtracted from any: assembly kernels with unrolled loops "+
		"run below it; where the linker puts the loop can move it by a cycle between builds)",
		o.Throughput.NsPerOp, o.Throughput.CyclesPerOp, o.Latency.NsPerOp, o.Latency.CyclesPerOp)
}
