package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"bitlab/harness"
	"bitlab/schema"
)

// measure runs the campaign (runbench campaign, by go run from the module
// root, the current folder) on this machine as a CI run: with HostEnv set
// so that every file it writes says "host: ci" (and the runner label,
// where RunnerEnv gives it), into out/results/<cpu>/, the job's artifact.
// campaign are more flags of runbench campaign (-quick, -plan); the results
// folder is measure's to choose.
func measure(out string, campaign []string, stdout, stderr io.Writer) error {
	for _, a := range campaign {
		if flag, _, _ := strings.Cut(a, "="); flag == "-results" || flag == "--results" {
			return fmt.Errorf("%s: the results go to %s (-out)", a, filepath.Join(out, "results"))
		}
	}
	runner := os.Getenv(harness.RunnerEnv)
	if runner == "" {
		runner = "unnamed"
		fmt.Fprintf(stderr, "note: $%s is not set: the results headers name no runner label\n", harness.RunnerEnv)
	}
	results, m := filepath.Join(out, "results"), harness.ThisMachine()
	fmt.Fprintf(stdout, "measuring %s on CI runner %s: runbench campaign into %s\n", m.Label(), runner, filepath.Join(results, m.Slug))
	args := []string{"run"}
	if exists(".git") {
		args = append(args, "-buildvcs=true") // stamp the revision, as make campaign does
	}
	args = append(append(args, "./cmd/runbench", "campaign", "-results", results), campaign...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), harness.HostEnv+"="+schema.CIHost)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	if dir := filepath.Join(results, m.Slug); exists(dir) {
		fmt.Fprintf(stdout, "the campaign's files are in %s: make ci-merge DIR=%s merges them into results/ and draws the pages\n", dir, out)
	}
	if err != nil {
		return fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	return nil
}

// exists reports whether path names a file or folder.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
