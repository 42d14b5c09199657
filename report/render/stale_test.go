package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/fingerprint"
	"bitlab/report/internal/reporttest"
	"bitlab/schema"
)

// TestPageMarksStale: a configuration whose recorded fingerprint of a
// family it measured differs from today's code's is marked stale on its
// page, and one whose fingerprints are today's is not.
func TestPageMarksStale(t *testing.T) {
	dir := reporttest.TwoLevels(t)
	for name, line := range map[string]string{"a.txt": "popcount=00000000", "b.txt": fingerprint.Line()} {
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, append([]byte("# "+schema.FingerprintComment+line+"\n"), data...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := mustLoad(t, filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"))
	out := t.TempDir()
	if _, err := Page(s.Set, out, PageOptions{Origin: "a test"}); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "README.md"))
	if !strings.Contains(string(page), "**Stale:** v1 measured at unstamped; the kernels of popcount changed since: make campaign on this CPU.") {
		t.Errorf("v1 is not marked stale:\n%s", page)
	}
	if strings.Contains(string(page), "**Stale:** v3") {
		t.Errorf("v3, at today's fingerprints, is marked stale")
	}
}
