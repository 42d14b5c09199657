// Package gentest checks that generated files are fresh: it builds a
// generator, runs it in an empty folder with the arguments go:generate gives
// it, and compares every output with the committed file byte for byte.
package gentest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Check builds the generator package gen (an import path), runs it with
// args in a temporary folder, and compares the named outputs with the files
// of the same names in the current folder.
func Check(t *testing.T, gen string, args []string, outputs ...string) {
	t.Helper()
	CheckIn(t, gen, args, nil, outputs...)
}

// CheckIn is Check for a generator that reads files: inputs, paths relative
// to the current folder (such as "x.go" or "../y.go"), are copied to the
// same relative places around the temporary folder first.
func CheckIn(t *testing.T, gen string, args, inputs []string, outputs ...string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, in), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(t.TempDir(), "generator")
	build := exec.Command("go", "build", "-o", bin, gen)
	build.Env = append(os.Environ(), "GOOS=", "GOARCH=") // generators run here, whatever the tests target
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", gen, err, msg)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", gen, args, err, msg)
	}
	for _, name := range outputs {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if have, _ := os.ReadFile(name); !bytes.Equal(have, want) {
			t.Errorf("%s is stale: run go generate", name)
		}
	}
}
