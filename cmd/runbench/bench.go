package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"bitlab/harness"
	"bitlab/report"
	"bitlab/schema"
)

// kernelRun is the workload of bench, compare and levels: the kernels'
// cases of the suite the options select, each checked against its
// family's reference before it is timed.
type kernelRun struct {
	opt      *benchOptions
	chosen   []*harness.Case
	skipped  []harness.Skip
	rejected []string             // the cases that disagree with the reference, with why
	failed   []string             // their kernels, once each
	rows     []harness.SummaryRow // the summary, once timed
}

// kernelSession is a session of kernel cases.
type kernelSession = session[*harness.Case]

// The kernels' run has every optional step of a workload.
var (
	_ headerEnder[*harness.Case]  = (*kernelRun)(nil)
	_ footerWriter[*harness.Case] = (*kernelRun)(nil)
	_ follower[*harness.Case]     = (*kernelRun)(nil)
)

// choose reads -baseline first, then selects the suite's cases that run
// here.
func (k *kernelRun) choose(s *kernelSession) error {
	if err := k.opt.baseline.load(s.machine, true, s.env.stderr); err != nil {
		return err
	}
	cases, skipped, err := k.opt.suite().Cases(s.machine)
	if err != nil {
		return err
	}
	k.chosen, k.skipped = cases, skipped
	for _, sk := range skipped {
		fmt.Fprintf(s.env.stderr, "skipped %s: %s\n", sk.ID, sk.Reason)
	}
	if len(cases) == 0 {
		return errors.New("no kernel runs the selection here: the selected families, implementations and distributions share no case (runbench list shows each family's implementations and distributions)")
	}
	return nil
}

// check checks every case against the reference on its own inputs.
func (k *kernelRun) check(s *kernelSession) ([]*harness.Case, error) {
	checking := "checking " + plural(len(k.chosen), "case") + " against the references"
	s.in.enter(checking, "stopping after the current case; nothing is timed and no results file is written")
	fmt.Fprintf(s.env.stderr, "%s...\n", checking)
	var ready []*harness.Case
	cache := harness.InputCache{}
	for _, c := range k.chosen {
		if s.in.stopped() {
			return nil, s.in.interruptedBeforeTiming()
		}
		if err := c.Prepare(cache); err != nil {
			k.rejected = append(k.rejected, fmt.Sprintf("%s: %v", c.Name(), err))
			if id := c.Kernel.Info().ID(); !slices.Contains(k.failed, id) {
				k.failed = append(k.failed, id)
			}
			continue
		}
		ready = append(ready, c)
	}
	for _, r := range k.rejected {
		fmt.Fprintln(s.env.stderr, "not timed:", r)
	}
	if len(ready) == 0 {
		return nil, k.checkFailure() // every one: nothing to time
	}
	return ready, nil
}

// errCheckFailed marks a run in which a kernel disagreed with its family's
// reference: exit status 4, once the other kernels' results are written.
var errCheckFailed = errors.New("kernels that disagree with their family's reference were not timed")

// checkFailure names the kernels that failed their check, nil for none.
func (k *kernelRun) checkFailure() error {
	if len(k.failed) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s (the cases and why are above)", errCheckFailed, strings.Join(k.failed, ", "))
}

func (k *kernelRun) path(out string, m harness.Machine) (string, bool, error) {
	return resultsPath(out, m)
}

func (k *kernelRun) create(s *kernelSession, path string, unique bool) (*harness.ResultsFile, error) {
	return harness.CreateResults(path, unique, s.machine, s.events.Events, harness.FileConfig(s.machine, s.cyc, k.opt.seed))
}

func (k *kernelRun) headerRun(s *kernelSession) {
	suite := k.opt.suite()
	s.results.Comment("%s%s", schema.RunComment, suite.Run())
	s.results.Comment("suite: %s rounds=%d samples=%d sample=%v", suite.Describe(), k.opt.count, k.opt.perRound, k.opt.sample)
}

func (k *kernelRun) headerSetup(s *kernelSession) {
	s.results.Comment("sizes: %s", k.sizesText(s.machine))
	if t := pressureText(s.cases); t != "" {
		s.results.Comment("pressure: %s", t)
	}
}

func (k *kernelRun) headerEnd(s *kernelSession) {
	for _, sk := range k.skipped {
		s.results.Comment("skipped %s: %s", sk.ID, sk.Reason)
	}
	for _, r := range k.rejected {
		s.warn("not timed, disagrees with the reference: %s", r)
	}
}

