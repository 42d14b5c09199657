package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"bitlab/cmd/runbench/internal/placement"
	"bitlab/explain"
	"bitlab/harness"
	"bitlab/internal/command"
	"bitlab/kernels"
	"bitlab/movegen"
	"bitlab/positions"
	"bitlab/report"
	"bitlab/schema"
)

var campaignDoc = `campaign measures the CPU at hand whole, at one revision: the full kernel suite
at GOAMD64=v1 and v3, and v4 where the CPU runs it (runbench rebuilt at each level,
as levels does, every build before any run); the cache-pressure run (make
pressure's, at the lowest level); perft of every configuration over the six
standard positions (start, Kiwipete, positions 3 to 6) at v1 and v3, each at the
deepest depth whose count takes at most 50ms here (from its published node
counts and this machine's speed on the start position; depth 1 if even that
takes longer): as a position's counts grow at most 48-fold a depth, the default
configuration's count then takes from just over 1ms to 50ms (less only past a
position's deepest published count), so that each sample (1ms) is one whole
count and a position's 30 samples take at most 1.5 seconds, however fast the
machine or the generator; the default configuration's perft of the same
positions at the lowest level in every code placement (runbench built with
padding code linked before the move generator, which moves its functions and
keeps their instructions; the normal build is placement 1), the placements' runs
in turns, a round each: the spread of their speeds is how far the generator's
speed moves with where its code sits, and the verdict names a perft winner only
by a margin beyond it; and llvm-mca's estimates for this core (cmd/explain;
skipped, with a note, without llvm-mca-19 or a model of the core).
It prints its plan (steps and estimated times) first, then a progress line with
the time left for the whole campaign before each step. Every file it writes names
the campaign in its header (# campaign: REVISION START), so pages can tell which
files belong together.

A tree with uncommitted changes (beyond results/ and Markdown files, which no
build reads) is measured and recorded "with uncommitted changes", and pages do not
treat such files as a campaign: commit first for one.

Interrupts: Ctrl-C reaches the step running, which keeps its completed rounds (it
says where); the files of the finished steps stay, and the campaign lists them and
prints the commands that run the steps left, under the same campaign.

What each machine shows: the plan's levels line names the GOAMD64 levels it
builds and why it leaves out the others ("not v4: the CPU lacks avx512f avx512bw
avx512vl"); arm64 (Linux, macOS) has no GOAMD64 levels: one build, steps named
without a level, perft once. Every run's header and stderr carry the machine's
warnings, such as macOS's on a Mac with two kinds of core (macOS does not say
whether the run used the performance or the efficiency cores: nothing can pin a
thread there); without hardware counters (CI runners and most virtual
machines, macOS, Linux where perf_event_open is not allowed) the header's clock
line says add-chain: cycles come from the calibrated ADD chain. The estimates step is skipped, with a note, without llvm-mca-19 or where
llvm-mca has no model of the core (Apple's cores, Neoverse N2). make ci-campaign
runs the campaign as a CI run into ci-out/results/: every file also says
"host: ci" and the runner label ($BITLAB_RUNNER). -quick tries every step in a
minute or two.
`

// The campaign's rounds and samples: the runs' defaults, which its
// estimates and perft depths assume.
const (
	campaignRounds  = 10
	campaignSamples = 3
)

// perftCountTarget is the longest one count of a perft case may take at
// the measured speed (campaignDoc says why 50ms).
const perftCountTarget = time.Second / 20

