package selfcontained

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// generatedHeader is Go's convention for a generated file's marker line
// (go help generate).
var generatedHeader = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// TestGeneratedMarked requires .gitattributes to mark exactly the tracked
// files that carry the generated-code header as linguist-generated, so that
// reviews fold them away and a hand-written file is never folded.
func TestGeneratedMarked(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout")
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--", "*.go", "*.s").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	attrs, err := exec.Command("git", append([]string{"-C", root, "check-attr", "linguist-generated", "--"}, files...)...).Output()
	if err != nil {
		t.Fatalf("git check-attr: %v", err)
	}
	marked := map[string]bool{}
	for _, line := range strings.Split(string(attrs), "\n") {
		if name, ok := strings.CutSuffix(line, ": linguist-generated: true"); ok {
			marked[name] = true
		}
	}
	generated := 0
	for _, name := range files {
		gen, err := hasGeneratedHeader(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		if gen {
			generated++
		}
		switch {
		case gen && !marked[name]:
			t.Errorf("%s is generated but .gitattributes does not mark it linguist-generated", name)
		case !gen && marked[name]:
			t.Errorf("%s is marked linguist-generated in .gitattributes but has no generated-code header", name)
		}
	}
	if generated == 0 {
		t.Fatal("no generated file found: the header pattern or the file listing is broken")
	}
}

// hasGeneratedHeader reports whether a line before the package clause (or
// the first code line of an assembly file) is the generated-code marker.
func hasGeneratedHeader(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if generatedHeader.MatchString(line) {
			return true, nil
		}
		if strings.HasPrefix(line, "package ") || strings.HasPrefix(line, "TEXT ") || strings.HasPrefix(line, "#include") {
			return false, nil
		}
	}
	return false, sc.Err()
}
