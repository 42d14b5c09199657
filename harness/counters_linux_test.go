package harness

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCounterGroup opens a group of software events, which virtual
// machines grant where they refuse hardware ones, and checks that a group
// read returns every event's count and that the counts grow with work.
func TestCounterGroup(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	events := []Event{
		{"task-clock", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_TASK_CLOCK},
		{"page-faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS},
	}
	c := OpenCounters(events)
	if c.Err != nil {
		t.Skipf("software events refused here: %v", c.Err)
	}
	defer func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	}()
	if got := c.Describe(); got != "task-clock, page-faults" {
		t.Errorf("Describe: %q", got)
	}
	begin := c.read()
	if len(begin) != 2 {
		t.Fatalf("group read %v", begin)
	}
	buf := make([]byte, 64<<20) // touch new pages: page faults
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	per := c.perOp(begin, 2)
	if len(per) != 2 || per[0] <= 0 || per[1] < 1000 {
		t.Errorf("per op %v: task-clock and page faults should grow (64 MiB touched)", per)
	}
	if none := OpenCounters(nil); none.Err == nil || none.read() != nil || none.perOp(nil, 1) != nil {
		t.Error("an empty group should fail and count nothing")
	}
}