// The estimates of the steps on a 2-core machine, which the progress line
// corrects by the ratio of the times taken to the times estimated as the
// steps finish: the README's four minutes for make bench; a pressure run
// took 34 s against the full suite's 3m10s on Zen 4 (results of
// 2026-11-26), so about 45 s; a build of runbench at a new level, a
// placement's build (package placement compiled anew, runbench linked),
// a timed run's start (preparing, measuring the instrument), and explain's
// builds (one per level the core runs) with llvm-mca's runs, are guesses.
const (
	fullSuiteTime      = 4 * time.Minute
	pressureTime       = 45 * time.Second
	buildTime          = 40 * time.Second
	placementBuildTime = 15 * time.Second
	runStartTime       = 3 * time.Second
	explainTime        = 2 * time.Minute
	perftConfigCost    = 1.5 // the configurations' mean time per node over the default's, whose speed is measured (1.56 at v1 and at v3 in the Zen 4 campaign at 1f02880, weighted by the positions' counts)
	perftOverhead      = 1.1 // a case's count that checks it and the one that calibrates it beside its 30 timed, the instrument's measurements
	speedDepth         = 5   // the depth of the start position timed for the speed estimate
)

// campaignPrefix starts the campaign's own lines on stderr.
const campaignPrefix = "campaign:"

// campaignOptions are the options of runbench campaign.
type campaignOptions struct {
	results string
	plan    bool
	quick   bool
	// shrink makes the campaign tiny: -quick's (quickCampaign) or a test's.
	shrink *campaignShrink
}

// campaignShrink is a test's tiny campaign: one level, one family, one
// position at a fixed depth, few rounds, no estimates by llvm-mca.
type campaignShrink struct {
	level, family, position string
	depth, count            int
}

func (o *campaignOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.results, "results", "results", "the results folder: the files go to its <cpu>/ folder (perft's to <cpu>/perft/, the estimates to <cpu>/estimates/)")
	fs.BoolVar(&o.plan, "plan", false, "print the plan (steps and estimated times) and stop")
	fs.BoolVar(&o.quick, "quick", false, quickCampaignUsage)
}

func (o *campaignOptions) check(command.Parsed) error {
	if o.quick {
		o.shrink = quickCampaign(2)
	}
	return nil
}

// A campaignStep is one step of a campaign: a runbench command at a
// level, or explain.
type campaignStep struct {
	kind     stepKind
	level    string // GOAMD64, "" on other architectures and for explain
	args     []string
	estimate time.Duration
	note     string // why the step is skipped, "" for a step that runs
}

// stepKind is what a step runs.
type stepKind string

const (
	stepSuite    stepKind = "full suite"
	stepPressure stepKind = "cache pressure"
	stepPerft    stepKind = "perft"
	// stepPlacements runs perft -placement with every placement's build,
	// in turns.
	stepPlacements stepKind = "perft placements"
	stepExplain    stepKind = "llvm-mca estimates"
)

func (s campaignStep) String() string {
	if s.level == "" {
		return string(s.kind)
	}
	return fmt.Sprintf("%s at GOAMD64=%s", s.kind, s.level)
}

// campaignLevels returns the GOAMD64 levels a campaign measures on a CPU
// with the features has reports: v1, v3 and v4 where the CPU has their
// features; on another architecture, its one build ("").
func campaignLevels(arch string, has func(kernels.Feature) bool) []string {
	if arch != "amd64" {
		return []string{""}
	}
	var levels []string
	for _, l := range []string{"v1", "v3", "v4"} {
		if len(lacking(l, has)) == 0 {
			levels = append(levels, l)
		}
	}
	return levels
}

// perftLevels returns the levels of levels perft runs at: v1 and v3 (the
// portable code as the oldest and a current CPU compile it; the
// generator's assembly does not depend on the level).
func perftLevels(levels []string) []string {
	var out []string
	for _, l := range levels {
		if l == "" || l == "v1" || l == "v3" {
			out = append(out, l)
		}
	}
	return out
}

// campaignPositions returns the standard positions a campaign counts:
// the six of start, Kiwipete and positions 3 to 6, leaving out a mirror
// of one of them (a position with the same published counts as one
// before it).
func campaignPositions(cases []positions.PerftCase) []positions.PerftCase {
	var out []positions.PerftCase
	for _, c := range cases {
		if !slices.ContainsFunc(out, func(o positions.PerftCase) bool { return slices.Equal(o.Counts, c.Counts) }) {
			out = append(out, c)
		}
	}
	return out
}

