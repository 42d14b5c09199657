// Package selfcontained checks that the repository stands on its own: no
// tracked text points at material its users do not have.
package selfcontained

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outside matches references to the development workspace: its shared
// folder and the numbered source documents, which users cannot look up.
// Sources are cited by bibliography key (docs/bibliography.md) instead.
var outside = regexp.MustCompile(`\.\./shared|/work/shared|seed 00[0-9]|seeds/`)

// historical are results files written before runbench stopped naming the
// workspace in its self-check line. Results files are written by the tools
// only, so they keep it; the pages drop such lines.
var historical = map[string]bool{
	"results/intel-xeon-processor-genuineintel-family-6-model-167-stepping-1/20261122-075509-v1.txt": true,
	"results/intel-xeon-processor-genuineintel-family-6-model-167-stepping-1/20261122-075825-v3.txt": true,
}

// TestNoOutsideReferences walks the module and fails on any such reference
// in a text file, generated files and committed results included.
func TestNoOutsideReferences(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "dist" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".s", ".md", ".txt", ".svg", ".epd", ".mod", "":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			return err // binary files are not text
		}
		rel, _ := filepath.Rel(root, path)
		if rel == filepath.Join("internal", "selfcontained", "selfcontained_test.go") || historical[filepath.ToSlash(rel)] {
			return nil // the pattern itself, and results kept as written
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := outside.FindString(line); m != "" {
				t.Errorf("%s:%d: %q points outside the repository; cite a docs/bibliography.md key", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
