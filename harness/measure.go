package harness

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime/pprof"
	"slices"
	"time"

	"bitlab/kernels"
	"bitlab/schema"
)

// A Case is one kernel timed on one workload in one mode.
type Case struct {
	Kernel   kernels.Kernel
	Workload Workload
	Class    schema.SizeClass // the size class Workload.Size comes from
	Mode     kernels.Mode
	// Evict, if not nil, runs the case under cache pressure: a walk of its
	// buffer before every batch, and only the batches timed.
	Evict *Evictor

	// outputs lends the batch its output buffer, shared with the other
	// cases of its suite ([Suite.Cases]); nil for a buffer of its own.
	outputs *kernels.Outputs
	batch   kernels.Batch
	reps    int      // passes per sample
	Samples []Sample // every sample, in order
}

// Sample is one timed run of reps passes over the batch.
type Sample struct {
	NsPerOp     float64
	CyclesPerOp float64   // 0 without a cycle source
	Events      []float64 // per op, one per counted event; nil without counters
	Round       int
}

// Key returns the case's identity in the results schema.
func (c *Case) Key() schema.KernelCase {
	i := c.Kernel.Info()
	k := schema.KernelCase{Family: i.Family, Impl: i.Impl, Dist: c.Workload.Dist, Size: c.Workload.Size, Mode: c.Mode}
	if c.Evict != nil {
		k.Pressure = c.Evict.Pressure
	}
	return k
}

// Name returns the benchmark name, without the "Benchmark" prefix, as
// runbench and go test -bench write it:
// Kernel/family=F/impl=I/dist=D/size=N/mode=M ([schema.KernelCase]).
func (c *Case) Name() string { return c.Key().Name().String() }

// OutputsPerOp returns the outputs (set bits, for the list families) per
// input element of the case's batch.
func (c *Case) OutputsPerOp() float64 {
	return float64(c.batch.Outputs()) / float64(c.batch.Len())
}

// InputCache shares each workload's inputs among the cases that run them,
// whatever their family: the inputs depend on the input type, the
// workload and, for random slider queries, the family's sliders. Each
// value is a slice of the input type.
type InputCache map[inputKey]any

type inputKey struct {
	input    reflect.Type
	sliders  string
	workload Workload
}

// inputKeyOf returns the key of the inputs of family f's workload w.
func inputKeyOf(f kernels.AnyFamily, w Workload) inputKey {
	return inputKey{f.InputType(), fmt.Sprint(f.RandomSliders()), w}
}

// Prepare builds the case's inputs (sharing them with the other cases of
// the same inputs through cache), binds the kernel, its outputs in the
// buffer its suite's cases share, and checks it against the reference on
// exactly these inputs. A kernel that disagrees is never timed.
func (c *Case) Prepare(cache InputCache) error {
	key := inputKeyOf(c.Kernel.FamilyOf(), c.Workload)
	in, ok := cache[key]
	if !ok {
		var err error
		if in, err = Inputs(c.Kernel.FamilyOf(), c.Workload); err != nil {
			return err
		}
		cache[key] = in
	}
	b, err := c.Kernel.Bind(in, c.Mode, c.outputs)
	if err != nil {
		return err
	}
	if err := b.Verify(); err != nil {
		return fmt.Errorf("disagrees with the reference: %v", err)
	}
	c.batch = b
	return nil
}

// calibrate picks the passes per sample so that a sample lasts about d,
// walks under pressure included.
func (c *Case) calibrate(d time.Duration) {
	c.pass()
	t := time.Now()
	c.pass()
	one := max(time.Since(t), time.Nanosecond)
	c.reps = max(1, int(d/one))
}

// pass runs the batch once, after the walk under pressure.
func (c *Case) pass() {
	if c.Evict != nil {
		c.Evict.walk()
	}
	c.batch.Run(1)
}

// sample times reps passes after one untimed pass, so that the kernel's
// tables, its inputs and the branch predictor are in the case's own steady
// state rather than in whatever state the case sampled before it left
// them: without it, a stream sample (one pass) paid for refetching the
// tables and inputs the other cases had pushed out, up to 1.4 times the
// cost of the same kernel run alone. Mem batches get no warm-up pass: they
// exceed the last-level cache, so a pass leaves none of its inputs behind.
// Under pressure it times each pass on its own, after its walk, less the
// cost of reading the timer; it counts no events there.
func (c *Case) sample(cyc *Cycles, ev *Counters, round int) Sample {
	if c.Evict != nil {
		return c.samplePressed(cyc, round)
	}
	if c.Class != schema.Mem {
		c.batch.Run(1)
	}
	return timeOps(cyc, ev, round, float64(c.reps)*float64(c.batch.Len()), func() { c.batch.Run(c.reps) })
}

// timeOps times run, which does ops operations, in ns, cycles and counted
// events per operation.
func timeOps(cyc *Cycles, ev *Counters, round int, ops float64, run func()) Sample {
	events := ev.read()
	begin := cyc.start()
	t := time.Now()
	run()
	ns := float64(time.Since(t))
	s := Sample{NsPerOp: ns / ops, Round: round}
	if cycles, ok := cyc.stop(begin, ns); ok {
		s.CyclesPerOp = cycles / ops
	}
	s.Events = ev.perOp(events, ops)
	return s
}

