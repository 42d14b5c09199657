package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/perf/benchfmt"

	"bitlab/harness"
	"bitlab/movegen"
	"bitlab/movegen/factor"
	"bitlab/positions"
	"bitlab/report"
	"bitlab/schema"
)

// defaultPerftNodes picks a standard position's default depth: the first
// with at least this many nodes.
const defaultPerftNodes = 2_000_000

// maxDepth bounds -depth; fenDepth is the default depth of a -fen position.
const (
	maxDepth = 12
	fenDepth = 4
)

// perftPosition is a position to count, with its published counts if any.
type perftPosition struct {
	name   string
	pos    movegen.Position
	depth  int
	counts []uint64
}

// defaultDepth returns the default depth of a standard position with the
// given published counts: the first with at least defaultPerftNodes, else
// the deepest.
func defaultDepth(counts []uint64) int {
	for d, n := range counts {
		if n >= defaultPerftNodes {
			return d + 1
		}
	}
	return len(counts)
}

// defaultDepthsText names the default depths of the first two standard
// positions, for -h: "5 for start and 4 for kiwipete".
func defaultDepthsText() string {
	cs := positions.PerftCases()
	return fmt.Sprintf("%d for %s and %d for %s", defaultDepth(cs[0].Counts), cs[0].Name, defaultDepth(cs[1].Counts), cs[1].Name)
}

// thousands writes n with commas: 2,000,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// positionNames returns the names of the standard positions.
func positionNames() []string {
	var names []string
	for _, c := range positions.PerftCases() {
		names = append(names, c.Name)
	}
	return names
}

// perftPositions returns the positions a perft run counts: -fen, or the
// standard positions -position selects.
func perftPositions(cfg *config) ([]perftPosition, error) {
	if cfg.fen != "" {
		p, err := movegen.ParseFEN(cfg.fen)
		if err != nil {
			return nil, fmt.Errorf("-fen: %v", err)
		}
		return []perftPosition{{name: "fen", pos: p, depth: cmp.Or(cfg.depth, fenDepth)}}, nil
	}
	var ps []perftPosition
	for _, c := range positions.PerftCases() {
		if !cfg.position.MatchString(c.Name) {
			continue
		}
		p, err := movegen.ParseFEN(c.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Name, err)
		}
		ps = append(ps, perftPosition{name: c.Name, pos: p, depth: cmp.Or(cfg.depth, defaultDepth(c.Counts)), counts: c.Counts})
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("-position %v matches none of the standard positions", cfg.position)
	}
	return ps, nil
}

// want returns the published count of the position at its depth, 0 if
// there is none.
func (p perftPosition) want() uint64 {
	if p.depth <= len(p.counts) {
		return p.counts[p.depth-1]
	}
	return 0
}

// nothingToCount explains a position whose count at its depth is 0.
func (p perftPosition) nothingToCount() error {
	if len(movegen.Divide(&p.pos, 1)) == 0 {
		return fmt.Errorf("position %s: the side to move has no legal move (checkmate or stalemate): every perft count is 0, nothing to time", p.name)
	}
	return fmt.Errorf("position %s: no legal move sequence of depth %d (every line ends in checkmate or stalemate sooner): nothing to time; give a smaller -depth", p.name, p.depth)
}

// divideProgressAfter is how long a divide runs before it reports its
// progress on stderr (its lines on stdout come as each move finishes).
const divideProgressAfter = time.Second

// divide prints the count below every legal move, in the order of the
// moves' names, each as soon as it is counted; then the totals, and on
// stderr the speed (and, for a long divide, the progress once a second).
func divide(cfg *config) int {
	pp := perftPosition{name: "fen"}
	fen := cfg.fen
	if fen == "" {
		start := positions.PerftCases()[0]
		fen, pp.name, pp.counts = start.FEN, start.Name, start.Counts
	}
	var err error
	if pp.pos, err = movegen.ParseFEN(fen); err != nil {
		fmt.Fprintln(os.Stderr, "runbench: -fen:", err)
		return 2
	}
	pp.depth = cfg.depth
	if pp.depth == 0 {
		pp.depth = fenDepth
		if pp.counts != nil {
			pp.depth = defaultDepth(pp.counts)
		}
	}
	var l movegen.MoveList
	pp.pos.Moves(&l)
	moves := slices.Clone(l.Slice())
	slices.SortFunc(moves, func(a, b movegen.Move) int { return cmp.Compare(a.String(), b.String()) })
	fmt.Fprintf(os.Stderr, "divide: %s, depth %d, %d legal moves\n", pp.name, pp.depth, len(moves))
	start, reported := time.Now(), time.Now()
	var total uint64
	for i, m := range moves {
		q := pp.pos.Play(m)
		n := movegen.Perft(&q, pp.depth-1)
		total += n
		fmt.Printf("%s: %d\n", m, n)
		if now := time.Now(); now.Sub(start) > divideProgressAfter && now.Sub(reported) > divideProgressAfter {
			reported = now
			fmt.Fprintf(os.Stderr, "divide: %d of %d moves, %d nodes, %s\n", i+1, len(moves), total, nodesPerSecond(total, now.Sub(start)))
		}
	}
	fmt.Printf("\nmoves: %d\nnodes: %d\n", len(moves), total)
	took := time.Since(start)
	fmt.Fprintf(os.Stderr, "divide: %d nodes in %v, %s\n", total, took.Round(time.Millisecond), nodesPerSecond(total, took))
	return 0
}

