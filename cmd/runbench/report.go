package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"bitlab/harness"
	"bitlab/schema"
	"bitlab/uarch"
)

// header writes the comment lines that describe the run and the instrument.
func (b *session) header() {
	b.writeHeader(func(rf *harness.ResultsFile) {
		cfg := b.cfg
		rf.Comment("%s%s", schema.RunComment, b.suite().Run())
		rf.Comment("suite: %s rounds=%d samples=%d sample=%v", b.suite().Describe(), cfg.count, cfg.perRound, cfg.sample)
	}, func(rf *harness.ResultsFile) {
		rf.Comment("sizes: %s", b.sizesText())
		if t := b.pressureText(); t != "" {
			rf.Comment("pressure: %s", t)
		}
	})
	for _, s := range b.skipped {
		b.results.Comment("skipped %s: %s", s.ID, s.Reason)
	}
	for _, r := range b.rejected {
		b.warn("not timed, disagrees with the reference: %s", r)
	}
}

// writeHeader writes the header lines every results file has: the run,
// the machine and the instrument; what and machine add a run's own lines
// after the command and after the caches.
func (b *instrumented) writeHeader(what, machine func(*harness.ResultsFile)) {
	rf, cfg := b.results, b.cfg
	host, _ := os.Hostname()
	rf.Comment("bitlab runbench results (Go benchmark format; lines starting with # are comments)")
	rf.Comment("date: %s", b.start.UTC().Format(time.RFC3339))
	rf.Comment("host: %s", host)
	rf.Comment("command: runbench %s", strings.Join(cfg.args, " "))
	rf.Comment("bitlab revision: %s", revision())
	what(rf)
	rf.Comment("counters: %s", b.events.Describe())
	rf.Comment("clock: %s, %.4f GHz at start (recalibrated every %v of sampling, see the round lines)", b.cyc.Source, b.cyc.GHz, harness.Recalibrate)
	m := b.machine
	rf.Comment("machine: %s", m.Label())
	rf.Comment("caches: %s", m.Caches)
	if len(m.ArchFeatures) > 0 {
		rf.Comment("%s features: %s", runtime.GOARCH, strings.Join(m.ArchFeatures, ", "))
	}
	for _, a := range m.Caches.Assumed {
		b.warn("%s; sizes derived from it may not match the caches", a)
	}
	machine(rf)
	for _, w := range m.Warnings {
		b.warn("%s", w)
	}
	if m.Emulator != "" {
		rf.Comment("emulator: %s: every cycle and time figure below measures the emulation, not a CPU, and is not meaningful, and the caches are the host's; the results prove only that the kernels run", m.Emulator)
		b.warn("running under %s: the figures are not meaningful (proofs only)", m.Emulator)
	}
	switch _, ok := uarch.Costs[m.Core.Name]; {
	case m.Emulator != "":
		rf.Comment("self-check, cycles per instruction, under %s (not meaningful):", m.Emulator)
	case ok:
		rf.Comment("self-check, cycles per instruction, against %s's published costs (%s):", m.Core, uarch.Citation(m.Core))
	default:
		rf.Comment("self-check, cycles per instruction: no published costs for %s; the measurements alone:", m.Core)
	}
	for _, l := range harness.FormatSelfCheck(b.checks) {
		rf.Comment("  %s", l)
	}
	for _, f := range harness.SelfCheckFindings(m.Core, b.checks) {
		if f.Warning {
			b.warn("self-check: %s", f.Text)
			continue
		}
		rf.Comment("self-check note: %s", f.Text)
		fmt.Fprintln(os.Stderr, "self-check note:", f.Text)
	}
	rf.Comment("overhead: %s", overheadText(b.over))
	// The load average lags by minutes (a previous run still shows in it):
	// warn from the CPU time other processes used while this run prepared.
	others := b.load.Others()
	rf.Comment("load: 1-minute load average %.2f at start; other processes used %.2f cores while preparing", b.load.AverageAtStart, others)
	if others > 0.15 {
		b.warn("the machine was busy before timing (other processes used %.2f cores): expect noise", others)
	}
}

// revision returns the bitlab commit the binary was built from and whether
// its tree had changes, from the build information go build stamps. Go
// counts any change git reports, untracked files too; results files and
// the pages and charts make report writes from them (all under results/),
// and Markdown files (the notebooks, whose generated blocks make report
// rewrites, and the documentation) are not built into the binary, so when
// the checkout is still at the stamped commit and they are all git
// reports, the revision stands alone.
func revision() string {
	rev, modified := "", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	switch {
	case rev == "":
		return "unknown (not stamped: build with -buildvcs=true in a git checkout, as make bench and runbench -levels do)"
	case modified == "true" && !onlyUnbuilt(rev):
		return rev + " with uncommitted changes"
	}
	return rev
}

// onlyUnbuilt reports whether the checkout in the working directory is at
// commit rev and differs from it only in files the build does not read
// (see unbuiltOnly); false whenever git cannot tell.
func onlyUnbuilt(rev string) bool {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil || strings.TrimSpace(string(head)) != rev {
		return false
	}
	status, err := exec.Command("git", "status", "--porcelain=v1", "-z", "--untracked-files=all").Output()
	return err == nil && unbuiltOnly(string(status))
}

