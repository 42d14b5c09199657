package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// A command is one of runbench's commands: its name, its help, and the
// options its flags fill.
type command struct {
	name       string
	positional string // the argument it takes besides its flags ("LEVELS"), "" for none
	summary    string // its line in runbench -h
	doc        string // what runbench NAME -h says above the flags
	// options returns fresh options with their flags registered on fs.
	options func(fs *flag.FlagSet) commandOptions
}

// commandOptions are a command's options, filled by its flags.
type commandOptions interface {
	// check completes the options once the flags are parsed: it converts
	// and validates their values against each other and the registries.
	check(p parsed) error
	// run carries the command out.
	run(e *env) error
}

// parsed is a command line once its flags are parsed.
type parsed struct {
	set  map[string]bool // the flags given
	args []string        // the flag arguments as given, without the positional one
	pos  string          // the positional argument, "" when the command takes none
}

// env is what a command runs with: where it writes, and the command line
// as given, for the results header.
type env struct {
	stdout, stderr io.Writer
	line           []string
}

// commands are runbench's commands, in the order runbench -h lists them;
// the first is the default.
var commands = []*command{
	{name: "bench", summary: "time the kernels (the default command: runbench -quick is runbench bench -quick)", doc: benchDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &benchOptions{}; o.flags(fs, true); return o }},
	{name: "compare", positional: "OLD", summary: "time the kernels and compare the run with a saved one (OLD): exit 3 when slower", doc: compareDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &compareOptions{}; o.flags(fs, false); return o }},
	{name: "levels", positional: "LEVELS", summary: "rebuild runbench at each GOAMD64 level (v1,v3) the CPU supports and time the kernels at each", doc: levelsDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &levelsOptions{}; o.bench.flags(fs, true); return o }},
	{name: "campaign", summary: "measure this CPU whole at one revision: the suite at each GOAMD64 level, cache pressure, perft, llvm-mca (make campaign)", doc: campaignDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &campaignOptions{}; o.flags(fs); return o }},
	{name: "perft", summary: "time the move generator: perft in each configuration (results/<cpu>/perft/)", doc: perftDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &perftOptions{}; o.flags(fs); return o }},
	{name: "divide", summary: "print the perft count below each legal move of a position", doc: divideDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &divideOptions{}; o.flags(fs); return o }},
	{name: "list", summary: "list the families, implementations, distributions and perft configurations", doc: listDoc,
		options: func(fs *flag.FlagSet) commandOptions { o := &listOptions{}; o.flags(fs); return o }},
}

// lookup returns the command of that name, nil if none.
func lookup(name string) *command {
	i := slices.IndexFunc(commands, func(c *command) bool { return c.name == name })
	if i < 0 {
		return nil
	}
	return commands[i]
}

// flagSet returns the command's flag set, quiet (parse reports its
// errors), with its options registered.
func (c *command) flagSet() (*flag.FlagSet, commandOptions) {
	fs := flag.NewFlagSet("runbench "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs, c.options(fs)
}

// help writes what runbench NAME -h prints: the synopsis, the command's
// doc and its flags.
func (c *command) help(w io.Writer) {
	fs, _ := c.flagSet()
	fmt.Fprintf(w, "usage: runbench %s [flags]", c.name)
	if c.positional != "" {
		fmt.Fprintf(w, " %s", c.positional)
	}
	fmt.Fprintf(w, "\n\n%s\nflags:\n", c.doc)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// A usageError is a command line runbench cannot run: exit status 2.
type usageError struct {
	command string // the command whose -h explains, "" for runbench -h
	err     error
}

func (e *usageError) Error() string { return e.err.Error() }

// hint is the line after a usage error that says where the usage is.
func (e *usageError) hint() string {
	return "run " + strings.Join(strings.Fields("runbench "+e.command+" -h"), " ") + " for usage"
}

// parse reads a command line: the command's options, or nil with the exit
// status of -h (0) or of a usage error (2), having written either to
// stderr.
func parse(args []string, stderr io.Writer) (commandOptions, int) {
	opts, err := parseArgs(args, stderr)
	var ue *usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, 0
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "runbench:", err)
		fmt.Fprintln(stderr, ue.hint())
		return nil, 2
	}
	return opts, 0
}

// parseArgs finds the command (the first argument, or where the
// arguments start with a flag, legacy's: bench unless a flag of runbench
// before its commands chose another), parses its flags and checks them.
// -h writes the help to stderr and returns flag.ErrHelp.
func parseArgs(args []string, stderr io.Writer) (commandOptions, error) {
	var name string
	switch {
	case len(args) == 1 && slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]):
		fmt.Fprint(stderr, usage())
		return nil, flag.ErrHelp
	case len(args) == 2 && args[0] == "help":
		c := lookup(args[1])
		if c == nil {
			return nil, unknownCommand(args[1])
		}
		c.help(stderr)
		return nil, flag.ErrHelp
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		name, args = args[0], args[1:]
	default:
		var err error
		if name, args, err = legacy(args); err != nil {
			return nil, &usageError{err: err}
		}
	}
	c := lookup(name)
	if c == nil {
		return nil, unknownCommand(name)
	}
	fs, opts := c.flagSet()
	p, err := parseFlags(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.help(stderr)
		return nil, err
	case err != nil:
		return nil, &usageError{c.name, flagError(c, err)}
	}
	switch {
	case c.positional == "" && len(p.positionals) > 0:
		return nil, &usageError{c.name, fmt.Errorf("%s: unexpected argument %q", c.name, p.positionals[0])}
	case c.positional != "" && len(p.positionals) == 0:
		return nil, &usageError{c.name, fmt.Errorf("%s: no %s argument", c.name, c.positional)}
	case c.positional != "" && len(p.positionals) > 1:
		return nil, &usageError{c.name, fmt.Errorf("%s takes one %s argument, not %q", c.name, c.positional, p.positionals)}
	case c.positional != "":
		p.pos = p.positionals[0]
	}
	if err := opts.check(p.parsed); err != nil {
		return nil, &usageError{c.name, fmt.Errorf("%s: %w", c.name, err)}
	}
	return opts, nil
}