// campaignDepths returns, for each standard position, the deepest depth
// whose published count takes at most target at nodesPerSecond, or depth
// 1 where even that count takes longer.
func campaignDepths(cases []positions.PerftCase, nodesPerSecond float64, target time.Duration) map[string]int {
	out := map[string]int{}
	most := nodesPerSecond * target.Seconds()
	for _, c := range cases {
		depth := 1
		for d, n := range c.Counts {
			if float64(n) <= most {
				depth = d + 1
			}
		}
		out[c.Name] = depth
	}
	return out
}

// planInput is what a campaign's plan depends on.
type planInput struct {
	levels         []string
	depths         map[string]int // perft's depth per standard position
	nodesPerSecond float64        // the speed estimate that chose them
	configs        int            // perft configurations this CPU runs
	families       []string       // the families with tables: the pressure run's
	explainModel   string         // llvm-mca's -mcpu for this core
	explainNote    string         // why explain is skipped, "" when it runs
	shrink         *campaignShrink
}

// campaignPlan returns a campaign's steps, in order: the full suite at
// each level, the pressure run at the lowest, perft at v1 and v3, the
// placements' perft at the lowest, and the estimates.
func campaignPlan(in planInput) []campaignStep {
	var steps []campaignStep
	depths := formatDepths(in.depths)
	suite, pressure, perft := []string{"bench"}, pressureArgs(in.families), []string{"perft", "-depths", depths}
	placements := []string{"perft", "-placement", "-depths", depths}
	counts := len(in.depths) * campaignRounds * campaignSamples
	count := time.Duration(perftOverhead * float64(counts) * float64(perftCaseCount(in.depths, in.nodesPerSecond)))
	perftTime := time.Duration(float64(in.configs) * perftConfigCost * float64(count))
	placementsTime := placement.Count * (count + runStartTime)
	suiteTime, pressTime := fullSuiteTime, pressureTime
	if s := in.shrink; s != nil {
		// -quick, -position and -depth make every run a selection, which
		// no page reads.
		count := []string{"-count", fmt.Sprint(s.count)}
		suite = append(append(suite, "-quick", "-family", s.family), count...)
		pressure = append(pressureArgs([]string{s.family}), append([]string{"-quick"}, count...)...)
		perft = append([]string{"perft", "-position", s.position, "-depth", fmt.Sprint(s.depth)}, count...)
		placements = append([]string{"perft", "-placement", "-position", s.position, "-depth", fmt.Sprint(s.depth)}, count...)
		suiteTime, pressTime, perftTime, placementsTime = quickStepTime, quickStepTime, quickStepTime, quickStepTime
	}
	for _, l := range in.levels {
		steps = append(steps, campaignStep{kind: stepSuite, level: l, args: suite, estimate: suiteTime})
	}
	steps = append(steps, campaignStep{kind: stepPressure, level: in.levels[0], args: pressure, estimate: pressTime})
	for _, l := range perftLevels(in.levels) {
		steps = append(steps, campaignStep{kind: stepPerft, level: l, args: perft, estimate: perftTime})
	}
	steps = append(steps, campaignStep{kind: stepPlacements, level: in.levels[0], args: placements, estimate: placementsTime})
	ex := campaignStep{kind: stepExplain, args: []string{"-models", in.explainModel}, estimate: explainTime, note: in.explainNote}
	if in.shrink != nil {
		ex.note = "skipped in a quick campaign"
	}
	if ex.note != "" {
		ex.estimate = 0
	}
	return append(steps, ex)
}

// perftCaseCount returns how long one count of the standard positions at
// depths takes on average at nodesPerSecond.
func perftCaseCount(depths map[string]int, nodesPerSecond float64) time.Duration {
	var total float64
	for _, c := range positions.PerftCases() {
		if d := depths[c.Name]; d > 0 && d <= len(c.Counts) {
			total += float64(c.Counts[d-1]) / nodesPerSecond
		}
	}
	return time.Duration(total / float64(max(1, len(depths))) * float64(time.Second))
}

