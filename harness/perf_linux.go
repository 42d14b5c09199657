package harness

import (
	"encoding/binary"
	"errors"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
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
