package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"bitlab/harness"
	"bitlab/kernels"
)

// levelNeeds lists the bitlab-visible features each GOAMD64 level requires
// beyond the previous one (v2 also needs SSE3/SSSE3/SSE4, present wherever
// POPCNT is; v3 also FMA, F16C and MOVBE, present wherever AVX2 and BMI2 are).
var levelNeeds = map[string][]kernels.Feature{
	"v1": nil,
	"v2": {kernels.POPCNT},
	"v3": {kernels.POPCNT, kernels.AVX2, kernels.BMI1, kernels.BMI2, kernels.LZCNT},
	"v4": {kernels.POPCNT, kernels.AVX2, kernels.BMI1, kernels.BMI2, kernels.LZCNT, kernels.AVX512F, kernels.AVX512BW, kernels.AVX512VL},
}

// runLevels rebuilds runbench at each requested GOAMD64 level the CPU
// supports and runs it with the other flags, one results file per level.
func runLevels(cfg *config) int {
	if runtime.GOARCH != "amd64" {
		fmt.Fprintln(os.Stderr, "runbench: -levels needs amd64")
		return 2
	}
	args := dropFlags(cfg.args, "levels", "out", "cpuprofile")
	dir, err := os.MkdirTemp("", "runbench-levels")
	if err != nil {
		fmt.Fprintln(os.Stderr, "runbench:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	// Build every level before running any: the binaries all come from
	// the source as it was at the start, and the revision stamped in each
	// is not marked modified by the results files the first level writes.
	type build struct{ level, bin string }
	var builds []build
	for _, level := range strings.Split(cfg.levels, ",") {
		needs, ok := levelNeeds[level]
		if !ok {
			fmt.Fprintf(os.Stderr, "runbench: unknown GOAMD64 level %q (want v1, v2, v3, v4)\n", level)
			return 2
		}
		missing := ""
		for _, f := range needs {
			if !f.Available() {
				missing += " " + string(f)
			}
		}
		if missing != "" {
			fmt.Fprintf(os.Stderr, "skipping GOAMD64=%s: CPU lacks%s\n", level, missing)
			continue
		}
		bin := filepath.Join(dir, "runbench-"+level)
		// Stamp the revision where git can tell it; fall back to no stamp.
		cmd := exec.Command("go", "build", "-buildvcs=true", "-o", bin, "bitlab/cmd/runbench")
		if _, err := exec.LookPath("git"); err != nil {
			cmd = exec.Command("go", "build", "-o", bin, "bitlab/cmd/runbench")
		}
		cmd.Env = append(os.Environ(), "GOAMD64="+level)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		fmt.Fprintf(os.Stderr, "== GOAMD64=%s: building...\n", level)
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "runbench: building at GOAMD64=%s (run from the bitlab module): %v\n", level, err)
			return 1
		}
		builds = append(builds, build{level, bin})
	}
	// An interrupt goes to the level running, which keeps its completed
	// rounds (the terminal's Ctrl-C reaches it too: the interrupter takes
	// the two signals for one), and the levels after it are not run.
	sig := make(chan os.Signal, 4)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	status, interrupted := 0, false
	for _, b := range builds {
		if interrupted {
			fmt.Fprintf(os.Stderr, "runbench: interrupted: GOAMD64=%s not run\n", b.level)
			continue
		}
		fmt.Fprintf(os.Stderr, "== GOAMD64=%s: running...\n", b.level)
		childArgs := args
		if cfg.out != "" {
			childArgs = append(childArgs, "-out", perLevel(cfg.out, b.level))
		}
		if cfg.cpuprofile != "" {
			childArgs = append(childArgs, "-cpuprofile", perLevel(cfg.cpuprofile, b.level))
		}
		child := exec.Command(b.bin, childArgs...)
		child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			fmt.Fprintf(os.Stderr, "runbench: GOAMD64=%s: %v\n", b.level, err)
			status = 1
			continue
		}
		done := make(chan error, 1)
		go func() { done <- child.Wait() }()
	wait:
		for {
			select {
			case s := <-sig:
				interrupted = true
				child.Process.Signal(s)
			case err := <-done:
				if err != nil {
					fmt.Fprintf(os.Stderr, "runbench: GOAMD64=%s: %v\n", b.level, err)
					status = 1
				}
				break wait
			}
		}
	}
	if interrupted {
		return 130
	}
	return status
}

// dropFlags returns args without the named flags and their values, in any
// of the forms -name v, --name v, -name=v.
func dropFlags(args []string, names ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if strings.HasPrefix(args[i], "-") && slices.Contains(names, name) {
			if !hasValue {
				i++ // the value follows
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// perLevel names one level's output of a -levels run: a directory or
// standard output as given, a file with the level before its extension
// (pop.txt becomes pop-v3.txt).
func perLevel(path, level string) string {
	if path == harness.Stdout || strings.HasSuffix(path, "/") {
		return path
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return path
	}
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-" + level + ext
}
