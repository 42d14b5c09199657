package main

import (
	"cmp"
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

	"bitlab/factor"
	"bitlab/harness"
	"bitlab/movegen"
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

// plural writes n and the noun, in the plural unless n is 1: "1
// position", "2 positions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
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
func perftPositions(o *perftOptions) ([]perftPosition, error) {
	if o.pos != nil {
		return []perftPosition{{name: "fen", pos: *o.pos, depth: cmp.Or(o.depth, fenDepth)}}, nil
	}
	var ps []perftPosition
	for _, c := range positions.PerftCases() {
		depth := cmp.Or(o.depth, defaultDepth(c.Counts))
		if o.depths != nil {
			depth = o.depths[c.Name]
		}
		if depth == 0 || o.depths == nil && !o.positions.MatchString(c.Name) {
			continue
		}
		p, err := movegen.ParseFEN(c.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Name, err)
		}
		ps = append(ps, perftPosition{name: c.Name, pos: p, depth: depth, counts: c.Counts})
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("-position %v matches none of the standard positions", o.positions)
	}
	return ps, nil
}

// parseDepths reads -depths: standard positions' names with their depths,
// "start=6,kiwipete=5".
func parseDepths(s string) (map[string]int, error) {
	out := map[string]int{}
	for _, f := range strings.Split(s, ",") {
		name, d, ok := strings.Cut(f, "=")
		depth, err := strconv.Atoi(d)
		switch {
		case !ok || err != nil:
			return nil, fmt.Errorf("%q: want position=depth", f)
		case !slices.Contains(positionNames(), name):
			return nil, fmt.Errorf("%q: no standard position %q (the positions: %s)", f, name, strings.Join(positionNames(), ", "))
		case depth < 1 || depth > maxDepth:
			return nil, fmt.Errorf("%q: want a depth of 1 to %d", f, maxDepth)
		case out[name] != 0:
			return nil, fmt.Errorf("%s is named twice", name)
		}
		out[name] = depth
	}
	return out, nil
}