// pressureArgs returns the runbench arguments of the cache-pressure run
// (make pressure's) of families.
func pressureArgs(families []string) []string {
	return []string{"bench", "-family", strings.Join(families, ","), "-dist", "random,chess", "-sizes", "l1", "-mode", "throughput", "-pressure", "none,l1,l2,llc,2llc"}
}

// explainModel returns llvm-mca's model of this machine's core, or why
// explain is skipped.
func explainModel(m harness.Machine) (model, note string) {
	i := slices.IndexFunc(explain.Models(), func(x explain.Model) bool { return x.Core != "" && x.Core == m.Core.Name })
	switch _, err := explain.FindMCA(); {
	case errors.Is(err, explain.ErrNoMCA):
		return "", "skipped: no llvm-mca-19 (" + explain.Install + ")"
	case err != nil:
		return "", "skipped: " + err.Error()
	case i < 0:
		return "", fmt.Sprintf("skipped: llvm-mca has no model of this core (%s)", m.Core)
	}
	return explain.Models()[i].CPU, ""
}

// measureSpeed times the default configuration's perft of the start
// position at speedDepth, the fastest of three counts: the nodes per
// second the depths are chosen by.
func measureSpeed() (float64, error) {
	start := positions.PerftCases()[0]
	p, err := movegen.ParseFEN(start.FEN)
	if err != nil {
		return 0, err
	}
	best := math.Inf(1)
	var n uint64
	for range 3 {
		t := time.Now()
		n = movegen.Perft(&p, speedDepth)
		best = min(best, time.Since(t).Seconds())
	}
	return float64(n) / max(best, 1e-9), nil
}

// checkout returns the commit of the bitlab checkout in the working
// directory and whether its tree differs from it in files a build reads
// (as revision says of a binary).
func checkout() (rev string, dirty bool, err error) {
	if rev, dirty = checkoutRevision(); rev == "" {
		return "", false, errors.New("runbench campaign runs in a git checkout of bitlab: it records the revision it measures")
	}
	return rev, dirty, nil
}

// run plans the campaign, prints the plan, builds every level and runs
// the steps.
func (o *campaignOptions) run(e *env) error {
	rev, dirty, err := checkout()
	if err != nil {
		return err
	}
	c := schema.Campaign{Revision: rev, Start: time.Now().UTC().Truncate(time.Second), Dirty: dirty}
	m := harness.ThisMachine()
	in, err := o.planInput(m)
	if err != nil {
		return err
	}
	steps := campaignPlan(in)
	printPlan(e, c, m, in, steps)
	if o.plan {
		return nil
	}
	dir, err := os.MkdirTemp("", "runbench-campaign")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	builds, err := buildLevels(e, dir, in.levels)
	if err != nil {
		return err
	}
	bins := map[string]string{}
	for _, b := range builds {
		bins[b.level] = b.bin
	}
	placements, err := buildPlacements(e, dir, in.levels[0], bins[in.levels[0]])
	if err != nil {
		return err
	}
	explainBin := filepath.Join(dir, "explain")
	if steps[len(steps)-1].note == "" {
		if err := goBuild(e, explainBin, "bitlab/cmd/explain", "", ""); err != nil {
			return err
		}
	}
	r := &campaignRun{e: e, c: c, m: m, results: o.results, steps: steps, bins: bins, placements: placements, explain: explainBin, start: time.Now()}
	return r.run()
}

// planInput gathers what the plan depends on from this machine.
func (o *campaignOptions) planInput(m harness.Machine) (planInput, error) {
	in := planInput{levels: campaignLevels(runtime.GOARCH, kernels.Feature.Available), families: pressureFamilies(), shrink: o.shrink}
	var err error
	if in.nodesPerSecond, err = measureSpeed(); err != nil {
		return in, err
	}
	in.depths = campaignDepths(campaignPositions(positions.PerftCases()), in.nodesPerSecond, perftCountTarget)
	for _, c := range movegen.Configs() {
		if movegen.Supported(c) == nil {
			in.configs++
		}
	}
	in.explainModel, in.explainNote = explainModel(m)
	if s := o.shrink; s != nil {
		in.levels = []string{s.level}
	}
	return in, nil
}

