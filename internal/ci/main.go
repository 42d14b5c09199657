// Command ci holds the steps of the measurement campaign on hosted CI
// runners (.github/workflows/campaign.yml), so that each step is a command
// of the repository that runs, and is tested, on any machine too:
//
//	go run ./internal/ci measure [-out ci-out] [-- CAMPAIGN FLAGS]
//	go run ./internal/ci merge [-into results] DIR...
//
// measure (make ci-campaign) runs the campaign (runbench campaign) on this
// machine as a CI run: every file it writes says "host: ci" and the runner
// label, and goes to OUT/results/<cpu>/, the job's artifact. merge (make
// ci-merge, which then runs make report) copies the results files of every
// CPU folder below the DIRs (the artifacts) into the results folder, one
// campaign per CPU.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: ci measure [-out DIR] [-- CAMPAIGN FLAGS]
       ci merge [-into RESULTS] DIR...

measure runs the campaign on this machine as a CI run (make ci-campaign):
runbench campaign -results DIR/results with the CAMPAIGN FLAGS (-quick, -plan;
go run ./cmd/runbench campaign -h), every file it writes saying "host: ci" and
the runner label from $BITLAB_RUNNER.

merge copies the results files of every CPU folder below each DIR (the
workflow's downloaded artifacts) into RESULTS/<cpu>/ (make ci-merge, which
runs make report after it): of the campaigns the DIRs hold of one CPU, the
one with the most files (then the newest); it says which files the pages
leave out and which configurations they mark stale.
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
		out := fs.String("out", "ci-out", "the folder that receives results/<cpu>/, the job's artifact")
		step = func() error { return measure(*out, fs.Args(), stdout, stderr) }
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
