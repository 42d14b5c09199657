// Package gentest checks that generated files are fresh: it runs every
// //go:generate command of a package, with the arguments written there, in
// an empty folder, and compares every file the commands write with the
// committed file byte for byte.
package gentest

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// epoch marks the copied sources: a file still this old after the commands
// ran is an input, any other file an output.
var epoch = time.Unix(0, 0)

// Check runs the //go:generate commands of the package in the current
// folder, each of the form "go run PKG ARGS...", in a temporary folder
// holding a copy of the package's non-test Go files (for generators that
// read them), and requires every file they write to equal the committed
// file of the same name. The generators run on this machine, whatever the
// tests target; a generator that loads packages of this module finds them
// through a go.work file naming the module.
func Check(t *testing.T) {
	t.Helper()
	cmds := commands(t)
	if len(cmds) == 0 {
		t.Fatal("no //go:generate commands")
	}
	env := append(os.Environ(), "GOWORK="+workspace(t))
	for i, args := range cmds {
		if len(args) < 3 || args[0] != "go" || args[1] != "run" {
			t.Fatalf("//go:generate %s: want go run PKG ARGS...", strings.Join(args, " "))
		}
		bin := filepath.Join(t.TempDir(), "generator")
		build := exec.Command("go", "build", "-o", bin, args[2])
		build.Env = append(os.Environ(), "GOOS=", "GOARCH=")
		if msg, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", args[2], err, msg)
		}
		// The package's copy sits in a folder beside a copy of its parent's
		// Go files, so a generator may read "../x.go" as go:generate says.
		dir := filepath.Join(t.TempDir(), "pkg")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		copySources(t, ".", dir)
		copySources(t, "..", filepath.Dir(dir))
		cmd := exec.Command(bin, args[3:]...)
		cmd.Dir, cmd.Env = dir, env
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, msg)
		}
		if n := compare(t, dir); n == 0 {
			t.Errorf("command %d (%s) wrote no file", i, strings.Join(args, " "))
		}
	}
}

// commands returns the arguments of every //go:generate line of the
// package's Go files, in file order.
func commands(t *testing.T) [][]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var cmds [][]string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "//go:generate "); ok {
				cmds = append(cmds, strings.Fields(rest))
			}
		}
	}
	return cmds
}

// copySources copies the non-test Go files of folder from into dir, dated
// epoch.
func copySources(t *testing.T, from, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(from, "*.go"))
	for _, path := range files {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, name)
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dst, epoch, epoch); err != nil {
			t.Fatal(err)
		}
	}
}

// compare checks every file of dir written after the copy against the
// committed file and returns how many there were.
func compare(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() || info.ModTime().Equal(epoch) {
			continue
		}
		n++
		want, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if have, _ := os.ReadFile(e.Name()); !bytes.Equal(have, want) {
			t.Errorf("%s is stale: run go generate", e.Name())
		}
	}
	return n
}

// workspace writes a go.work naming the module of the current folder, so
// that a generator running elsewhere can load this module's packages.
func workspace(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	mod := strings.TrimSpace(string(out))
	data, err := os.ReadFile(mod)
	if err != nil {
		t.Fatal(err)
	}
	version := ""
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			version = strings.TrimSpace(v)
		}
	}
	work := filepath.Join(t.TempDir(), "go.work")
	text := "go " + version + "\n\nuse " + filepath.Dir(mod) + "\n"
	if err := os.WriteFile(work, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return work
}
