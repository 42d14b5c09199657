package harness

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"bitlab/kernels"
	"bitlab/schema"
	"bitlab/uarch"
)

// Cycles converts timings to core cycles. The source is the hardware cycle
// counter where the kernel grants it (perf_event_open), and otherwise a
// clock calibrated with a dependent chain of register-register ADDs, each
// one cycle of latency. The time-stamp counter is not used: it ticks at a
// fixed rate that is not the core clock. ADD with an immediate is not used
// either: Golden Cove-class cores run dependent ADD-immediate chains
// several times per cycle.
type Cycles struct {
	Source string  // "perf_event", "add-chain" or "none"
	GHz    float64 // calibrated core clock (add-chain), 0 when unknown
	// calibrations are the clocks calibrated since ResetRange, in GHz.
	calibrations []float64
	perf         *perfCounter
	track        int // ADD-chain iterations of one tracking sample
}

// chainSample is the target duration of one clock or self-check sample.
const chainSample = 2 * time.Millisecond

// NewCycles picks the best cycle source of this machine.
func NewCycles() *Cycles {
	c := &Cycles{Source: "none"}
	if p, err := openCycleCounter(); err == nil {
		c.Source, c.perf = "perf_event", p
	}
	if haveChains {
		if c.perf == nil {
			c.Source = "add-chain"
		}
		c.recalibrate()
	}
	return c
}

// recalibrate measures the core clock again with the ADD chain: the fastest
// of 15 samples of about 2 ms, since interruptions only ever add time.
func (c *Cycles) recalibrate() {
	if !haveChains {
		return
	}
	c.calibrate(iterationsFor(latencyAdd), 15)
}

// follow tracks the clock between samples cheaply: the fastest of 5 ADD-chain
// samples of about 0.4 ms.
func (c *Cycles) follow() {
	if !haveChains {
		return
	}
	if c.track == 0 {
		c.track = max(1, iterationsFor(latencyAdd)/5)
	}
	c.calibrate(c.track, 5)
}

func (c *Cycles) calibrate(n, samples int) {
	best := math.Inf(1)
	for range samples {
		best = min(best, float64(timeChain(latencyAdd, n)))
	}
	c.GHz = float64(n*chainUnroll) / best
	c.calibrations = append(c.calibrations, c.GHz)
}

// ResetRange forgets the calibrations so far: DriftWarning judges those
// that follow, the run's.
func (c *Cycles) ResetRange() { c.calibrations = nil }

// clockDrift is the fraction by which the core clock may move within a run
// before DriftWarning warns: cycle figures follow the clock (it is
// recalibrated every Recalibrate), but ns figures do not.
const clockDrift = 0.05

// driftOutliers is the share of the calibrations at each end, at least
// one, that DriftWarning leaves out: a single slow recalibration (a
// preempted 0.4 ms sample, or a moment of a lower clock) times a few
// samples among thousands and moves no round's median.
const driftOutliers = 0.05

// DriftWarning returns a warning when the core clock moved during the
// run, "" when it held: when the calibrations since ResetRange, less the
// lowest and highest twentieth (at least one of each), still span more
// than 5%. Its advice is what can be done on this machine: fix the clock
// where Linux's cpufreq lets one set the governor and turbo, and otherwise
// (a virtual machine, whose host sets the clock, or no cpufreq) compare
// ns figures only within one run.
func (c *Cycles) DriftWarning() string {
	return driftWarning(c.calibrations, thisClockControl())
}

// A clockControl is what a user can do about the core clock.
type clockControl int

const (
	clockGoverned     clockControl = iota // cpufreq: a governor and turbo to set
	clockVirtual                          // a virtual machine: the host sets the clock
	clockUncontrolled                     // no cpufreq: nothing the system exposes
)

// cpufreqGovernor is where Linux's cpufreq exposes the governor of the
// first core; a virtual machine usually has the cpufreq folder, empty.
const cpufreqGovernor = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"

