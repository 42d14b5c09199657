// Package helptest checks a command-line tool's help against the texts
// committed in its testdata/ folder, for the tools built on package
// command.
package helptest

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bitlab/internal/command"
)

// Run runs one command line of the tool in the test's process and returns
// its exit status and what it wrote to standard output and error.
type Run func(args ...string) (code int, stdout, stderr string)

// Check compares TOOL -h and each command's -h with testdata/help-NAME.txt
// (rewritten instead when update is set), and checks that TOOL -h lists
// every command, that TOOL help NAME says what TOOL NAME -h says, and that
// the latter starts with the command's synopsis and explains every flag.
// Where flagless is false, a command without flags is an error too.
func Check[O any](t *testing.T, tool *command.Tool[O], run Run, update, flagless bool) {
	t.Helper()
	golden := func(name, got string) {
		t.Helper()
		path := filepath.Join("testdata", "help-"+name+".txt")
		if update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil || string(want) != got {
			t.Errorf("%s differs from the help text (go test -update rewrites it; %v); the text:\n%s", path, err, got)
		}
	}
	code, stdout, top := run("-h")
	if code != 0 || stdout != "" {
		t.Errorf("%s -h: exit %d, stdout %q", tool.Name, code, stdout)
	}
	golden(tool.Name, top)
	for _, c := range tool.Commands {
		if !regexp.MustCompile(`(?m)^  ` + c.Name + ` +` + regexp.QuoteMeta(c.Summary) + `$`).MatchString(top) {
			t.Errorf("%s -h does not list %s", tool.Name, c.Name)
		}
		code, stdout, help := run(c.Name, "-h")
		if code != 0 || stdout != "" || !strings.HasPrefix(help, strings.TrimSpace("usage: "+tool.Name+" "+c.Name+" [flags] "+c.Args)+"\n") {
			t.Errorf("%s %s -h: exit %d, stdout %q, help %q", tool.Name, c.Name, code, stdout, help)
		}
		if _, _, again := run("help", c.Name); again != help {
			t.Errorf("%s help %s differs from %s %s -h", tool.Name, c.Name, tool.Name, c.Name)
		}
		fs, _ := c.FlagSet(tool.Name)
		n := 0
		fs.VisitAll(func(f *flag.Flag) {
			n++
			if !regexp.MustCompile(`(?m)^  -`+f.Name+`\b`).MatchString(help) || f.Usage == "" {
				t.Errorf("%s %s -h does not explain -%s", tool.Name, c.Name, f.Name)
			}
		})
		if n == 0 && !flagless {
			t.Errorf("%s %s has no flags", tool.Name, c.Name)
		}
		golden(c.Name, help)
	}
}
