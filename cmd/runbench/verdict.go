package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/fingerprint"
	"bitlab/report"
	"bitlab/schema"
	"bitlab/verdict"
)

// writeVerdict prints, after a run's summary, the verdict for a move
// generator on this CPU (package verdict, through report's Set.Verdict and
// Set.InlinedVerdict, which the CPU pages print too): from the run's
// results file and the newest standard runs of the other kinds (full,
// cache-pressure, perft) of the same CPU and build in its folder
// (report.PageFiles' rule), for a generator in Go of the run's build, with
// the placement spread that guards the perft margins where a placement run
// measured one, then for compilers that inline intrinsics, from that
// build's micro benchmarks. It names the folder's runs it leaves out (of
// another revision or campaign, which it does not pool with the run's) and
// a stale configuration (report's Set.StaleNote), with the command that
// makes each afresh, and without a perft run it can rank by (none, left
// out or stale), it says how to make one.
func writeVerdict(w io.Writer, path string) error {
	run, err := report.ScanFile(path)
	if err != nil {
		return err
	}
	files := []string{path}
	folder := filepath.Dir(path)
	if run.Run.Kind == schema.RunPerft && filepath.Base(folder) == "perft" {
		folder = filepath.Dir(folder) // perft runs sit in their CPU folder's perft/
	}
	use, _, err := report.PageFiles(report.FolderFiles(folder))
	if err != nil {
		return err
	}
	for _, f := range use {
		same := f.CPU == run.CPU && f.GOARCH == run.GOARCH && f.Level == run.Level
		// The run stands for its own kind; the folder gives the others.
		if same && f.Run.Kind != run.Run.Kind && f.Path != path {
			files = append(files, f.Path)
		}
	}
	s, _, err := report.Load(files...)
	if err != nil {
		return err
	}
	var c *report.Config
	for _, o := range s.Configs {
		if slices.Contains(o.Files, path) {
			c = o
		}
	}
	if c == nil {
		return fmt.Errorf("%s: no configuration of the run's own results", path)
	}
	read := slices.DeleteFunc(slices.Clone(files[1:]), func(p string) bool { return !slices.Contains(c.Files, p) })
	fmt.Fprintf(w, "Verdict: what to use in a move generator on this CPU, per factor (%s)\n", verdictBasis(read))
	fmt.Fprintf(w, "For a generator in Go built as this run: %s\n", s.Build(c))
	if !slices.ContainsFunc(use, func(f *report.File) bool { return f.Run.Kind == schema.RunFull }) && run.Run.Kind != schema.RunFull {
		fmt.Fprintf(w, "  (no full-suite run of this CPU and build in the folder: `%s` gives the micro figures)\n", commandHere("bench", run.Level, os.Args[0]))
	}
	for _, p := range files[1:] {
		if !slices.Contains(read, p) {
			fmt.Fprintf(w, "  (left out: %s)\n", unpooled(s.File(p), run.Level))
		}
	}
	if note := s.StaleNote(c.Label); note != "" {
		fmt.Fprintf(w, "  (stale: %s)\n", note)
	}
	// A perft run ranks where the verdict reads it and its generator is today's.
	perft := slices.ContainsFunc(c.Files, func(p string) bool { return s.File(p).Run.Kind == schema.RunPerft }) &&
		!slices.Contains(s.Stale(c.Label), fingerprint.Perft)
	command := "`" + commandHere("perft", run.Level, os.Args[0]) + "`"
	if p := s.Placement(c.Label); p.Guards() {
		var names []string
		for _, q := range p.Placed {
			names = append(names, filepath.Base(q.File))
		}
		fmt.Fprintf(w, "  (%s: %s)\n", p.Text(), strings.Join(names, ", "))
	} else if perft {
		fmt.Fprintf(w, "  (%s)\n", p.Text())
	}
	if err := verdict.WriteText(w, s.Verdict(c.Label), command); err != nil {
		return err
	}
	if !perft {
		fmt.Fprintf(w, "No perft run of this CPU and build in %s that the verdict reads: %s (about a minute) times the move generator\n"+
			"with each technique, and the verdict then ranks the sliders, counts and serializations by it.\n", folder, command)
	}
	ic, ok := s.InlinedConfig(c.CPU)
	if !ok {
		return nil
	}
	fmt.Fprintf(w, "%s of the build %s (no generator's figure in it; a CPU page's verdict states the rule)\n", verdict.InlinedHeading, s.Build(ic))
	return verdict.WriteText(w, s.InlinedVerdict(ic.Label), command)
}

// unpooled says why the verdict reads nothing of a file of the folder of
// another revision or campaign than the run's (report pools no two of
// them), and which command makes a run of its kind (at GOAMD64 level) to
// read instead.
func unpooled(f *report.File, level string) string {
	why := fmt.Sprintf("measured at %s, another revision or campaign than this run's", f.ShortRevision())
	if f.Unprinted() {
		why = fmt.Sprintf("measured at %s before runs recorded the code's fingerprint", f.ShortRevision())
	}
	command := commandHere("campaign", "", os.Args[0]) // the cache-pressure and placement runs are a campaign's
	switch f.Run.Kind {
	case schema.RunFull:
		command = commandHere("bench", level, os.Args[0])
	case schema.RunPerft:
		command = commandHere("perft", level, os.Args[0])
	}
	return fmt.Sprintf("%s, a %s run %s: `%s` gives one of today's code", filepath.Base(f.Path), f.Run.Kind, why, command)
}

// commandHere is the command that makes a standard run (bench or perft)
// of this build (at GOAMD64 level, "" off amd64) from the working
// directory: verdict.MakeCommand's in a bitlab checkout; elsewhere the
// command of program, the binary as it was run, such as a copy from make
// dist (runbench where it is a temporary build, as go run's).
func commandHere(command, level, program string) string {
	if mod, err := os.ReadFile("go.mod"); err == nil && strings.HasPrefix(string(mod), "module bitlab\n") {
		return verdict.MakeCommand(command, level)
	}
	if rel, err := filepath.Rel(os.TempDir(), program); err == nil && filepath.IsLocal(rel) {
		program = "runbench"
	}
	return program + " " + command
}

// verdictBasis names the files beside the run's own that the verdict read.
func verdictBasis(others []string) string {
	if len(others) == 0 {
		return "this run only"
	}
	base := make([]string, len(others))
	for i, f := range others {
		base[i] = filepath.Base(f)
	}
	return "this run with " + strings.Join(base, ", ")
}