func (k *kernelRun) result(rf *harness.ResultsFile, c *harness.Case, median harness.Sample) error {
	return rf.Result(c, median)
}

// footer writes the noise warnings, the cases the branch predictor
// learned and the summary.
func (k *kernelRun) footer(s *kernelSession) {
	rf := s.results
	k.rows = harness.Summarize(s.cases)
	s.warnNoise(harness.Unrankable(s.cases), "implementation of their family")
	if learned := harness.Learn(s.cases); len(learned) > 0 {
		s.warn("%d cases cost more than %.0f%% less or more on the repeated %d-element batch than on the never-repeating stream "+
			"(the branch predictor learned the repeated inputs): their l1 figures are the predictable case; the stream's are the headline",
			len(learned), 100*schema.LearnedTolerance, schema.L1Elements)
		for _, l := range learned {
			rf.Comment("learned: %s/%s %s: repeated %.3f, stream %.3f %s (%+.0f%%)", l.Family, l.Impl, l.Dist, l.Repeated, l.Stream, costUnit(s), 100*l.Change())
		}
	}
	var buf bytes.Buffer
	harness.WriteSummary(&buf, k.rows, costUnit(s))
	rf.Comment("summary: throughput at each family's headline size (the headline configuration line), geometric mean over distributions")
	rf.Comment("%s", strings.TrimRight(buf.String(), "\n"))
}

// costUnit is the unit of the summary's cost column.
func costUnit(s *kernelSession) string {
	return schema.Cost(s.cyc.Source != "none", false).Written
}

// summary prints each family's standing, then the verdict; or, for a run
// under cache pressure, each family's table of costs against pressure.
func (k *kernelRun) summary(s *kernelSession, w io.Writer) error {
	path := s.results.Path
	if k.opt.pressures != nil {
		return pressureSummary(w, path)
	}
	fmt.Fprintln(w, "Summary: throughput at each family's headline size (l1, or stream where branches learn), geometric mean over distributions")
	if err := harness.WriteSummary(w, k.rows, costUnit(s)); err != nil {
		return err
	}
	if path == harness.Stdout {
		return nil
	}
	fmt.Fprintln(w)
	if err := writeVerdict(w, path); err != nil {
		return fmt.Errorf("verdict: %w", err)
	}
	return nil
}

func (k *kernelRun) compare(s *kernelSession, path string) (string, []string) {
	if k.opt.pressures != nil {
		return "compare pressures", []string{report.PressureCommand(path)}
	}
	return "compare implementations (each family's baseline first)", []string{benchstatCommand(s.cases, path)}
}

// after compares the run with -baseline's, and names the kernels that
// failed their check (exit status 4).
func (k *kernelRun) after(s *kernelSession) error {
	var err error
	if k.opt.baseline.path != "" {
		err = k.opt.baseline.compare(s.results.Path, s.env.stdout, s.env.stderr)
	}
	return errors.Join(k.checkFailure(), err)
}

// pressureSummary prints, for a run under cache pressure, each family's
// table of costs against pressure as the pages show it.
func pressureSummary(w io.Writer, path string) error {
	if path == harness.Stdout {
		fmt.Fprintln(w, "Summary: the tables of costs against pressure come from a results file (go run ./cmd/plot page FILE)")
		return nil
	}
	s, _, err := report.Load(path)
	if err != nil {
		return err
	}
	for _, c := range s.Configs {
		for fam := range s.PressureFamilies(c.Label) {
			fmt.Fprintf(w, "%s:\n", fam)
			pc, _ := s.Pressure(c.Label, fam)
			pc.WriteTable(w)
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

// sizesText lists the batch length and input bytes of each size class run.
func (k *kernelRun) sizesText(m harness.Machine) string {
	var parts []string
	for _, c := range k.opt.sizes {
		if _, fixed := c.Fixed(); k.opt.quick && c != schema.L1 && c != schema.Stream && !fixed {
			continue
		}
		n, err := harness.Elements(c, m)
		if err != nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d elements (%s of 8-byte inputs)", c, n, bytesText(int64(n)*8)))
	}
	return strings.Join(parts, ", ")
}

// pressureText lists the eviction buffers of the cases run under cache
// pressure, with what one walk costs (not part of any timed figure).
func pressureText(cases []*harness.Case) string {
	var parts []string
	var seen []*harness.Evictor
	for _, c := range cases {
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