func (c *Case) samplePressed(cyc *Cycles, round int) Sample {
	timer := timerCost()
	var ns, cycles float64
	for range c.reps {
		c.Evict.walk()
		begin := cyc.start()
		t := time.Now()
		c.batch.Run(1)
		el := max(float64(time.Since(t))-timer, 0)
		cy, _ := cyc.stop(begin, el)
		ns, cycles = ns+el, cycles+cy
	}
	ops := float64(c.reps) * float64(c.batch.Len())
	return Sample{NsPerOp: ns / ops, CyclesPerOp: cycles / ops, Round: round}
}

// Options control a run.
type Options struct {
	Rounds     int           // result lines per case
	PerRound   int           // samples per case per round; a line reports their median
	SampleTime time.Duration // target duration of one sample
	Seed       uint64        // shuffles the order of every round
	Profile    bool          // label samples for the CPU profile (pprof)
	Counters   *Counters     // events to count per sample; nil for none
	// Progress is called after every sample with the samples done and due.
	Progress func(done, total int)
	// Round is called after every completed round with its number, and may
	// write its lines; an error stops the run.
	Round func(round int) error
	// Stop ends the run after the current sample when it is closed.
	Stop <-chan struct{}
}

// ErrInterrupted is returned by Run when Stop was closed.
var ErrInterrupted = fmt.Errorf("harness: interrupted")

// Recalibrate is how often Run measures the core clock again (Cycles.follow,
// about 2% of the time): the clock of a shared virtual machine moves by 10%
// and more within seconds.
const Recalibrate = 100 * time.Millisecond

// Timed is what Run samples: a kernel Case or a [PerftCase].
type Timed interface {
	// calibrate picks the repetitions per sample so that one lasts about d.
	calibrate(d time.Duration)
	// sample times one sample of the case in round round.
	sample(cyc *Cycles, ev *Counters, round int) Sample
	// record keeps a sample.
	record(s Sample)
	// labels are the pprof labels of the case's samples, as key, value pairs.
	labels() []string
}

// record keeps a sample.
func (c *Case) record(s Sample) { c.Samples = append(c.Samples, s) }

// labels are the pprof labels family, impl, dist and mode.
func (c *Case) labels() []string {
	i := c.Kernel.Info()
	return []string{"family", i.Family, "impl", i.Impl, "dist", c.Workload.Dist, "mode", string(c.Mode)}
}

// Run times the prepared cases. In every sample of every round it visits
// the cases in a freshly shuffled order, so drift and neighbours hit all of
// them alike, and it recalibrates the clock every Recalibrate.
func Run[T Timed](cases []T, cyc *Cycles, opt Options) error {
	for _, c := range cases {
		select {
		case <-opt.Stop:
			return ErrInterrupted
		default:
		}
		c.calibrate(opt.SampleTime)
	}
	r := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	order := slices.Clone(cases)
	done, total := 0, opt.Rounds*opt.PerRound*len(cases)
	calibrated := time.Now()
	cyc.recalibrate()
	for round := range opt.Rounds {
		for range opt.PerRound {
			r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, c := range order {
				select {
				case <-opt.Stop:
					return ErrInterrupted
				default:
				}
				if time.Since(calibrated) > Recalibrate {
					cyc.follow()
					calibrated = time.Now()
				}
				var s Sample
				if opt.Profile {
					pprof.Do(context.Background(), pprof.Labels(c.labels()...), func(context.Context) {
						s = c.sample(cyc, opt.Counters, round)
					})
				} else {
					s = c.sample(cyc, opt.Counters, round)
				}
				c.record(s)
				done++
				if opt.Progress != nil {
					opt.Progress(done, total)
				}
			}
		}
		if opt.Round != nil {
			if err := opt.Round(round); err != nil {
				return err
			}
		}
	}
	return nil
}

// RoundMedian returns the median sample of one round: the median of each
// figure over the round's samples.
func (c *Case) RoundMedian(round int) (Sample, bool) { return roundMedian(c.Samples, round) }

func roundMedian(samples []Sample, round int) (Sample, bool) {
	var ns, cy []float64
	var ev [][]float64
	for _, s := range samples {
		if s.Round != round {
			continue
		}
		ns, cy = append(ns, s.NsPerOp), append(cy, s.CyclesPerOp)
		for i, v := range s.Events {
			if i == len(ev) {
				ev = append(ev, nil)
			}
			ev[i] = append(ev[i], v)
		}
	}
	if len(ns) == 0 {
		return Sample{}, false
	}
	m := Sample{NsPerOp: median(ns), CyclesPerOp: median(cy), Round: round}
	for _, v := range ev {
		m.Events = append(m.Events, median(v))
	}
	return m, true
}

// Stats summarizes every sample of a case.
type Stats struct {
	Median, Min  float64 // ns/op
	MedianCycles float64
	Spread       float64 // interquartile range / median
	N            int
}

// Stats returns the case's statistics over all its samples.
func (c *Case) stats() Stats { return stats(c.Samples) }

func stats(samples []Sample) Stats {
	var ns, cy []float64
	for _, s := range samples {
		ns, cy = append(ns, s.NsPerOp), append(cy, s.CyclesPerOp)
	}
	if len(ns) == 0 {
		return Stats{}
	}
	slices.Sort(ns)
	m := median(ns)
	return Stats{Median: m, Min: ns[0], MedianCycles: median(cy), N: len(ns),
		Spread: (quantile(ns, 0.75) - quantile(ns, 0.25)) / m}
}

func median(x []float64) float64 { return quantile(slices.Sorted(slices.Values(x)), 0.5) }

// quantile interpolates the q-quantile of sorted x.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}
