package harness

import (
	"fmt"
	"time"

	"bitlab/schema"
)

// An Evictor makes other data compete with a kernel for the caches: walk
// loads one word from every cache line of its buffer, so that after a walk
// of a buffer the size of a cache level little of what the kernel used is
// left in that level. Cases under pressure walk before every batch, outside
// the timed section.
type Evictor struct {
	Pressure schema.Pressure
	Bytes    int64
	buf      []uint64
	stride   int // words per cache line
}

// evictSink keeps the walks' sums alive: the compiler cannot delete a walk
// whose result is stored where it cannot see every reader.
var evictSink uint64

// newEvictor allocates the buffer of a pressure class on machine m, with
// every line written once so that the walks touch real memory; the
// PressureNone evictor has no buffer and walks nothing.
func newEvictor(p schema.Pressure, m Machine) (*Evictor, error) {
	e, err := sizedEvictor(p, m)
	if err != nil {
		return nil, err
	}
	e.fill()
	return e, nil
}

// sizedEvictor returns the evictor of a pressure class on machine m, its
// buffer not yet allocated (fill allocates it).
func sizedEvictor(p schema.Pressure, m Machine) (*Evictor, error) {
	if _, err := schema.ParsePressure(string(p)); err != nil {
		return nil, err
	}
	n := p.Bytes(m.Caches.L1d, m.Caches.L2, m.Caches.LLC())
	line := max(m.Caches.Line, 8)
	if p != schema.PressureNone && n < line {
		return nil, fmt.Errorf("pressure %s: no cache size known for it", p)
	}
	return &Evictor{Pressure: p, Bytes: n, stride: int(line / 8)}, nil
}

// fill allocates the buffer and writes every word once.
func (e *Evictor) fill() {
	e.buf = make([]uint64, e.Bytes/8)
	for i := range e.buf {
		e.buf[i] = uint64(i)
	}
}

// walk loads one word of every cache line of the buffer, in order.
func (e *Evictor) walk() {
	var sum uint64
	for i := 0; i < len(e.buf); i += e.stride {
		sum += e.buf[i]
	}
	evictSink += sum
}

// WalkTime returns the median time of 9 walks: what a batch under this
// pressure costs beside its own time, for the results header.
func (e *Evictor) WalkTime() time.Duration {
	var ts []float64
	for range 9 {
		t := time.Now()
		e.walk()
		ts = append(ts, float64(time.Since(t)))
	}
	return time.Duration(median(ts))
}

// timerCost is the cost of one time.Now and time.Since pair: the smallest
// of 64, subtracted from every batch timed on its own.
func timerCost() float64 {
	best := float64(time.Second)
	for range 64 {
		t := time.Now()
		best = min(best, float64(time.Since(t)))
	}
	return best
}
