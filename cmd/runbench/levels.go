package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"bitlab/harness"
	"bitlab/kernels"
	"bitlab/report"
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

// run rebuilds runbench at each requested GOAMD64 level the CPU supports
// and runs bench at each with the other flags, one results file per
// level. -baseline is read and checked first (each level's run checks its
// level before timing).
func (o *levelsOptions) run(e *env) error {
	if err := o.bench.baseline.load(harness.ThisMachine(), false, e.stderr); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "runbench-levels")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	builds, err := o.build(e, dir)
	if err != nil {
		return err
	}
	return o.runBuilds(e, builds)
}

// A levelBuild is runbench built at one GOAMD64 level.
type levelBuild struct{ level, bin string }

// build builds every level the CPU supports into dir, before running any:
// the binaries all come from the source as it was at the start, and the
// revision stamped in each is not marked modified by the results files
// the first level writes.
func (o *levelsOptions) build(e *env, dir string) ([]levelBuild, error) {
	var builds []levelBuild
	for _, level := range o.levels {
		missing := ""
		for _, f := range levelNeeds[level] {
			if !f.Available() {
				missing += " " + string(f)
			}
		}
		if missing != "" {
			fmt.Fprintf(e.stderr, "skipping GOAMD64=%s: CPU lacks%s\n", level, missing)
			continue
		}
		bin := filepath.Join(dir, "runbench-"+level)
		// Stamp the revision where git can tell it; fall back to no stamp.
		cmd := exec.Command("go", "build", "-buildvcs=true", "-o", bin, "bitlab/cmd/runbench")
		if _, err := exec.LookPath("git"); err != nil {
			cmd = exec.Command("go", "build", "-o", bin, "bitlab/cmd/runbench")
		}
		cmd.Env = append(os.Environ(), "GOAMD64="+level)
		cmd.Stdout, cmd.Stderr = e.stderr, e.stderr
		fmt.Fprintf(e.stderr, "== GOAMD64=%s: building...\n", level)
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("building at GOAMD64=%s (run from the bitlab module): %v", level, err)
		}
		builds = append(builds, levelBuild{level, bin})
	}
	return builds, nil
}

// runBuilds runs bench with each level's build. An interrupt goes to the
// level running, which keeps its completed rounds (the terminal's Ctrl-C
// reaches it too: the interrupter takes the two signals for one), and the
// levels after it are not run.
func (o *levelsOptions) runBuilds(e *env, builds []levelBuild) error {
	sig := make(chan os.Signal, 4)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	var errs []error
	for i, b := range builds {
		fmt.Fprintf(e.stderr, "== GOAMD64=%s: running...\n", b.level)
		args := append([]string{"bench"}, o.args...)
		if o.bench.out != "" {
			args = append(args, "-out", perLevel(o.bench.out, b.level))
		}
		if o.bench.cpuprofile != "" {
			args = append(args, "-cpuprofile", perLevel(o.bench.cpuprofile, b.level))
		}
		child := exec.Command(b.bin, args...)
		child.Stdin, child.Stdout, child.Stderr = os.Stdin, e.stdout, e.stderr
		if err := child.Start(); err != nil {
			errs = append(errs, fmt.Errorf("GOAMD64=%s: %v", b.level, err))
			continue
		}
		done := make(chan error, 1)
		go func() { done <- child.Wait() }()
		interrupted := false
	wait:
		for {
			select {
			case s := <-sig:
				interrupted = true
				child.Process.Signal(s)
			case err := <-done:
				if err != nil && !interrupted {
					errs = append(errs, levelError(b.level, err))
				}
				break wait
			}
		}
		if interrupted {
			var rest []string
			for _, r := range builds[i+1:] {
				rest = append(rest, "GOAMD64="+r.level)
			}
			return interruption(fmt.Sprintf("while GOAMD64=%s ran (it says what became of its rounds): not run: %s", b.level, cmp.Or(strings.Join(rest, ", "), "none")))
		}
	}
	return errors.Join(errs...)
}

// levelError is the error of a level's run that failed: the statuses
// that say what failed, 4 (a kernel's check), 5 (kernels of the baseline
// missing) and 3 (slower than the baseline), stay levels' own.
func levelError(level string, err error) error {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		switch exit.ExitCode() {
		case 4:
			return fmt.Errorf("GOAMD64=%s: %w (named above)", level, errCheckFailed)
		case 3:
			return fmt.Errorf("GOAMD64=%s: %w", level, report.ErrSlower)
		case 5:
			return fmt.Errorf("GOAMD64=%s: %w (named above)", level, report.ErrMissing)
		}
	}
	return fmt.Errorf("GOAMD64=%s: %v", level, err)
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

// perLevel names one level's output of a levels run: a directory or
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