// formatDepths writes depths as -depths reads them, in the standard
// positions' order.
func formatDepths(depths map[string]int) string {
	var parts []string
	for _, name := range positionNames() {
		if d, ok := depths[name]; ok {
			parts = append(parts, fmt.Sprintf("%s=%d", name, d))
		}
	}
	return strings.Join(parts, ",")
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

// run prints the count below every legal move, in the order of the
// moves' names, each as soon as it is counted; then the totals, and on
// stderr the speed (and, for a long divide, the progress once a second).
func (o *divideOptions) run(e *env) error {
	pp := perftPosition{name: "fen", depth: cmp.Or(o.depth, fenDepth)}
	if o.pos != nil {
		pp.pos = *o.pos
	} else {
		start := positions.PerftCases()[0]
		p, err := movegen.ParseFEN(start.FEN)
		if err != nil {
			return err
		}
		pp = perftPosition{name: start.Name, pos: p, depth: cmp.Or(o.depth, defaultDepth(start.Counts)), counts: start.Counts}
	}
	var l movegen.MoveList
	pp.pos.Moves(&l)
	moves := slices.Clone(l.Slice())
	slices.SortFunc(moves, func(a, b movegen.Move) int { return cmp.Compare(a.String(), b.String()) })
	fmt.Fprintf(e.stderr, "divide: %s, depth %d, %d legal moves\n", pp.name, pp.depth, len(moves))
	start, reported := time.Now(), time.Now()
	var total uint64
	for i, m := range moves {
		q := pp.pos.Play(m)
		n := movegen.Perft(&q, pp.depth-1)
		total += n
		fmt.Fprintf(e.stdout, "%s: %d\n", m, n)
		if now := time.Now(); now.Sub(start) > divideProgressAfter && now.Sub(reported) > divideProgressAfter {
			reported = now
			fmt.Fprintf(e.stderr, "divide: %d of %d moves, %d nodes, %s\n", i+1, len(moves), total, nodesPerSecond(total, now.Sub(start)))
		}
	}
	fmt.Fprintf(e.stdout, "\nmoves: %d\nnodes: %d\n", len(moves), total)
	took := time.Since(start)
	fmt.Fprintf(e.stderr, "divide: %d nodes in %v, %s\n", total, took.Round(time.Millisecond), nodesPerSecond(total, took))
	return nil
}

// nodesPerSecond writes a perft speed.
func nodesPerSecond(nodes uint64, d time.Duration) string {
	if d <= 0 {
		return "too fast to time"
	}
	return fmt.Sprintf("%.2f Mnodes/s", float64(nodes)/d.Seconds()/1e6)
}

// perftRun is the workload of perft: a case per selected configuration
// and position (and transposition table size), each counted and checked
// against the published count, or the first configuration's, before it
// is timed.
type perftRun struct {
	opt       *perftOptions
	positions []perftPosition
	configs   []movegen.Config
	tts       map[int]*movegen.TT // one table per size, shared by the positions: every count empties it first
}

// perftSession is a session of perft cases.
type perftSession = session[*harness.PerftCase]

// choose selects the positions and the configurations this CPU runs, and
// allocates the transposition tables.
func (p *perftRun) choose(s *perftSession) error {
	var err error
	if p.positions, err = perftPositions(p.opt); err != nil {
		return err
	}
	for _, c := range selectConfigs(p.opt.config, p.opt.grid) {
		if err := movegen.Supported(c); err != nil {
			fmt.Fprintf(s.env.stderr, "skipped %s: %v\n", c, err)
			continue
		}
		p.configs = append(p.configs, c)
	}
	if len(p.configs) == 0 {
		return fmt.Errorf("-config %v matches none of the configurations this CPU runs (runbench list -perft)", p.opt.config)
	}
	if p.opt.fenDefault {
		fmt.Fprintf(s.env.stderr, "-fen without -config: the default configuration only (%s); -config '.*' counts and times all %d\n",
			movegen.DefaultConfig(), len(perftConfigs(p.opt.grid)))
	}
	p.tts = map[int]*movegen.TT{}
	for _, size := range p.opt.tt {
		if size > 0 {
			if p.tts[size], err = movegen.NewTT(size); err != nil {
				return err
			}
		}
	}
	return nil
}

// check counts every case once, printing each position's count.
func (p *perftRun) check(s *perftSession) ([]*harness.PerftCase, error) {
	counting := fmt.Sprintf("counting %s in %s", plural(len(p.positions), "position"), plural(len(p.configs), "configuration"))
	s.in.enter(counting, "stopping after the current count; nothing is timed and no results file is written")
	fmt.Fprintf(s.env.stderr, "%s...\n", counting)
	var cases []*harness.PerftCase
	var counts []time.Duration // of each case
	timedCount := func(pos perftPosition, c *harness.PerftCase) error {
		start := time.Now()
		err := countOnce(s, pos, c)
		counts = append(counts, time.Since(start))
		return err
	}
	for _, pos := range p.positions {
		want := pos.want()
		for _, mc := range p.configs {
			f, err := movegen.PerftFunc(mc)
			if err != nil {
				return nil, err
			}
			c := &harness.PerftCase{
				Key:  schema.PerftCase{Config: mc, Position: pos.name, Depth: pos.depth},
				Run:  func() uint64 { return f(pos.pos, pos.depth) },
				Want: want,
			}
			if err := timedCount(pos, c); err != nil {
				return nil, err
			}
			if want == 0 {
				want = c.Nodes() // every other configuration must agree with the first
			}
			cases = append(cases, c)
		}
		for _, size := range p.opt.tt {
			if size == 0 {
				continue // none: the default configuration's case above
			}
			tt := p.tts[size]
			c := &harness.PerftCase{
				Key:   schema.PerftCase{Config: movegen.DefaultConfig(), Position: pos.name, Depth: pos.depth, TT: bytesName(tt.Bytes())},
				Run:   func() uint64 { return movegen.PerftTT(&pos.pos, pos.depth, tt) },
				Want:  want,
				Setup: tt.Clear,
			}
			if err := timedCount(pos, c); err != nil {
				return nil, err
			}
			cases = append(cases, c)
		}
		fmt.Fprintf(s.env.stdout, "%s depth %d: %d nodes\n", pos.name, pos.depth, want)
	}
	if ahead := p.timingAhead(counts); ahead >= longTiming {
		fmt.Fprintf(s.env.stderr, "perft: the timing takes about %v (%s x %s x %s, each sample one count or more; "+
			"-count, -samples and -config shorten it)\n", ahead.Round(time.Second), plural(len(cases), "case"), plural(p.opt.count, "round"), plural(p.opt.perRound, "sample"))
	}
	return cases, nil
}

// longTiming is how long a perft timing must be expected to take for the
// run to say so before it starts.
const longTiming = 10 * time.Second

// timingAhead estimates the time the rounds take from each case's count:
// every sample lasts -sample or one count, whichever is longer, and the
// calibration before the rounds counts each case once more.
func (p *perftRun) timingAhead(counts []time.Duration) time.Duration {
	var d time.Duration
	for _, c := range counts {
		d += c + time.Duration(p.opt.count*p.opt.perRound)*max(c, p.opt.sample)
	}
	return d
}

// countOnce counts a case once and checks its count: a position with
// nothing to count is an error that says why, a miscount one that names
// the configuration; an interrupt stops before the count.
func countOnce(s *perftSession, p perftPosition, c *harness.PerftCase) error {
	if s.in.stopped() {
		return s.in.interruptedBeforeTiming()
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

func (p *perftRun) path(out string, m harness.Machine) (string, bool, error) {
	return perftPath(out, m)
}

func (p *perftRun) create(s *perftSession, path string, unique bool) (*harness.ResultsFile, error) {
	return harness.CreatePerftResults(path, unique, s.machine, append(harness.FileConfig(s.machine, s.cyc, p.opt.seed),
		benchfmt.Config{Key: schema.KeyBaseline, Value: []byte(movegen.DefaultConfig().String()), File: true}))
}

func (p *perftRun) headerRun(s *perftSession) {
	s.results.Comment("%s%s", schema.RunComment, schema.PerftRun(p.opt.args))
	if p.opt.placement {
		s.results.Comment("%s%s", schema.PlacementComment, thisPlacement())
	}
	s.results.Comment("perft: %d positions x %d configurations, rounds=%d samples=%d sample=%v; default %s",
		len(p.positions), len(p.configs), p.opt.count, p.opt.perRound, p.opt.sample, movegen.DefaultConfig())
}

func (p *perftRun) headerSetup(s *perftSession) {
	for _, pos := range p.positions {
		s.results.Comment("position %s: %s, depth %d, %d nodes", pos.name, pos.pos.FEN(), pos.depth, casesOf(s.cases, pos.name)[0].Nodes())
	}
}

func (p *perftRun) result(rf *harness.ResultsFile, c *harness.PerftCase, median harness.Sample) error {
	return rf.PerftResult(c, median)
}

// footer writes the noise warnings, as a kernel run's does.
func (p *perftRun) footer(s *perftSession) {
	s.warnNoise(harness.Unrankable(s.cases), "configuration on their position")
}

// summary prints, per position, each configuration's median speed,
// fastest first, against the default configuration; then, for a run of
// the standard positions and configurations, which ranks the factors,
// the verdict with the folder's full-suite run.
func (p *perftRun) summary(s *perftSession, w io.Writer) error {
	fmt.Fprintf(w, "Summary: perft per position, median over all samples, fastest first; %s is %s\n", factor.DefaultName, movegen.DefaultConfig())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, pos := range p.positions {
		cs := casesOf(s.cases, pos.name)
		var base float64
		for _, c := range cs {
			if c.Key.Config == movegen.DefaultConfig() && c.Key.TT == "" {
				base = c.Stats().Median
			}
		}
		slices.SortFunc(cs, func(x, y *harness.PerftCase) int {
			return cmp.Compare(x.Stats().Median, y.Stats().Median)
		})
		fmt.Fprintf(tw, "%s depth %d\tconfiguration\tMnodes/s\tns/node\tcycles/node\tspeed vs default\n", pos.name, pos.depth)
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
	if err := tw.Flush(); err != nil {
		return err
	}
	path := s.results.Path
	if f, err := report.ScanFile(path); err == nil && f.Run.Kind == schema.RunPerft {
		fmt.Fprintln(w)
		if err := writeVerdict(w, path); err != nil {
			return fmt.Errorf("verdict: %w", err)
		}
	}
	return nil
}

func (p *perftRun) compare(_ *perftSession, path string) (string, []string) {
	return "compare the techniques of one factor, the others at their defaults", report.PerftCommands(movegen.DefaultConfig().String(), path)
}

// casesOf returns the cases of one position.
func casesOf(cases []*harness.PerftCase, position string) []*harness.PerftCase {
	var cs []*harness.PerftCase
	for _, c := range cases {
		if c.Key.Position == position {
			cs = append(cs, c)
		}
	}
	return cs
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
// one factor at a time from the default, and with grid (-grid) the rest of
// the slider x serialization grid.
func perftConfigs(grid bool) []movegen.Config {
	cs := movegen.Configs()
	if grid {
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
func selectConfigs(config *selection, grid bool) []movegen.Config {
	var cs []movegen.Config
	for _, c := range perftConfigs(grid) {
		if config.MatchString(c.Short()) || config.MatchString(c.String()) {
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
