// Command runbench measures bitlab's kernels on this machine and writes the
// results in Go's benchmark format, which benchstat reads unchanged.
//
// Every selected kernel is first checked against its family's reference on
// the run's own inputs; one that disagrees is reported and not timed. The
// cases are then sampled in many short samples, in a freshly shuffled order
// every round, and each round writes one line per case (the median of its
// samples) to results/<cpu>/<time>-<GOAMD64 level>.txt. Ctrl-C stops after
// the current sample and keeps every completed round; a second Ctrl-C keeps
// them at once (interrupter).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"bitlab/harness"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/movegen"
	"bitlab/movegen/factor"
	"bitlab/report"
	"bitlab/schema"
)

const usage = `usage: runbench [flags]

runbench times bitlab's kernels on this machine, in ns and in core cycles,
and writes Go benchmark format results that benchstat reads as they are.

examples:
  runbench                          the default suite (make bench)
  runbench -quick                   a short run: L1 and headline sizes, fewer distributions
  runbench -family popcount -dist 'k(8|32)' -mode throughput
  runbench -impl popcnt,swar -count 20 -out /tmp/pop.txt
  runbench -levels v1,v3            rebuild at each GOAMD64 level, one file each
  runbench -cpuprofile cpu.prof     then: go tool pprof -tagfocus 'impl=^swar$' cpu.prof
  runbench -list                    every family, implementation, distribution and perft configuration
  runbench -family sliding -sizes l1 -mode throughput -pressure none,l2,llc
                                    the same kernels with their tables pushed out of L2, then the LLC
  runbench -quick -baseline old.txt
                                    compare with a saved run (checked before timing anything): exit 3
                                    when a kernel is slower beyond -threshold and the noise (-gate)
  runbench -perft -config default,slider=magic-black -position kiwipete
                                    time two configurations of the move generator
  runbench -divide -depth 6         the count below each legal move of the start position (or -fen),
                                    each as it finishes
  go tool benchstat -col '/impl@(...)' FILE  the command a run prints: each family's baseline first

` + selectionRule + `

-baseline: ` + report.Method + `

Interrupts: the first Ctrl-C (SIGINT or SIGTERM) finishes the current sample and writes
the completed rounds with their summary; a second one, later than a quarter second after
the first, writes the completed rounds at once without the summary. Either way runbench
says which file holds them, or that no round completed and no file was written.

flags:
`

// config is the parsed command line.
type config struct {
	list, markdown, quick, noProgress bool
	perft, divide, grid               bool
	fen                               string
	tt                                []int // transposition table bytes; 0 for none
	depth                             int   // 0: the default of each position
	config, position                  *selection
	family, impl, dist                *selection
	modes                             []schema.Mode
	sizes                             []schema.SizeClass
	pressures                         []schema.Pressure
	count, perRound                   int
	sample                            time.Duration
	out, cpuprofile, levels           string
	baseline                          baseline
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
	case cfg.divide:
		return divide(cfg)
	case cfg.perft && cfg.list:
		if err := writeConfigs(os.Stdout, selectConfigs(cfg)); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			return 1
		}
		return 0
	case cfg.perft:
		return exitStatus(benchPerft(cfg))
	case cfg.list && cfg.markdown:
		writeMarkdown(os.Stdout, kernels.Families())
		return 0
	case cfg.list:
		if err := writeListing(os.Stdout, cfg); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			return 1
		}
		return 0
	case cfg.levels != "":
		// Each level's run checks the baseline's level before timing;
		// the file and the CPU are checked once, before any build.
		if err := cfg.baseline.load(harness.ThisMachine(), false); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			return 1
		}
		return runLevels(cfg)
	}
	return exitStatus(bench(cfg))
}

// exitStatus prints a run's error and returns its exit status: 130 for an
// interrupt, 3 for a regression against -baseline, 1 for any other error.
func exitStatus(err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(os.Stderr, "runbench:", err)
	var in interruption
	switch {
	case errors.As(err, &in), errors.Is(err, harness.ErrInterrupted):
		return 130
	case errors.Is(err, errRegressed):
		return 3
	}
	return 1
}

