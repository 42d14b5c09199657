// Command explain estimates every kernel's main loop with llvm-mca on the
// microarchitectures of package explain's models and writes the estimates
// as results files beside the measurements (make explain; make report
// then puts them on the pages).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"bitlab/explain"
	"bitlab/harness"
	"bitlab/schema"
)

const usage = `usage: explain [flags]

Builds runbench for amd64 (GOAMD64 v1, v3, and v4 for the models of cores
with AVX-512) and arm64, as each chosen model needs, cuts every kernel's
main loop out of the binaries (the loops the generators declare), and runs
llvm-mca (LLVM 19) on them for each model:

`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := o.flagSet(stderr)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	work, err := os.MkdirTemp("", "bitlab-explain-")
	if err != nil {
		fmt.Fprintln(stderr, "explain:", err)
		return 1
	}
	defer os.RemoveAll(work)
	if o.list {
		if err := explain.List(stdout, ".", work, explain.Targets()); err != nil {
			fmt.Fprintln(stderr, "explain:", err)
			return 1
		}
		return 0
	}
	chosen, err := chooseModels(o.models)
	if err != nil {
		fmt.Fprintln(stderr, "explain: -models:", err)
		return 2
	}
	prov := explain.Provenance{Revision: revision()}
	if o.campaign != "" {
		if prov.Campaign, err = schema.ParseCampaign(o.campaign); err != nil {
			fmt.Fprintln(stderr, "explain: -campaign:", err)
			return 2
		}
		m := harness.ThisMachine()
		prov.Host, prov.Runner = m.Host, m.Runner // as the campaign's runs record them
	}
	if err := estimate(stdout, work, o.results, chosen, prov); err != nil {
		fmt.Fprintln(stderr, "explain:", err)
		if errors.Is(err, explain.ErrNoMCA) {
			return 3
		}
		return 1
	}
	return 0
}

// options are the command's flags.
type options struct {
	results, models, campaign string
	list                      bool
}

// flagSet returns the command's flags, bound to o, with its usage text.
func (o *options) flagSet(stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.results, "results", "results", "the results folder: estimates go to <cpu>/estimates/ for a core with a folder, else to estimates/<model>/")
	fs.StringVar(&o.models, "models", "", "comma-separated -mcpu names to run (default: every model)")
	fs.StringVar(&o.campaign, "campaign", "", "the campaign the estimates belong to, as runbench campaign passes it (REVISION START): their headers record it, and the host and CI runner label as the campaign's runs do")
	fs.BoolVar(&o.list, "list", false, "print every kernel's extracted main loop and why it is or is not estimated, and stop (needs no llvm-mca)")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		for _, m := range explain.Models() {
			b := ""
			if m.Borrowed != "" {
				b = " (LLVM's " + m.Borrowed + " model)"
			}
			fmt.Fprintf(stderr, "  %-16s %s%s\n", m.CPU, m.Label, b)
		}
		fmt.Fprint(stderr, "\nflags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// chooseModels returns the models -models names (comma-separated -mcpu
// names), or every model for "".
func chooseModels(names string) ([]explain.Model, error) {
	if names == "" {
		return explain.Models(), nil
	}
	var chosen []explain.Model
	for _, c := range strings.Split(names, ",") {
		m, err := explain.LookupModel(strings.TrimSpace(c))
		if err != nil {
			return nil, err
		}
		chosen = append(chosen, m)
	}
	return chosen, nil
}

// estimate runs llvm-mca on every kernel's main loop for the chosen
// models, in the folder work, writes the estimates under results with
// the header's provenance and prints what it wrote.
func estimate(stdout io.Writer, work, results string, chosen []explain.Model, prov explain.Provenance) error {
	mca, err := explain.FindMCA()
	if err != nil {
		return err
	}
	folders, err := resultsFolders(results)
	if err != nil {
		return err
	}
	ests, err := explain.Run(".", work, mca, chosen, explain.Targets())
	if err != nil {
		return err
	}
	written, kept, err := explain.Write(results, folders, ests, mca, prov)
	if err != nil {
		return err
	}
	estimated := 0
	for _, e := range ests {
		if e.Missing == "" {
			estimated++
		}
	}
	fmt.Fprintf(stdout, "llvm-mca %s: %d estimates of %d kernel forms on %d models\n", mca.Version, estimated, len(ests), len(chosen))
	for _, f := range written {
		fmt.Fprintln(stdout, "wrote", f)
	}
	if len(kept) > 0 {
		fmt.Fprintf(stdout, "kept %d files whose estimates did not change (with the revision they were written at)\n", len(kept))
	}
	return nil
}

// resultsFolders returns the CPU folders of results by core, with this
// machine's folder added where its core is known and has none yet (not
// under an emulator).
func resultsFolders(results string) (map[string]explain.Folder, error) {
	folders, err := explain.ResultsFolders(results)
	if err != nil {
		return nil, err
	}
	if m := harness.ThisMachine(); m.Core.Known() && m.Emulator == "" {
		if _, ok := folders[m.Core.Name]; !ok {
			folders[m.Core.Name] = explain.Folder{Dir: results + "/" + m.Slug, CPU: m.CPU}
		}
	}
	return folders, nil
}

// revision returns the checkout's commit, "with uncommitted changes" where
// anything but results differs from it.
func revision() string {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown (not a git checkout)"
	}
	rev := strings.TrimSpace(string(head))
	status, err := exec.Command("git", "status", "--porcelain", "--", ".", ":!results").Output()
	if err != nil || len(strings.TrimSpace(string(status))) > 0 {
		return rev + " with uncommitted changes"
	}
	return rev
}
