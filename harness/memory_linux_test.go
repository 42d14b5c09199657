package harness

import (
	"os"
	"strings"
	"testing"
)

// TestMemoryLimits reads every bound from fake files: MemAvailable, the
// address-space limit less the process's size, and cgroup v1 and v2
// limits less their use, the no-limit values ignored.
func TestMemoryLimits(t *testing.T) {
	files := map[string]string{
		"/proc/meminfo":     "MemTotal:       24684092 kB\nMemAvailable:    8388608 kB\n",
		"/proc/self/status": "Name:\trunbench\nVmSize:\t  1048576 kB\n",
		"/proc/self/cgroup": "4:memory:/job/task\n0::/user.slice/run\n",
		// v1: the task's own limit, and its parent's no limit.
		"/sys/fs/cgroup/memory/job/task/memory.limit_in_bytes": "4294967296\n",
		"/sys/fs/cgroup/memory/job/task/memory.usage_in_bytes": "1073741824\n",
		"/sys/fs/cgroup/memory/job/memory.limit_in_bytes":      "9223372036854771712\n",
		// v2: the slice's limit applies to everything below it.
		"/sys/fs/cgroup/user.slice/run/memory.max":     "max\n",
		"/sys/fs/cgroup/user.slice/memory.max":         "2147483648\n",
		"/sys/fs/cgroup/user.slice/memory.current":     "536870912\n",
		"/sys/fs/cgroup/user.slice/run/memory.current": "1\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	want := map[int64]string{
		8 << 30:         "MemAvailable",
		(3 << 30):       "/sys/fs/cgroup/memory/job/task/memory.limit_in_bytes",
		(3 << 29):       "/sys/fs/cgroup/user.slice/memory.max",
		(6<<30 - 1<<30): "ulimit -v",
	}
	limits := memoryLimits(read, 6<<30)
	if len(limits) != len(want) {
		t.Fatalf("limits %v, want %d", limits, len(want))
	}
	for _, l := range limits {
		if w, ok := want[l.Bytes]; !ok || !strings.Contains(l.What, w) {
			t.Errorf("limit %v unexpected", l)
		}
	}
	if l, _ := tightest(limits); l.Bytes != 3<<29 {
		t.Errorf("tightest %v", l)
	}
	if got := memoryLimits(read, rlimInfinity); len(got) != 3 {
		t.Errorf("without an address-space limit: %v", got)
	}
	if _, ok := tightest(memoryLimits(func(string) ([]byte, error) { return nil, os.ErrNotExist }, rlimInfinity)); ok {
		t.Error("a limit from no files")
	}
}
