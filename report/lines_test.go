package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
)

// TestLoadLineErrors: a line too long for the benchmark-format reader is
// reported at its own line number, and a file whose machine or build
// configuration lines contradict each other is rejected at the second
// one; a line just short enough and a repeated equal value pass.
func TestLoadLineErrors(t *testing.T) {
	dir := t.TempDir()
	good := reporttest.Results(t, dir, "good.txt", "v3", 1)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n") // line 5 is "goamd64: v3", line 6 "cpu: Test CPU 9000"
	with := func(name string, at int, extra ...string) string {
		l := append(append(append([]string{}, lines[:at]...), extra...), lines[at:]...)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(l, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		file, want string
	}{
		{with("huge.txt", 9, "# "+strings.Repeat("x", 20<<20)), "huge.txt:10: a line of 20971522 bytes"},
		{with("hugefirst.txt", 0, strings.Repeat("x", 1<<16)), "hugefirst.txt:1: a line of 65536 bytes"},
		{with("level.txt", 5, "goamd64: v1"), "level.txt:6: goamd64: v1 contradicts goamd64: v3 at line 5"},
		{with("cpu.txt", 12, "cpu: Other CPU"), "cpu.txt:13: cpu: Other CPU contradicts cpu: Test CPU 9000 at line 6"},
	} {
		if _, _, err := Load(c.file); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", filepath.Base(c.file), err, c.want)
		}
	}
	for _, ok := range []string{
		with("longest.txt", 9, "# "+strings.Repeat("x", 1<<16-3)),
		with("same.txt", 5, "goamd64: v3", "family: popcount"),
	} {
		if _, _, err := Load(ok); err != nil {
			t.Errorf("%s: %v", filepath.Base(ok), err)
		}
	}
}
