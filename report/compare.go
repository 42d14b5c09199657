package report

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"bitlab/schema"
)

// Gate is the level at which a comparison decides that something got
// slower: each case, each implementation's geometric mean over its cases,
// each family's, or one figure over everything.
type Gate string

// The gates.
const (
	gateCase   Gate = "case"
	gateKernel Gate = "kernel"
	gateFamily Gate = "family"
	gateAll    Gate = "all"
)

// gates lists the gates, finest first.
var gates = []Gate{gateCase, gateKernel, gateFamily, gateAll}

// DefaultGate is the gate of plot compare and runbench compare unless
// -gate says otherwise: a change to bitlab touches a kernel, and a kernel's
// geometric mean over its distributions, sizes and modes answers whether
// that kernel got slower, while one case of it moving on its own (a table
// or buffer placed differently by one process, which no number of rounds
// shows) moves the mean by a fraction. Families and the whole suite dilute
// one kernel's slowdown among the others; single cases flag placement
// effects as regressions.
const DefaultGate = gateKernel

// GatesHelp describes the gates for -h.
const GatesHelp = "case (each case), kernel (each implementation's geometric mean over its cases; the default), family (each family's geometric mean) or all (one geometric mean)"

// ParseGate reads a gate's name.
func ParseGate(s string) (Gate, error) {
	if slices.Contains(gates, Gate(s)) {
		return Gate(s), nil
	}
	return "", fmt.Errorf("unknown gate %q: want %s", s, GatesHelp)
}

// noun names the gate's units.
func (g Gate) noun(n int) string {
	names := map[Gate][2]string{gateCase: {"case", "cases"}, gateKernel: {"kernel", "kernels"}, gateFamily: {"family", "families"}, gateAll: {"overall figure", "overall figures"}}
	if n == 1 {
		return names[g][0]
	}
	return names[g][1]
}

// group returns the name of the gate's unit a case belongs to.
func (g Gate) group(k Key) string {
	switch g {
	case gateKernel:
		return k.Family + "/" + k.Impl
	case gateFamily:
		return k.Family
	case gateAll:
		return "all cases"
	}
	return caseName(k)
}

// CompareOptions are the settings of a comparison.
type CompareOptions struct {
	Threshold float64 // the change (0.05 for 5%) that counts, beyond the noise
	Gate      Gate
	// Across allows comparing runs of different CPUs or GOAMD64 levels;
	// without it they are an error that says what differs.
	Across bool
}

// compared is one case measured in both runs.
type compared struct {
	Key      Key // without its configuration and unit
	Unit     string
	Scale    float64 // turns values into the unit as written
	Old, New float64 // geometric means of the rounds, in the unit's values
	change   estimate
}

// Ratio returns the case's cost in the new run over the old.
func (c compared) Ratio() float64 { return math.Exp(c.change.d) }

// gateUnit is one unit of a gate: a case, a kernel, a family or everything.
type gateUnit struct {
	Name  string
	Cases []compared
	// Ratio is the geometric mean of the cases' new/old cost ratios, with
	// its 95% interval from the noise.
	Ratio, Lo, Hi float64
	// QSlower and QFaster are the Benjamini-Hochberg adjusted one-sided
	// p-values of "no slower" and "no faster".
	QSlower, QFaster float64
	// Slower and Faster are true when the change is beyond the threshold
	// and its q-value at most 5%.
	Slower, Faster bool
}

// comparison is the comparison of one configuration's cases in two runs.
type comparison struct {
	Old, New         *Config
	OldSet, NewSet   *Set
	Options          CompareOptions
	Differs          string // what differs between the configurations ("" for nothing)
	Units            []gateUnit
	Cases            int      // cases compared
	Untested         []string // cases with fewer than two rounds in a run
	CaseNoise, Noise float64  // the extra between-run spread per case and per gate unit, as a relative standard deviation
	// Missing names the kernels ("family/impl") and whole families
	// ("family F") Old measured and New did not, where New's runs do not
	// explain it; Unselected those they explain (outside New's selection,
	// skipped for a CPU feature, failed their check).
	Missing, Unselected []string
}

