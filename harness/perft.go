package harness

import (
	"fmt"
	"strconv"
	"time"

	"golang.org/x/perf/benchfmt"

	"bitlab/schema"
)

// PerftCase is one configuration of the move generator counting one
// position to one depth, timed per node like a kernel per element.
type PerftCase struct {
	Key schema.PerftCase
	// Run counts the nodes; Want is the count it must return (0: any, for
	// a position without a published count).
	Run  func() uint64
	Want uint64
	// Setup, if not nil, runs untimed before every count (emptying a
	// transposition table); each sample then times one count.
	Setup func()

	nodes   uint64
	reps    int
	Samples []Sample
}

// Name returns the benchmark name, without the "Benchmark" prefix.
func (c *PerftCase) Name() string { return c.Key.Name().String() }

// Nodes returns the count of the prepared case.
func (c *PerftCase) Nodes() uint64 { return c.nodes }

// Prepare counts once and checks the count: a configuration that miscounts
// is never timed.
func (c *PerftCase) Prepare() error {
	if c.Setup != nil {
		c.Setup()
	}
	c.nodes = c.Run()
	if c.Want != 0 && c.nodes != c.Want {
		return fmt.Errorf("%s: %d nodes, want %d", c.Name(), c.nodes, c.Want)
	}
	if c.nodes == 0 {
		return fmt.Errorf("%s: no nodes to time", c.Name())
	}
	return nil
}

func (c *PerftCase) calibrate(d time.Duration) {
	if c.Setup != nil {
		c.reps = 1
		return
	}
	t := time.Now()
	c.Run()
	c.reps = max(1, int(d/max(time.Since(t), time.Nanosecond)))
}

func (c *PerftCase) sample(cyc *Cycles, ev *Counters, round int) Sample {
	if c.Setup != nil {
		c.Setup()
	}
	return timeOps(cyc, ev, round, float64(c.reps)*float64(c.nodes), func() {
		for range c.reps {
			c.Run()
		}
	})
}

func (c *PerftCase) record(s Sample) { c.Samples = append(c.Samples, s) }

// labels are the pprof labels config (the configuration's short name,
// such as default or slider=pext), position, depth and, with a
// transposition table, tt.
func (c *PerftCase) labels() []string {
	l := []string{"config", c.Key.Config.Short(), "position", c.Key.Position, "depth", strconv.Itoa(c.Key.Depth)}
	if c.Key.TT != "" {
		l = append(l, "tt", c.Key.TT)
	}
	return l
}

// RoundMedian returns the median sample of one round.
func (c *PerftCase) RoundMedian(round int) (Sample, bool) { return roundMedian(c.Samples, round) }

// Stats returns the case's statistics over all its samples (per node).
func (c *PerftCase) Stats() Stats { return stats(c.Samples) }

// CreatePerftResults starts a results file of perft cases at path, as
// CreateResults does.
func CreatePerftResults(path string, unique bool, m Machine, config []benchfmt.Config) (*ResultsFile, error) {
	return createResults(path, unique, m, nil, config, schema.WritePerftMetadata)
}

// PerftResult writes one result line of a perft case: the median of one
// round, per node, and nodes per second.
func (r *ResultsFile) PerftResult(c *PerftCase, s Sample) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return r.closedError()
	}
	vals := []benchfmt.Value{{Value: s.NsPerOp, Unit: schema.NsPerNode().Written}}
	if s.CyclesPerOp > 0 {
		vals = append(vals, benchfmt.Value{Value: s.CyclesPerOp, Unit: schema.CyclesPerNode().Written})
	}
	vals = append(vals, benchfmt.Value{Value: 1e9 / s.NsPerOp, Unit: schema.NodesPerSec().Written})
	r.lines++
	return r.w.Write(&benchfmt.Result{Config: r.config, Name: benchfmt.Name(c.Name()), Iters: c.reps * int(c.nodes), Values: vals})
}
