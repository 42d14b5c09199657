// Package command runs the commands of bitlab's tools (cmd/runbench and
// cmd/plot): a [Tool] is a table of [Command]s, each with its flags, its
// arguments and its help, and [Tool.Parse] turns a command line into the
// options of one of them, writing the tool's or the command's help for -h
// and a usage error that says where the help is.
package command

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// A Command is one command of a tool: its name, its help, and the options
// its flags fill.
type Command[O any] struct {
	Name string
	// Args names the arguments it takes besides its flags, as its
	// synopsis shows them: "LEVELS", "OLD NEW", "RESULTS..." (one or
	// more); "" for none.
	Args    string
	Summary string // its line in TOOL -h
	Doc     string // what TOOL NAME -h says above the flags
	// Options returns fresh options with their flags registered on fs.
	Options func(fs *flag.FlagSet) O
}

// A Tool is a program of commands.
type Tool[O any] struct {
	Name  string
	Intro string // TOOL -h's text between the synopsis and the commands
	More  string // TOOL -h's text after the commands
	// Commands are the tool's commands, in the order TOOL -h lists them.
	Commands []*Command[O]
	// Modes are the flags that chose what the tool did before it had
	// commands, each true if it takes a value (-levels v1,v3) and false
	// for a switch (-perft).
	Modes map[string]bool
	// Legacy maps a command line that starts with a flag (the tool's form
	// before it had commands) onto a command and its arguments, given the
	// value of each mode flag in it ("true" for a switch that is on; one
	// given as false is left out) and the other arguments in order.
	Legacy func(modes map[string]string, rest []string) (name string, args []string, err error)
	// Check completes a command's options once its flags are parsed: it
	// converts and validates their values against each other.
	Check func(o O, p Parsed) error
}

// Parsed is a command line once its flags are parsed.
type Parsed struct {
	Set   map[string]bool // the flags given
	Flags []string        // the flag arguments as given, without the others
	Args  []string        // the other arguments, checked against the command's Args
}

// Usage is what TOOL -h prints: the synopsis, the intro, a line per
// command and the rest.
func (t *Tool[O]) Usage() string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s [COMMAND] [flags]\n\n%s\ncommands:\n", t.Name, t.Intro)
	for _, c := range t.Commands {
		fmt.Fprintf(&b, "  %-9s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintf(&b, "\n%s COMMAND -h explains a command and its flags; %s help COMMAND too.\n\n%s", t.Name, t.Name, t.More)
	return b.String()
}

// lookup returns the command of that name, nil if none.
func (t *Tool[O]) lookup(name string) *Command[O] {
	i := slices.IndexFunc(t.Commands, func(c *Command[O]) bool { return c.Name == name })
	if i < 0 {
		return nil
	}
	return t.Commands[i]
}

// FlagSet returns the command's flag set, quiet (Parse reports its
// errors), with its options registered.
func (c *Command[O]) FlagSet(tool string) (*flag.FlagSet, O) {
	fs := flag.NewFlagSet(tool+" "+c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs, c.Options(fs)
}

// help writes what TOOL NAME -h prints: the synopsis, the command's doc
// and its flags.
func (t *Tool[O]) help(w io.Writer, c *Command[O]) {
	fs, _ := c.FlagSet(t.Name)
	fmt.Fprintf(w, "usage: %s %s [flags]", t.Name, c.Name)
	if c.Args != "" {
		fmt.Fprintf(w, " %s", c.Args)
	}
	fmt.Fprintf(w, "\n\n%s", c.Doc)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nflags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// A usageError is a command line the tool cannot run: exit status 2.
type usageError struct {
	command string // the command whose -h explains, "" for the tool's -h
	err     error
}

func (e *usageError) Error() string { return e.err.Error() }

// Parse reads a command line: the options of its command, with ok true;
// or, with ok false and no options, the exit status of -h (0) or of a
// usage error (2), having written either to stderr.
func (t *Tool[O]) Parse(args []string, stderr io.Writer) (o O, status int, ok bool) {
	o, err := t.parse(args, stderr)
	var ue *usageError
	var none O
	switch {
	case errors.Is(err, flag.ErrHelp):
		return none, 0, false
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "%s: %v\n", t.Name, err)
		fmt.Fprintf(stderr, "run %s for usage\n", strings.Join(strings.Fields(t.Name+" "+ue.command+" -h"), " "))
		return none, 2, false
	}
	return o, 0, true
}

// parse finds the command (the first argument, or where the arguments
// start with a flag, Legacy's), parses its flags and arguments and checks
// them. -h writes the help to stderr and returns flag.ErrHelp.
func (t *Tool[O]) parse(args []string, stderr io.Writer) (o O, err error) {
	var name string
	switch {
	case len(args) == 1 && slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]):
		fmt.Fprint(stderr, t.Usage())
		return o, flag.ErrHelp
	case len(args) == 2 && args[0] == "help":
		c := t.lookup(args[1])
		if c == nil {
			return o, t.unknownCommand(args[1])
		}
		t.help(stderr, c)
		return o, flag.ErrHelp
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		name, args = args[0], args[1:]
	default:
		modes, rest, err := t.modes(args)
		if err == nil {
			name, args, err = t.Legacy(modes, rest)
		}
		if err != nil {
			return o, &usageError{err: err}
		}
	}
	c := t.lookup(name)
	if c == nil {
		return o, t.unknownCommand(name)
	}
	fs, o := c.FlagSet(t.Name)
	p, err := parseFlags(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		t.help(stderr, c)
		return o, err
	case err != nil:
		return o, &usageError{c.Name, t.flagError(c, err)}
	}
	if err := c.checkArgs(p.Args); err != nil {
		return o, &usageError{c.Name, err}
	}
	if err := t.Check(o, p); err != nil {
		return o, &usageError{c.Name, fmt.Errorf("%s: %w", c.Name, err)}
	}
	return o, nil
}

