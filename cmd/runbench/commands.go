package main

import (
	"flag"
	"io"

	"bitlab/internal/command"
)

// commandOptions are a command's options, filled by its flags.
type commandOptions interface {
	// check completes the options once the flags are parsed: it converts
	// and validates their values against each other and the registries.
	check(p command.Parsed) error
	// run carries the command out.
	run(e *env) error
}

// env is what a command runs with: where it writes, and the command line
// as given, for the results header.
type env struct {
	stdout, stderr io.Writer
	line           []string
}

// runbench is the tool: its commands, in the order runbench -h lists them
// (the first is the default), and its help (usage).
var runbench = &command.Tool[commandOptions]{Name: "runbench", Intro: intro, More: examples,
	Modes: map[string]bool{"perft": false, "divide": false, "list": false, "levels": true}, Legacy: legacy,
	Check: func(o commandOptions, p command.Parsed) error { return o.check(p) }, Commands: []*command.Command[commandOptions]{
		{Name: "bench", Summary: "time the kernels (the default command: runbench -quick is runbench bench -quick)", Doc: benchDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &benchOptions{}; o.flags(fs, true); return o }},
		{Name: "compare", Args: "OLD", Summary: "time the kernels and compare the run with a saved one (OLD): exit 3 when slower, 5 when kernels are missing", Doc: compareDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &compareOptions{}; o.flags(fs, false); return o }},
		{Name: "levels", Args: "LEVELS", Summary: "rebuild runbench at each GOAMD64 level (v1,v3) the CPU supports and time the kernels at each", Doc: levelsDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &levelsOptions{}; o.bench.flags(fs, true); return o }},
		{Name: "campaign", Summary: "measure this CPU whole at one revision: the suite at each GOAMD64 level, cache pressure, perft, llvm-mca (make campaign)", Doc: campaignDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &campaignOptions{}; o.flags(fs); return o }},
		{Name: "perft", Summary: "time the move generator: perft in each configuration (results/<cpu>/perft/)", Doc: perftDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &perftOptions{}; o.flags(fs); return o }},
		{Name: "divide", Summary: "print the perft count below each legal move of a position", Doc: divideDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &divideOptions{}; o.flags(fs); return o }},
		{Name: "list", Summary: "list the families, implementations, distributions and perft configurations", Doc: listDoc,
			Options: func(fs *flag.FlagSet) commandOptions { o := &listOptions{}; o.flags(fs); return o }},
	}}

// parse reads a command line: the command's options, or nil with the exit
// status of -h (0) or of a usage error (2), having written either to
// stderr.
func parse(args []string, stderr io.Writer) (commandOptions, int) {
	o, status, _ := runbench.Parse(args, stderr)
	return o, status
}

// legacy maps a command line of runbench before its commands, where a
// flag chose what to do (the modes of runbench.Modes), onto a command and
// its arguments: -perft is perft, -divide divide, -list list (with -perft,
// list -perft), -levels L levels L; any other is bench's. The results
// header records the command line as given, so a results file's command
// line still runs.
func legacy(modes map[string]string, rest []string) (name string, args []string, err error) {
	if modes["list"] != "" && modes["perft"] != "" {
		delete(modes, "perft")
		rest = append([]string{"-perft"}, rest...)
	}
	switch name, err = command.OneOf(modes, "perft", "divide", "list", "levels"); name {
	case "":
		name = "bench"
	case "levels":
		rest = append([]string{modes["levels"]}, rest...)
	}
	return name, rest, err
}
