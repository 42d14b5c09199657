package harness

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"

	"bitlab/schema"
)

// perfCounter is a hardware cycle counter of the calling thread.
type perfCounter struct{ fd int }

// openCycleCounter opens the core-cycle counter of this thread, which it
// locks to its OS thread, and checks that the counter really counts (some
// virtual machines open it and return zero).
func openCycleCounter() (*perfCounter, error) {
	runtime.LockOSThread()
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_HARDWARE,
		Config: unix.PERF_COUNT_HW_CPU_CYCLES,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Bits:   unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv,
	}
	fd, err := unix.PerfEventOpen(&attr, 0, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	p := &perfCounter{fd: fd}
	a := p.read()
	x := uint64(1)
	for i := range 100000 {
		x = x*3 + uint64(i)
	}
	if p.read() == a || x == 0 {
		unix.Close(fd)
		runtime.UnlockOSThread()
		return nil, errors.New("cycle counter does not count")
	}
	return p, nil
}

func (p *perfCounter) read() uint64 {
	var b [8]byte
	if n, err := unix.Read(p.fd, b[:]); err != nil || n != 8 {
		return 0
	}
	return binary.LittleEndian.Uint64(b[:])
}

// hardwareEvents are schema.Events() as perf_event_open counts them.
var hardwareEvents = []Event{
	{schema.Events()[0], unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_INSTRUCTIONS},
	{schema.Events()[1], unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BRANCH_MISSES},
	{schema.Events()[2], unix.PERF_TYPE_HW_CACHE, unix.PERF_COUNT_HW_CACHE_L1D |
		unix.PERF_COUNT_HW_CACHE_OP_READ<<8 | unix.PERF_COUNT_HW_CACHE_RESULT_MISS<<16},
}

// eventGroup is a perf_event group: a leader and its members, read with one
// read(2) in PERF_FORMAT_GROUP layout (the count of events, then each
// event's count).
type eventGroup struct{ fds []int }

func openGroup(events []Event) (*eventGroup, error) {
	if len(events) == 0 {
		return nil, errors.New("no events")
	}
	g := &eventGroup{}
	for i, e := range events {
		attr := unix.PerfEventAttr{
			Type:        e.kind,
			Config:      e.conf,
			Size:        uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
			Bits:        unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv,
			Read_format: unix.PERF_FORMAT_GROUP,
		}
		leader := -1
		if i > 0 {
			leader = g.fds[0]
		}
		fd, err := unix.PerfEventOpen(&attr, 0, -1, leader, unix.PERF_FLAG_FD_CLOEXEC)
		if err != nil {
			g.close()
			return nil, fmt.Errorf("perf_event_open %s: %w", e.Name, err)
		}
		g.fds = append(g.fds, fd)
	}
	before := g.read()
	x := uint64(1)
	for i := range 100000 {
		x = x*3 + uint64(i)
	}
	if after := g.read(); after == nil || x == 0 || after[0] == before[0] {
		g.close()
		return nil, fmt.Errorf("the %s counter does not count", events[0].Name)
	}
	return g, nil
}

// read returns every event's count, nil on a failed read.
func (g *eventGroup) read() []uint64 {
	buf := make([]byte, 8*(1+len(g.fds)))
	if n, err := unix.Read(g.fds[0], buf); err != nil || n != len(buf) {
		return nil
	}
	if binary.LittleEndian.Uint64(buf) != uint64(len(g.fds)) {
		return nil
	}
	out := make([]uint64, len(g.fds))
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(buf[8*(i+1):])
	}
	return out
}

func (g *eventGroup) close() error {
	var errs []error
	for _, fd := range g.fds {
		errs = append(errs, unix.Close(fd))
	}
	g.fds = nil
	return errors.Join(errs...)
}