// printPlan prints the campaign's identity and steps with their estimates.
func printPlan(e *env, c schema.Campaign, m harness.Machine, in planInput, steps []campaignStep) {
	w := e.stderr
	fmt.Fprintf(w, "campaign %s on %s\n", c, m.Label())
	fmt.Fprintln(w, levelsLine(runtime.GOARCH, in.levels, kernels.Feature.Available))
	if c.Dirty {
		fmt.Fprintln(w, "warning: the tree has uncommitted changes: every file records \"with uncommitted changes\", and pages will not treat them as a campaign; commit and rerun for one")
	}
	fmt.Fprintf(w, "perft depths (each count at most %v at the %.0f Mnodes/s of the start position at depth %d here): %s\n",
		perftCountTarget.Round(time.Millisecond), in.nodesPerSecond/1e6, speedDepth, formatDepths(in.depths))
	var total time.Duration
	builds := time.Duration(len(in.levels))*buildTime + (placement.Count-1)*placementBuildTime
	fmt.Fprintf(w, "plan:\n  %-40s about %v\n", fmt.Sprintf("build runbench at %d level(s), %d placements", len(in.levels), placement.Count), builds)
	total += builds
	for i, s := range steps {
		if s.note != "" {
			fmt.Fprintf(w, "  %d. %-37s %s\n", i+1, s, s.note)
			continue
		}
		fmt.Fprintf(w, "  %d. %-37s about %v\n", i+1, s, s.estimate.Round(time.Second))
		total += s.estimate
	}
	fmt.Fprintf(w, "in all about %v (estimates for a 2-core machine; the progress line corrects them as steps finish)\n", total.Round(time.Second))
}

// campaignRun is a campaign under way.
type campaignRun struct {
	e       *env
	c       schema.Campaign
	m       harness.Machine
	results string
	steps   []campaignStep
	bins    map[string]string // runbench by level
	// placements are runbench's builds in each placement at the lowest
	// level, the normal build first.
	placements []string
	explain    string
	start      time.Time
	spent      time.Duration // the time of the steps that succeeded
	planned    time.Duration // and their estimate
	kept       []string      // the files of the campaign written so far
}

// run runs the steps in order; an interrupt ends the step running (which
// keeps its completed rounds) and the campaign.
func (r *campaignRun) run() error {
	sig := make(chan os.Signal, 4)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	var errs []error
	for i, s := range r.steps {
		if s.note != "" {
			fmt.Fprintf(r.e.stderr, "%s %s: %s\n", campaignPrefix, s, s.note)
			continue
		}
		r.progress(i)
		began := time.Now()
		var interrupted bool
		var err error
		if s.kind == stepPlacements {
			interrupted, err = runInTurns(r.e, r.placementCommands(s), func(i int) string { return fmt.Sprintf("placement %d", i+1) }, sig)
		} else {
			interrupted, err = runChild(r.e, r.command(s), sig)
		}
		r.kept = r.files()
		if interrupted {
			return r.interrupted(i)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", s, err))
			continue
		}
		r.spent, r.planned = r.spent+time.Since(began), r.planned+s.estimate
	}
	ended := "done"
	if len(errs) > 0 {
		ended = fmt.Sprintf("ended with %d failed steps", len(errs))
	}
	fmt.Fprintf(r.e.stderr, "%s %s %s in %v: %d files:\n", campaignPrefix, r.c, ended, time.Since(r.start).Round(time.Second), len(r.kept))
	for _, f := range r.kept {
		fmt.Fprintf(r.e.stderr, "  %s\n", f)
	}
	fmt.Fprintln(r.e.stderr, "make report draws the pages")
	return errors.Join(errs...)
}

// command returns the command of a step, writing into the CPU's folder.
func (r *campaignRun) command(s campaignStep) *exec.Cmd {
	if s.kind == stepExplain {
		return exec.Command(r.explain, append(slices.Clone(s.args), "-campaign", r.c.String(), "-results", r.results)...)
	}
	return exec.Command(r.bins[s.level], r.stepArgs(s)...)
}

