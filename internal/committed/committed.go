// Package committed gives tests the repository's committed files as the
// current commit (HEAD) holds them, never the working tree's: a test of
// the committed results or notebooks must not read the user's own runs
// (make bench writes into results/) or regenerated pages.
package committed

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// Copy writes the files HEAD holds whose paths (from the repository's
// root, slash-separated) match one of the patterns (path.Match) into dir,
// at the same relative paths, and returns their paths in dir, in HEAD's
// order. It skips the test where git cannot say what HEAD holds (no git,
// or not a checkout).
func Copy(t testing.TB, dir string, patterns ...string) []string {
	t.Helper()
	top := root(t)
	var out []string
	for _, rel := range list(t, top, patterns) {
		show := exec.Command("git", "show", "HEAD:"+rel)
		show.Dir = top
		data, err := show.Output()
		if err != nil {
			t.Fatalf("git show HEAD:%s: %v", rel, err)
		}
		to := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, to)
	}
	return out
}

// root returns the root of the git checkout the test runs in, or skips
// the test where there is none.
func root(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: which files are committed cannot be told")
	}
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not a git checkout (git rev-parse: %v): which files are committed cannot be told", err)
	}
	return strings.TrimSpace(string(out))
}

// Paths returns the paths (from the repository's root, slash-separated)
// of the files HEAD holds that match one of the patterns (path.Match), in
// HEAD's order; it skips the test where git cannot say.
func Paths(t testing.TB, patterns ...string) []string {
	t.Helper()
	return list(t, root(t), patterns)
}

// list returns the paths HEAD holds that match one of the patterns.
func list(t testing.TB, root string, patterns []string) []string {
	t.Helper()
	ls := exec.Command("git", "ls-tree", "-r", "-z", "--name-only", "HEAD")
	ls.Dir = root
	out, err := ls.Output()
	if err != nil {
		t.Skipf("git ls-tree HEAD: %v: which files are committed cannot be told", err)
	}
	var match []string
	for _, p := range bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0}) {
		for _, pat := range patterns {
			if ok, _ := path.Match(pat, string(p)); ok {
				match = append(match, string(p))
				break
			}
		}
	}
	return match
}
