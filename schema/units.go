package schema

import "golang.org/x/perf/benchfmt"

// Unit is a unit of the results: the name written and the name readers see
// after benchfmt's tidying (ns/op becomes sec/op).
type Unit struct {
	Written, Read string
	Cycles        bool // counts core cycles, not time
	PerOutput     bool // per output (set bit serialized) rather than per input element
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

// ReadUnit returns the unit whose tidied name is read; ok is false for a
// unit bitlab does not write.
func ReadUnit(read string) (Unit, bool) {
	for _, u := range Units {
		if u.Read == read {
			return u, true
		}
	}
	return Unit{}, false
}

// Scale returns the factor that turns read values into the written unit
// (seconds back into nanoseconds), and that unit's name.
func (u Unit) Scale() (float64, string) {
	if u.Read != u.Written {
		return 1e9, u.Written
	}
	return 1, u.Written
}

// WriteMetadata writes the units' metadata lines: lower is better for all.
func WriteMetadata(w *benchfmt.Writer) error {
	for _, u := range Units {
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
