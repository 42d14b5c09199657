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
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"bitlab/harness"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/report"
	"bitlab/schema"
)

const usage = `usage: runbench [flags]

runbench times bitlab's kernels on this machine, in ns and in core cycles,
and writes Go benchmark format results that benchstat reads as they are.

examples:
  runbench                          the default suite (make bench)
  runbench -quick                   a short run: L1 and headline sizes, fewer distributions
  runbench -family popcount -dist 'k(8|32)$' -mode throughput
  runbench -impl '^(popcnt|swar)$' -count 20 -out /tmp/pop.txt
  runbench -levels v1,v3            rebuild at each GOAMD64 level, one file each
  runbench -cpuprofile cpu.prof     then: go tool pprof -tagfocus 'impl=^swar$' cpu.prof
  runbench -list                    every implementation and whether it runs here
  runbench -family sliding -sizes l1 -mode throughput -pressure none,l2,llc
                                    the same kernels with their tables pushed out of L2, then the LLC
  runbench -quick -baseline old.txt
                                    compare with a saved run (checked before timing anything): exit 3
                                    when a kernel is slower beyond -threshold and the noise (-gate)
  go tool benchstat -col '/impl@(...)' FILE  the command a run prints: each family's baseline first

-baseline: ` + report.Method + `

flags:
`

