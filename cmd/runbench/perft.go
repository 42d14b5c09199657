package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
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
	"bitlab/positions"
	"bitlab/report"
	"bitlab/schema"
)

// defaultPerftNodes picks a standard position's default depth: the first
// with at least this many nodes.
const defaultPerftNodes = 2_000_000

// perftPosition is a position to count, with its published counts if any.
type perftPosition struct {
	name   string
	pos    movegen.Position
	depth  int
	counts []uint64
}

// perftPositions returns the positions a perft run counts: -fen, or the
// standard positions -position selects.
func perftPositions(cfg *config) ([]perftPosition, error) {
	if cfg.fen != "" {
		p, err := movegen.ParseFEN(cfg.fen)
		if err != nil {
			return nil, fmt.Errorf("-fen: %v", err)
		}
		return []perftPosition{{name: "fen", pos: p, depth: cmp.Or(cfg.depth, 4)}}, nil
	}
	var ps []perftPosition
	for _, c := range positions.PerftCases() {
		if !matches(cfg.position, c.Name) {
			continue
		}
		p, err := movegen.ParseFEN(c.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Name, err)
		}
		depth := cfg.depth
		for d := 1; depth == 0 && d <= len(c.Counts); d++ {
			if c.Counts[d-1] >= defaultPerftNodes || d == len(c.Counts) {
				depth = d
			}
		}
		ps = append(ps, perftPosition{name: c.Name, pos: p, depth: depth, counts: c.Counts})
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

// divide prints the count below every legal move, then the total.
func divide(cfg *config) int {
	if cfg.fen == "" {
		cfg.fen = positions.PerftCases()[0].FEN
	}
	p, err := movegen.ParseFEN(cfg.fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "runbench: -fen:", err)
		return 2
	}
	depth := cmp.Or(cfg.depth, 1)
	var total uint64
	for _, mc := range movegen.Divide(&p, depth) {
		fmt.Printf("%s: %d\n", mc.Move, mc.Nodes)
		total += mc.Nodes
	}
	fmt.Printf("\nmoves: %d\nnodes: %d\n", len(movegen.Divide(&p, 1)), total)
	return 0
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
	b := &perftSession{instrumented: instrumented{cfg: cfg, machine: harness.ThisMachine()}}
	ps, err := perftPositions(cfg)
	if err != nil {
		return err
	}
	configs := selectConfigs(cfg)
	if len(configs) == 0 {
		return fmt.Errorf("-config %v matches none of the configurations this CPU runs (runbench -perft -list)", cfg.config)
	}
	b.startClock()
	fmt.Fprintf(os.Stderr, "counting %d positions in %d configurations...\n", len(ps), len(configs))
	for _, p := range ps {
		want := p.want()
		for _, mc := range configs {
			f, err := movegen.PerftFunc(mc)
			if err != nil {
				return err
			}
			c := &harness.PerftCase{
				Key: schema.PerftCase{Slider: mc.Slider, Serialize: mc.Serialize, Count: mc.Count, Moves: mc.Moves, Order: mc.Order, Repr: mc.Repr,
					Position: p.name, Depth: p.depth},
				Run:  func() uint64 { return f(p.pos, p.depth) },
				Want: want,
			}
			if err := c.Prepare(); err != nil {
				return fmt.Errorf("not timed, miscounts: %v", err)
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
			tt, err := movegen.NewTT(size)
			if err != nil {
				return err
			}
			d := movegen.DefaultConfig
			c := &harness.PerftCase{
				Key: schema.PerftCase{Slider: d.Slider, Serialize: d.Serialize, Count: d.Count, Moves: d.Moves, Order: d.Order, Repr: d.Repr,
					Position: p.name, Depth: p.depth, TT: bytesName(tt.Bytes())},
				Run:   func() uint64 { return movegen.PerftTT(&p.pos, p.depth, tt) },
				Want:  want,
				Setup: tt.Clear,
			}
			if err := c.Prepare(); err != nil {
				return fmt.Errorf("not timed, miscounts: %v", err)
			}
			b.cases = append(b.cases, c)
		}
		fmt.Printf("%s depth %d: %d nodes\n", p.name, p.depth, want)
	}
	b.checks = b.cyc.SelfCheck(b.machine.Core)
	b.over = harness.MeasureOverhead(b.cyc)
	path, err := perftPath(cfg.out, b.machine)
	if err != nil {
		return err
	}
	if b.results, err = harness.CreatePerftResults(path, b.machine, append(harness.FileConfig(b.machine, b.cyc, cfg.seed),
		benchfmt.Config{Key: schema.KeyBaseline, Value: []byte(movegen.DefaultConfig.String()), File: true})); err != nil {
		return err
	}
	b.start = time.Now()
	b.cyc.ResetRange()
	b.writeHeader(func(rf *harness.ResultsFile) {
		rf.Comment("%s%s", schema.RunComment, schema.PerftRun(cfg.args))
		rf.Comment("perft: %d positions x %d configurations, rounds=%d samples=%d sample=%v; default %s",
			len(ps), len(configs), cfg.count, cfg.perRound, cfg.sample, movegen.DefaultConfig)
	}, func(rf *harness.ResultsFile) {
		for _, p := range ps {
			rf.Comment("position %s: %s, depth %d, %d nodes", p.name, p.pos.FEN(), p.depth, b.casesOf(p.name)[0].Nodes())
		}
	})
	runErr := b.time()
	if runErr != nil && !errors.Is(runErr, harness.ErrInterrupted) {
		return errors.Join(runErr, b.results.Close())
	}
	if b.rounds < cfg.count {
		b.warn("interrupted: %d of %d rounds completed", b.rounds, cfg.count)
	}
	if err := b.results.Close(); err != nil {
		if errors.Is(err, harness.ErrNoResults) {
			fmt.Fprintln(os.Stderr, "no round completed: no results file written")
			return runErr
		}
		return err
	}
	fmt.Println()
	b.summary(os.Stdout, ps)
	fmt.Printf("\n%d result lines (%d of %d rounds) in %s, %s\ncompare the techniques of one factor, the others at their defaults:\n",
		b.results.Lines(), b.rounds, cfg.count, time.Since(b.start).Round(time.Second), path)
	for _, c := range report.PerftCommands(movegen.DefaultConfig.String(), path) {
		fmt.Printf("  %s\n", c)
	}
	return runErr
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
func (b *perftSession) time() error {
	stop, release := interruptible()
	defer release()
	cfg := b.cfg
	bar := newProgress(os.Stderr, !cfg.noProgress)
	fmt.Fprintf(os.Stderr, "timing %d perft cases x %d rounds x %d samples...\n", len(b.cases), cfg.count, cfg.perRound)
	err := harness.Run(b.cases, b.cyc, harness.Options{
		Rounds: cfg.count, PerRound: cfg.perRound, SampleTime: cfg.sample, Seed: cfg.seed,
		Counters: b.events, Progress: bar.update, Stop: stop,
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
	fmt.Fprintln(w, "Summary: perft per position, median over all samples, fastest first")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range ps {
		cs := b.casesOf(p.name)
		var base float64
		for _, c := range cs {
			if configOf(c) == movegen.DefaultConfig && c.Key.TT == "" {
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

// configOf returns the configuration of a perft case.
func configOf(c *harness.PerftCase) movegen.Config {
	return movegen.Config{Slider: c.Key.Slider, Serialize: c.Key.Serialize, Count: c.Key.Count, Moves: c.Key.Moves, Order: c.Key.Order, Repr: c.Key.Repr}
}

// label names a case's configuration by what it changes from the default.
func label(c *harness.PerftCase) string {
	if c.Key.TT != "" {
		return "tt=" + c.Key.TT
	}
	return changed(configOf(c))
}

// changed names a configuration by the factors in which it differs from
// the default.
func changed(c movegen.Config) string {
	d := movegen.DefaultConfig
	var parts []string
	for _, f := range [][3]string{{schema.KeySlider, c.Slider, d.Slider}, {schema.KeySerialize, c.Serialize, d.Serialize},
		{schema.KeyCount, c.Count, d.Count}, {schema.KeyMoves, c.Moves, d.Moves}, {schema.KeyOrder, c.Order, d.Order}, {schema.KeyRepr, c.Repr, d.Repr}} {
		if f[1] != f[2] {
			parts = append(parts, f[0]+"="+f[1])
		}
	}
	if len(parts) == 0 {
		return "default (" + d.String() + ")"
	}
	return strings.Join(parts, " ")
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

// selectConfigs returns the configurations -config selects.
func selectConfigs(cfg *config) []movegen.Config {
	var cs []movegen.Config
	for _, c := range perftConfigs(cfg) {
		if !matches(cfg.config, c.String()) {
			continue
		}
		if err := c.Supported(); err != nil {
			fmt.Fprintf(os.Stderr, "skipped %s: %v\n", c, err)
			continue
		}
		cs = append(cs, c)
	}
	return cs
}

// perftPath resolves -out for a perft run: by default
// results/<cpu>/perft/<time>-<level>.txt, beside the kernels' results but
// in a folder of its own.
func perftPath(out string, m harness.Machine) (string, error) {
	if out != "" {
		return resultsPath(out, m)
	}
	def := harness.DefaultPath("results", m, time.Now())
	dir := filepath.Join(filepath.Dir(def), schema.PerftFolder)
	return filepath.Join(dir, filepath.Base(def)), os.MkdirAll(dir, 0o755)
}