// thisClockControl tells this machine's clockControl: the hypervisor bit
// of CPUID (amd64), then cpufreq's governor file.
func thisClockControl() clockControl {
	if hypervisor() {
		return clockVirtual
	}
	if _, err := os.Stat(cpufreqGovernor); err != nil {
		return clockUncontrolled
	}
	return clockGoverned
}

// driftWarning is DriftWarning's decision on the calibrations ghz, with
// the advice for control.
func driftWarning(ghz []float64, control clockControl) string {
	sorted := slices.Sorted(slices.Values(ghz))
	out := max(1, int(driftOutliers*float64(len(sorted))))
	if len(sorted) <= 2*out {
		return ""
	}
	lo, hi := sorted[out], sorted[len(sorted)-1-out]
	if hi/lo-1 <= clockDrift {
		return ""
	}
	advice := map[clockControl]string{
		clockGoverned: "compare ns only within one run, or fix the clock (performance governor, no turbo)",
		clockVirtual: "this is a virtual machine (CPUID's hypervisor bit), whose clock its host sets: " +
			"compare ns only within one run; cycles compare across runs",
		clockUncontrolled: "the system offers no clock control (no " + cpufreqGovernor + "): " +
			"compare ns only within one run; cycles compare across runs",
	}[control]
	return fmt.Sprintf("the core clock moved during the run: %d recalibrations less the %d lowest and %d highest span %.2f to %.2f GHz (%.0f%%; all of them %.2f to %.2f GHz): "+
		"cycle figures follow it, ns figures do not; %s", len(sorted), out, out, lo, hi, 100*(hi/lo-1), sorted[0], sorted[len(sorted)-1], advice)
}

// start and stop bracket a timed section; stop returns its cycles, from the
// counter or from the calibrated clock, and ok = false with no source.
func (c *Cycles) start() uint64 {
	if c.perf != nil {
		return c.perf.read()
	}
	return 0
}

func (c *Cycles) stop(begin uint64, ns float64) (float64, bool) {
	if c.perf != nil {
		return float64(c.perf.read() - begin), true
	}
	return ns * c.GHz, c.GHz > 0
}

// iterationsFor returns the iteration count that makes one call of a chain
// function last about chainSample.
func iterationsFor(f func(int)) int {
	n := 64
	for {
		if d := timeChain(f, n); d >= chainSample/8 || n > 1<<30 {
			return max(1, int(float64(n)*float64(chainSample)/float64(max(d, 1))))
		}
		n *= 4
	}
}

// timeChain returns the nanoseconds of one call of f(n).
func timeChain(f func(int), n int) time.Duration {
	t := time.Now()
	f(n)
	return time.Since(t)
}

// SelfCheckRow is one instruction's measured cost, in cycles per
// instruction, beside the published cost on the core the run measures.
type SelfCheckRow struct {
	Instr               string
	Latency, Throughput float64
	// LatencySpread and ThroughputSpread are the measurements'
	// repeatability: the relative difference between the best of the first
	// half of the samples and the best of the second.
	LatencySpread, ThroughputSpread float64
	Published                       uarch.Cost // zero when the core has no published row
	Skipped                         string     // why it was not measured
}

// deviations returns the measured latency's and throughput's relative
// distances from the published ones; ok is false where there is nothing
// to compare (a throughput of 0 is not compared).
func (r SelfCheckRow) deviations() (latency, throughput float64, ok bool) {
	if r.Skipped != "" || r.Published.Latency == 0 {
		return 0, 0, false
	}
	latency = r.Latency/r.Published.Latency - 1
	if r.Published.Throughput > 0 {
		throughput = r.Throughput/r.Published.Throughput - 1
	}
	return latency, throughput, true
}