// nodesPerSecond writes a perft speed.
func nodesPerSecond(nodes uint64, d time.Duration) string {
	if d <= 0 {
		return "too fast to time"
	}
	return fmt.Sprintf("%.2f Mnodes/s", float64(nodes)/d.Seconds()/1e6)
}

// perftSession is one timed run of the move generator.
type perftSession struct {
	instrumented
	cases  []*harness.PerftCase
	rounds int
}

// benchPerft counts every selected configuration once, checks the
// counts, then times them interleaved like the kernels and writes their
// results and a summary.
func benchPerft(cfg *config) error {
	in := listenForInterrupts()
	defer in.release()
	b := &perftSession{instrumented: instrumented{cfg: cfg, machine: harness.ThisMachine(), in: in}}
	ps, err := perftPositions(cfg)
	if err != nil {
		return err
	}
	var configs []movegen.Config
	for _, c := range selectConfigs(cfg) {
		if err := movegen.Supported(c); err != nil {
			fmt.Fprintf(os.Stderr, "skipped %s: %v\n", c, err)
			continue
		}
		configs = append(configs, c)
	}
	if len(configs) == 0 {
		return fmt.Errorf("-config %v matches none of the configurations this CPU runs (runbench -perft -list)", cfg.config)
	}
	// One table per size, shared by the positions: every count empties it
	// first.
	tts := map[int]*movegen.TT{}
	for _, size := range cfg.tt {
		if size > 0 {
			if tts[size], err = movegen.NewTT(size); err != nil {
				return err
			}
		}
	}
	b.startClock()
	b.in.enter(fmt.Sprintf("counting %d positions in %d configurations", len(ps), len(configs)),
		"stopping after the current count; nothing is timed and no results file is written")
	fmt.Fprintf(os.Stderr, "counting %d positions in %d configurations...\n", len(ps), len(configs))
	for _, p := range ps {
		want := p.want()
		for _, mc := range configs {
			f, err := movegen.PerftFunc(mc)
			if err != nil {
				return err
			}
			c := &harness.PerftCase{
				Key:  schema.PerftCase{Config: mc, Position: p.name, Depth: p.depth},
				Run:  func() uint64 { return f(p.pos, p.depth) },
				Want: want,
			}
			if err := b.prepare(p, c); err != nil {
				return err
			}
			if want == 0 {
				want = c.Nodes() // every other configuration must agree with the first
			}
			b.cases = append(b.cases, c)
		}
		for _, size := range cfg.tt {
			if size == 0 {
				continue // none: the default configuration's case above
			}
			tt := tts[size]
			c := &harness.PerftCase{
				Key:   schema.PerftCase{Config: movegen.DefaultConfig(), Position: p.name, Depth: p.depth, TT: bytesName(tt.Bytes())},
				Run:   func() uint64 { return movegen.PerftTT(&p.pos, p.depth, tt) },
				Want:  want,
				Setup: tt.Clear,
			}
			if err := b.prepare(p, c); err != nil {
				return err
			}
			b.cases = append(b.cases, c)
		}
		fmt.Printf("%s depth %d: %d nodes\n", p.name, p.depth, want)
	}
	path, unique, err := perftPath(cfg.out, b.machine)
	if err != nil {
		return err
	}
	err = b.measureInstrument(path, unique, func(path string, unique bool) (*harness.ResultsFile, error) {
		return harness.CreatePerftResults(path, unique, b.machine, append(harness.FileConfig(b.machine, b.cyc, cfg.seed),
			benchfmt.Config{Key: schema.KeyBaseline, Value: []byte(movegen.DefaultConfig().String()), File: true}))
	})
	if err != nil {
		return err
	}
	b.writeHeader(func(rf *harness.ResultsFile) {
		rf.Comment("%s%s", schema.RunComment, schema.PerftRun(cfg.args))
		rf.Comment("perft: %d positions x %d configurations, rounds=%d samples=%d sample=%v; default %s",
			len(ps), len(configs), cfg.count, cfg.perRound, cfg.sample, movegen.DefaultConfig())
	}, func(rf *harness.ResultsFile) {
		for _, p := range ps {
			rf.Comment("position %s: %s, depth %d, %d nodes", p.name, p.pos.FEN(), p.depth, b.casesOf(p.name)[0].Nodes())
		}
	})
	runErr := b.time()
	if runErr != nil && !errors.Is(runErr, harness.ErrInterrupted) {
		return errors.Join(runErr, b.close())
	}
	b.in.enter("writing the summary", "finishing it")
	if b.rounds < cfg.count {
		b.warn("interrupted: %d of %d rounds completed", b.rounds, cfg.count)
	}
	if err := b.close(); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			return finishedRounds(0, cfg.count, path)
		}
		return err
	}
	path = b.results.Path
	fmt.Println()
	b.summary(os.Stdout, ps)
	// A run of the standard positions and configurations ranks the
	// factors: the verdict, with the folder's full-suite run.
	if f, err := report.ScanFile(path); err == nil && f.Run.Kind == schema.RunPerft {
		fmt.Println()
		if err := writeVerdict(os.Stdout, path); err != nil {
			return fmt.Errorf("verdict: %w", err)
		}
	}
	fmt.Printf("\n%d result lines (%d of %d rounds) in %s, %s\ncompare the techniques of one factor, the others at their defaults:\n",
		b.results.Lines(), b.rounds, cfg.count, time.Since(b.start).Round(time.Second), path)
	for _, c := range report.PerftCommands(movegen.DefaultConfig().String(), path) {
		fmt.Printf("  %s\n", c)
	}
	if runErr != nil {
		return finishedRounds(b.rounds, cfg.count, path)
	}
	return nil
}