// Regressed reports whether any unit is slower beyond the threshold.
func (c *comparison) Regressed() bool {
	return slices.ContainsFunc(c.Units, func(u gateUnit) bool { return u.Slower })
}

// compare pairs the configurations of two sets (the same CPU, GOARCH,
// GOAMD64 level and GOEXPERIMENT; with Across, the only configuration of each) and
// compares the cases both measured, in cycles where both runs have them,
// else in time. Comparing nothing is an error, and so is a set with two
// configurations of one machine and build at different revisions that
// measured the same cases (they are two runs: give one). unpaired names
// the configurations of new that old has no run of, when others compared.
func compare(old, new *Set, opt CompareOptions) (cs []*comparison, unpaired []string, err error) {
	if opt.Gate == "" {
		opt.Gate = DefaultGate
	}
	for _, n := range new.Configs {
		o, differs, err := pairOf(old, n, opt.Across && len(new.Configs) == 1)
		if err != nil {
			return nil, nil, err
		}
		if o == nil {
			unpaired = append(unpaired, describe(n))
			continue
		}
		c := compareConfigs(old, new, o, n, opt)
		c.Differs = differs
		if c.Cases > 0 {
			cs = append(cs, c)
		}
	}
	switch {
	case len(cs) > 0:
		return cs, unpaired, nil
	case len(unpaired) > 0:
		return nil, nil, fmt.Errorf("nothing to compare: %s", mismatch(old, new, opt.Across))
	}
	return nil, nil, fmt.Errorf("nothing to compare: no case of NEW (%s) was measured in OLD (%s) with at least two rounds in each%s",
		fileList(new), fileList(old), skipsOf("OLD", old)+skipsOf("NEW", new))
}

// skipsOf says why values of a side were skipped on loading, "" where
// none were.
func skipsOf(side string, s *Set) string {
	var whys []string
	for _, w := range s.skips {
		if w.why != "" && !slices.Contains(whys, w.why) {
			whys = append(whys, w.why)
		}
	}
	if len(whys) == 0 {
		return ""
	}
	return fmt.Sprintf("; values of %s were skipped: %s", side, strings.Join(whys, "; "))
}

// pairOf returns old's configuration of n's CPU, GOARCH, level and
// experiments, or with across the only configuration of old, saying what
// differs.
func pairOf(old *Set, n *Config, across bool) (*Config, string, error) {
	var same []*Config
	for _, o := range old.Configs {
		if o.CPU == n.CPU && o.GOARCH == n.GOARCH && o.Level == n.Level && o.Experiment == n.Experiment {
			same = append(same, o)
		}
	}
	switch {
	case len(same) == 1:
		return same[0], "", nil
	case len(same) > 1:
		var labels []string
		for _, o := range same {
			labels = append(labels, fmt.Sprintf("%s (%s)", o.Label, strings.Join(o.Files, ", ")))
		}
		return nil, "", fmt.Errorf("OLD holds runs of %s at different revisions that measured the same cases: %s; give one run to compare with",
			describe(n), strings.Join(labels, "; "))
	case across && len(old.Configs) == 1:
		return old.Configs[0], differences(old.Configs[0], n), nil
	}
	return nil, "", nil
}

// describe names a configuration's machine and build.
func describe(c *Config) string {
	s := cmp.Or(c.CPU, "an unnamed CPU") + ", " + cmp.Or(c.GOARCH, "unknown GOARCH")
	if c.Level != "" {
		s += ", GOAMD64=" + c.Level
	}
	if c.Experiment != "" {
		s += ", GOEXPERIMENT=" + c.Experiment
	}
	return s
}

