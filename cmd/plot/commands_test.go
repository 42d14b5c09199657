package main

import (
	"bitlab/internal/command/helptest"
	"bytes"
	"flag"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the help texts in testdata/")

// runIn runs a command line in this process with its writers captured.
func runIn(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestHelp compares plot -h and each command's -h with the texts in
// testdata/ (go test ./cmd/plot -update rewrites them), and checks that
// plot -h lists every command and each command's -h explains every one of
// its flags.
func TestHelp(t *testing.T) { helptest.Check(t, plot, runIn, *update, true) }

// TestAliases: every command line of plot before its commands parses to
// the same options as the command it stands for.
func TestAliases(t *testing.T) {
	parse := func(args []string) options {
		t.Helper()
		var stderr strings.Builder
		o, _, ok := plot.Parse(args, &stderr)
		if !ok {
			t.Fatalf("plot %q: %s", args, stderr.String())
		}
		return o
	}
	for _, c := range []struct{ old, now []string }{
		{[]string{"-o", "dir", "-baseline", "v3", "a.txt", "b.txt"}, []string{"page", "-baseline", "v3", "-o", "dir", "a.txt", "b.txt"}},
		{[]string{"-csv", "c.csv", "-o", "dir", "a.txt"}, []string{"page", "-o", "dir", "-csv", "c.csv", "a.txt"}},
		{[]string{"-pages", "results"}, []string{"pages", "results"}},
		{[]string{"-pages", "-csv", "c.csv", "results"}, []string{"pages", "-csv", "c.csv", "results"}},
		{[]string{"-csv", "c.csv", "-json", "c.json", "results"}, []string{"export", "-csv", "c.csv", "-json", "c.json", "results"}},
		{[]string{"-compare", "-gate", "case", "-threshold", "3", "old.txt", "new.txt"}, []string{"compare", "-threshold", "3", "-gate", "case", "old.txt", "new.txt"}},
		{[]string{"-aa", "dir", "-threshold", "2"}, []string{"aa", "-threshold", "2", "dir"}},
		{[]string{"-notebooks", "notebooks", "results/cpu"}, []string{"notebooks", "notebooks", "results/cpu"}},
	} {
		if old, now := parse(c.old), parse(c.now); !reflect.DeepEqual(old, now) {
			t.Errorf("plot %q parses to %+v, plot %q to %+v", c.old, old, c.now, now)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-pages", "-compare", "a", "b"}, "-pages and -compare choose different commands"},
		{[]string{"-aa"}, "flag needs an argument: -aa"},
		{[]string{"-compare", "-o", "dir", "a", "b"}, "compare: no flag -o (a flag of plot page)"},
		{[]string{"export", "results"}, "export: -csv or -json says where the cases go"},
		{[]string{"notebooks", "notebooks"}, "notebooks: no RESULTS argument"},
		{[]string{"a.txt"}, `unknown command "a.txt"`}, // files alone were page's: plot page FILES
	} {
		if code, _, stderr := runIn(c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("plot %q: exit %d, %q; want a usage error containing %q", c.args, code, stderr, c.want)
		}
	}
}
