// Command runbench measures bitlab's kernels on this machine and writes the
// results in Go's benchmark format, which benchstat reads unchanged.
//
// Every selected kernel is first checked against its family's reference on
// the run's own inputs; one that disagrees is reported and not timed. The
// cases are then sampled in many short samples, in a freshly shuffled order
// every round, and each round writes one line per case (the median of its
// samples) to results/<cpu>/<time>-<GOAMD64 level>.txt. Ctrl-C stops after
// the current sample and keeps every completed round.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"bitlab/harness"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

const usage = `usage: runbench [flags]

runbench times bitlab's kernels on this machine, in ns and in core cycles,
and writes Go benchmark format results that benchstat reads as they are.

examples:
  runbench                          the default suite (make bench)
  runbench -quick                   a short run: L1 size, fewer distributions
  runbench -family popcount -dist 'k(8|32)$' -mode throughput
  runbench -impl 'popcnt|swar' -count 20 -out /tmp/pop.txt
  runbench -levels v1,v3            rebuild at each GOAMD64 level, one file each
  runbench -cpuprofile cpu.prof     then: go tool pprof -tagfocus 'impl=^swar$' cpu.prof
  runbench -list                    every implementation and whether it runs here
  go tool benchstat -col /impl results/*/FILE.txt

flags:
`

// config is the parsed command line.
type config struct {
	list, markdown, quick, noProgress bool
	family, impl, dist                *regexp.Regexp
	modes                             []kernels.Mode
	sizes                             []string
	count, perRound                   int
	sample                            time.Duration
	out, cpuprofile, levels           string
	seed                              uint64
	args                              []string
}

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	cfg, code := parseFlags(args, os.Stderr)
	if cfg == nil {
		return code
	}
	switch {
	case cfg.list && cfg.markdown:
		writeMarkdown(os.Stdout, kernels.Families())
		return 0
	case cfg.list:
		if err := writeList(os.Stdout, kernels.All()); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			return 1
		}
		return 0
	case cfg.levels != "":
		return runLevels(cfg)
	}
	if err := bench(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "runbench:", err)
		if errors.Is(err, harness.ErrInterrupted) {
			return 130
		}
		return 1
	}
	return 0
}

