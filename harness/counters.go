package harness

import (
	"fmt"
	"slices"
	"strings"
)

// Event is a hardware event counted per input element beside cycles.
type Event struct {
	Name string // as the results' unit names it: "instructions" gives instructions/op
	kind uint32 // perf_event_attr type
	conf uint64 // perf_event_attr config
}

// Counters counts a group of events on the calling thread around every
// sample, read together so that they cover the same instructions. Where
// perf_event_open is refused (most virtual machines for hardware events),
// Err says why and nothing is counted.
type Counters struct {
	Events []Event
	Err    error
	group  *eventGroup
}

// OpenCounters opens the group of events on the calling thread, which the
// caller keeps locked to its OS thread ([NewCycles] does so).
func OpenCounters(events []Event) *Counters {
	c := &Counters{Events: events}
	c.group, c.Err = openGroup(events)
	if c.Err != nil {
		c.Events = nil
	}
	return c
}

// Describe says what is counted, or why nothing is.
func (c *Counters) Describe() string {
	if c == nil || c.group == nil {
		if c != nil && c.Err != nil {
			return "none (" + c.Err.Error() + ")"
		}
		return "none"
	}
	names := make([]string, len(c.Events))
	for i, e := range c.Events {
		names[i] = e.Name
	}
	return strings.Join(names, ", ")
}

// read returns the running counts, nil without a group.
func (c *Counters) read() []uint64 {
	if c == nil || c.group == nil {
		return nil
	}
	return c.group.read()
}

// perOp returns the counts between begin and the current reading per op.
func (c *Counters) perOp(begin []uint64, ops float64) []float64 {
	if begin == nil {
		return nil
	}
	end := c.read()
	if len(end) != len(begin) {
		return nil
	}
	out := make([]float64, len(end))
	for i := range end {
		out[i] = float64(end[i]-begin[i]) / ops
	}
	return out
}

// Close releases the counters.
func (c *Counters) Close() error {
	if c == nil || c.group == nil {
		return nil
	}
	return c.group.close()
}

func (e Event) String() string {
	return fmt.Sprintf("%s (type %d, config %#x)", e.Name, e.kind, e.conf)
}

// HardwareEvents returns the events runbench counts where it can: the
// platform's perf_event_open events for [schema.Events], none elsewhere.
func HardwareEvents() []Event { return slices.Clone(hardwareEvents) }
