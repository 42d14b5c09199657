package board

import "math/bits"

// Rotated holds an occupancy in the three rotated frames of Robert Hyatt's
// rotated bitboards ([cpw-sliding], Rotated Bitboards), each of which lays
// one kind of line out as consecutive bits the way the normal frame lays
// out a rank: Files rotated by 90 degrees (file by file), Diagonals and
// AntiDiagonals rotated by 45 degrees (a1-h8 and h1-a8 lines, each line
// after the other). An engine keeps them up to date move by move with
// Toggle.
type Rotated struct{ Files, Diagonals, AntiDiagonals uint64 }

// The frames, in [Frames]' order: the normal one (ranks) and the three
// rotated ones.
const (
	FrameRanks = iota
	FrameFiles
	FrameDiagonals
	FrameAntiDiagonals
)

// Frame says where each square's bit lies in one frame and how to read
// the inner squares of the square's line (all but its two ends, which
// never block) from there: shift them down to bit 0, mask at most six
// bits.
type Frame struct {
	Bit   [64]uint64
	Shift [64]uint8
	Inner [64]uint64
	// Lines are the directions of the frame's lines, the increasing one
	// first.
	Lines [2]Direction
}

var frames [4]Frame

// Frames returns the table of the layouts of the four frames, indexed by
// [FrameRanks] ... [FrameAntiDiagonals]. Each frame lays its lines out one
// after the other, each from its lowest square up, so that a line's
// squares are consecutive bits in increasing square order.
func Frames() *[4]Frame { return &frames }

func init() {
	for i, dirs := range [4][2]Direction{{East(), West()}, {North(), South()}, {NorthEast(), SouthWest()}, {NorthWest(), SouthEast()}} {
		f := &frames[i]
		f.Lines = dirs
		next := 0
		for s := range Square(64) {
			if RayAttacks(s, 0, dirs[1:]) != 0 {
				continue // not the lowest square of its line
			}
			line := []Square{s}
			for up := RayAttacks(s, 0, dirs[:1]); up != 0; up &= up - 1 {
				line = append(line, Square(bits.TrailingZeros64(up)))
			}
			for _, t := range line {
				f.Bit[t] = 1 << next
				next++
				f.Shift[t] = uint8(bits.TrailingZeros64(f.Bit[line[0]]) + 1)
				f.Inner[t] = 1<<max(len(line)-2, 0) - 1
			}
		}
	}
}

// Toggle returns r with square s toggled in each rotated frame: the three
// table look-ups an engine pays per square a move empties or fills.
func (r Rotated) Toggle(s Square) Rotated {
	s &= 63
	r.Files ^= frames[FrameFiles].Bit[s]
	r.Diagonals ^= frames[FrameDiagonals].Bit[s]
	r.AntiDiagonals ^= frames[FrameAntiDiagonals].Bit[s]
	return r
}

// Or returns the union of two rotated occupancies (of the two sides).
func (r Rotated) Or(o Rotated) Rotated {
	return Rotated{r.Files | o.Files, r.Diagonals | o.Diagonals, r.AntiDiagonals | o.AntiDiagonals}
}

// Rotate returns the rotated occupancies of occ, square by square: what
// an engine computes once for the root before keeping them with Toggle.
func Rotate(occ uint64) Rotated {
	var r Rotated
	for ; occ != 0; occ &= occ - 1 {
		r = r.Toggle(Square(bits.TrailingZeros64(occ)))
	}
	return r
}
