package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/report"
	"bitlab/schema"
	"bitlab/verdict"
)

// writeVerdict prints, after a run's summary, the verdict for a move
// generator on this CPU (package verdict, through report's Set.Verdict and
// Set.InlinedVerdict, which the CPU pages print too): from the run's
// results file and the newest standard runs of the other kinds (full,
// cache-pressure, perft) of the same CPU and build in its folder
// (report.PageFiles' rule), for a generator in Go of the run's build, then
// for compilers that inline intrinsics, from that build's micro
// benchmarks. Without a perft run it says how to make one.
func writeVerdict(w io.Writer, path string) error {
	run, err := report.ScanFile(path)
	if err != nil {
		return err
	}
	files := []string{path}
	perft := false
	folder := filepath.Dir(path)
	if run.Run.Kind == schema.RunPerft && filepath.Base(folder) == "perft" {
		folder = filepath.Dir(folder) // perft runs sit in their CPU folder's perft/
	}
	use, _, err := report.PageFiles(report.FolderFiles(folder))
	if err != nil {
		return err
	}
	perft = run.Run.Kind == schema.RunPerft
	for _, f := range use {
		same := f.CPU == run.CPU && f.GOARCH == run.GOARCH && f.Level == run.Level
		// The run stands for its own kind; the folder gives the others.
		if same && f.Run.Kind != run.Run.Kind && f.Path != path {
			files = append(files, f.Path)
			perft = perft || f.Run.Kind == schema.RunPerft
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
	fmt.Fprintf(w, "Verdict: what to use in a move generator on this CPU, per factor (%s)\n", verdictBasis(files[1:]))
	fmt.Fprintf(w, "For a generator in Go built as this run: %s\n", s.Build(c))
	if !slices.ContainsFunc(use, func(f *report.File) bool { return f.Run.Kind == schema.RunFull }) && run.Run.Kind != schema.RunFull {
		fmt.Fprintf(w, "  (no full-suite run of this CPU and build in the folder: `%s` gives the micro figures)\n", commandHere("bench", run.Level, os.Args[0]))
	}
	command := "`" + commandHere("perft", run.Level, os.Args[0]) + "`"
	if err := verdict.WriteText(w, s.Verdict(c.Label), command); err != nil {
		return err
	}
	if !perft {
		fmt.Fprintf(w, "No perft run of this CPU and build in %s: %s (about a minute) times the move generator\n"+
			"with each technique, and the verdict then ranks the sliders, counts and serializations by it.\n", folder, command)
	}
	ic, ok := s.InlinedConfig(c.CPU)
	if !ok {
		return nil
	}
	fmt.Fprintf(w, "%s of the build %s (no generator's figure in it; a CPU page's verdict states the rule)\n", verdict.InlinedHeading, s.Build(ic))
	return verdict.WriteText(w, s.InlinedVerdict(ic.Label), command)
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
