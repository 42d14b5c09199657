package magic

import (
	"math/rand/v2"
	"testing"

	"bitlab/board"
	"bitlab/internal/gentest"
)

// TestGeneratedFilesAreFresh reruns the magic search and requires its
// output to match magics.go byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	gentest.Check(t)
}

// TestTables proves every table against the reference attacks on every
// relevant occupancy of every square, and on random full occupancies.
func TestTables(t *testing.T) {
	type lookup struct {
		name string
		f    func(board.Square, uint64) uint64
	}
	for _, sl := range []struct {
		relevant *[64]uint64
		attacks  func(board.Square, uint64) uint64
		lookups  []lookup
	}{
		{board.RookRelevant(), board.RookAttacks, []lookup{
			{"rook plain", func(s board.Square, o uint64) uint64 {
				return rookPlain[s][((o&rookFancy[s].Mask)*rookFancy[s].Magic)>>RookShift]
			}},
			{"rook fancy", func(s board.Square, o uint64) uint64 {
				f := rookFancy[s]
				return fancyAttacks[uint64(f.Offset)+((o&f.Mask)*f.Magic)>>f.Shift]
			}},
			{"rook black", func(s board.Square, o uint64) uint64 {
				return blackAttacks[rookBlack[s].Offset+uint32(((o|rookNotMasks[s])*rookBlack[s].Magic)>>RookShift)]
			}},
		}},
		{board.BishopRelevant(), board.BishopAttacks, []lookup{
			{"bishop plain", func(s board.Square, o uint64) uint64 {
				return bishopPlain[s][((o&bishopFancy[s].Mask)*bishopFancy[s].Magic)>>BishopShift]
			}},
			{"bishop fancy", func(s board.Square, o uint64) uint64 {
				f := bishopFancy[s]
				return fancyAttacks[uint64(f.Offset)+((o&f.Mask)*f.Magic)>>f.Shift]
			}},
			{"bishop black", func(s board.Square, o uint64) uint64 {
				return blackAttacks[bishopBlack[s].Offset+uint32(((o|bishopNotMasks[s])*bishopBlack[s].Magic)>>BishopShift)]
			}},
		}},
	} {
		r := rand.New(rand.NewPCG(1, 2))
		for _, l := range sl.lookups {
			n := 0
			for s := range board.Square(64) {
				check := func(o uint64) {
					n++
					if got, want := l.f(s, o), sl.attacks(s, o); got != want {
						t.Fatalf("%s %v occupancy %#x: %#x, want %#x", l.name, s, o, got, want)
					}
				}
				board.Subsets(sl.relevant[s], check)
				for range 1000 {
					check(r.Uint64() & r.Uint64())
				}
			}
			t.Logf("%s: %d occupancies", l.name, n)
		}
	}
}