// placementCommands returns the commands of the placements step: its run
// with each placement's build.
func (r *campaignRun) placementCommands(s campaignStep) []*exec.Cmd {
	var cmds []*exec.Cmd
	for _, bin := range r.placements {
		cmds = append(cmds, exec.Command(bin, r.stepArgs(s)...))
	}
	return cmds
}

// stepArgs returns a runbench step's arguments: its own, the campaign and
// the folder of its results.
func (r *campaignRun) stepArgs(s campaignStep) []string {
	out := filepath.Join(r.results, r.m.Slug) + string(filepath.Separator)
	if s.kind == stepPerft || s.kind == stepPlacements {
		out = filepath.Join(r.results, r.m.Slug, schema.PerftFolder) + string(filepath.Separator)
	}
	return append(slices.Clone(s.args), "-campaign", r.c.String(), "-noprogress", "-out", out)
}

// progress prints the campaign's progress line before step i: the time
// taken and the time left for the whole campaign, the estimates of the
// steps left scaled by how the finished steps kept to theirs.
func (r *campaignRun) progress(i int) {
	var left time.Duration
	for _, s := range r.steps[i:] {
		left += s.estimate
	}
	if r.planned > 0 {
		left = time.Duration(float64(left) * float64(r.spent) / float64(r.planned))
	}
	fmt.Fprintf(r.e.stderr, "%s step %d of %d, %s: %v so far, about %v left (until %s)\n", campaignPrefix, i+1, len(r.steps), r.steps[i],
		time.Since(r.start).Round(time.Second), left.Round(time.Second), time.Now().Add(left).Format("15:04"))
}

// files returns the results files of the campaign in the CPU's folder.
func (r *campaignRun) files() []string {
	dir := filepath.Join(r.results, r.m.Slug)
	var out []string
	for _, pattern := range []string{"*.txt", schema.PerftFolder + "/*.txt", schema.EstimatesFolder + "/*.txt"} {
		paths, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, p := range paths {
			if f, err := report.ScanFile(p); err == nil && f.Campaign == r.c {
				out = append(out, p)
			}
		}
	}
	return out
}

// interrupted says what an interrupt during step i kept and how to finish
// the campaign, and returns the interruption.
func (r *campaignRun) interrupted(i int) error {
	w := r.e.stderr
	fmt.Fprintf(w, "%s interrupted during step %d, %s: it keeps its completed rounds (it said where)\n", campaignPrefix, i+1, r.steps[i])
	fmt.Fprintf(w, "%s the campaign's files so far:\n", campaignPrefix)
	for _, f := range r.kept {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "%s to finish the campaign, run from this checkout, unchanged (-campaign checks the revision):\n", campaignPrefix)
	for _, s := range r.steps[i:] {
		if s.note != "" {
			continue
		}
		if s.kind == stepExplain {
			fmt.Fprintf(w, "  go run ./cmd/explain %s\n", schema.ShellLine(append(slices.Clone(s.args), "-campaign", r.c.String(), "-results", r.results)))
			continue
		}
		env := ""
		if s.level != "" {
			env = "GOAMD64=" + s.level + " "
		}
		if s.kind != stepPlacements {
			fmt.Fprintf(w, "  %sgo run -buildvcs=true ./cmd/runbench %s\n", env, schema.ShellLine(r.stepArgs(s)))
			continue
		}
		fmt.Fprintf(w, "  (the placements, one after another: the campaign runs them in turns, a round each)\n")
		for n := 1; n <= placement.Count; n++ {
			tags := ""
			if t := placement.Tag(n); t != "" {
				tags = "-tags " + t + " "
			}
			fmt.Fprintf(w, "  %sgo run %s-buildvcs=true ./cmd/runbench %s\n", env, tags, schema.ShellLine(r.stepArgs(s)))
		}
	}
	return interruption(fmt.Sprintf("during step %d of %d (%s) of campaign %s", i+1, len(r.steps), r.steps[i], r.c))
}