// differences says how two configurations' machines and builds differ.
func differences(a, b *Config) string {
	var d []string
	if a.CPU != b.CPU {
		d = append(d, fmt.Sprintf("CPU %q against %q", a.CPU, b.CPU))
	}
	if a.GOARCH != b.GOARCH {
		d = append(d, fmt.Sprintf("GOARCH %s against %s", a.GOARCH, b.GOARCH))
	}
	if a.Level != b.Level {
		d = append(d, fmt.Sprintf("GOAMD64 %s against %s", cmp.Or(a.Level, "(none)"), cmp.Or(b.Level, "(none)")))
	}
	if a.Experiment != b.Experiment {
		d = append(d, fmt.Sprintf("GOEXPERIMENT %s against %s", cmp.Or(a.Experiment, "(none)"), cmp.Or(b.Experiment, "(none)")))
	}
	return strings.Join(d, ", ")
}

// mismatch explains why no configuration of new has one in old.
func mismatch(old, new *Set, across bool) string {
	var o, n []string
	for _, c := range old.Configs {
		o = append(o, describe(c))
	}
	for _, c := range new.Configs {
		n = append(n, describe(c))
	}
	msg := fmt.Sprintf("OLD (%s) is %s; NEW (%s) is %s", fileList(old), strings.Join(o, "; "), fileList(new), strings.Join(n, "; "))
	if len(old.Configs) == 1 && len(new.Configs) == 1 {
		msg += ": they differ in " + differences(old.Configs[0], new.Configs[0])
		if !across {
			msg += "; -across compares them anyway"
		}
	} else if across {
		msg += "; -across pairs runs of different machines or builds only when each side holds one"
	}
	return msg
}

func fileList(s *Set) string {
	var fs []string
	for _, c := range s.Configs {
		fs = append(fs, c.Files...)
	}
	return strings.Join(fs, ", ")
}

// compareConfigs compares configuration o of old with n of new: the cases
// both measured, their noise beyond each case's own spread, the gate's
// units and the decision on each.
func compareConfigs(old, new *Set, o, n *Config, opt CompareOptions) *comparison {
	c := &comparison{Old: o, New: n, OldSet: old, NewSet: new, Options: opt}
	c.Missing, c.Unselected = missing(old, new, o, n)
	var cases []compared
	cases, c.Untested = pairCases(old, new, o.Label, n.Label)
	c.Cases = len(cases)
	if len(cases) == 0 {
		return c
	}
	es := make([]estimate, len(cases))
	for i, cs := range cases {
		es[i] = cs.change
	}
	caseExtra := extraVariance(es)
	c.CaseNoise = math.Sqrt(caseExtra)
	names, groups := byGateUnit(cases, caseExtra, opt.Gate)
	units := make([]estimate, len(names))
	for i, g := range names {
		ms := make([]estimate, len(groups[g]))
		for j, cs := range groups[g] {
			ms[j] = cs.change
		}
		units[i] = mean(ms)
	}
	if opt.Gate != gateCase {
		extra := extraVariance(units)
		c.Noise = math.Sqrt(extra)
		for i := range units {
			units[i] = units[i].plus(extra)
		}
	}
	for _, g := range names {
		c.Units = append(c.Units, gateUnit{Name: g, Cases: groups[g]})
	}
	decide(c.Units, units, opt.Threshold)
	return c
}

// missing returns the kernels configuration o of old measured and n of new
// did not, as "family/impl", a family none of whose kernels n measured as
// "family F": those new's runs do not explain (missing), and those they
// do (unselected). A run explains a kernel it skipped (a CPU feature
// missing), that failed its check, or whose cases in old its selection
// (-family, -impl, -dist, -mode) leaves out; every file of n must explain
// it.
func missing(old, new *Set, o, n *Config) (missing, unselected []string) {
	cases := map[string][]Key{} // o's cases by kernel
	measured := map[string]bool{}
	for k := range old.Values {
		if k.Config == o.Label {
			id := k.Family + "/" + k.Impl
			cases[id] = append(cases[id], k)
		}
	}
	for k := range new.Values {
		if k.Config == n.Label {
			measured[k.Family+"/"+k.Impl], measured[k.Family] = true, true
		}
	}
	lost := map[string][]string{} // family -> its unexplained kernels
	for _, id := range slices.Sorted(maps.Keys(cases)) {
		if measured[id] {
			continue
		}
		if slices.ContainsFunc(n.Files, func(f string) bool { return !new.File(f).explains(id, cases[id]) }) {
			fam, _, _ := strings.Cut(id, "/")
			lost[fam] = append(lost[fam], id)
			continue
		}
		unselected = append(unselected, id)
	}
	for _, fam := range slices.Sorted(maps.Keys(lost)) {
		if measured[fam] {
			missing = append(missing, lost[fam]...)
		} else {
			missing = append(missing, "family "+fam)
		}
	}
	return missing, unselected
}

