package selfcontained

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// executableMagic holds the first bytes of the executable and object formats
// Go builds: ELF, Mach-O (32- and 64-bit, both byte orders, and universal)
// and PE.
var executableMagic = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("MZ"),
}

// isExecutable reports whether data starts like a compiled program.
func isExecutable(data []byte) bool {
	for _, m := range executableMagic {
		if bytes.HasPrefix(data, m) {
			return true
		}
	}
	return false
}

// TestNoTrackedBinaries fails when git tracks a compiled program: a
// generator or runbench built at the repository root and added by mistake.
// Outside a git checkout (a copy of the sources) there is nothing to check.
func TestNoTrackedBinaries(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout")
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 10 {
		t.Fatalf("git ls-files listed %d files; expected the whole module", len(files))
	}
	for _, name := range files {
		f, err := os.Open(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the work tree
		}
		head := make([]byte, 4)
		n, _ := f.Read(head)
		f.Close()
		if isExecutable(head[:n]) {
			t.Errorf("%s is a compiled program; remove it from git and ignore it", name)
		}
	}
}

// TestIsExecutable pins down the formats the check recognises.
func TestIsExecutable(t *testing.T) {
	for _, c := range []struct {
		data string
		want bool
	}{
		{"\x7fELF\x02\x01", true},
		{"\xcf\xfa\xed\xfe", true},
		{"MZ\x90\x00", true},
		{"package main", false},
		{"\x89PNG", false},
		{"", false},
	} {
		if got := isExecutable([]byte(c.data)); got != c.want {
			t.Errorf("isExecutable(%q) = %v, want %v", c.data, got, c.want)
		}
	}
}