// The self-check's bands, as fractions of a published cost. A deviation
// must also exceed [noiseMargin] times the measurement's own spread.
const (
	// selfCheckTolerance is the deviation beyond which most of the
	// latencies (or most throughputs) moving the same way is a warning:
	// the whole instrument, not one instruction, is then off.
	selfCheckTolerance = 0.05
	// loneTolerance is the deviation beyond which one instruction that
	// disagrees while the others agree gets a note: the published figure
	// does not fit this core's chain of it, which asks nothing of the user.
	loneTolerance = 0.15
	// noiseMargin scales a measurement's spread into the band it must leave.
	noiseMargin = 3
)

// SelfCheck measures the latency and throughput of the self-check's chains
// (selfChecks: single instructions, and on amd64 the KMOVQ+VPCOMPRESSB
// pair as serialize's VBMI2 loop issues it), beside the published costs of
// core where the tables have them (none for the pair: its row compares
// with nothing, and the pages' floors read it).
func (c *Cycles) SelfCheck(core uarch.Core) []SelfCheckRow {
	var rows []SelfCheckRow
	for _, ch := range selfChecks {
		row := SelfCheckRow{Instr: ch.name}
		row.Published, _ = uarch.Published(core, ch.name)
		switch {
		case !haveChains || c.GHz == 0:
			row.Skipped = "no cycle clock on " + runtime.GOARCH
		case kernels.Supported(ch.features) != nil:
			row.Skipped = kernels.Supported(ch.features).Error()
		default:
			row.Latency, row.LatencySpread = c.perInstr(ch.latency)
			row.Throughput, row.ThroughputSpread = c.perInstr(ch.throughput)
		}
		rows = append(rows, row)
	}
	return rows
}

// A Finding is what the self-check concludes beyond its measurements: a
// warning asks the user to act, a note explains a deviation that needs
// nothing.
type Finding struct {
	Warning bool
	Text    string
}

// deviation is one measured figure against its published one.
type deviation struct {
	instr, what         string
	dev, measured, publ float64
	spread              float64
}

// beyond reports whether the deviation leaves the band tol, widened to
// noiseMargin times the measurement's spread.
func (d deviation) beyond(tol float64) bool {
	return math.Abs(d.dev) > max(tol, noiseMargin*d.spread)
}

// SelfCheckFindings compares the measurements with the published costs.
// A slow or fast instrument moves every figure alike, so warnings need
// most of the compared figures to agree: most latencies beyond
// selfCheckTolerance one way mean the cycle clock or the instrument is off
// (the latencies are the clock's check); with the latencies right, most
// throughputs slower than published mean something may share the core's
// execution ports. One instruction that disagrees while the others agree,
// beyond [loneTolerance], is read by the evidence of its sample: measured
// steadily (its spread and ADD's, the clock's own chain, within
// quietSpread), its published figure comes from another loop, a note
// (the published BLSR throughput of Zen 5, 0.46 cycles, is slower than
// the core runs independent BLSRs, about 0.34); measured while something
// disturbed the machine, it says nothing of the core, and a warning asks
// for a rerun on a quiet machine.
func SelfCheckFindings(core uarch.Core, rows []SelfCheckRow) []Finding {
	lats, tps := selfCheckDeviations(rows)
	if off := mostOff(lats); off != nil {
		return []Finding{{true, fmt.Sprintf("%d of %d latencies are off %s's published costs (%s): the cycle clock or the instrument is off "+
			"(was the machine busy, or the clock changing fast?); rerun on an idle machine before trusting cycle figures", len(off), len(lats), core, deviationList(off, false))}}
	}
	var fs []Finding
	if slow := mostOff(tps); slow != nil && slow[0].dev > 0 {
		fs = append(fs, Finding{true, fmt.Sprintf("%d of %d throughputs are slower than %s's published costs (%s) while the latencies agree, so the clock is right: "+
			"something may share this core's execution ports (a busy sibling hardware thread; in a VM, another guest): "+
			"if the machine should be idle, look for what runs beside the benchmark; throughput figures may be pessimistic", len(slow), len(tps), core, deviationList(slow, false))})
		tps = nil // the warning covers them
	}
	return append(fs, loneDeviations(core, lats, tps, clockSpread(rows))...)
}