// parseFlags returns the configuration, or nil and the exit status.
func parseFlags(args []string, stderr io.Writer) (*config, int) {
	fs := flag.NewFlagSet("runbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	cfg := &config{args: args}
	fs.BoolVar(&cfg.list, "list", false, "list every family (baseline, distributions by size class), implementation (arch, CPU features, tables, supported here or why not, source) and perft configuration (the short name the summary uses, the full name)")
	fs.BoolVar(&cfg.markdown, "markdown", false, "with -list: print the README's Markdown table instead")
	family := fs.String("family", "", "run only these families (names, or a regular expression matching whole names)")
	impl := fs.String("impl", "", "run only these implementations (names, or a regular expression matching whole names)")
	dist := fs.String("dist", "", "run only these distributions of each family's plan (names such as k8, d4, random, chess, d4-rep256, or a regular expression matching whole names; runbench -list lists each family's)")
	mode := fs.String("mode", "both", "throughput, latency or both")
	sizes := fs.String("sizes", "l1,l2,stream,mem", "size classes: l1 (4,096 elements), l2 (half the L2 cache in 8-byte elements), stream (1,048,576: too many for a branch predictor to learn), mem (twice the last-level cache), or a number of elements (with the distributions of the family's headline size)")
	pressure := fs.String("pressure", "", "run every case under these cache pressures instead: none, l1, l2, llc, 2llc (an untimed walk of a buffer of that cache's size before every batch; none walks nothing but times the same way)")
	fs.IntVar(&cfg.count, "count", 10, "result lines per case (rounds); benchstat's samples")
	fs.IntVar(&cfg.perRound, "samples", 3, "samples per case per round; each line is their median")
	fs.DurationVar(&cfg.sample, "sample", time.Millisecond, "target duration of one sample")
	fs.BoolVar(&cfg.quick, "quick", false, "a short run: l1 size only, fewer distributions, -count 6 unless set")
	fs.StringVar(&cfg.out, "out", "", "results file, or a directory for it (default results/<cpu>/<time>-<level>.txt, with -2, -3 ... added when a run started in the same second has the name)")
	fs.StringVar(&cfg.cpuprofile, "cpuprofile", "", "write a CPU profile with pprof labels family, impl, dist and mode (with -perft: config, position, depth)")
	fs.StringVar(&cfg.levels, "levels", "", "rebuild at each of these GOAMD64 levels the CPU supports (v1,v2,v3,v4) and run each")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the workloads and of the sampling order")
	cfg.baseline.flags(fs)
	fs.BoolVar(&cfg.noProgress, "noprogress", false, "no progress bar")
	fs.BoolVar(&cfg.perft, "perft", false, "time the move generator's perft instead of the kernels: one case per configuration and position (results in results/<cpu>/perft/)")
	fs.BoolVar(&cfg.divide, "divide", false, "print the perft count below each legal move of -fen (or the start position) at -depth, each as it finishes, then the total and the speed, and exit")
	fs.StringVar(&cfg.fen, "fen", "", "with -perft or -divide: count this position (FEN) instead of the standard ones")
	fs.IntVar(&cfg.depth, "depth", 0, fmt.Sprintf("with -perft or -divide: the perft depth, 1 to %d (default: for a standard position the first depth with at least %s nodes, such as %s; %d for -fen)",
		maxDepth, thousands(defaultPerftNodes), defaultDepthsText(), fenDepth))
	perftConfig := fs.String("config", "", "with -perft: time only these configurations of the generator, by the short names the summary uses (default, slider=magic-black, serialize=bytes ...) or full names ("+movegen.DefaultConfig().String()+"), or a regular expression matching a whole short or full name (default all: the default and each that differs in one factor; runbench -perft -list)")
	fs.BoolVar(&cfg.grid, "grid", false, fmt.Sprintf("with -perft: also the rest of the slider x serialization grid (every generic slider with every serialization loop; %d more configurations, a long run)", len(factor.Grid())))
	tt := fs.String("tt", "", "with -perft: also count in the default configuration with a transposition table of each of these sizes, such as none,1MiB,64MiB,256MiB (probed at every node of depth 2 or more; each size rounded down to a power of two; all of them together must fit in the memory available)")
	position := fs.String("position", "start,kiwipete", "with -perft: the standard positions to count: start, kiwipete, pos3, pos4, pos4-mirrored, pos5, pos6")
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
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, p := range []struct {
		flag, noun, value string
		sel               **selection
		known             []string
		listing           string
	}{
		{"family", "family", *family, &cfg.family, familyNames(), "runbench -list"},
		{"impl", "implementation", *impl, &cfg.impl, implNames(), "runbench -list"},
		{"dist", "distribution", *dist, &cfg.dist, distNames(), "runbench -list"},
		{"position", "standard position", *position, &cfg.position, positionNames(), "runbench -h"},
	} {
		sel, err := parseSelection(p.flag, p.noun, p.value)
		if err == nil {
			err = sel.check(p.known, p.listing)
		}
		if err != nil {
			return bad("%v", err)
		}
		*p.sel = sel
	}
	sel, err := parseSelection("config", "configuration", *perftConfig)
	if err != nil {
		return bad("%v", err)
	}
	cfg.config = sel
	switch *mode {
	case "both":
		cfg.modes = schema.Modes()
	case string(schema.Throughput), string(schema.Latency):
		cfg.modes = []schema.Mode{schema.Mode(*mode)}
	default:
		return bad("-mode %q: want throughput, latency or both", *mode)
	}
	for _, s := range strings.Split(*sizes, ",") {
		c := schema.SizeClass(s)
		if _, err := c.Elements(1, 1); err != nil {
			return bad("-sizes: %v", err)
		}
		cfg.sizes = append(cfg.sizes, c)
	}
	if *pressure != "" {
		for _, s := range strings.Split(*pressure, ",") {
			p, err := schema.ParsePressure(s)
			if err != nil {
				return bad("-pressure: %v", err)
			}
			cfg.pressures = append(cfg.pressures, p)
		}
	}
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
	if err := cfg.baseline.parse(set, cfg); err != nil {
		return bad("%v", err)
	}
	if !cfg.perft && !cfg.divide {
		for _, name := range []string{"fen", "depth", "config", "position", "tt", "grid"} {
			if set[name] {
				return bad("-%s goes with -perft or -divide", name)
			}
		}
	}
	if set["depth"] && (cfg.depth < 1 || cfg.depth > maxDepth) {
		return bad("-depth %d: want 1 to %d", cfg.depth, maxDepth)
	}
	if set["fen"] && strings.TrimSpace(cfg.fen) == "" {
		return bad("-fen is empty: give a position in FEN, or leave -fen out for the standard positions")
	}
	if set["fen"] && set["position"] {
		return bad("-fen and -position exclude each other: -fen counts its own position")
	}
	if cfg.divide && (set["config"] || set["tt"] || set["grid"] || set["position"]) {
		return bad("-divide counts one position in the default configuration: -config, -tt, -grid and -position go with -perft")
	}
	if cfg.grid && len(movegen.GridConfigs()) == 0 {
		return bad("-grid: this runbench is built without the grid's configurations, whose code is generated on demand: make perft GRID=1, or make grid and build runbench with -tags %s", factor.GridTag)
	}
	if cfg.config != nil {
		if err := cfg.config.check(configNames(perftConfigs(cfg)), "runbench -perft -list"); err != nil {
			return bad("%v", err)
		}
	}
	if *tt != "" {
		var err error
		if cfg.tt, err = parseTTs(*tt); err != nil {
			return bad("-tt: %v", err)
		}
	}
	return cfg, 0
}

// bench runs the suite and writes the results and the summary.
func bench(cfg *config) error {
	in := listenForInterrupts()
	defer in.release()
	b := &session{instrumented: instrumented{cfg: cfg, machine: harness.ThisMachine(), in: in}}
	if err := cfg.baseline.load(b.machine, true); err != nil {
		return err
	}
	if err := b.prepare(); err != nil {
		return err
	}
	if err := b.instrument(); err != nil {
		return err
	}
	runErr := b.time()
	if runErr != nil && !errors.Is(runErr, harness.ErrInterrupted) {
		return errors.Join(runErr, b.close())
	}
	if err := b.summarize(); err != nil {
		return err
	}
	if runErr != nil {
		return finishedRounds(b.rounds, cfg.count, b.results.Path)
	}
	if cfg.baseline.path != "" {
		return cfg.baseline.compare(b.results.Path)
	}
	return nil
}

// A session is one run of runbench over kernels: the steps prepare,
// instrument, time and summarize, in that order, and what they share.
type session struct {
	instrumented

	// prepare
	skipped  []harness.Skip
	ready    []*harness.Case
	rejected []string

	// time
	rounds int
}

// instrumented is what every timed run has: the machine, its clock and
// counters, the instrument's own measurements and the results file.
type instrumented struct {
	cfg     *config
	machine harness.Machine
	in      *interrupter
	load    *harness.LoadMeter
	cyc     *harness.Cycles
	events  *harness.Counters
	checks  []harness.SelfCheckRow
	over    harness.Overhead
	results *harness.ResultsFile
	start   time.Time
}

// startClock starts the load meter, the cycle clock and the counters, and
// says on stderr what it found.
func (b *instrumented) startClock() {
	b.load = harness.NewLoadMeter()
	b.cyc = harness.NewCycles() // locks this goroutine's thread for a cycle counter
	b.events = harness.OpenCounters(harness.HardwareEvents())
	build := runtime.GOARCH
	if b.machine.GOAMD64 != "" {
		build = "GOAMD64=" + b.machine.GOAMD64
	}
	fmt.Fprintf(os.Stderr, "cpu: %s (%s), cycles from %s", b.machine.Label(), build, b.cyc.Source)
	if b.cyc.GHz > 0 {
		fmt.Fprintf(os.Stderr, ", core clock %.3f GHz", b.cyc.GHz)
	}
	fmt.Fprintln(os.Stderr)
}

// measureInstrument runs the self-check and measures the empty kernel,
// then creates the results file at -out (or its default) with create.
func (b *instrumented) measureInstrument(path string, unique bool, create func(path string, unique bool) (*harness.ResultsFile, error)) error {
	b.in.enter("measuring the instrument (self-check, empty kernel)", "stopping after it; no round will be timed, so no results file is written")
	b.checks = b.cyc.SelfCheck(b.machine.Core)
	b.over = harness.MeasureOverhead(b.cyc)
	rf, err := create(path, unique)
	if err != nil {
		return err
	}
	b.results = rf
	b.in.writing(rf)
	b.start = time.Now()
	b.cyc.ResetRange()
	return nil
}

// close completes the results file and tells the interrupter.
func (b *instrumented) close() error {
	err := b.results.Close()
	path := b.results.Path
	if err != nil {
		path = ""
	}
	b.in.closed(path)
	return err
}

// timing says what a first interrupt does while the rounds run.
const timing = "finishing the current sample, then writing the completed rounds and their summary"

// prepare selects the cases, starts the clock, and checks every case
// against the reference on its own inputs.
func (b *session) prepare() error {
	cases, skipped, err := b.suite().Cases(b.machine)
	if err != nil {
		return err
	}
	b.skipped = skipped
	for _, s := range skipped {
		fmt.Fprintf(os.Stderr, "skipped %s: %s\n", s.ID, s.Reason)
	}
	if len(cases) == 0 {
		return errors.New("no kernel runs the selection here: the selected families, implementations and distributions share no case (runbench -list shows each family's implementations and distributions)")
	}
	b.startClock()
	b.in.enter(fmt.Sprintf("checking %d cases against the references", len(cases)), "stopping after the current case; nothing is timed and no results file is written")
	fmt.Fprintf(os.Stderr, "checking %d cases against the references...\n", len(cases))
	cache := harness.InputCache{}
	for _, c := range cases {
		if b.in.stopped() {
			return b.in.interruptedBeforeTiming()
		}
		if err := c.Prepare(cache); err != nil {
			b.rejected = append(b.rejected, fmt.Sprintf("%s: %v", c.Name(), err))
			continue
		}
		b.ready = append(b.ready, c)
	}
	for _, r := range b.rejected {
		fmt.Fprintln(os.Stderr, "not timed:", r)
	}
	if len(b.ready) == 0 {
		return errors.New("every selected kernel failed its check")
	}
	return nil
}

func (b *session) suite() harness.Suite {
	c := b.cfg
	return harness.Suite{Family: selector(c.family), Impl: selector(c.impl), Dist: selector(c.dist), Modes: c.modes, Sizes: c.sizes, Quick: c.quick, Seed: c.seed, Pressures: c.pressures}
}

// selector returns a selection as a harness.Selector: nil (every name)
// for none.
func selector(s *selection) harness.Selector {
	if s == nil {
		return nil
	}
	return s
}

// instrument measures the instrument itself (self-check, empty-kernel
// overhead) and opens the results file with its header.
func (b *session) instrument() error {
	path, unique, err := resultsPath(b.cfg.out, b.machine)
	if err != nil {
		return err
	}
	err = b.measureInstrument(path, unique, func(path string, unique bool) (*harness.ResultsFile, error) {
		return harness.CreateResults(path, unique, b.machine, b.events.Events, harness.FileConfig(b.machine, b.cyc, b.cfg.seed))
	})
	if err != nil {
		return err
	}
	b.header()
	for _, l := range harness.FormatSelfCheck(b.checks) {
		fmt.Fprintln(os.Stderr, "self-check:", l)
	}
	fmt.Fprintf(os.Stderr, "overhead: %s\n", overheadText(b.over))
	return nil
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

// time samples the cases round by round, writing each round's lines as it
// completes; the first interrupt stops after the current sample.
func (b *session) time() (err error) {
	stop, err := startProfile(b.cfg.cpuprofile)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stop()) }()
	cfg := b.cfg
	bar := newProgress(os.Stderr, !cfg.noProgress)
	b.in.enter("timing", timing)
	fmt.Fprintf(os.Stderr, "timing %d cases x %d rounds x %d samples of %v...\n", len(b.ready), cfg.count, cfg.perRound, cfg.sample)
	err = harness.Run(b.ready, b.cyc, harness.Options{
		Rounds: cfg.count, PerRound: cfg.perRound, SampleTime: cfg.sample, Seed: cfg.seed,
		Profile: cfg.cpuprofile != "", Counters: b.events, Progress: bar.update, Stop: b.in.Stop(),
		Round: func(round int) error {
			b.results.Comment("round %d: core clock %.4f GHz at its end", round+1, b.cyc.GHz)
			for _, c := range b.ready { // in family order: one block of lines per family
				if s, ok := c.RoundMedian(round); ok {
					if err := b.results.Result(c, s); err != nil {
						return err
					}
				}
			}
			b.rounds++
			return b.results.Flush()
		},
	})
	bar.done()
	return err
}