// explains reports whether a run explains why it has no case of kernel id
// whose cases another run measured: it skipped the kernel or the kernel
// failed its check, or its selection leaves out every one of the cases.
func (f *File) explains(id string, cases []Key) bool {
	if slices.Contains(f.skipped, id) || slices.Contains(f.failed, id) {
		return true
	}
	sel := map[string]*schema.Selection{}
	for i := 0; i+1 < len(f.Run.Flags); i++ {
		switch flag := f.Run.Flags[i]; flag {
		case "-family", "-impl", "-dist", "-mode":
			s, err := schema.ParseSelection(f.Run.Flags[i+1])
			if err != nil {
				return false
			}
			sel[flag] = s
			i++
		}
	}
	return !slices.ContainsFunc(cases, func(k Key) bool {
		return sel["-family"].MatchString(k.Family) && sel["-impl"].MatchString(k.Impl) &&
			sel["-dist"].MatchString(k.Dist) && sel["-mode"].MatchString(string(k.Mode))
	})
}

// pairCases returns the cases configuration n of new and o of old both
// measured in a cost unit, in name order: in cycles where both runs have
// them, else in time; and, by name, those with fewer than two rounds in a
// run, which cannot be tested.
func pairCases(old, new *Set, o, n string) (cases []compared, untested []string) {
	for k, nv := range new.Values {
		if k.Config != n {
			continue
		}
		u, ok := schema.ReadUnit(k.Unit)
		if !ok || u.Event || u.PerOutput {
			continue
		}
		ok2 := k
		ok2.Config = o
		ov := old.Values[ok2]
		if len(ov) == 0 {
			continue
		}
		if !u.Cycles { // time only where either run lacks cycles
			kc, okc := k, ok2
			kc.Unit, okc.Unit = schema.CyclesPerOp().Read, schema.CyclesPerOp().Read
			if len(new.Values[kc]) > 0 && len(old.Values[okc]) > 0 {
				continue
			}
		}
		key := k
		key.Config, key.Unit = "", ""
		e, ok := yuen(ov, nv)
		if !ok {
			untested = append(untested, caseName(key))
			continue
		}
		scale, name := u.Scale()
		cases = append(cases, compared{Key: key, Unit: name, Scale: scale, Old: geomean(ov), New: geomean(nv), change: e})
	}
	slices.SortFunc(cases, func(a, b compared) int { return compareKeys(a.Key, b.Key) })
	slices.Sort(untested)
	return cases, untested
}

// byGateUnit groups the cases, each change's variance widened by the
// extra noise per case, by the gate's unit they belong to; names lists the
// units in the order of their first case.
func byGateUnit(cases []compared, extra float64, gate Gate) (names []string, groups map[string][]compared) {
	groups = map[string][]compared{}
	for _, cs := range cases {
		cs.change = cs.change.plus(extra)
		g := gate.group(cs.Key)
		if groups[g] == nil {
			names = append(names, g)
		}
		groups[g] = append(groups[g], cs)
	}
	return names, groups
}

