package movegen

// Perft returns the number of legal move sequences of the given depth from
// the position ([cpw-perft]), counting the last ply set-wise (Count).
func Perft(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.Count())
	}
	var l MoveList
	p.Moves(&l)
	var n uint64
	for _, m := range l.Slice() {
		q := p.Play(m)
		n += Perft(&q, depth-1)
	}
	return n
}

// MoveCount is one root move and the perft count below it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal move of the position, the perft count of
// depth-1 after it: the list whose differences from another generator's
// locate a bug.
func Divide(p *Position, depth int) []MoveCount {
	var l MoveList
	p.Moves(&l)
	out := make([]MoveCount, 0, l.N)
	for _, m := range l.Slice() {
		q := p.Play(m)
		out = append(out, MoveCount{m, Perft(&q, depth-1)})
	}
	return out
}