// quietSpread is the widest spread (see [SelfCheckRow]) of a figure
// measured on a quiet machine: idle runs repeat every chain within about
// 1.5%. A figure, or ADD's (the clock's own chain), that repeats worse was
// measured while something else used the core.
const quietSpread = 0.05

// clockSpread returns the wider spread of the ADD chains, the clock's own:
// how steady the machine was while the self-check ran.
func clockSpread(rows []SelfCheckRow) float64 {
	for _, r := range rows {
		if r.Instr == "ADD" && r.Skipped == "" {
			return max(r.LatencySpread, r.ThroughputSpread)
		}
	}
	return 0
}

// selfCheckDeviations returns the deviations from the published costs of
// the rows that have them: every latency, and the throughputs published.
func selfCheckDeviations(rows []SelfCheckRow) (lats, tps []deviation) {
	for _, r := range rows {
		lat, tp, ok := r.deviations()
		if !ok {
			continue
		}
		lats = append(lats, deviation{r.Instr, string(schema.Latency), lat, r.Latency, r.Published.Latency, r.LatencySpread})
		if r.Published.Throughput > 0 {
			tps = append(tps, deviation{r.Instr, string(schema.Throughput), tp, r.Throughput, r.Published.Throughput, r.ThroughputSpread})
		}
	}
	return lats, tps
}

// mostOff returns the deviations beyond [selfCheckTolerance] in the
// direction most of them take, if they are more than half of ds.
func mostOff(ds []deviation) []deviation {
	var slow, fast []deviation
	for _, d := range ds {
		switch {
		case !d.beyond(selfCheckTolerance):
		case d.dev > 0:
			slow = append(slow, d)
		default:
			fast = append(fast, d)
		}
	}
	for _, side := range [][]deviation{slow, fast} {
		if 2*len(side) > len(ds) {
			return side
		}
	}
	return nil
}

// deviationList names each deviation and its size: "POPCNT +12.0%, ...",
// or with its figure, "BLSR throughput +48.0%, ...".
func deviationList(ds []deviation, figure bool) string {
	var parts []string
	for _, d := range ds {
		name := d.instr
		if figure {
			name += " " + d.what
		}
		parts = append(parts, fmt.Sprintf("%s %+.1f%%", name, 100*d.dev))
	}
	return strings.Join(parts, ", ")
}

// loneDeviations reads every latency and throughput beyond loneTolerance,
// the others agreeing, by its sample's evidence: one warning lists those
// measured while the machine was disturbed (their own spread, or the
// clock's, wider than quietSpread), to be measured again on a quiet
// machine; a note for each one measured steadily says that the core runs
// that chain faster or slower than its published figure, measured in
// another loop, says.
func loneDeviations(core uarch.Core, lats, tps []deviation, clock float64) []Finding {
	var disturbed []deviation
	var fs []Finding
	for _, ds := range [][]deviation{lats, tps} {
		for _, d := range ds {
			if !d.beyond(loneTolerance) {
				continue
			}
			if max(d.spread, clock) > quietSpread {
				disturbed = append(disturbed, d)
				continue
			}
			faster := "faster"
			if d.dev > 0 {
				faster = "slower"
			}
			fs = append(fs, Finding{false, fmt.Sprintf("%s %s %.3f cycles is %+.1f%% off %s's published %g, measured steadily (±%.1f%%, ADD's ±%.1f%%) while most other figures agree, "+
				"so the clock is right: this core runs this chain %s than the published figure says (measured in another loop); nothing to do",
				d.instr, d.what, d.measured, 100*d.dev, core, d.publ, 100*d.spread, 100*clock, faster)})
		}
	}
	if len(disturbed) == 0 {
		return fs
	}
	var evidence []string
	if clock > quietSpread {
		evidence = append(evidence, fmt.Sprintf("ADD, the clock's own chain, repeated only within ±%.1f%%", 100*clock))
	}
	for _, d := range disturbed {
		if d.spread > quietSpread {
			evidence = append(evidence, fmt.Sprintf("%s %s within ±%.1f%%", d.instr, d.what, 100*d.spread))
		}
	}
	warning := Finding{true, fmt.Sprintf("%s off %s's published costs, measured while something disturbed the machine (%s; a quiet machine repeats each within ±%.0f%%): "+
		"a disturbed sample, not a property of the core; rerun on a quiet machine before reading anything into these figures",
		deviationList(disturbed, true), core, strings.Join(evidence, ", "), 100*quietSpread)}
	return append([]Finding{warning}, fs...)
}