// checkArgs checks the number of arguments against the command's Args.
func (c *Command[O]) checkArgs(args []string) error {
	names := strings.Fields(c.Args)
	most := len(names)
	if most > 0 && strings.HasSuffix(names[most-1], "...") {
		most = math.MaxInt
	}
	switch {
	case len(names) == 0 && len(args) > 0:
		return fmt.Errorf("%s: unexpected argument %q", c.Name, args[0])
	case len(args) < len(names):
		return fmt.Errorf("%s: no %s argument", c.Name, strings.TrimSuffix(names[len(args)], "..."))
	case len(args) > most && most == 1:
		return fmt.Errorf("%s takes one %s argument, not %q", c.Name, names[0], args)
	case len(args) > most:
		return fmt.Errorf("%s takes %d arguments, %s, not %q", c.Name, most, c.Args, args)
	}
	return nil
}

// unknownCommand is the error of a command the tool does not have.
func (t *Tool[O]) unknownCommand(name string) error {
	var names []string
	for _, c := range t.Commands {
		names = append(names, c.Name)
	}
	return &usageError{err: fmt.Errorf("unknown command %q (the commands: %s)", name, strings.Join(names, ", "))}
}

// flagError says what is wrong with a flag; for a flag the command lacks,
// which commands have it.
func (t *Tool[O]) flagError(c *Command[O], err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return fmt.Errorf("%s: %v", c.Name, err)
	}
	var with, notes []string
	for _, o := range t.Commands {
		if fs, _ := o.FlagSet(t.Name); fs.Lookup(name) != nil {
			with = append(with, o.Name)
		}
	}
	if len(with) > 0 {
		notes = append(notes, "a flag of "+t.Name+" "+andList(with))
	}
	if t.lookup(name) != nil {
		notes = append(notes, name+" is a command: "+t.Name+" "+name)
	}
	if len(notes) == 0 {
		return fmt.Errorf("%s: no flag -%s", c.Name, name)
	}
	return fmt.Errorf("%s: no flag -%s (%s)", c.Name, name, strings.Join(notes, "; "))
}

// andList joins words as a sentence lists them: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " and " + words[n-1]
	}
	return strings.Join(words, "")
}

// parseFlags parses args with fs, allowing arguments between the flags
// (runbench levels v1,v3 -quick); "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) (Parsed, error) {
	var p Parsed
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return p, err
		}
		consumed := rest[:len(rest)-fs.NArg()]
		if n := len(consumed); n > 0 && consumed[n-1] == "--" {
			p.Flags = append(p.Flags, consumed[:n-1]...)
			p.Args = append(p.Args, fs.Args()...)
			break
		}
		p.Flags = append(p.Flags, consumed...)
		if fs.NArg() == 0 {
			break
		}
		p.Args = append(p.Args, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	p.Set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { p.Set[f.Name] = true })
	return p, nil
}
