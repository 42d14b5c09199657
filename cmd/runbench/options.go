package main

import (
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"time"

	"bitlab/factor"
	"bitlab/harness"
	"bitlab/internal/command"
	"bitlab/internal/goamd64"
	"bitlab/movegen"
	"bitlab/schema"
)

// runOptions are the flags of every timed run, kernels or perft.
type runOptions struct {
	count, perRound int
	sample          time.Duration
	seed            uint64
	out, cpuprofile string
	noProgress      bool
	campaignFlag    string
	campaign        schema.Campaign // -campaign's, zero without
}

// flags registers the run flags; defaultOut is where the results go
// without -out, labels the profile's pprof labels.
func (o *runOptions) flags(fs *flag.FlagSet, defaultOut, labels string) {
	fs.IntVar(&o.count, "count", 10, "result lines per case (rounds); benchstat's samples")
	fs.IntVar(&o.perRound, "samples", 3, "samples per case per round; each line is their median")
	fs.DurationVar(&o.sample, "sample", time.Millisecond, "target duration of one sample")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the workloads and of the sampling order")
	fs.StringVar(&o.out, "out", "", "results file, or a directory for it (default "+defaultOut+", with -2, -3 ... added when a run started in the same second has the name); - for standard output")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile with pprof labels "+labels)
	fs.BoolVar(&o.noProgress, "noprogress", false, "no progress bar")
	fs.StringVar(&o.campaignFlag, "campaign", "", "the campaign the run belongs to, as runbench campaign passes it (REVISION START): the results header records it; this runbench must be built from REVISION")
}

func (o *runOptions) check() error {
	if o.count < 1 || o.perRound < 1 || o.sample <= 0 {
		return errors.New("-count, -samples and -sample must be positive")
	}
	if o.campaignFlag == "" {
		return nil
	}
	c, err := schema.ParseCampaign(o.campaignFlag)
	if err != nil {
		return fmt.Errorf("-campaign: %v", err)
	}
	if built, _ := revision(); built != c.Built() {
		return fmt.Errorf("-campaign measures %s, but this runbench was built from %s: runbench campaign builds the runbench it runs", c.Built(), built)
	}
	o.campaign = c
	return nil
}

// kernelNames are the flags that select kernels by name, -family and
// -impl, which bench and list share.
type kernelNames struct {
	familyFlag, implFlag string
	family, impl         *selection
}

func (k *kernelNames) flags(fs *flag.FlagSet, what string) {
	fs.StringVar(&k.familyFlag, "family", "", what+" only these families (names, or a regular expression matching whole names)")
	fs.StringVar(&k.implFlag, "impl", "", what+" only these implementations (names, or a regular expression matching whole names)")
}

func (k *kernelNames) check() error {
	var err error
	if k.family, err = checkedSelection("family", "family", k.familyFlag, familyNames(), "runbench list"); err != nil {
		return err
	}
	k.impl, err = checkedSelection("impl", "implementation", k.implFlag, implNames(), "runbench list")
	return err
}

// checkedSelection parses a selection flag's value and checks it against
// the known names, which listing lists.
func checkedSelection(flag, noun, value string, known []string, listing string) (*selection, error) {
	s, err := parseSelection(flag, noun, value)
	if err == nil {
		err = s.check(known, listing)
	}
	return s, err
}

// benchOptions are the options of a kernel run: which cases, how they
// are timed, and the saved run to compare with.
type benchOptions struct {
	kernelNames
	runOptions
	distFlag, modeFlag, sizesFlag, pressureFlag string
	quick                                       bool
	dist                                        *selection
	modes                                       []schema.Mode
	sizes                                       []schema.SizeClass
	pressures                                   []schema.Pressure
	baseline                                    baseline
}

