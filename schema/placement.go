package schema

import "fmt"

// PlacementComment starts the header line of a placement run (RunPlacement):
// "placement: 2 of 4, pad 32 bytes".
const PlacementComment = "placement: "

// Placement is where a build put its code: runbench campaign builds
// runbench in Count placements, the normal build (Number 1, no padding)
// among them, each linking PadBytes of padding code before the rest, so
// that the move generator's functions start that many bytes later with the
// same instructions.
type Placement struct {
	Number, Count int
	PadBytes      int
}

// String returns the placement as its header line writes it after
// PlacementComment.
func (p Placement) String() string {
	return fmt.Sprintf("%d of %d, pad %d bytes", p.Number, p.Count, p.PadBytes)
}

// ParsePlacement reads a placement back from the text after
// PlacementComment.
func ParsePlacement(s string) (Placement, error) {
	var p Placement
	if _, err := fmt.Sscanf(s, "%d of %d, pad %d bytes", &p.Number, &p.Count, &p.PadBytes); err != nil || s != p.String() ||
		p.Number < 1 || p.Number > p.Count || p.PadBytes < 0 {
		return Placement{}, fmt.Errorf("placement %q: want \"N of M, pad B bytes\" with 1 <= N <= M", s)
	}
	return p, nil
}