// parseFlags returns the configuration, or nil and the exit status.
func parseFlags(args []string, stderr io.Writer) (*config, int) {
	fs := flag.NewFlagSet("runbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	cfg := &config{args: args}
	fs.BoolVar(&cfg.list, "list", false, "list every implementation: identifier, arch, CPU features, supported here or why not, source")
	fs.BoolVar(&cfg.markdown, "markdown", false, "with -list: print the README's Markdown table instead")
	family := fs.String("family", "", "run only families matching this regular expression")
	impl := fs.String("impl", "", "run only implementations matching this regular expression")
	dist := fs.String("dist", "", "run only distributions matching this regular expression (k0..k64, d0..d64, random, chess, ...-rep256)")
	mode := fs.String("mode", "both", "throughput, latency or both")
	sizes := fs.String("sizes", "l1,l2,mem", "size classes: l1 (4,096 elements), l2 (131,072), mem (twice the last-level cache)")
	fs.IntVar(&cfg.count, "count", 10, "result lines per case (rounds); benchstat's samples")
	fs.IntVar(&cfg.perRound, "samples", 3, "samples per case per round; each line is their median")
	fs.DurationVar(&cfg.sample, "sample", time.Millisecond, "target duration of one sample")
	fs.BoolVar(&cfg.quick, "quick", false, "a short run: l1 size only, fewer distributions, -count 6 unless set")
	fs.StringVar(&cfg.out, "out", "", "results file, or a directory for it (default results/<cpu>/<time>-<level>.txt)")
	fs.StringVar(&cfg.cpuprofile, "cpuprofile", "", "write a CPU profile with pprof labels family, impl, dist and mode")
	fs.StringVar(&cfg.levels, "levels", "", "rebuild at each of these GOAMD64 levels the CPU supports (v1,v2,v3,v4) and run each")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the workloads and of the sampling order")
	fs.BoolVar(&cfg.noProgress, "noprogress", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil, 0
		}
		return nil, 2
	}
	bad := func(format string, a ...any) (*config, int) {
		fmt.Fprintf(stderr, "runbench: "+format+"\n", a...)
		fmt.Fprintln(stderr, "run runbench -h for usage")
		return nil, 2
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q", fs.Arg(0))
	}
	for _, p := range []struct {
		s  string
		re **regexp.Regexp
	}{{*family, &cfg.family}, {*impl, &cfg.impl}, {*dist, &cfg.dist}} {
		if p.s == "" {
			continue
		}
		re, err := regexp.Compile(p.s)
		if err != nil {
			return bad("bad regular expression %q: %v", p.s, err)
		}
		*p.re = re
	}
	switch *mode {
	case "both":
		cfg.modes = []kernels.Mode{kernels.Throughput, kernels.Latency}
	case "throughput", "latency":
		cfg.modes = []kernels.Mode{kernels.Mode(*mode)}
	default:
		return bad("-mode %q: want throughput, latency or both", *mode)
	}
	cfg.sizes = strings.Split(*sizes, ",")
	for _, s := range cfg.sizes {
		if !slices.Contains([]string{"l1", "l2", "mem"}, s) {
			return bad("-sizes: unknown size class %q (want l1, l2, mem)", s)
		}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if cfg.quick {
		for name, v := range map[string]func(){
			"count": func() { cfg.count = 6 }, "samples": func() { cfg.perRound = 3 }} {
			if !set[name] {
				v()
			}
		}
	}
	if cfg.count < 1 || cfg.perRound < 1 || cfg.sample <= 0 {
		return bad("-count, -samples and -sample must be positive")
	}
	if cfg.markdown && !cfg.list {
		return bad("-markdown goes with -list")
	}
	return cfg, 0
}

// bench runs the suite and writes the results and the summary.
func bench(cfg *config) error {
	m := harness.ThisMachine()
	suite := harness.Suite{Family: cfg.family, Impl: cfg.impl, Dist: cfg.dist, Modes: cfg.modes,
		Sizes: cfg.sizes, Quick: cfg.quick, Seed: cfg.seed}
	cases, skipped, err := suite.Cases(m)
	if err != nil {
		return err
	}
	for _, s := range skipped {
		fmt.Fprintf(os.Stderr, "skipped %s: %s\n", s.ID, s.Reason)
	}
	if len(cases) == 0 {
		return errors.New("no kernel matches the selection (see runbench -list)")
	}
	load := harness.NewLoadMeter()
	cyc := harness.NewCycles() // locks this goroutine's thread for a cycle counter
	fmt.Fprintf(os.Stderr, "cpu: %s (GOAMD64=%s), cycles from %s", m.CPU, m.GOAMD64, cyc.Source)
	if cyc.GHz > 0 {
		fmt.Fprintf(os.Stderr, ", core clock %.3f GHz", cyc.GHz)
	}
	fmt.Fprintln(os.Stderr)

	fmt.Fprintf(os.Stderr, "checking %d cases against the references...\n", len(cases))
	cache := map[string]any{}
	var ready []*harness.Case
	var rejected []string
	for _, c := range cases {
		if err := c.Prepare(cache); err != nil {
			rejected = append(rejected, fmt.Sprintf("%s: %v", c.Name(), err))
			continue
		}
		ready = append(ready, c)
	}
	for _, r := range rejected {
		fmt.Fprintln(os.Stderr, "not timed:", r)
	}
	if len(ready) == 0 {
		return errors.New("every selected kernel failed its check")
	}

	checks := cyc.SelfCheck()
	over := harness.MeasureOverhead(cyc)
	path, err := resultsPath(cfg.out, m)
	if err != nil {
		return err
	}
	rf, err := harness.CreateResults(path, harness.FileConfig(m, cyc, cfg.seed))
	if err != nil {
		return err
	}
	start := time.Now()
	header(rf, cfg, m, cyc, checks, over, load, skipped, rejected, start)
	for _, l := range harness.FormatSelfCheck(checks) {
		fmt.Fprintln(os.Stderr, "self-check:", l)
	}
	fmt.Fprintf(os.Stderr, "overhead: empty kernel %s\n", overheadText(over))

	if cfg.cpuprofile != "" {
		f, err := os.Create(cfg.cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	stop := make(chan struct{})
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	go func() {
		<-sig
		fmt.Fprintln(os.Stderr, "\ninterrupted: finishing the sample, keeping the completed rounds (again to quit now)")
		close(stop)
		<-sig
		os.Exit(130)
	}()
	bar := newProgress(os.Stderr, !cfg.noProgress)
	fmt.Fprintf(os.Stderr, "timing %d cases x %d rounds x %d samples of %v...\n", len(ready), cfg.count, cfg.perRound, cfg.sample)
	rounds := 0
	runErr := harness.Run(ready, cyc, harness.Options{
		Rounds: cfg.count, PerRound: cfg.perRound, SampleTime: cfg.sample, Seed: cfg.seed,
		Profile: cfg.cpuprofile != "", Progress: bar.update, Stop: stop,
		Round: func(round int) error {
			rf.Comment("round %d: core clock %.4f GHz at its end", round+1, cyc.GHz)
			for _, c := range ready { // in family order: one block of lines per family
				if s, ok := c.RoundMedian(round); ok {
					if err := rf.Result(c, s); err != nil {
						return err
					}
				}
			}
			rounds++
			return rf.Flush()
		},
	})
	bar.done()
	if runErr != nil && !errors.Is(runErr, harness.ErrInterrupted) {
		rf.Close()
		return runErr
	}
	rows := harness.Summarize(ready)
	unit := "cycles/op"
	if cyc.Source == "none" {
		unit = "ns/op"
	}
	footer(rf, ready, rows, unit, load, rounds, cfg.count, time.Since(start))
	if err := rf.Close(); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			fmt.Fprintln(os.Stderr, "no round completed: no results file written")
			return runErr
		}
		return err
	}
	fmt.Println()
	fmt.Printf("Summary: throughput at %d elements, geometric mean over distributions\n", harness.L1Elements)
	if err := harness.WriteSummary(os.Stdout, rows, unit); err != nil {
		return err
	}
	fmt.Printf("\n%d result lines (%d of %d rounds) in %s, %s\n", rf.Lines(), rounds, cfg.count, time.Since(start).Round(time.Second), rf.Path)
	fmt.Printf("compare implementations: go tool benchstat -col /impl %s\n", rf.Path)
	return runErr
}

// resultsPath resolves -out: empty for the default, a directory, or a file.
func resultsPath(out string, m harness.Machine) (string, error) {
	if out == "" {
		return harness.DefaultPath("results", m, time.Now()), nil
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return filepath.Join(out, filepath.Base(harness.DefaultPath(out, m, time.Now()))), nil
	}
	return out, nil
}

func overheadText(o harness.Overhead) string {
	return fmt.Sprintf("%.3f ns/op %.3f cycles/op (throughput loop), %.3f ns/op %.3f cycles/op (latency chain)",
		o.Throughput.NsPerOp, o.Throughput.CyclesPerOp, o.Latency.NsPerOp, o.Latency.CyclesPerOp)
}