// costUnit is the unit of the summary's cost column.
func (b *session) costUnit() string {
	return schema.Cost(b.cyc.Source != "none", false).Written
}

// summarize writes the footer, completes the results file and prints the
// summary.
func (b *session) summarize() error {
	b.in.enter("writing the summary", "finishing it")
	rows := harness.Summarize(b.ready)
	b.footer(rows)
	if err := errors.Join(b.close(), b.events.Close()); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			return nil // bench says so
		}
		return err
	}
	path, w := b.results.Path, io.Writer(os.Stdout)
	if path == harness.Stdout {
		w = os.Stderr // the results own standard output
	}
	fmt.Fprintln(w)
	if b.cfg.pressures != nil {
		if err := pressureSummary(w, path); err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%d result lines (%d of %d rounds) in %s, %s\n", b.results.Lines(), b.rounds, b.cfg.count, time.Since(b.start).Round(time.Second), path)
		fmt.Fprintf(w, "compare pressures:\n  %s\n", report.PressureCommand(path))
		return nil
	}
	fmt.Fprintln(w, "Summary: throughput at each family's headline size (l1, or stream where branches learn), geometric mean over distributions")
	if err := harness.WriteSummary(w, rows, b.costUnit()); err != nil {
		return err
	}
	if path != harness.Stdout {
		fmt.Fprintln(w)
		if err := writeVerdict(w, path); err != nil {
			return fmt.Errorf("verdict: %w", err)
		}
	}
	fmt.Fprintf(w, "\n%d result lines (%d of %d rounds) in %s, %s\n", b.results.Lines(), b.rounds, b.cfg.count, time.Since(b.start).Round(time.Second), path)
	fmt.Fprintf(w, "compare implementations (each family's baseline first):\n  %s\n", benchstatCommand(b.ready, path))
	return nil
}

