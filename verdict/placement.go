package verdict

import (
	"fmt"
	"strings"
)

// Placement is what a CPU and build's placement runs measured: how far the
// move generator's speed moves with where its code sits, the default
// configuration timed in several code placements, the same instructions
// linked at different addresses (runbench campaign's placement step). A
// perft winner must lead the next technique by more than its Spread.
type Placement struct {
	// Spread is the slowest placement's cost over the fastest's, minus one.
	Spread float64
	// Placed are the placements measured, in order of their numbers; none
	// where no placement run guards the perft margins (Missing says why).
	Placed []Placed
	// Unit is the costs' unit, Positions the number of positions their
	// geometric means are over.
	Unit      string
	Positions int
	Missing   string
}

// unguardedNote notes a perft margin that no placement spread guards.
const unguardedNote = "perft margin unguarded by a placement measurement"

// Placed is one placement's figure.
type Placed struct {
	Number, Count, PadBytes int
	// Cost is the default configuration's perft cost per node, the
	// geometric mean over the positions of its medians.
	Cost float64
	File string
}

// Guards reports whether a placement run guards the perft margins.
func (p Placement) Guards() bool { return len(p.Placed) >= 2 }

// Percent writes the spread: "4.2%".
func (p Placement) Percent() string { return fmt.Sprintf("%.1f%%", 100*p.Spread) }

// Text says what the placement runs measured, in a sentence without
// their files; or, where there are none, that the perft margins are
// unguarded and why.
func (p Placement) Text() string {
	if !p.Guards() {
		return strings.TrimSuffix("perft margins unguarded by a placement measurement: "+p.Missing, ": ")
	}
	var pads, costs []string
	for _, q := range p.Placed {
		pads = append(pads, fmt.Sprint(q.PadBytes))
		costs = append(costs, fmt.Sprintf("%.3f", q.Cost/p.Placed[0].Cost))
	}
	return fmt.Sprintf("placement spread %s: the default configuration's perft cost (%s, geometric mean over %d positions) in %d of %d code placements "+
		"(%s bytes of padding before the move generator), relative to placement %d's: %s; a perft winner must lead by more than its 95%% interval and this spread",
		p.Percent(), p.Unit, p.Positions, len(p.Placed), p.Placed[0].Count, strings.Join(pads, ", "), p.Placed[0].Number, strings.Join(costs, ", "))
}
