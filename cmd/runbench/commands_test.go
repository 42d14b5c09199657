package main

import (
	"bitlab/internal/command/helptest"
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// parseOK parses a command line that must parse.
func parseOK(t *testing.T, args ...string) commandOptions {
	t.Helper()
	var stderr strings.Builder
	opts, code := parse(args, &stderr)
	if opts == nil {
		t.Fatalf("runbench %q: exit %d\n%s", args, code, stderr.String())
	}
	return opts
}

// runIn runs a command line in this process with its writers captured.
func runIn(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestUnknownCommand: a command runbench lacks is a usage error that
// names it and the commands there are, on stderr only.
func TestUnknownCommand(t *testing.T) {
	code, stdout, stderr := runIn("benhc", "-quick")
	if code != 2 || stdout != "" || !strings.Contains(stderr, `unknown command "benhc" (the commands: bench, compare, levels, campaign, perft, divide, list)`) ||
		!strings.Contains(stderr, "run runbench -h for usage") {
		t.Errorf("runbench benhc: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr := runIn("help", "nosuch"); code != 2 || !strings.Contains(stderr, `unknown command "nosuch"`) {
		t.Errorf("runbench help nosuch: exit %d, %q", code, stderr)
	}
}

// TestHelp compares runbench -h and each command's -h with the texts in
// testdata/ (go test ./cmd/runbench -update rewrites them), and checks
// that runbench -h lists every command and each command's -h explains
// every one of its flags.
func TestHelp(t *testing.T) { helptest.Check(t, runbench, runIn, *update, false) }

// TestAliases: every command line of runbench before its commands parses
// to the same options as the command it stands for.
func TestAliases(t *testing.T) {
	for _, c := range []struct{ old, now []string }{
		{nil, []string{"bench"}},
		{[]string{"-quick"}, []string{"bench", "-quick"}},
		{[]string{"-family", "popcount", "-count", "3", "-out", "x/"}, []string{"bench", "-count", "3", "-family", "popcount", "-out", "x/"}},
		{[]string{"-quick", "-baseline", "old.txt", "-gate", "case"}, []string{"bench", "-quick", "-baseline", "old.txt", "-gate", "case"}},
		{[]string{"-perft"}, []string{"perft"}},
		{[]string{"-perft", "-config", "default,slider=pext", "-depth", "3", "-tt", "none,1MiB"}, []string{"perft", "-config", "default,slider=pext", "-depth", "3", "-tt", "none,1MiB"}},
		{[]string{"-config", "default", "-perft", "-position", "kiwipete"}, []string{"perft", "-config", "default", "-position", "kiwipete"}},
		{[]string{"--perft", "-count=2"}, []string{"perft", "-count=2"}},
		{[]string{"-perft=true", "-noprogress"}, []string{"perft", "-noprogress"}},
		{[]string{"-perft=1", "-list=T"}, []string{"list", "-perft"}},
		{[]string{"-divide", "-depth", "4", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1"}, []string{"divide", "-depth", "4", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1"}},
		{[]string{"-list"}, []string{"list"}},
		{[]string{"-list", "-family", "popcount"}, []string{"list", "-family", "popcount"}},
		{[]string{"-list", "-markdown"}, []string{"list", "-markdown"}},
		{[]string{"-perft", "-list"}, []string{"list", "-perft"}},
		{[]string{"-list", "-perft", "-config", "default"}, []string{"list", "-perft", "-config", "default"}},
		{[]string{"-levels", "v1", "-quick", "-out", "x.txt"}, []string{"levels", "v1", "-quick", "-out", "x.txt"}},
		{[]string{"-quick", "-levels=v1", "-baseline", "old.txt"}, []string{"levels", "-quick", "-baseline", "old.txt", "v1"}},
	} {
		if len(c.now) > 0 && c.now[0] == "levels" && runtime.GOARCH != "amd64" {
			continue
		}
		old, now := parseOK(t, c.old...), parseOK(t, c.now...)
		if !reflect.DeepEqual(old, now) {
			t.Errorf("runbench %q parses to %+v, runbench %q to %+v", c.old, old, c.now, now)
		}
	}
	// compare OLD is bench -baseline OLD.
	compare := parseOK(t, "compare", "-quick", "-threshold", "3", "old.txt").(*compareOptions)
	bench := parseOK(t, "-quick", "-threshold", "3", "-baseline", "old.txt").(*benchOptions)
	if !reflect.DeepEqual(&compare.benchOptions, bench) {
		t.Errorf("compare OLD parses to %+v, -baseline OLD to %+v", compare.benchOptions, bench)
	}
}

// TestLegacyErrors: flags of runbench before its commands that choose two
// commands, or a mode flag without its value, are usage errors.
func TestLegacyErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-perft", "-divide"}, "-perft and -divide choose different commands"},
		{[]string{"-list", "-levels", "v1"}, "-list and -levels choose different commands"},
		{[]string{"-quick", "-levels"}, "flag needs an argument: -levels"},
		{[]string{"-perft=maybe"}, `invalid boolean value "maybe" for -perft`},
	} {
		code, _, stderr := runIn(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("runbench %q: exit %d, %q; want a usage error containing %q", c.args, code, stderr, c.want)
		}
	}
	if opts := parseOK(t, "-perft=false", "-quick"); reflect.TypeOf(opts) != reflect.TypeOf(&benchOptions{}) {
		t.Errorf("-perft=false -quick parses to %T, want bench's options", opts)
	}
}

// TestWritersInjected runs commands in this process: everything they
// print goes to the writers run is given.
func TestWritersInjected(t *testing.T) {
	code, stdout, stderr := runIn("divide", "-depth", "2")
	if code != 0 || !strings.Contains(stdout, "e2e4: 20\n") || !strings.Contains(stdout, "nodes: 400\n") || !strings.Contains(stderr, "divide: 400 nodes in ") {
		t.Errorf("divide -depth 2: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, _ = runIn("list", "-family", "popcount", "-impl", "swar")
	if code != 0 || !strings.Contains(stdout, "\npopcount/swar ") {
		t.Errorf("list -family popcount -impl swar: exit %d\n%s", code, stdout)
	}
	dir := t.TempDir()
	code, stdout, stderr = runIn("bench", "-family", "popcount", "-impl", "swar", "-dist", "random", "-sizes", "l1", "-mode", "throughput",
		"-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", filepath.Join(dir, "k.txt"))
	if code != 0 || !strings.Contains(stdout, "Summary: throughput") || !strings.Contains(stdout, "1 result lines (1 of 1 rounds)") ||
		!strings.Contains(stderr, "checking 1 case against the references") || !strings.Contains(stderr, "self-check:") {
		t.Errorf("bench: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runIn("perft", "-position", "pos3", "-depth", "2", "-config", "default", "-count", "1", "-samples", "1",
		"-sample", "100us", "-noprogress", "-out", filepath.Join(dir, "p.txt"))
	if code != 0 || !strings.Contains(stdout, "pos3 depth 2: 191 nodes") || !strings.Contains(stdout, "Summary: perft per position") ||
		!strings.Contains(stderr, "timing 1 perft case x 1 round x 1 sample of 100µs") {
		t.Errorf("perft: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "p.txt"))
	if err != nil || !strings.Contains(string(data), "\n# command: runbench perft -position pos3 -depth 2 ") ||
		!strings.Contains(string(data), "\n# run: perft-selection -position pos3 -depth 2 -config default\n") {
		t.Errorf("perft results header: %v\n%s", err, data)
	}
}

// TestNoProcessWriters: outside main, the command writes to the writers
// it is given, never to os.Stdout or os.Stderr or with fmt.Print, so that
// the tests above see everything. The children of levels (exec.Cmd) and
// the second interrupt's exit are the process's own.
func TestNoProcessWriters(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		n++
		ast.Inspect(f, func(node ast.Node) bool {
			if fd, ok := node.(*ast.FuncDecl); ok && fd.Name.Name == "main" && fd.Recv == nil {
				return false // main passes os.Stdout and os.Stderr in
			}
			sel, ok := node.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && ((x.Name == "os" && (sel.Sel.Name == "Stdout" || sel.Sel.Name == "Stderr")) ||
				(x.Name == "fmt" && strings.HasPrefix(sel.Sel.Name, "Print"))) {
				t.Errorf("%s: %s.%s", fset.Position(sel.Pos()), x.Name, sel.Sel.Name)
			}
			return true
		})
	}
	if n < 5 {
		t.Fatalf("read %d source files", n)
	}
}