// flags registers a kernel run's flags; baselinePath says whether
// -baseline is among them (compare takes its file as an argument).
func (o *benchOptions) flags(fs *flag.FlagSet, baselinePath bool) {
	o.kernelNames.flags(fs, "run")
	fs.StringVar(&o.distFlag, "dist", "", "run only these distributions of each family's plan (names such as k8, d4, random, chess, d4-rep256, or a regular expression matching whole names; runbench list lists each family's)")
	fs.StringVar(&o.modeFlag, "mode", "both", "throughput, latency or both")
	fs.StringVar(&o.sizesFlag, "sizes", "l1,l2,stream,mem", "size classes: l1 (4,096 elements), l2 (half the L2 cache in 8-byte elements), stream (1,048,576: too many for a branch predictor to learn), mem (twice the last-level cache), or a number of elements (with the distributions of the family's headline size)")
	fs.StringVar(&o.pressureFlag, "pressure", "", "run every case under these cache pressures instead: none, l1, l2, llc, 2llc (an untimed walk of a buffer of that cache's size before every batch; none walks nothing but times the same way)")
	fs.BoolVar(&o.quick, "quick", false, "a short run: of -sizes only l1 and each family's headline size (stream for the families whose branches learn, and any number of elements), each family's few quick distributions (the ones runbench list marks with *; -dist chooses among all), -count 6 unless set")
	o.runOptions.flags(fs, "results/<cpu>/<time>-<level>.txt", "family, impl, dist and mode")
	o.baseline.flags(fs, baselinePath)
}

func (o *benchOptions) check(p command.Parsed) error {
	if err := o.kernelNames.check(); err != nil {
		return err
	}
	var err error
	if o.dist, err = checkedSelection("dist", "distribution", o.distFlag, distNames(), "runbench list"); err != nil {
		return err
	}
	switch o.modeFlag {
	case "both":
		o.modes = schema.Modes()
	case string(schema.Throughput), string(schema.Latency):
		o.modes = []schema.Mode{schema.Mode(o.modeFlag)}
	default:
		return fmt.Errorf("-mode %q: want throughput, latency or both", o.modeFlag)
	}
	for _, s := range strings.Split(o.sizesFlag, ",") {
		c := schema.SizeClass(s)
		if _, err := c.Elements(1, 1); err != nil {
			return fmt.Errorf("-sizes: %v", err)
		}
		o.sizes = append(o.sizes, c)
	}
	if o.pressureFlag != "" {
		for _, s := range strings.Split(o.pressureFlag, ",") {
			pr, err := schema.ParsePressure(s)
			if err != nil {
				return fmt.Errorf("-pressure: %v", err)
			}
			o.pressures = append(o.pressures, pr)
		}
	}
	if o.quick && !p.Set["count"] {
		o.count = 6
	}
	if err := o.runOptions.check(); err != nil {
		return err
	}
	return o.baseline.check(p.Set, o.out)
}

func (o *benchOptions) run(e *env) error {
	return runSession(e, &o.runOptions, "case", &kernelRun{opt: o})
}

// suite is the harness's selection of the run's cases.
func (o *benchOptions) suite() harness.Suite {
	return harness.Suite{Family: selector(o.family), Impl: selector(o.impl), Dist: selector(o.dist), Modes: o.modes, Sizes: o.sizes,
		Quick: o.quick, Seed: o.seed, Pressures: o.pressures}
}

// selector returns a selection as a harness.Selector: nil (every name)
// for none.
func selector(s *selection) harness.Selector {
	if s == nil {
		return nil
	}
	return s
}

// compareOptions are bench's with the saved run as an argument.
type compareOptions struct{ benchOptions }

func (o *compareOptions) check(p command.Parsed) error {
	o.baseline.path = p.Args[0]
	return o.benchOptions.check(p)
}

// levelsOptions are a kernel run's at each of a list of GOAMD64 levels.
type levelsOptions struct {
	bench  benchOptions
	levels []string
	args   []string // the kernel run's flags as given, without -out and -cpuprofile, which each level names for itself
}

func (o *levelsOptions) check(p command.Parsed) error {
	if runtime.GOARCH != "amd64" {
		return errors.New("GOAMD64 levels are amd64's")
	}
	for _, level := range strings.Split(p.Args[0], ",") {
		if !goamd64.Known(level) {
			return fmt.Errorf("unknown GOAMD64 level %q (want a list of v1, v2, v3, v4)", level)
		}
		o.levels = append(o.levels, level)
	}
	o.args = dropFlags(p.Flags, "out", "cpuprofile")
	return o.bench.check(p)
}

