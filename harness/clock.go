package harness

import (
	"fmt"
	"math"
	"runtime"
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
	// MinGHz and MaxGHz are the lowest and highest clock calibrated since
	// ResetRange.
	MinGHz, MaxGHz float64
	perf           *perfCounter
	track          int // ADD-chain iterations of one tracking sample
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
		c.Calibrate()
	}
	return c
}

// Calibrate measures the core clock again with the ADD chain: the fastest
// of 15 samples of about 2 ms, since interruptions only ever add time.
func (c *Cycles) Calibrate() {
	if !haveChains {
		return
	}
	c.calibrate(iterationsFor(latencyAdd), 15)
}

// Track follows the clock between samples cheaply: the fastest of 5 ADD-chain
// samples of about 0.4 ms.
func (c *Cycles) Track() {
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
	if c.MinGHz == 0 || c.GHz < c.MinGHz {
		c.MinGHz = c.GHz
	}
	c.MaxGHz = max(c.MaxGHz, c.GHz)
}

// ResetRange starts a new range of MinGHz and MaxGHz at the current clock.
func (c *Cycles) ResetRange() { c.MinGHz, c.MaxGHz = c.GHz, c.GHz }

// ClockDrift is the fraction by which the core clock may move within a run
// before runbench warns: cycle figures follow the clock (it is recalibrated
// every Recalibrate), but ns figures and the neighbours' load do not.
const ClockDrift = 0.05

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
	Published           uarch.Cost // zero when the core has no published row
	Skipped             string     // why it was not measured
}

// Deviations returns the measured latency's and throughput's relative
// distances from the published ones; ok is false where there is nothing
// to compare (a throughput of 0 is not compared).
func (r SelfCheckRow) Deviations() (latency, throughput float64, ok bool) {
	if r.Skipped != "" || r.Published.Latency == 0 {
		return 0, 0, false
	}
	latency = r.Latency/r.Published.Latency - 1
	if r.Published.Throughput > 0 {
		throughput = r.Throughput/r.Published.Throughput - 1
	}
	return latency, throughput, true
}

// SelfCheckTolerance is the largest deviation from a published cost that
// the self-check accepts as agreement: beyond it, the clock or the
// instrument is suspect.
const SelfCheckTolerance = 0.05

// SelfCheck measures the latency and throughput of the self-check's chains
// (ADD, IMUL, POPCNT, TZCNT, BLSR and BSWAP on amd64), beside the
// published costs of core where the tables have them.
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
			row.Latency = c.perInstr(ch.latency)
			row.Throughput = c.perInstr(ch.throughput)
		}
		rows = append(rows, row)
	}
	return rows
}

// SelfCheckWarnings returns one line per measured cost that deviates from
// the published one by more than SelfCheckTolerance. When every latency
// agrees the clock is right: a slow throughput then means something else
// competes for the core's execution ports, which the lines say (most
// likely a busy sibling hardware thread; in a VM, possibly another
// guest's), and a fast one that the published figure is pessimistic.
func SelfCheckWarnings(core uarch.Core, rows []SelfCheckRow) []string {
	latencyOK := true
	for _, r := range rows {
		if lat, _, ok := r.Deviations(); ok && math.Abs(lat) > SelfCheckTolerance {
			latencyOK = false
		}
	}
	var ws []string
	for _, r := range rows {
		lat, tp, ok := r.Deviations()
		if !ok {
			continue
		}
		for _, d := range []struct {
			what      string
			dev, m, p float64
		}{{string(schema.Latency), lat, r.Latency, r.Published.Latency}, {string(schema.Throughput), tp, r.Throughput, r.Published.Throughput}} {
			if math.Abs(d.dev) <= SelfCheckTolerance {
				continue
			}
			cause := "the cycle clock or the instrument is off (was the machine busy, or the clock changing fast?); " +
				"rerun on an idle machine before trusting cycle figures"
			switch {
			case latencyOK && d.dev > 0:
				cause = "every latency agrees, so the clock is right, but another thread shares this core's execution ports " +
					"(a busy sibling hardware thread, in a VM possibly another guest's): throughput figures may be pessimistic"
			case latencyOK && d.what == string(schema.Throughput):
				cause = "every latency agrees, so the clock is right: the published figure is slower than this core runs " +
					"the instruction's independent chains (the source measured another loop); nothing to do"
			}
			ws = append(ws, fmt.Sprintf("%s %s %.3f cycles is %+.1f%% off %s's published %g: %s", r.Instr, d.what, d.m, 100*d.dev, core, d.p, cause))
		}
	}
	return ws
}

// perInstr returns the cycles per instruction of a chain function. With a
// cycle counter it is the fewest cycles of 15 samples; with the calibrated
// clock, samples alternate with ADD-chain samples and the ratio of the two
// fastest is taken, so that a clock change between calibration and
// measurement cannot bias it.
func (c *Cycles) perInstr(f func(int)) float64 {
	n, nAdd := iterationsFor(f), iterationsFor(latencyAdd)
	best, bestAdd := math.Inf(1), math.Inf(1)
	for range 15 {
		begin := c.start()
		ns := float64(timeChain(f, n))
		if c.perf != nil {
			cyc, _ := c.stop(begin, ns)
			best = min(best, cyc)
			continue
		}
		best = min(best, ns)
		bestAdd = min(bestAdd, float64(timeChain(latencyAdd, nAdd)))
	}
	if c.perf != nil {
		return best / float64(n*chainUnroll)
	}
	return best * float64(nAdd) / (bestAdd * float64(n))
}

// FormatSelfCheck renders the self-check as one line per instruction.
func FormatSelfCheck(rows []SelfCheckRow) []string {
	var lines []string
	for _, r := range rows {
		if r.Skipped != "" {
			lines = append(lines, fmt.Sprintf("%-6s skipped: %s", r.Instr, r.Skipped))
			continue
		}
		line := fmt.Sprintf("%-6s latency %.3f cycles", r.Instr, r.Latency)
		lat, tp, ok := r.Deviations()
		if ok {
			line += fmt.Sprintf(" (published %g, %+.1f%%)", r.Published.Latency, 100*lat)
		}
		line += fmt.Sprintf("  throughput %.3f cycles/instr", r.Throughput)
		if ok && r.Published.Throughput > 0 {
			line += fmt.Sprintf(" (published %g, %+.1f%%)", r.Published.Throughput, 100*tp)
		}
		lines = append(lines, line)
	}
	return lines
}

type selfCheck struct {
	name                string            // as uarch's cost tables name it
	features            []kernels.Feature // what the chains execute
	latency, throughput func(int)
}