// unknownCommand is the error of a command runbench does not have.
func unknownCommand(name string) error {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return &usageError{err: fmt.Errorf("unknown command %q (the commands: %s)", name, strings.Join(names, ", "))}
}

// flagError says what is wrong with a flag; for a flag the command lacks,
// which commands have it.
func flagError(c *command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return fmt.Errorf("%s: %v", c.name, err)
	}
	var with, notes []string
	for _, o := range commands {
		if fs, _ := o.flagSet(); fs.Lookup(name) != nil {
			with = append(with, o.name)
		}
	}
	if len(with) > 0 {
		notes = append(notes, "a flag of runbench "+andList(with))
	}
	if lookup(name) != nil {
		notes = append(notes, name+" is a command: runbench "+name)
	}
	if len(notes) == 0 {
		return fmt.Errorf("%s: no flag -%s", c.name, name)
	}
	return fmt.Errorf("%s: no flag -%s (%s)", c.name, name, strings.Join(notes, "; "))
}

// andList joins words as a sentence lists them: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " and " + words[n-1]
	}
	return strings.Join(words, "")
}

// flagsParsed is parseFlags' result: the parsed command line and every
// positional argument found among the flags.
type flagsParsed struct {
	parsed
	positionals []string
}

// parseFlags parses args with fs, allowing positional arguments between
// the flags (runbench levels v1,v3 -quick); "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) (flagsParsed, error) {
	var p flagsParsed
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return p, err
		}
		consumed := rest[:len(rest)-fs.NArg()]
		if n := len(consumed); n > 0 && consumed[n-1] == "--" {
			p.args = append(p.args, consumed[:n-1]...)
			p.positionals = append(p.positionals, fs.Args()...)
			break
		}
		p.args = append(p.args, consumed...)
		if fs.NArg() == 0 {
			break
		}
		p.positionals = append(p.positionals, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	p.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { p.set[f.Name] = true })
	return p, nil
}

// modeFlags are the flags that chose what runbench did before it had
// commands: legacy maps them onto the commands.
var modeFlags = []string{"perft", "divide", "list", "levels"}

// legacy maps a command line of runbench before its commands, where a
// flag chose what to do, onto a command and its arguments: -perft is
// perft, -divide divide, -list list (with -perft, list -perft), -levels L
// levels L; any other is bench's. The results header records the command
// line as given, so a results file's command line still runs.
func legacy(args []string) (name string, rest []string, err error) {
	chosen := map[string]string{} // mode flag: its value ("true" for the switches)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			rest = append(rest, args[i:]...)
			break
		}
		flagName, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takesValue := !hasValue && !isBoolFlag(flagName)
		if !slices.Contains(modeFlags, flagName) {
			rest = append(rest, a)
			if takesValue && i+1 < len(args) {
				i++
				rest = append(rest, args[i])
			}
			continue
		}
		switch {
		case takesValue && i+1 < len(args):
			i++
			value = args[i]
		case takesValue:
			return "", nil, fmt.Errorf("flag needs an argument: -%s", flagName)
		case !hasValue:
			value = "true"
		}
		if flagName != "levels" {
			on, err := strconv.ParseBool(value)
			if err != nil {
				return "", nil, fmt.Errorf("invalid boolean value %q for -%s", value, flagName)
			}
			if !on {
				continue
			}
		}
		chosen[flagName] = value
	}
	if chosen["list"] != "" && chosen["perft"] != "" {
		delete(chosen, "perft")
		rest = append([]string{"-perft"}, rest...)
	}
	var modes []string
	for _, m := range modeFlags {
		if chosen[m] != "" {
			modes = append(modes, "-"+m)
		}
	}
	switch len(modes) {
	case 0:
		return commands[0].name, rest, nil
	case 1:
		name = strings.TrimPrefix(modes[0], "-")
		if name == "levels" {
			rest = append([]string{chosen["levels"]}, rest...)
		}
		return name, rest, nil
	}
	return "", nil, fmt.Errorf("%s choose different commands (runbench -h lists them)", strings.Join(modes, " and "))
}

// isBoolFlag reports whether any command's flag of that name is a switch,
// which takes no separate value.
func isBoolFlag(name string) bool {
	if slices.Contains(modeFlags, name) {
		return name != "levels"
	}
	for _, c := range commands {
		fs, _ := c.flagSet()
		if f := fs.Lookup(name); f != nil {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			return ok && b.IsBoolFlag()
		}
	}
	return true // unknown: the command's parse says so
}