// pressureSummary prints, for a run under cache pressure, each family's
// table of costs against pressure as the pages show it.
func pressureSummary(w io.Writer, path string) error {
	if path == harness.Stdout {
		fmt.Fprintln(w, "Summary: the tables of costs against pressure come from a results file (go run ./cmd/plot FILE)")
		return nil
	}
	s, _, err := report.Load(path)
	if err != nil {
		return err
	}
	for _, c := range s.Configs {
		for fam := range s.PressureFamilies(c.Label) {
			fmt.Fprintf(w, "%s:\n", fam)
			if err := s.PressureTable(w, c.Label, fam); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

// benchstatCommand returns the benchstat command that prints each family's
// table with its baseline as the first column and every implementation of
// the run: benchstat orders (and limits) columns by an explicit list, and
// shows in each family's table only the columns it has, so the baselines
// come first in family order, then every other implementation.
func benchstatCommand(cases []*harness.Case, path string) string {
	var baselines, others []string
	for _, c := range cases {
		if b := c.Kernel.FamilyOf().Baseline(); !slices.Contains(baselines, b) {
			baselines = append(baselines, b)
		}
	}
	for _, c := range cases {
		if im := c.Kernel.Info().Impl; !slices.Contains(baselines, im) && !slices.Contains(others, im) {
			others = append(others, im)
		}
	}
	slices.Sort(others)
	return report.ImplsCommand(append(baselines, others...), path)
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
		"the floor of a portable kernel's figure, not subtracted from any: assembly kernels with unrolled loops run below it)",
		o.Throughput.NsPerOp, o.Throughput.CyclesPerOp, o.Latency.NsPerOp, o.Latency.CyclesPerOp)
}
