package movegen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// TT is a perft transposition table: for a position and a remaining depth,
// the count below it, replaced on every store. Probed at every interior
// node, it is a real program's version of the cache-pressure question:
// a table of a few hundred megabytes competes with the generator's own
// lookup tables for the caches.
type TT struct {
	entries []ttEntry
	mask    uint64
}

// ttEntry is one slot: the position's hash mixed with the depth, and the
// count.
type ttEntry struct {
	key, nodes uint64
}

// depthKeys mix the remaining depth into a table key.
var depthKeys [64]uint64

func init() {
	r := rand.New(rand.NewPCG(64, 2007))
	for i := range depthKeys {
		depthKeys[i] = r.Uint64()
	}
}

// NewTT returns a table of at most bytes bytes (rounded down to a power of
// two of 16-byte slots, at least one slot).
func NewTT(bytes int) (*TT, error) {
	if bytes < 16 {
		return nil, fmt.Errorf("movegen: a transposition table of %d bytes holds no entry", bytes)
	}
	n := uint64(1) << (63 - bits.LeadingZeros64(uint64(bytes/16)))
	return &TT{entries: make([]ttEntry, n), mask: n - 1}, nil
}

// Bytes returns the table's size.
func (t *TT) Bytes() int { return len(t.entries) * 16 }

// Clear empties the table, so that a timed count starts from the same state.
func (t *TT) Clear() { clear(t.entries) }

// PerftTT is Perft in the default configuration with the table probed
// before and filled after every node of depth 2 or more (depth 1 is
// counted set-wise, cheaper than a probe), by the position's hash
// computed at the probe ([Position.Hash]: a few dozen table reads per
// probe, at a node that generates and plays a list of moves).
func PerftTT(p *Position, depth int, t *TT) uint64 { return perftTT(*p, depth, t) }

func perftTT(p Position, depth int, t *TT) uint64 {
	if depth <= 2 {
		return perft(p, depth)
	}
	key := p.Hash() ^ depthKeys[depth&63]
	e := &t.entries[key&t.mask]
	if e.key == key {
		return e.nodes
	}
	var l MoveList
	p.generateAny(&l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		n += perftTT(p.Play(m), depth-1, t)
	}
	*e = ttEntry{key, n}
	return n
}
