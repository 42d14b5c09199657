package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// TestUnbuiltOnly: changes under results/ and to Markdown files leave the
// stamped revision clean; anything else git reports is a change.
func TestUnbuiltOnly(t *testing.T) {
	for _, c := range []struct {
		status string
		want   bool
	}{
		{"", false}, // nothing to explain: go said modified, so something else differs
		{"?? results/zen4/20261124-131854-v1.txt\x00", true},
		{"?? results/zen4/a.txt\x00?? results/zen4/charts/b.svg\x00", true},
		{" M results/zen4/README.md\x00 M results/zen4/charts/popcount-bars-v1.png\x00 M notebooks/sliding.md\x00", true}, // make report
		{"A  results/zen4/a.txt\x00 D results/zen4/old.txt\x00", true},
		{"R  results/b.txt\x00results/a.txt\x00", true},
		{"R  results/b.txt\x00kernels/a.go\x00", false}, // a rename's source
		{"?? results/zen4/a.txt\x00 D notebooks/sliding.md\x00", true},
		{" M kernels/amd64/tables_amd64.go\x00?? results/zen4/a.txt\x00", false},
		{"?? kernels/new.go\x00", false},
		{"?? resultsx/a.txt\x00", false},
		{" M positions/perft.fen\x00", false},
		{" M go.mod\x00", false},
	} {
		if got := unbuiltOnly(c.status); got != c.want {
			t.Errorf("unbuiltOnly(%q) = %v, want %v", c.status, got, c.want)
		}
	}
}

// TestNothingEmbedsResultsOrProse: no go:embed directive names a Markdown
// file or anything under results/, which the revision check takes as not
// built into the binary.
func TestNothingEmbedsResultsOrProse(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../..", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			pats, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "//go:embed ")
			if !ok {
				continue
			}
			n++
			rel, _ := filepath.Rel("../..", filepath.Dir(p))
			for _, pat := range strings.Fields(pats) {
				full := filepath.ToSlash(filepath.Join(rel, pat))
				if strings.HasSuffix(pat, ".md") || strings.HasPrefix(full, "results/") || strings.ContainsAny(pat, "*?[") {
					t.Errorf("%s embeds %s", p, pat)
				}
			}
		}
		return sc.Err()
	})
	if err != nil || n == 0 {
		t.Fatalf("%d go:embed lines found (%v)", n, err)
	}
}

// TestRevisionFromCheckout: a binary without a revision stamp (a test
// binary, as go run's) run in the bitlab checkout takes the checkout's
// revision from git and says so; outside any checkout it says it is not
// stamped.
func TestRevisionFromCheckout(t *testing.T) {
	if bi, ok := debug.ReadBuildInfo(); ok && slices.ContainsFunc(bi.Settings, func(s debug.BuildSetting) bool { return s.Key == "vcs.revision" }) {
		t.Skip("this test binary is stamped")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skip("no git checkout here:", err)
	}
	rev, from := revision()
	if r, _ := strings.CutSuffix(rev, " with uncommitted changes"); r != strings.TrimSpace(string(head)) || !strings.HasPrefix(from, "git, ") {
		t.Errorf("in the checkout: revision %q from %q, want %s from git", rev, from, head)
	}
	t.Chdir(t.TempDir())
	if rev, from := revision(); !strings.HasPrefix(rev, "unknown (not stamped") || from != "" {
		t.Errorf("outside a checkout: revision %q from %q", rev, from)
	}
}