// positionFlags are the flags that choose a position to count, which
// perft and divide share: -fen and -depth.
type positionFlags struct {
	fen   string
	pos   *movegen.Position // -fen's, nil without
	depth int               // 0: the default of each position
}

func (o *positionFlags) flags(fs *flag.FlagSet, instead string) {
	fs.StringVar(&o.fen, "fen", "", "count this position (FEN) instead of "+instead)
	fs.IntVar(&o.depth, "depth", 0, fmt.Sprintf("the perft depth, 1 to %d (default: for a standard position the first depth with at least %s nodes, such as %s; %d for -fen)",
		maxDepth, thousands(defaultPerftNodes), defaultDepthsText(), fenDepth))
}

func (o *positionFlags) check(set map[string]bool) error {
	if set["depth"] && (o.depth < 1 || o.depth > maxDepth) {
		return fmt.Errorf("-depth %d: want 1 to %d", o.depth, maxDepth)
	}
	if !set["fen"] {
		return nil
	}
	if strings.TrimSpace(o.fen) == "" {
		return errors.New("-fen is empty: give a position in FEN, or leave -fen out for the standard positions")
	}
	p, err := movegen.ParseFEN(o.fen)
	if err != nil {
		return fmt.Errorf("-fen: %v", err)
	}
	o.pos = &p
	return nil
}

// perftOptions are the options of a perft run.
type perftOptions struct {
	runOptions
	positionFlags
	positionFlag, configFlag, ttFlag string
	depthsFlag                       string
	positions, config                *selection
	depths                           map[string]int // -depths: standard position: depth
	grid                             bool
	placement                        bool     // -placement: the default configuration alone, as this build's code placement
	fenDefault                       bool     // -fen without -config: the default configuration only
	tt                               []int    // transposition table bytes; 0 for none
	args                             []string // the flags as given, for the results' run line
}

func (o *perftOptions) flags(fs *flag.FlagSet) {
	o.positionFlags.flags(fs, "the standard ones")
	fs.StringVar(&o.positionFlag, "position", "start,kiwipete", "the standard positions to count: "+strings.Join(positionNames(), ", "))
	fs.StringVar(&o.configFlag, "config", "", "time only these configurations of the generator, by the short names the summary uses (default, slider=magic-black, serialize=bytes/leaf=count ...) or full names ("+movegen.DefaultConfig().String()+"), or a regular expression matching a whole short or full name (default: all, the default and each that differs in one factor, runbench list -perft; with -fen the default only, -config '.*' for all)")
	fs.StringVar(&o.depthsFlag, "depths", "", "count these standard positions at these depths, such as start=6,kiwipete=5 (runbench campaign's choice; instead of -position and -depth)")
	fs.BoolVar(&o.grid, "grid", false, fmt.Sprintf("also the rest of the slider x serialization grid (every generic slider with every serialization loop; %d more configurations, a long run)", len(factor.Grid())))
	fs.BoolVar(&o.placement, "placement", false, "time the default configuration alone, as this build's placement of the code: a placement run, whose header says which of runbench campaign's placement builds this is (its number, and the bytes of padding code it links before the move generator; the normal build is placement 1); the campaign runs every placement's build in turns, a round each, and pages read the runs' spread")
	fs.StringVar(&o.ttFlag, "tt", "", "also count in the default configuration with a transposition table of each of these sizes, such as none,1MiB,64MiB,256MiB (probed at every node of depth 2 or more; each size rounded down to a power of two; all of them together must fit in the memory available)")
	o.runOptions.flags(fs, "results/<cpu>/perft/<time>-<level>.txt", "config (the short name), position, depth and tt")
}

