package harness

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// LoadMeter watches how busy the machine is besides this process.
type LoadMeter struct {
	start          time.Time
	busy0, self0   float64
	AverageAtStart float64 // 1-minute load average when the meter started
}

// NewLoadMeter starts watching.
func NewLoadMeter() *LoadMeter {
	m := &LoadMeter{start: time.Now(), AverageAtStart: loadAverage()}
	m.busy0, m.self0 = busyTicks(), selfTicks()
	return m
}

// Others returns the CPU time other processes used since the meter started,
// in cores (1.0 = one core busy all the time), or -1 if unknown.
func (m *LoadMeter) Others() float64 {
	busy, self := busyTicks(), selfTicks()
	if busy < 0 || self < 0 || m.busy0 < 0 {
		return -1
	}
	wall := time.Since(m.start).Seconds() * 100 // USER_HZ ticks
	return max(0, (busy-m.busy0)-(self-m.self0)) / wall
}

func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}

// busyTicks returns the non-idle CPU time of all cores, in USER_HZ ticks.
func busyTicks() float64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return -1
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return -1
	}
	var sum float64
	for i, s := range f[1:] {
		v, _ := strconv.ParseFloat(s, 64)
		if i != 3 && i != 4 { // idle, iowait
			sum += v
		}
	}
	return sum
}

// selfTicks returns this process's user and system time in USER_HZ ticks.
func selfTicks() float64 {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return -1
	}
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return -1
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return u + s
}
