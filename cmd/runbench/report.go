package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"bitlab/harness"
)

// header writes the comment lines that describe the run and the instrument.
func header(rf *harness.ResultsFile, cfg *config, m harness.Machine, cyc *harness.Cycles, checks []harness.SelfCheckRow,
	over harness.Overhead, load *harness.LoadMeter, skipped []harness.Skip, rejected []string, start time.Time) {
	host, _ := os.Hostname()
	rf.Comment("bitlab runbench results (Go benchmark format; lines starting with # are comments)")
	rf.Comment("date: %s", start.UTC().Format(time.RFC3339))
	rf.Comment("host: %s", host)
	rf.Comment("command: runbench %s", strings.Join(cfg.args, " "))
	rf.Comment("suite: %s rounds=%d samples=%d sample=%v", suiteText(cfg), cfg.count, cfg.perRound, cfg.sample)
	rf.Comment("clock: %s, %.4f GHz at start (recalibrated every %v of sampling, see the round lines)", cyc.Source, cyc.GHz, harness.Recalibrate)
	rf.Comment("self-check, cycles per instruction (published: Golden Cove latencies, ../shared/reference):")
	for _, l := range harness.FormatSelfCheck(checks) {
		rf.Comment("  %s", l)
	}
	rf.Comment("overhead: empty kernel %s", overheadText(over))
	// The load average lags by minutes (a previous run still shows in it):
	// warn from the CPU time other processes used while this run prepared.
	others := load.Others()
	rf.Comment("load: 1-minute load average %.2f at start; other processes used %.2f cores while preparing", load.AverageAtStart, others)
	if others > 0.15 {
		warn(rf, "the machine was busy before timing (other processes used %.2f cores): expect noise", others)
	}
	for _, s := range skipped {
		rf.Comment("skipped %s: %s", s.ID, s.Reason)
	}
	for _, r := range rejected {
		warn(rf, "not timed, disagrees with the reference: %s", r)
	}
}

func suiteText(cfg *config) string {
	s := harness.Suite{Family: cfg.family, Impl: cfg.impl, Dist: cfg.dist, Modes: cfg.modes, Sizes: cfg.sizes, Quick: cfg.quick}
	return s.Describe()
}

// footer writes the spread, load and summary comments.
func footer(rf *harness.ResultsFile, cases []*harness.Case, rows []harness.SummaryRow, unit string,
	load *harness.LoadMeter, rounds, want int, took time.Duration) {
	if rounds < want {
		warn(rf, "interrupted: %d of %d rounds completed", rounds, want)
	}
	others := load.Others()
	rf.Comment("load: other processes used %.2f cores during the run (%v)", others, took.Round(time.Second))
	if others > 0.15 {
		warn(rf, "other processes used %.2f cores during the run: expect noise", others)
	}
	type spread struct {
		name string
		s    harness.Stats
	}
	var wide []spread
	for _, c := range cases {
		if s := c.Stats(); s.N > 0 && s.Spread > 0.05 {
			wide = append(wide, spread{c.Name(), s})
		}
	}
	slices.SortFunc(wide, func(a, b spread) int { return int((b.s.Spread - a.s.Spread) * 1e6) })
	if len(wide) > 0 {
		warn(rf, "%d of %d cases have an interquartile spread over 5%% of their median (cycles where measured); the widest:", len(wide), len(cases))
		for _, w := range wide[:min(len(wide), 5)] {
			msg := fmt.Sprintf("  %s: spread %.1f%%, median %.3f ns/op (%.3f cycles), min %.3f ns/op", w.name, 100*w.s.Spread, w.s.Median, w.s.MedianCycles, w.s.Min)
			rf.Comment("%s", msg)
			fmt.Fprintln(os.Stderr, msg)
		}
	}
	var b bytes.Buffer
	harness.WriteSummary(&b, rows, unit)
	rf.Comment("summary: throughput at %d elements, geometric mean over distributions", harness.L1Elements)
	rf.Comment("%s", strings.TrimRight(b.String(), "\n"))
}

func warn(rf *harness.ResultsFile, format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	rf.Comment("warning: %s", msg)
	fmt.Fprintln(os.Stderr, "warning:", msg)
}