// prepare counts a case once and checks its count: a position with
// nothing to count is an error that says why, a miscount one that names
// the configuration; an interrupt stops before the count.
func (b *perftSession) prepare(p perftPosition, c *harness.PerftCase) error {
	if b.in.stopped() {
		return b.in.interruptedBeforeTiming()
	}
	err := c.Prepare()
	switch {
	case err == nil:
		return nil
	case c.Nodes() == 0 && c.Want == 0:
		return p.nothingToCount()
	}
	return fmt.Errorf("not timed, miscounts: %v", err)
}

// casesOf returns the cases of one position.
func (b *perftSession) casesOf(position string) []*harness.PerftCase {
	var cs []*harness.PerftCase
	for _, c := range b.cases {
		if c.Key.Position == position {
			cs = append(cs, c)
		}
	}
	return cs
}

// time samples the cases round by round; Ctrl-C stops after the current
// sample and keeps the completed rounds.
func (b *perftSession) time() (err error) {
	stop, err := startProfile(b.cfg.cpuprofile)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stop()) }()
	cfg := b.cfg
	b.in.enter("timing", timing)
	bar := newProgress(os.Stderr, !cfg.noProgress)
	fmt.Fprintf(os.Stderr, "timing %d perft cases x %d rounds x %d samples...\n", len(b.cases), cfg.count, cfg.perRound)
	err = harness.Run(b.cases, b.cyc, harness.Options{
		Rounds: cfg.count, PerRound: cfg.perRound, SampleTime: cfg.sample, Seed: cfg.seed,
		Profile: cfg.cpuprofile != "", Counters: b.events, Progress: bar.update, Stop: b.in.Stop(),
		Round: func(round int) error {
			b.results.Comment("round %d: core clock %.4f GHz at its end", round+1, b.cyc.GHz)
			for _, c := range b.cases {
				if s, ok := c.RoundMedian(round); ok {
					if err := b.results.PerftResult(c, s); err != nil {
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

// summary prints, per position, each configuration's median speed,
// fastest first, against the default configuration.
func (b *perftSession) summary(w io.Writer, ps []perftPosition) {
	fmt.Fprintf(w, "Summary: perft per position, median over all samples, fastest first; %s is %s\n", factor.DefaultName, movegen.DefaultConfig())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range ps {
		cs := b.casesOf(p.name)
		var base float64
		for _, c := range cs {
			if c.Key.Config == movegen.DefaultConfig() && c.Key.TT == "" {
				base = c.Stats().Median
			}
		}
		slices.SortFunc(cs, func(x, y *harness.PerftCase) int {
			return cmp.Compare(x.Stats().Median, y.Stats().Median)
		})
		fmt.Fprintf(tw, "%s depth %d\tconfiguration\tMnodes/s\tns/node\tcycles/node\tspeed vs default\n", p.name, p.depth)
		for _, c := range cs {
			st := c.Stats()
			if st.N == 0 {
				continue
			}
			vs := "-"
			if base > 0 {
				vs = fmt.Sprintf("%.2fx", base/st.Median)
			}
			fmt.Fprintf(tw, "\t%s\t%.1f\t%.2f\t%.1f\t%s\n", label(c), 1e3/st.Median, st.Median, st.MedianCycles, vs)
		}
	}
	tw.Flush()
}

// parseBytes reads a size such as 64MiB, 1KiB, 4096 or none (0).
func parseBytes(s string) (int, error) {
	if s == "none" {
		return 0, nil
	}
	mult := 1
	for _, u := range []struct {
		suffix string
		mult   int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = rest, u.mult
			break
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > (1<<40)/mult {
		return 0, fmt.Errorf("bad size %q (want none, or a number with an optional KiB, MiB or GiB)", s)
	}
	return n * mult, nil
}

// ttShare is the part of the available memory the transposition tables
// may take together; the rest stays for the program and the system.
const ttShare = 0.75

// parseTTs reads -tt: sizes rounded down to a power of two, as
// movegen.NewTT allocates them, each at most once, and together at most
// ttShare of the memory available (harness.AvailableMemory), so that a size
// the machine cannot hold is this error rather than the Go runtime's fatal
// out-of-memory trace.
func parseTTs(list string) ([]int, error) {
	var sizes []int
	total := 0
	for _, f := range strings.Split(list, ",") {
		n, err := parseBytes(f)
		if err != nil {
			return nil, err
		}
		if n > 0 && n < 16 {
			return nil, fmt.Errorf("%s: a table of %d bytes holds no 16-byte entry", f, n)
		}
		if n > 0 {
			n = 1 << (bits.Len(uint(n)) - 1) // as NewTT rounds it
		}
		if slices.Contains(sizes, n) {
			return nil, fmt.Errorf("%s: the size %s is listed twice (sizes are rounded down to a power of two)", f, cmp.Or(bytesName(n), "none"))
		}
		sizes = append(sizes, n)
		total += n
	}
	if limit, ok := harness.AvailableMemory(); ok && float64(total) > ttShare*float64(limit.Bytes) {
		fit := "none fits"
		if most := int(ttShare * float64(limit.Bytes)); most >= 16 {
			fit = "the largest table that fits alone is " + bytesName(1<<(bits.Len(uint(most))-1))
		}
		return nil, fmt.Errorf("the tables need %s together, more than %.0f%% of the %s available: %s", bytesName(total), 100*ttShare, limit, fit)
	}
	return sizes, nil
}

// bytesName writes a size as parseBytes reads it, in the largest exact unit.
func bytesName(n int) string {
	for _, u := range []struct {
		suffix string
		mult   int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.mult && n%u.mult == 0 {
			return strconv.Itoa(n/u.mult) + u.suffix
		}
	}
	return strconv.Itoa(n)
}

// label names a case's configuration in the summary: by its short name,
// or by its transposition table.
func label(c *harness.PerftCase) string {
	if c.Key.TT != "" {
		return "tt=" + c.Key.TT
	}
	return c.Key.Short()
}

// perftConfigs returns the generator's configurations a run considers:
// one factor at a time from the default, and with -grid the rest of the
// slider x serialization grid.
func perftConfigs(cfg *config) []movegen.Config {
	cs := movegen.Configs()
	if cfg.grid {
		cs = append(cs, movegen.GridConfigs()...)
	}
	return cs
}

// configNames returns the short and full names of configurations.
func configNames(cs []movegen.Config) []string {
	var names []string
	for _, c := range cs {
		names = append(names, c.Short(), c.String())
	}
	return names
}

// selectConfigs returns the configurations -config selects by short or
// full name, whether or not this CPU runs them.
func selectConfigs(cfg *config) []movegen.Config {
	var cs []movegen.Config
	for _, c := range perftConfigs(cfg) {
		if cfg.config.MatchString(c.Short()) || cfg.config.MatchString(c.String()) {
			cs = append(cs, c)
		}
	}
	return cs
}

// perftPath resolves -out for a perft run: by default
// results/<cpu>/perft/<time>-<level>.txt, beside the kernels' results but
// in a folder of its own.
func perftPath(out string, m harness.Machine) (string, bool, error) {
	if out != "" {
		return resultsPath(out, m)
	}
	def := harness.DefaultPath("results", m, time.Now())
	dir := filepath.Join(filepath.Dir(def), schema.PerftFolder)
	return filepath.Join(dir, filepath.Base(def)), true, os.MkdirAll(dir, 0o755)
}
