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
// page, as is one whose file records no fingerprints (a file from before
// the fingerprint line), and one whose fingerprints are today's is not.
func TestPageMarksStale(t *testing.T) {
	today := "# " + schema.FingerprintComment + fingerprint.Line() + "\n"
	for _, c := range []struct{ a, want string }{
		{"# " + schema.FingerprintComment + "popcount=00000000\n", "**Stale:** v1 measured at unstamped; the kernels of popcount changed since: make campaign on this CPU."},
		{"", "**Stale:** v1 measured at unstamped before runs recorded the code's fingerprint: make campaign on this CPU."},
	} {
		dir := reporttest.TwoLevels(t)
		a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
		reporttest.Edit(t, a, today, c.a)
		if data, err := os.ReadFile(b); err != nil || !strings.Contains(string(data), today) {
			t.Fatalf("b.txt does not record today's fingerprints (%v)", err)
		}
		s := mustLoad(t, a, b)
		out := t.TempDir()
		if _, err := Page(s.Set, out, PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(out, "README.md"))
		if !strings.Contains(string(page), c.want) {
			t.Errorf("v1 is not marked stale with %q:\n%s", c.want, page)
		}
		if strings.Contains(string(page), "**Stale:** v3") {
			t.Errorf("v3, at today's fingerprints, is marked stale")
		}
	}
}