func (o *perftOptions) check(p command.Parsed) error {
	o.args = p.Flags
	if err := o.positionFlags.check(p.Set); err != nil {
		return err
	}
	if p.Set["fen"] && p.Set["position"] {
		return errors.New("-fen and -position exclude each other: -fen counts its own position")
	}
	var err error
	if p.Set["depths"] {
		if p.Set["fen"] || p.Set["position"] || p.Set["depth"] {
			return errors.New("-depths names the positions and their depths: it goes with no -fen, -position or -depth")
		}
		if o.depths, err = parseDepths(o.depthsFlag); err != nil {
			return fmt.Errorf("-depths: %v", err)
		}
	}
	if o.positions, err = checkedSelection("position", "standard position", o.positionFlag, positionNames(), "runbench perft -h"); err != nil {
		return err
	}
	if o.placement && (p.Set["fen"] || p.Set["config"] || p.Set["grid"] || p.Set["tt"]) {
		return errors.New("-placement times the default configuration of the standard positions alone: it goes with no -fen, -config, -grid or -tt")
	}
	// One position of the user's: a count and a time, not every
	// configuration's (33 at -depth 5 took minutes).
	o.fenDefault = p.Set["fen"] && !p.Set["config"]
	configs := o.configFlag
	if o.fenDefault || o.placement {
		configs = factor.DefaultName
	}
	if o.config, err = checkConfigs(configs, o.grid); err != nil {
		return err
	}
	if o.ttFlag != "" {
		if o.tt, err = parseTTs(o.ttFlag); err != nil {
			return fmt.Errorf("-tt: %v", err)
		}
	}
	return o.runOptions.check()
}

// checkConfigs parses -config among the configurations considered (with
// the grid's where grid is set, which needs them built).
func checkConfigs(value string, grid bool) (*selection, error) {
	if grid && len(movegen.GridConfigs()) == 0 {
		return nil, fmt.Errorf("-grid: this runbench is built without the grid's configurations, whose code is generated on demand: make perft GRID=1, or make grid and build runbench with -tags %s", factor.GridTag)
	}
	return checkedSelection("config", "configuration", value, configNames(perftConfigs(grid)), "runbench list -perft")
}

func (o *perftOptions) run(e *env) error {
	return runSession(e, &o.runOptions, "perft case", &perftRun{opt: o})
}

// divideOptions are the options of divide: the position and depth.
type divideOptions struct{ positionFlags }

func (o *divideOptions) flags(fs *flag.FlagSet) { o.positionFlags.flags(fs, "the start position") }

func (o *divideOptions) check(p command.Parsed) error { return o.positionFlags.check(p.Set) }

// listOptions are the options of list.
type listOptions struct {
	kernelNames
	markdown, perft, grid bool
	pressureFamilies      bool
	configFlag            string
	config                *selection
}

func (o *listOptions) flags(fs *flag.FlagSet) {
	o.kernelNames.flags(fs, "list")
	fs.BoolVar(&o.markdown, "markdown", false, "print the README's Markdown table of every family and implementation instead")
	fs.BoolVar(&o.perft, "perft", false, "list only the perft configurations: the short name the summary uses, the full name, whether this CPU runs it")
	fs.StringVar(&o.configFlag, "config", "", "with -perft: only these configurations (as runbench perft -config selects them)")
	fs.BoolVar(&o.grid, "grid", false, "with -perft: also the rest of the slider x serialization grid (runbench perft -grid)")
	fs.BoolVar(&o.pressureFamilies, "pressure-families", false, "print only the families with a kernel that declares lookup tables, comma-separated (make pressure's -family)")
}

func (o *listOptions) check(p command.Parsed) error {
	switch {
	case o.pressureFamilies && (o.markdown || o.perft || o.familyFlag != "" || o.implFlag != ""):
		return errors.New("-pressure-families prints one line: it goes with no -markdown, -perft, -family or -impl")
	case o.markdown && (o.perft || o.familyFlag != "" || o.implFlag != ""):
		return errors.New("-markdown prints the README's whole table: it goes with no -perft, -family or -impl")
	case o.perft && (o.familyFlag != "" || o.implFlag != ""):
		return errors.New("-perft lists the move generator's configurations: -family and -impl select kernels")
	case !o.perft && (p.Set["config"] || p.Set["grid"]):
		return errors.New("-config and -grid go with -perft")
	}
	if err := o.kernelNames.check(); err != nil {
		return err
	}
	var err error
	o.config, err = checkConfigs(o.configFlag, o.grid)
	return err
}