// unbuiltOnly reports whether every path of git status --porcelain=v1 -z
// output (added, changed, deleted, renamed or untracked) is under results/
// or a Markdown file, and there is at least one. No go:embed directive
// names such a file (TestNothingEmbedsResultsOrProse).
func unbuiltOnly(status string) bool {
	fields := strings.Split(strings.TrimSuffix(status, "\x00"), "\x00")
	unbuilt := func(path string) bool { return strings.HasPrefix(path, "results/") || strings.HasSuffix(path, ".md") }
	for i := 0; i < len(fields); i++ {
		e := fields[i]
		if len(e) < 4 || !unbuilt(e[3:]) {
			return false
		}
		if e[0] == 'R' || e[0] == 'C' { // a rename's or copy's source follows
			i++
			if i == len(fields) || !unbuilt(fields[i]) {
				return false
			}
		}
	}
	return status != ""
}

// sizesText lists the batch length and input bytes of each size class run.
func (b *session) sizesText() string {
	var parts []string
	for _, c := range b.cfg.sizes {
		if _, fixed := c.Fixed(); b.cfg.quick && c != schema.L1 && c != schema.Stream && !fixed {
			continue
		}
		n, err := harness.Elements(c, b.machine)
		if err != nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d elements (%s of 8-byte inputs)", c, n, bytesText(int64(n)*8)))
	}
	return strings.Join(parts, ", ")
}

// pressureText lists the eviction buffers of the cases run under cache
// pressure, with what one walk costs (not part of any timed figure).
func (b *session) pressureText() string {
	var parts []string
	var seen []*harness.Evictor
	for _, c := range b.ready {
		if e := c.Evict; e != nil && !slices.Contains(seen, e) {
			seen = append(seen, e)
			if e.Bytes == 0 {
				parts = append(parts, fmt.Sprintf("%s (no walk)", e.Pressure))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %s (a walk %v)", e.Pressure, bytesText(e.Bytes), e.WalkTime().Round(10*time.Nanosecond)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "before each batch an untimed walk of a buffer, one load per cache line: " + strings.Join(parts, ", ")
}

func bytesText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%g MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%g KiB", float64(n)/(1<<10))
}

// footer writes the spread, load and summary comments.
func (b *session) footer(rows []harness.SummaryRow) {
	rf := b.results
	if b.rounds < b.cfg.count {
		b.warn("interrupted: %d of %d rounds completed", b.rounds, b.cfg.count)
	}
	took := time.Since(b.start)
	others := b.load.Others()
	rf.Comment("load: other processes used %.2f cores during the run (%v)", others, took.Round(time.Second))
	if others > 0.15 {
		b.warn("other processes used %.2f cores during the run: expect noise", others)
	}
	if un := harness.Unrankable(b.ready); len(un) > 0 {
		b.warn("%d of %d cases cannot be ranked against the nearest implementation of their family: the 95%% intervals overlap; "+
			"for a ranking, rerun them with more rounds (-count) on an idle machine; the first ones:", len(un), len(b.ready))
		for _, u := range un[:min(len(un), 5)] {
			msg := fmt.Sprintf("  %s: %.3f [%.3f, %.3f] against %s %.3f [%.3f, %.3f]", u.Name, u.Cost.Center, u.Cost.Lo, u.Cost.Hi,
				u.Nearest, u.Other.Center, u.Other.Lo, u.Other.Hi)
			rf.Comment("%s", msg)
			fmt.Fprintln(os.Stderr, msg)
		}
	}
	if c := b.cyc; c.MinGHz > 0 && c.MaxGHz/c.MinGHz-1 > harness.ClockDrift {
		b.warn("the core clock moved from %.2f to %.2f GHz during the run (%.0f%%): cycle figures follow it, ns figures do not; "+
			"compare ns only within one run, or fix the clock (performance governor, no turbo) where you can", c.MinGHz, c.MaxGHz, 100*(c.MaxGHz/c.MinGHz-1))
	}
	if learned := harness.Learn(b.ready); len(learned) > 0 {
		b.warn("%d cases cost more than %.0f%% less or more on the repeated %d-element batch than on the never-repeating stream "+
			"(the branch predictor learned the repeated inputs): their l1 figures are the predictable case; the stream's are the headline",
			len(learned), 100*schema.LearnedTolerance, schema.L1Elements)
		for _, l := range learned {
			rf.Comment("learned: %s/%s %s: repeated %.3f, stream %.3f %s (%+.0f%%)", l.Family, l.Impl, l.Dist, l.Repeated, l.Stream, b.costUnit(), 100*l.Change())
		}
	}
	var buf bytes.Buffer
	harness.WriteSummary(&buf, rows, b.costUnit())
	rf.Comment("summary: throughput at each family's headline size (the headline configuration line), geometric mean over distributions")
	rf.Comment("%s", strings.TrimRight(buf.String(), "\n"))
}

// warn writes a warning to the results header and to stderr.
func (b *instrumented) warn(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	b.results.Comment("warning: %s", msg)
	fmt.Fprintln(os.Stderr, "warning:", msg)
}
