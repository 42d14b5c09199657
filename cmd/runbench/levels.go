package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"bitlab/cmd/runbench/internal/placement"
	"bitlab/harness"
	"bitlab/internal/goamd64"
	"bitlab/kernels"
	"bitlab/report"
)

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
	builds, err := buildLevels(e, dir, o.levels)
	if err != nil {
		return err
	}
	return o.runBuilds(e, builds)
}

// A levelBuild is runbench built at one GOAMD64 level.
type levelBuild struct{ level, bin string }

// buildLevels builds runbench at every level of levels the CPU supports
// into dir, before running any: the binaries all come from the source as
// it was at the start, and the revision stamped in each is not marked
// modified by the results files the first level writes.
func buildLevels(e *env, dir string, levels []string) ([]levelBuild, error) {
	var builds []levelBuild
	for _, level := range levels {
		if missing := lacking(level, kernels.Feature.Available); len(missing) > 0 {
			fmt.Fprintf(e.stderr, "skipping GOAMD64=%s: CPU lacks %s\n", level, strings.Join(missing, " "))
			continue
		}
		bin := filepath.Join(dir, "runbench-"+level)
		fmt.Fprintf(e.stderr, "== %s: building...\n", buildName(level))
		if err := goBuild(e, bin, "bitlab/cmd/runbench", level, ""); err != nil {
			return nil, err
		}
		builds = append(builds, levelBuild{level, bin})
	}
	return builds, nil
}

// buildPlacements builds runbench at GOAMD64 level in every placement but
// the normal build's, normal, into dir, and returns the builds of all,
// the normal build first (package placement).
func buildPlacements(e *env, dir, level, normal string) ([]string, error) {
	bins := []string{normal}
	for n := 2; n <= placement.Count; n++ {
		bin := filepath.Join(dir, fmt.Sprintf("runbench-%s-placement%d", cmp.Or(level, "default"), n))
		fmt.Fprintf(e.stderr, "== GOAMD64=%s, placement %d of %d: building...\n", cmp.Or(level, "default"), n, placement.Count)
		if err := goBuild(e, bin, "bitlab/cmd/runbench", level, placement.Tag(n)); err != nil {
			return nil, err
		}
		bins = append(bins, bin)
	}
	return bins, nil
}

// lacking returns the features GOAMD64 level needs that has says the CPU
// lacks.
func lacking(level string, has func(kernels.Feature) bool) []string {
	var missing []string
	for _, f := range goamd64.Needs(level) {
		if !has(f) {
			missing = append(missing, string(f))
		}
	}
	return missing
}

// levelsLine says which GOAMD64 levels a campaign on a GOARCH builds
// (levels) and why it leaves out the others: the CPU lacks their features
// (has says which it has), or a quick campaign builds the lowest only; on
// another GOARCH, that there are no levels.
func levelsLine(arch string, levels []string, has func(kernels.Feature) bool) string {
	if arch != "amd64" {
		return "levels: one build (" + arch + " has no GOAMD64 levels)"
	}
	var reasons []string
	left := map[string][]string{} // the levels left out, by why
	for _, l := range campaignLevels(arch, func(kernels.Feature) bool { return true }) {
		if slices.Contains(levels, l) {
			continue
		}
		why := "a quick campaign builds the lowest level only"
		if missing := lacking(l, has); len(missing) > 0 {
			why = "the CPU lacks " + strings.Join(missing, " ")
		}
		if left[why] == nil {
			reasons = append(reasons, why)
		}
		left[why] = append(left[why], l)
	}
	line := "levels: GOAMD64=" + strings.Join(levels, ",")
	for _, why := range reasons {
		line += fmt.Sprintf("; not %s: %s", strings.Join(left[why], ","), why)
	}
	return line
}

// buildName names the build of runbench at a GOAMD64 level: "GOAMD64=v3",
// or "GOARCH=arm64" for "" (another GOARCH's one build).
func buildName(level string) string {
	if level == "" {
		return "GOARCH=" + runtime.GOARCH
	}
	return "GOAMD64=" + level
}

// goBuild builds the package pkg of the bitlab module into bin, at GOAMD64
// level ("" for the default) with the build tag tag ("" for none),
// stamping the revision where git can tell it.
func goBuild(e *env, bin, pkg, level, tag string) error {
	args := []string{"build", "-o", bin}
	if _, err := exec.LookPath("git"); err == nil {
		args = append(args, "-buildvcs=true")
	}
	if tag != "" {
		args = append(args, "-tags", tag)
	}
	cmd := exec.Command("go", append(args, pkg)...)
	if level != "" {
		cmd.Env = append(os.Environ(), "GOAMD64="+level)
	}
	cmd.Stdout, cmd.Stderr = e.stderr, e.stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building %s at %s (run from the bitlab module): %v", pkg, buildName(level), err)
	}
	return nil
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
		interrupted, err := runChild(e, exec.Command(b.bin, args...), sig)
		if err != nil {
			errs = append(errs, levelError(b.level, err))
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

// runChild runs a command with runbench's standard input and output,
// passing on every interrupt from sig to it, and reports whether one
// came; the error of a child stopped by an interrupt is not reported (it
// says what became of its rounds).
func runChild(e *env, child *exec.Cmd, sig <-chan os.Signal) (interrupted bool, err error) {
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, e.stdout, e.stderr
	if err := child.Start(); err != nil {
		return false, err
	}
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	for {
		select {
		case s := <-sig:
			interrupted = true
			child.Process.Signal(s)
		case err := <-done:
			if interrupted {
				return true, nil
			}
			return false, err
		}
	}
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
