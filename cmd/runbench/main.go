// Command runbench runs bitlab's kernels on this machine and writes the
// results in Go's benchmark format.
//
// Usage:
//
//	runbench -list            list every implementation and whether it runs here
//	runbench -list -markdown  the README's table of families and implementations
package main

import (
	"flag"
	"fmt"
	"os"

	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("runbench", flag.ContinueOnError)
	list := fs.Bool("list", false, "list every implementation: identifier, arch, CPU features, supported here or why not, source")
	markdown := fs.Bool("markdown", false, "with -list: print the README's Markdown table instead")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: runbench -list [-markdown]\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "runbench: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	switch {
	case *list && *markdown:
		writeMarkdown(os.Stdout, kernels.Families())
	case *list:
		if err := writeList(os.Stdout, kernels.All()); err != nil {
			fmt.Fprintln(os.Stderr, "runbench:", err)
			return 1
		}
	default:
		fmt.Fprintln(os.Stderr, "runbench: timing is not yet implemented (the harness issue); see runbench -list")
	}
	return 0
}
