package schema

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Unit is a unit of the results: the name written and the name readers see
// after benchfmt's tidying (ns/op becomes sec/op).
type Unit struct {
	Written, Read string
	Cycles        bool // counts core cycles, not time
	PerOutput     bool // per output (set bit serialized) rather than per input element
	Event         bool // a hardware event count per input element (EventUnit)
}

// The units. Per-element figures are per input element ("op"); the list
// families also report per output, that is per set bit serialized.

// NsPerOp is nanoseconds per input element.
func NsPerOp() Unit { return Unit{Written: "ns/op", Read: "sec/op"} }

// CyclesPerOp is core cycles per input element.
func CyclesPerOp() Unit { return Unit{Written: "cycles/op", Read: "cycles/op", Cycles: true} }

// NsPerBit is nanoseconds per set bit serialized.
func NsPerBit() Unit { return Unit{Written: "ns/bit", Read: "sec/bit", PerOutput: true} }

// CyclesPerBit is core cycles per set bit serialized.
func CyclesPerBit() Unit {
	return Unit{Written: "cycles/bit", Read: "cycles/bit", Cycles: true, PerOutput: true}
}

// Units lists every unit of the kernels' results.
func Units() []Unit { return []Unit{NsPerOp(), CyclesPerOp(), NsPerBit(), CyclesPerBit()} }

// The units of perft results: per node counted, and nodes per second.

// NsPerNode is nanoseconds per node counted.
func NsPerNode() Unit { return Unit{Written: "ns/node", Read: "sec/node"} }

// CyclesPerNode is core cycles per node counted.
func CyclesPerNode() Unit { return Unit{Written: "cycles/node", Read: "cycles/node", Cycles: true} }

// NodesPerSec is nodes counted per second.
func NodesPerSec() Unit { return Unit{Written: "nodes/s", Read: "nodes/s"} }

// PerftUnits lists the units of perft results.
func PerftUnits() []Unit { return []Unit{NsPerNode(), CyclesPerNode(), NodesPerSec()} }

// Cost returns the unit of a cost: cycles or time, per input element or
// per output.
func Cost(cycles, perOutput bool) Unit {
	for _, u := range Units() {
		if u.Cycles == cycles && u.PerOutput == perOutput {
			return u
		}
	}
	panic("unreachable")
}

// ReadUnit returns the unit whose tidied name is read, event counts
// included; ok is false for a unit bitlab does not write.
func ReadUnit(read string) (Unit, bool) {
	for _, u := range Units() {
		if u.Read == read {
			return u, true
		}
	}
	if name, ok := strings.CutSuffix(read, "/op"); ok && slices.Contains(Events(), name) {
		return Unit{Written: read, Read: read, Event: true}, true
	}
	return Unit{}, false
}

// Events are the hardware events runbench counts per input element where
// the machine lets it: retired instructions, branch mispredictions and L1
// data-cache read misses.
func Events() []string { return []string{"instructions", "branch-misses", "l1d-misses"} }

// Scale returns the factor that turns read values into the written unit
// (seconds back into nanoseconds), and that unit's name.
func (u Unit) Scale() (float64, string) {
	if u.Read != u.Written {
		return 1e9, u.Written
	}
	return 1, u.Written
}

// EventUnit returns the unit of a hardware event counted per input element:
// "instructions" gives "instructions/op".
func EventUnit(event string) string { return event + "/op" }

// WriteMetadata writes the kernel units' metadata lines, with those of the
// events a run counts: lower is better for all.
func WriteMetadata(w *benchfmt.Writer, events ...string) error {
	return writeMetadata(w, Units(), events)
}

// WritePerftMetadata writes the perft units' metadata lines: lower is
// better but for nodes per second.
func WritePerftMetadata(w *benchfmt.Writer) error { return writeMetadata(w, PerftUnits(), nil) }

func writeMetadata(w *benchfmt.Writer, units []Unit, events []string) error {
	units = slices.Clone(units)
	for _, e := range events {
		units = append(units, Unit{Written: EventUnit(e), Read: EventUnit(e), Event: true})
	}
	for _, u := range units {
		if u == NsPerOp() {
			continue // benchfmt knows ns/op
		}
		better := "lower"
		if u == NodesPerSec() {
			better = "higher"
		}
		m := &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u.Written, Key: "better"},
			OrigUnit: u.Written, Value: better}
		if err := w.Write(m); err != nil {
			return err
		}
	}
	return nil
}
