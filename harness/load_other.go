//go:build !linux

package harness

// LoadMeter watches how busy the machine is; off Linux it knows nothing.
type LoadMeter struct{ AverageAtStart float64 }

// NewLoadMeter starts watching.
func NewLoadMeter() *LoadMeter { return &LoadMeter{AverageAtStart: -1} }

// Others returns -1: unknown.
func (*LoadMeter) Others() float64 { return -1 }