// perInstr returns the cycles per instruction of a chain function and its
// spread (see [SelfCheckRow]): 16 samples in two halves, each half's figure
// the fewest cycles of its samples (with the calibrated clock, samples
// alternate with ADD-chain samples and the ratio of the two fastest is
// taken, so that a clock change between calibration and measurement cannot
// bias it); the figure is the lower half's.
func (c *Cycles) perInstr(f func(int)) (perInstr, spread float64) {
	n, nAdd := iterationsFor(f), iterationsFor(latencyAdd)
	const samples = 16
	var best, bestAdd [2]float64
	for i := range best {
		best[i], bestAdd[i] = math.Inf(1), math.Inf(1)
	}
	for i := range samples {
		half := i * 2 / samples
		begin := c.start()
		ns := float64(timeChain(f, n))
		if c.perf != nil {
			cyc, _ := c.stop(begin, ns)
			best[half] = min(best[half], cyc)
			continue
		}
		best[half] = min(best[half], ns)
		bestAdd[half] = min(bestAdd[half], float64(timeChain(latencyAdd, nAdd)))
	}
	var per [2]float64
	for h := range per {
		if c.perf != nil {
			per[h] = best[h] / float64(n*chainUnroll)
		} else {
			per[h] = best[h] * float64(nAdd) / (bestAdd[h] * float64(n))
		}
	}
	lo, hi := min(per[0], per[1]), max(per[0], per[1])
	return lo, hi/lo - 1
}

// FormatSelfCheck renders the self-check as one line per instruction.
func FormatSelfCheck(rows []SelfCheckRow) []string {
	var lines []string
	for _, r := range rows {
		if r.Skipped != "" {
			lines = append(lines, fmt.Sprintf("%-6s skipped: %s", r.Instr, r.Skipped))
			continue
		}
		line := fmt.Sprintf("%-6s latency %.3f cycles ±%.1f%%", r.Instr, r.Latency, 100*r.LatencySpread)
		lat, tp, ok := r.deviations()
		if ok {
			line += fmt.Sprintf(" (published %g, %+.1f%%)", r.Published.Latency, 100*lat)
		}
		line += fmt.Sprintf("  throughput %.3f cycles/instr ±%.1f%%", r.Throughput, 100*r.ThroughputSpread)
		if ok && r.Published.Throughput > 0 {
			line += fmt.Sprintf(" (published %g, %+.1f%%)", r.Published.Throughput, 100*tp)
		}
		lines = append(lines, line)
	}
	return lines
}

// ParseSelfCheck reads a line of FormatSelfCheck back: the row's
// instruction and measured throughput in cycles per instruction; ok is
// false for a skipped row or any other line.
func ParseSelfCheck(line string) (instr string, throughput float64, ok bool) {
	instr, figures, hasLatency := strings.Cut(line, " latency ")
	_, tp, hasThroughput := strings.Cut(figures, "  throughput ")
	if !hasLatency || !hasThroughput {
		return "", 0, false
	}
	if _, err := fmt.Sscanf(tp, "%g cycles/instr", &throughput); err != nil {
		return "", 0, false
	}
	return strings.TrimSpace(instr), throughput, true
}

type selfCheck struct {
	name                string            // as uarch's cost tables name it
	features            []kernels.Feature // what the chains execute
	latency, throughput func(int)
}