// decide fills in each unit's ratio, its interval and q-values from its
// estimate, and whether it is slower or faster: beyond the threshold, as
// the change is printed (+5% slower, -5% faster: not a symmetric log-ratio,
// whose -4.8% a list of changes beyond ±5% would print), with a
// Benjamini-Hochberg q-value at most 1 - schema.Confidence over all the
// units.
func decide(units []gateUnit, es []estimate, threshold float64) {
	tau, fasterTau := math.Log1p(threshold), math.Inf(-1) // no cost falls by 100% or more
	if threshold < 1 {
		fasterTau = math.Log1p(-threshold)
	}
	slower, faster := make([]float64, len(es)), make([]float64, len(es))
	for i, e := range es {
		slower[i] = above(e)
		faster[i] = above(estimate{d: -e.d, v: e.v, vOverDf: e.vOverDf})
	}
	qs, qf := benjaminiHochberg(slower), benjaminiHochberg(faster)
	alpha := 1 - schema.Confidence
	for i, e := range es {
		w := quantile(alpha/2, e.df()) * math.Sqrt(e.v)
		u := &units[i]
		u.Ratio, u.Lo, u.Hi = math.Exp(e.d), math.Exp(e.d-w), math.Exp(e.d+w)
		u.QSlower, u.QFaster = qs[i], qf[i]
		u.Slower, u.Faster = qs[i] <= alpha && e.d > tau, qf[i] <= alpha && e.d < fasterTau
	}
}

func compareKeys(a, b Key) int {
	return cmp.Or(cmp.Compare(a.Family, b.Family), cmp.Compare(a.Impl, b.Impl),
		schema.CompareDists(a.Dist, b.Dist), cmp.Compare(a.Size, b.Size), cmp.Compare(a.Mode, b.Mode), cmp.Compare(a.Pressure, b.Pressure))
}

func geomean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

func caseName(k Key) string {
	return schema.KernelCase{Family: k.Family, Impl: k.Impl, Dist: k.Dist, Size: k.Size, Mode: k.Mode, Pressure: k.Pressure}.Name().String()
}

// Method describes the test for -h and the pages: what counts as changed.
const Method = "a unit (a case, or a kernel's, family's or everything's geometric mean over its cases) counts as slower " +
	"(or faster) when its change is beyond the threshold and beyond what the noise allows: the noise is each case's " +
	"round-to-round spread in both runs (Yuen's trimmed form of Welch's t-test on the logarithms of their rounds) plus the spread that the " +
	"changes of all the cases compared show beyond it (estimated from their median, so that a change common to all, " +
	"and up to half the cases changing, do not inflate it), and for kernels and families the same again over their " +
	"geometric means; the one-sided p-values against no change are corrected over all the units compared with the " +
	"Benjamini-Hochberg procedure at a false-discovery rate of 5%."