// config is the parsed command line.
type config struct {
	list, markdown, quick, noProgress bool
	perft, divide, grid               bool
	fen                               string
	tt                                []int // transposition table bytes; 0 for none
	depth                             int
	config, position                  *regexp.Regexp
	family, impl, dist                *regexp.Regexp
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
		for _, c := range perftConfigs(cfg) {
			if err := c.Supported(); err != nil {
				fmt.Printf("%s\t(not here: %v)\n", c, err)
				continue
			}
			fmt.Println(c)
		}
		return 0
	case cfg.perft:
		if err := benchPerft(cfg); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			if errors.Is(err, harness.ErrInterrupted) {
				return 130
			}
			return 1
		}
		return 0
	case cfg.list && cfg.markdown:
		writeMarkdown(os.Stdout, kernels.Families())
		return 0
	case cfg.list:
		var ks []kernels.Kernel
		for _, k := range kernels.All() {
			if i := k.Info(); matches(cfg.family, i.Family) && matches(cfg.impl, i.Impl) {
				ks = append(ks, k)
			}
		}
		if err := writeList(os.Stdout, ks); err != nil {
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
	if err := bench(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "runbench:", err)
		if errors.Is(err, harness.ErrInterrupted) {
			return 130
		}
		if errors.Is(err, errRegressed) {
			return 3
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
	sizes := fs.String("sizes", "l1,l2,stream,mem", "size classes: l1 (4,096 elements), l2 (half the L2 cache in 8-byte elements), stream (1,048,576: too many for a branch predictor to learn), mem (twice the last-level cache), or a number of elements (with the distributions of the family's headline size)")
	pressure := fs.String("pressure", "", "run every case under these cache pressures instead: none, l1, l2, llc, 2llc (an untimed walk of a buffer of that cache's size before every batch; none walks nothing but times the same way)")
	fs.IntVar(&cfg.count, "count", 10, "result lines per case (rounds); benchstat's samples")
	fs.IntVar(&cfg.perRound, "samples", 3, "samples per case per round; each line is their median")
	fs.DurationVar(&cfg.sample, "sample", time.Millisecond, "target duration of one sample")
	fs.BoolVar(&cfg.quick, "quick", false, "a short run: l1 size only, fewer distributions, -count 6 unless set")
	fs.StringVar(&cfg.out, "out", "", "results file, or a directory for it (default results/<cpu>/<time>-<level>.txt)")
	fs.StringVar(&cfg.cpuprofile, "cpuprofile", "", "write a CPU profile with pprof labels family, impl, dist and mode")
	fs.StringVar(&cfg.levels, "levels", "", "rebuild at each of these GOAMD64 levels the CPU supports (v1,v2,v3,v4) and run each")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the workloads and of the sampling order")
	cfg.baseline.flags(fs)
	fs.BoolVar(&cfg.noProgress, "noprogress", false, "no progress bar")
	fs.BoolVar(&cfg.perft, "perft", false, "time the move generator's perft instead of the kernels: one case per slider and position (results in results/<cpu>/perft/)")
	fs.BoolVar(&cfg.divide, "divide", false, "print the perft count below each legal move of -fen (or the start position) at -depth, and exit")
	fs.StringVar(&cfg.fen, "fen", "", "with -perft or -divide: count this position (FEN) instead of the standard ones")
	fs.IntVar(&cfg.depth, "depth", 0, "with -perft or -divide: the perft depth (default: the first depth of each standard position with 2,000,000 nodes; 4 for -fen)")
	perftConfig := fs.String("config", "", "with -perft: time only the generator's configurations matching this regular expression, as in slider=magic-fancy/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none (default all: the default and each that differs in one factor; runbench -perft -list)")
	fs.BoolVar(&cfg.grid, "grid", false, "with -perft: also the rest of the slider x serialization grid (every generic slider with every serialization loop; 70 more configurations, a long run)")
	tt := fs.String("tt", "", "with -perft: also count in the default configuration with a transposition table of each of these sizes, such as none,1MiB,64MiB,256MiB (probed at every node of depth 2 or more)")
	position := fs.String("position", "^(start|kiwipete)$", "with -perft: the standard positions to count, by name: start, kiwipete, pos3, pos4, pos4-mirrored, pos5, pos6")
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
	}{{*family, &cfg.family}, {*impl, &cfg.impl}, {*dist, &cfg.dist}, {*perftConfig, &cfg.config}, {*position, &cfg.position}} {
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
		cfg.modes = schema.Modes
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
	if *tt != "" {
		for _, f := range strings.Split(*tt, ",") {
			n, err := parseBytes(f)
			if err != nil {
				return bad("-tt: %v", err)
			}
			cfg.tt = append(cfg.tt, n)
		}
	}
	if cfg.depth < 0 || cfg.depth > 12 {
		return bad("-depth %d: want 1 to 12", cfg.depth)
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
	return cfg, 0
}

// bench runs the suite and writes the results and the summary.
func bench(cfg *config) error {
	b := &session{instrumented: instrumented{cfg: cfg, machine: harness.ThisMachine()}}
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
		return errors.Join(runErr, b.results.Close())
	}
	if err := b.summarize(); err != nil {
		return err
	}
	if cfg.baseline.path != "" && runErr == nil {
		return cfg.baseline.compare(b.results.Path)
	}
	return runErr
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
	b.events = harness.OpenCounters(harness.HardwareEvents)
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
		return errors.New("no kernel matches the selection (see runbench -list)")
	}
	b.startClock()
	fmt.Fprintf(os.Stderr, "checking %d cases against the references...\n", len(cases))
	cache := harness.InputCache{}
	for _, c := range cases {
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
	return harness.Suite{Family: c.family, Impl: c.impl, Dist: c.dist, Modes: c.modes, Sizes: c.sizes, Quick: c.quick, Seed: c.seed, Pressures: c.pressures}
}

// instrument measures the instrument itself (self-check, empty-kernel
// overhead) and opens the results file with its header.
func (b *session) instrument() error {
	b.checks = b.cyc.SelfCheck(b.machine.Core)
	b.over = harness.MeasureOverhead(b.cyc)
	path, err := resultsPath(b.cfg.out, b.machine)
	if err != nil {
		return err
	}
	if b.results, err = harness.CreateResults(path, b.machine, b.events.Events, harness.FileConfig(b.machine, b.cyc, b.cfg.seed)); err != nil {
		return err
	}
	b.start = time.Now()
	b.cyc.ResetRange()
	b.header()
	for _, l := range harness.FormatSelfCheck(b.checks) {
		fmt.Fprintln(os.Stderr, "self-check:", l)
	}
	fmt.Fprintf(os.Stderr, "overhead: empty kernel %s\n", overheadText(b.over))
	return nil
}

// time samples the cases round by round, writing each round's lines as it
// completes; Ctrl-C stops after the current sample.
func (b *session) time() (err error) {
	if b.cfg.cpuprofile != "" {
		f, err := os.Create(b.cfg.cpuprofile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return errors.Join(err, f.Close())
		}
		defer func() {
			pprof.StopCPUProfile()
			err = errors.Join(err, f.Close())
		}()
	}
	stop, release := interruptible()
	defer release()
	cfg := b.cfg
	bar := newProgress(os.Stderr, !cfg.noProgress)
	fmt.Fprintf(os.Stderr, "timing %d cases x %d rounds x %d samples of %v...\n", len(b.ready), cfg.count, cfg.perRound, cfg.sample)
	err = harness.Run(b.ready, b.cyc, harness.Options{
		Rounds: cfg.count, PerRound: cfg.perRound, SampleTime: cfg.sample, Seed: cfg.seed,
		Profile: cfg.cpuprofile != "", Counters: b.events, Progress: bar.update, Stop: stop,
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
	rows := harness.Summarize(b.ready)
	b.footer(rows)
	if err := errors.Join(b.results.Close(), b.events.Close()); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			fmt.Fprintln(os.Stderr, "no round completed: no results file written")
			return nil
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

// matches reports whether s matches re; a nil re matches everything.
func matches(re *regexp.Regexp, s string) bool { return re == nil || re.MatchString(s) }

// resultsPath resolves -out: empty for the default, a directory, or a file.
// "-" is standard output; a path ending in a separator or naming a
// directory gets the default file name in that directory, which is created
// now, before the run, if missing.
func resultsPath(out string, m harness.Machine) (string, error) {
	switch st, err := os.Stat(out); {
	case out == "":
		return harness.DefaultPath("results", m, time.Now()), nil
	case out == harness.Stdout:
		return out, nil
	case strings.HasSuffix(out, string(filepath.Separator)) || strings.HasSuffix(out, "/") || (err == nil && st.IsDir()):
		if err := os.MkdirAll(out, 0o755); err != nil {
			return "", err
		}
		return filepath.Join(out, filepath.Base(harness.DefaultPath(out, m, time.Now()))), nil
	}
	return out, os.MkdirAll(filepath.Dir(out), 0o755)
}

func overheadText(o harness.Overhead) string {
	return fmt.Sprintf("%.3f ns/op %.3f cycles/op (throughput loop), %.3f ns/op %.3f cycles/op (latency chain)",
		o.Throughput.NsPerOp, o.Throughput.CyclesPerOp, o.Latency.NsPerOp, o.Latency.CyclesPerOp)
}

// interruptible returns a channel closed at the first Ctrl-C (or SIGTERM),
// which makes a run finish its current sample and keep the completed
// rounds; a second one quits at once. release stops listening.
func interruptible() (stop <-chan struct{}, release func()) {
	c := make(chan struct{})
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		if _, ok := <-sig; !ok {
			return
		}
		fmt.Fprintln(os.Stderr, "\ninterrupted: finishing the sample, keeping the completed rounds (again to quit now)")
		close(c)
		if _, ok := <-sig; ok {
			os.Exit(130)
		}
	}()
	return c, func() { signal.Stop(sig); close(sig) }
}
