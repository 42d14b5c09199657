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
var (
	NsPerOp      = Unit{Written: "ns/op", Read: "sec/op"}
	CyclesPerOp  = Unit{Written: "cycles/op", Read: "cycles/op", Cycles: true}
	NsPerBit     = Unit{Written: "ns/bit", Read: "sec/bit", PerOutput: true}
	CyclesPerBit = Unit{Written: "cycles/bit", Read: "cycles/bit", Cycles: true, PerOutput: true}
)

// Units lists every unit.
var Units = []Unit{NsPerOp, CyclesPerOp, NsPerBit, CyclesPerBit}

// Cost returns the unit of a cost: cycles or time, per input element or
// per output.
func Cost(cycles, perOutput bool) Unit {
	for _, u := range Units {
		if u.Cycles == cycles && u.PerOutput == perOutput {
			return u
		}
	}
	panic("unreachable")
}

// ReadUnit returns the unit whose tidied name is read, event counts
// included; ok is false for a unit bitlab does not write.
func ReadUnit(read string) (Unit, bool) {
	for _, u := range Units {
		if u.Read == read {
			return u, true
		}
	}
	if name, ok := strings.CutSuffix(read, "/op"); ok && slices.Contains(Events, name) {
		return Unit{Written: read, Read: read, Event: true}, true
	}
	return Unit{}, false
}

// Events are the hardware events runbench counts per input element where
// the machine lets it: retired instructions, branch mispredictions and L1
// data-cache read misses.
var Events = []string{"instructions", "branch-misses", "l1d-misses"}

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

// WriteMetadata writes the units' metadata lines, with those of the events
// a run counts: lower is better for all.
func WriteMetadata(w *benchfmt.Writer, events ...string) error {
	units := slices.Clone(Units)
	for _, e := range events {
		units = append(units, Unit{Written: EventUnit(e), Read: EventUnit(e), Event: true})
	}
	for _, u := range units {
		if u == NsPerOp {
			continue // benchfmt knows ns/op
		}
		m := &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u.Written, Key: "better"},
			OrigUnit: u.Written, Value: "lower"}
		if err := w.Write(m); err != nil {
			return err
		}
	}
	return nil
}
