package command

import (
	"flag"
	"reflect"
	"strings"
	"testing"
)

// tool is a tool of two commands for the tests: run takes -quick and
// -count N and one LEVELS argument, show takes FILES....
func tool() *Tool[*flag.FlagSet] {
	options := func(fs *flag.FlagSet) *flag.FlagSet {
		fs.Bool("quick", false, "a short run")
		fs.Int("count", 1, "rounds")
		return fs
	}
	return &Tool[*flag.FlagSet]{Name: "tool", Intro: "tool does things.\n", More: "more.\n",
		Commands: []*Command[*flag.FlagSet]{
			{Name: "run", Args: "LEVELS", Summary: "run", Doc: "run runs.\n", Options: options},
			{Name: "show", Args: "FILES...", Summary: "show", Doc: "show shows.\n", Options: options},
		},
		Modes: map[string]bool{"show": false, "levels": true},
		Legacy: func(modes map[string]string, rest []string) (string, []string, error) {
			name, err := OneOf(modes, "show", "levels")
			if name == "levels" {
				return "run", append([]string{modes["levels"]}, rest...), err
			}
			return "show", rest, err
		},
		Check: func(*flag.FlagSet, Parsed) error { return nil },
	}
}

// TestParseFlagsPositional: arguments may stand between the flags; "--"
// ends the flags.
func TestParseFlagsPositional(t *testing.T) {
	for _, c := range []struct {
		args, flags, pos []string
	}{
		{[]string{"v1,v3", "-quick"}, []string{"-quick"}, []string{"v1,v3"}},
		{[]string{"-quick", "v1", "-count", "2"}, []string{"-quick", "-count", "2"}, []string{"v1"}},
		{[]string{"-quick", "--", "-v1"}, []string{"-quick"}, []string{"-v1"}},
	} {
		fs, _ := tool().Commands[0].FlagSet("tool")
		p, err := parseFlags(fs, c.args)
		if err != nil || !reflect.DeepEqual(p.Flags, c.flags) || !reflect.DeepEqual(p.Args, c.pos) {
			t.Errorf("parseFlags(%q) = flags %q, arguments %q, %v; want %q, %q", c.args, p.Flags, p.Args, err, c.flags, c.pos)
		}
	}
}

// TestArgs: a command's Args say how many arguments it takes; the usage
// error names what is missing or extra and where the help is.
func TestArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" for a command line that parses
	}{
		{[]string{"run", "v1"}, ""},
		{[]string{"run"}, "tool: run: no LEVELS argument\nrun tool run -h for usage\n"},
		{[]string{"run", "v1", "v2"}, `tool: run takes one LEVELS argument, not ["v1" "v2"]` + "\nrun tool run -h for usage\n"},
		{[]string{"show", "a", "b", "c"}, ""},
		{[]string{"show", "-quick"}, "tool: show: no FILES argument\nrun tool show -h for usage\n"},
		{[]string{"-quick", "-levels", "v1", "-count", "3"}, ""},
		{[]string{"-levels", "v1", "-show"}, "tool: -show and -levels choose different commands\nrun tool -h for usage\n"},
		{[]string{"-levels"}, "tool: flag needs an argument: -levels\nrun tool -h for usage\n"},
		{[]string{"fly"}, `tool: unknown command "fly" (the commands: run, show)` + "\nrun tool -h for usage\n"},
		{[]string{"run", "-fly", "v1"}, "tool: run: no flag -fly\nrun tool run -h for usage\n"},
	} {
		var stderr strings.Builder
		o, status, ok := tool().Parse(c.args, &stderr)
		if ok != (c.want == "") || ok != (o != nil) || stderr.String() != c.want || !ok && status != 2 {
			t.Errorf("tool %q: ok %v, status %d, stderr %q; want %q", c.args, ok, status, stderr.String(), c.want)
		}
	}
}

// TestHelp: tool -h lists the commands; tool CMD -h and tool help CMD
// give the synopsis, the doc and the flags.
func TestHelp(t *testing.T) {
	var top strings.Builder
	if _, status, ok := tool().Parse([]string{"-h"}, &top); ok || status != 0 {
		t.Errorf("tool -h: ok %v, status %d", ok, status)
	}
	want := "usage: tool [COMMAND] [flags]\n\ntool does things.\n\ncommands:\n  run       run\n  show      show\n\n" +
		"tool COMMAND -h explains a command and its flags; tool help COMMAND too.\n\nmore.\n"
	if top.String() != want {
		t.Errorf("tool -h:\n%s\nwant:\n%s", top.String(), want)
	}
	var cmd, help strings.Builder
	// No options after -h: nothing runs.
	if o, status, ok := tool().Parse([]string{"show", "-h"}, &cmd); o != nil || ok || status != 0 {
		t.Errorf("tool show -h: options %v, ok %v, status %d", o, ok, status)
	}
	tool().Parse([]string{"help", "show"}, &help)
	if !strings.HasPrefix(cmd.String(), "usage: tool show [flags] FILES...\n\nshow shows.\n\nflags:\n") || !strings.Contains(cmd.String(), "-count int") ||
		help.String() != cmd.String() {
		t.Errorf("tool show -h:\n%s\ntool help show:\n%s", cmd.String(), help.String())
	}
}
