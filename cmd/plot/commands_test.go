package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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
func TestHelp(t *testing.T) {
	golden := func(name, got string) {
		t.Helper()
		path := filepath.Join("testdata", "help-"+name+".txt")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil || string(want) != got {
			t.Errorf("%s differs from the help text (go test ./cmd/plot -update rewrites it; %v); the text:\n%s", path, err, got)
		}
	}
	code, stdout, top := runIn("-h")
	if code != 0 || stdout != "" {
		t.Errorf("plot -h: exit %d, stdout %q", code, stdout)
	}
	golden("plot", top)
	for _, c := range plot.Commands {
		if !regexp.MustCompile(`(?m)^  ` + c.Name + ` +` + regexp.QuoteMeta(c.Summary) + `$`).MatchString(top) {
			t.Errorf("plot -h does not list %s", c.Name)
		}
		code, stdout, help := runIn(c.Name, "-h")
		if code != 0 || stdout != "" || !strings.HasPrefix(help, "usage: plot "+c.Name+" [flags] "+c.Args+"\n") {
			t.Errorf("plot %s -h: exit %d, stdout %q, help %q", c.Name, code, stdout, help)
		}
		if _, _, again := runIn("help", c.Name); again != help {
			t.Errorf("plot help %s differs from plot %s -h", c.Name, c.Name)
		}
		fs, _ := c.FlagSet("plot")
		fs.VisitAll(func(f *flag.Flag) {
			if !regexp.MustCompile(`(?m)^  -`+f.Name+`\b`).MatchString(help) || f.Usage == "" {
				t.Errorf("plot %s -h does not explain -%s", c.Name, f.Name)
			}
		})
		golden(c.Name, help)
	}
}

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
