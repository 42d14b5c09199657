package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"bitlab/harness"
	"bitlab/schema"
)

// measureOptions are measure's flags.
type measureOptions struct {
	out, bench, perft string
}

func (o *measureOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "out", "ci-out", "the folder that receives results/<cpu>/, the job's artifact")
	fs.StringVar(&o.bench, "bench", "", "more flags for the kernels' runs, split at spaces (a test's tiny run: -quick -family popcount -count 2)")
	fs.StringVar(&o.perft, "perft", "", "more flags for the perft run, split at spaces")
}

// measure times this machine in CI mode: each of runs in turn, by go run
// from the module root (the current folder), with HostEnv set so that
// every results header says "host: ci" (and the runner label, where
// RunnerEnv gives it).
func (o *measureOptions) measure(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q", args)
	}
	m := harness.ThisMachine()
	dir := filepath.Join(o.out, "results", m.Slug)
	runner := os.Getenv(harness.RunnerEnv)
	if runner == "" {
		runner = "unnamed"
		fmt.Fprintf(stderr, "note: $%s is not set: the results headers name no runner label\n", harness.RunnerEnv)
	}
	fmt.Fprintf(stdout, "measuring %s on CI runner %s into %s\n", m.Label(), runner, dir)
	build := []string{"run"}
	if _, err := os.Stat(".git"); err == nil {
		build = append(build, "-buildvcs=true") // stamp the revision, as make bench does
	}
	for _, r := range runs(runtime.GOARCH, dir, strings.Fields(o.bench), strings.Fields(o.perft)) {
		fmt.Fprintf(stdout, "== runbench %s\n", strings.Join(r, " "))
		cmd := exec.Command("go", append(append(build, "./cmd/runbench"), r...)...)
		cmd.Env = append(os.Environ(), harness.HostEnv+"="+schema.CIHost)
		cmd.Stdout, cmd.Stderr = stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("runbench %s: %v", strings.Join(r, " "), err)
		}
	}
	return nil
}

// runs returns the runbench command lines of a campaign on a GOARCH into
// the CPU folder dir, with the extra flags of the kernels' runs and of
// perft: make bench at GOAMD64 v1 and v3 on amd64 (runbench levels skips a
// level the CPU lacks), once elsewhere, then make perft.
func runs(goarch, dir string, bench, perft []string) [][]string {
	into := func(d string) []string { return []string{"-noprogress", "-out", d + string(filepath.Separator)} }
	kernels := append([]string{"bench"}, into(dir)...)
	if goarch == "amd64" {
		kernels = append([]string{"levels", "v1,v3"}, into(dir)...)
	}
	return [][]string{
		append(kernels, bench...),
		append(append([]string{"perft"}, into(filepath.Join(dir, schema.PerftFolder))...), perft...),
	}
}
