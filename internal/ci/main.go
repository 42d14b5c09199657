// Command ci holds the steps of the measurement campaign on hosted CI
// runners (.github/workflows/campaign.yml), so that each step is a command
// of the repository that runs, and is tested, on any machine too:
//
//	go run ./internal/ci measure [-out ci-out] [-bench FLAGS] [-perft FLAGS]
//	go run ./internal/ci merge [-into results] DIR...
//
// measure (make ci-campaign) measures this machine as a CI run: its results
// headers say "host: ci" and the runner label, and its results go to
// OUT/results/<cpu>/, the job's artifact. merge (make ci-merge, which then
// runs make report) copies the results files of every CPU folder below the
// DIRs (the artifacts) into the results folder.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: ci measure [-out DIR] [-bench FLAGS] [-perft FLAGS]
       ci merge [-into RESULTS] DIR...

measure times this machine as a CI run (make ci-campaign): runbench levels
v1,v3 on amd64 (the levels the CPU supports), runbench bench elsewhere, then
runbench perft, into DIR/results/<cpu>/, with the results headers saying
"host: ci" and the runner label from $BITLAB_RUNNER.

merge copies the results files of every CPU folder below each DIR (the
workflow's downloaded artifacts) into RESULTS/<cpu>/ (make ci-merge, which
runs make report after it).
`

// run runs the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("ci "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	var step func() error
	switch args[0] {
	case "measure":
		var o measureOptions
		o.flags(fs)
		step = func() error { return o.measure(fs.Args(), stdout, stderr) }
	case "merge":
		into := fs.String("into", "results", "the results folder to merge into")
		step = func() error { return merge(*into, fs.Args(), stdout) }
	default:
		fmt.Fprintf(stderr, "ci: no command %q\n%s", args[0], usage)
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := step(); err != nil {
		fmt.Fprintf(stderr, "ci %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