// Write prints the comparison: what was compared and how, the units that
// changed beyond the threshold, the largest changes that did not, and a
// closing line with the counts.
func (c *comparison) Write(w io.Writer) error {
	g := c.Options.Gate
	fmt.Fprintf(w, "OLD: %s\nNEW: %s\n", c.runText(c.OldSet, c.Old), c.runText(c.NewSet, c.New))
	if c.Differs != "" {
		fmt.Fprintf(w, "comparing across machines or builds (-across): %s; every difference includes theirs\n", c.Differs)
	}
	units := len(c.Units)
	fmt.Fprintf(w, "%d cases compared (cycles where both runs have them, else ns)", c.Cases)
	if g != gateCase {
		fmt.Fprintf(w, " in %d %s, each the geometric mean of its cases", units, g.noun(units))
	}
	fmt.Fprintln(w)
	if len(c.Untested) > 0 {
		fmt.Fprintf(w, "%d cases not tested (fewer than two rounds in a run), such as %s\n", len(c.Untested), c.Untested[0])
	}
	if len(c.Missing) > 0 {
		fmt.Fprintf(w, "missing in NEW: %s of OLD, which NEW's run neither leaves out by its selection nor skips: %s\n",
			plural(len(c.Missing), "kernel or family", "kernels or families"), strings.Join(c.Missing, ", "))
	}
	if n := len(c.Unselected); n > 0 {
		fmt.Fprintf(w, "not in NEW: %s of OLD, outside NEW's selection, or skipped or failed as its header says: %s",
			plural(n, "kernel", "kernels"), strings.Join(c.Unselected[:min(n, 5)], ", "))
		if n > 5 {
			fmt.Fprintf(w, " ...")
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "noise: each case's round-to-round spread in both runs; beyond it, the runs differ by %.1f%% per case", 100*c.CaseNoise)
	if g != gateCase {
		fmt.Fprintf(w, " and %.1f%% per %s", 100*c.Noise, g.noun(1))
	}
	fmt.Fprintf(w, " (estimated from the spread of all the changes)\n")
	fmt.Fprintf(w, "slower (or faster): a change beyond ±%.1f%% and beyond the noise (one-sided test against no change; Benjamini-Hochberg, false-discovery rate %.0f%% over the %d %s)\n\n",
		100*c.Options.Threshold, 100*(1-schema.Confidence), units, g.noun(units))
	changed := slices.DeleteFunc(slices.Clone(c.Units), func(u gateUnit) bool { return !u.Slower && !u.Faster })
	slices.SortStableFunc(changed, func(a, b gateUnit) int { return cmp.Compare(b.Ratio, a.Ratio) })
	if len(changed) > 0 {
		if err := c.table(w, changed, true); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	calm := slices.DeleteFunc(slices.Clone(c.Units), func(u gateUnit) bool { return u.Slower || u.Faster })
	slices.SortStableFunc(calm, func(a, b gateUnit) int {
		return cmp.Compare(math.Abs(math.Log(b.Ratio)), math.Abs(math.Log(a.Ratio)))
	})
	if len(calm) > 0 {
		fmt.Fprintf(w, "the largest changes within the noise:\n")
		if err := c.table(w, calm[:min(len(calm), 5)], false); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	slower := 0
	for _, u := range c.Units {
		if u.Slower {
			slower++
		}
	}
	fmt.Fprintf(w, "%d %s compared: %d slower, %d faster beyond %.1f%%", units, g.noun(units), slower, len(changed)-slower, 100*c.Options.Threshold)
	if len(c.Missing) > 0 {
		fmt.Fprintf(w, "; %s of OLD missing in NEW", plural(len(c.Missing), "kernel or family", "kernels or families"))
	}
	_, err := fmt.Fprintln(w)
	return err
}

// plural returns n with the noun's singular or plural.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// table prints units: name, old and new cost (cases only), the change, its
// interval and q-value, and for a unit of several cases the one that
// changed most.
func (c *comparison) table(w io.Writer, units []gateUnit, verdict bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	name := c.Options.Gate.noun(1)
	if c.Options.Gate == gateCase {
		fmt.Fprintf(tw, "%s\told\tnew\tunit\tchange\t95%% interval\tq\t\n", name)
	} else {
		fmt.Fprintf(tw, "%s\tcases\tchange\t95%% interval\tq\tmost changed case\t\n", name)
	}
	for _, u := range units {
		q := min(u.QSlower, u.QFaster)
		mark := ""
		if verdict && u.Slower {
			mark = "slower"
		} else if verdict {
			mark = "faster"
		}
		interval := fmt.Sprintf("%+.1f%% .. %+.1f%%", 100*(u.Lo-1), 100*(u.Hi-1))
		if c.Options.Gate == gateCase {
			cs := u.Cases[0]
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%+.1f%%\t%s\t%.2g\t%s\n", u.Name, schema.Figure(cs.Old*cs.Scale), schema.Figure(cs.New*cs.Scale), cs.Unit, 100*(u.Ratio-1), interval, q, mark)
			continue
		}
		most := slices.MaxFunc(u.Cases, func(a, b compared) int {
			return cmp.Compare(math.Abs(a.change.d), math.Abs(b.change.d))
		})
		fmt.Fprintf(tw, "%s\t%d\t%+.1f%%\t%s\t%.2g\t%s %+.1f%%\t%s\n", u.Name, len(u.Cases), 100*(u.Ratio-1), interval, q, caseName(most.Key), 100*(most.Ratio()-1), mark)
	}
	return tw.Flush()
}

// runText describes a configuration's run for the comparison's header.
func (c *comparison) runText(s *Set, cfg *Config) string {
	var files []string
	for _, f := range cfg.Files {
		fh := s.File(f)
		incomplete := ""
		if fh.Incomplete != "" {
			incomplete = ", incomplete: " + fh.Incomplete
		}
		files = append(files, fmt.Sprintf("%s (%s run, revision %s%s)", f, fh.Run.Kind, fh.ShortRevision(), incomplete))
	}
	return fmt.Sprintf("%s; %s", describe(cfg), strings.Join(files, ", "))
}

// Outcome is what a comparison found that fails the gate.
type Outcome struct {
	// Slower is true when a unit of the gate is slower beyond the
	// threshold and the noise.
	Slower bool
	// Missing names the kernels and families OLD measured that NEW lacks
	// and does not explain (comparison.Missing), in every configuration.
	Missing []string
	// Failed names the kernels NEW's header says disagreed with their
	// family's reference (File.failed).
	Failed []string
}

// What fails the gate, as Outcome.Err reports it: the tools' exit
// statuses tell them apart (4, 5 and 3), in this order when several hold.
var (
	ErrFailed  = errors.New("kernels disagreed with their family's reference in NEW (its header says so)")
	ErrMissing = errors.New("kernels or families of OLD are missing in NEW")
	ErrSlower  = errors.New("slower beyond the threshold and the noise")
)

// Err returns nil when nothing fails the gate, else an error that is
// ErrFailed, ErrMissing or ErrSlower (each that holds), naming the kernels.
func (o Outcome) Err() error {
	var errs []error
	if len(o.Failed) > 0 {
		errs = append(errs, fmt.Errorf("%w: %s", ErrFailed, strings.Join(o.Failed, ", ")))
	}
	if len(o.Missing) > 0 {
		errs = append(errs, fmt.Errorf("%w: %s", ErrMissing, strings.Join(o.Missing, ", ")))
	}
	if o.Slower {
		errs = append(errs, ErrSlower)
	}
	return errors.Join(errs...)
}

// CompareRuns compares new with old (compare), writes each
// configuration's comparison to w and, to notes, a line for each of new's
// configurations that old has no run of, and the kernels new's header
// says failed their check; it returns what fails the gate. runbench
// compare (after its own run) and plot compare are both this call.
func CompareRuns(w, notes io.Writer, old, new *Set, opt CompareOptions) (Outcome, error) {
	var out Outcome
	cs, unpaired, err := compare(old, new, opt)
	if err != nil {
		return out, err
	}
	for _, u := range unpaired {
		fmt.Fprintf(notes, "note: the new run of %s has no counterpart in the old: not compared\n", u)
	}
	for i, c := range cs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := c.Write(w); err != nil {
			return out, err
		}
		out.Slower = out.Slower || c.Regressed()
		out.Missing = append(out.Missing, c.Missing...)
	}
	for _, c := range new.Configs {
		for _, f := range c.Files {
			for _, id := range new.File(f).failed {
				fmt.Fprintf(notes, "note: %s says %s disagreed with its family's reference (not timed)\n", f, id)
				out.Failed = append(out.Failed, id)
			}
		}
	}
	return out, nil
}

// CheckBaseline returns an error unless a run on this machine and build
// (its Level "" for any level) can be compared with old: old holds a run
// of the same CPU, GOARCH, level and experiments, or with across a single
// configuration. The error says what differs.
func CheckBaseline(old *Set, this *Config, across bool) error {
	for _, o := range old.Configs {
		if o.CPU == this.CPU && o.GOARCH == this.GOARCH && (this.Level == "" || o.Level == this.Level) && o.Experiment == this.Experiment {
			return nil
		}
	}
	if across && len(old.Configs) == 1 {
		return nil
	}
	var have []string
	for _, o := range old.Configs {
		have = append(have, describe(o))
	}
	msg := fmt.Sprintf("it holds runs of %s; this run is %s", strings.Join(have, "; "), describe(this))
	if len(old.Configs) == 1 {
		any := *this
		any.Level = cmp.Or(this.Level, old.Configs[0].Level) // "" is any level
		msg += ": they differ in " + differences(old.Configs[0], &any)
		if !across {
			msg += "; -across compares them anyway"
		}
	}
	return errors.New(msg)
}
