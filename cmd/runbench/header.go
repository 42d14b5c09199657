package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"bitlab/fingerprint"
	"bitlab/harness"
	"bitlab/schema"
	"bitlab/uarch"
)

// writeHeader writes the header lines every results file has: the run,
// the machine and the instrument, with the workload's own lines after the
// command, after the caches and at the end.
func (s *session[T]) writeHeader(w workload[T]) {
	rf := s.results
	rf.Comment("bitlab runbench results (Go benchmark format; lines starting with # are comments)")
	rf.Comment("date: %s", s.start.UTC().Format(time.RFC3339))
	rf.Comment("%s%s", schema.HostComment, s.machine.Host)
	if s.machine.Runner != "" {
		rf.Comment("%s%s", schema.RunnerComment, s.machine.Runner)
	}
	rf.Comment("command: runbench %s", strings.Join(s.env.line, " "))
	rev, from := revision()
	rf.Comment("bitlab revision: %s", rev)
	if from != "" {
		rf.Comment("bitlab revision from: %s", from)
	}
	rf.Comment("pgo: %s", pgoProfile())
	rf.Comment("%s%s", schema.FingerprintComment, fingerprint.Line())
	if !s.opt.campaign.IsZero() {
		rf.Comment("%s%s", schema.CampaignComment, s.opt.campaign)
	}
	w.headerRun(s)
	rf.Comment("counters: %s", s.events.Describe())
	rf.Comment("clock: %s, %.4f GHz at start (recalibrated every %v of sampling, see the round lines)", s.cyc.Source, s.cyc.GHz, harness.Recalibrate)
	m := s.machine
	rf.Comment("machine: %s", m.Label())
	rf.Comment("caches: %s", m.Caches)
	if len(m.ArchFeatures) > 0 {
		rf.Comment("%s features: %s", runtime.GOARCH, strings.Join(m.ArchFeatures, ", "))
	}
	for _, a := range m.Caches.Assumed {
		s.warn("%s; sizes derived from it may not match the caches", a)
	}
	w.headerSetup(s)
	for _, warning := range m.Warnings {
		s.warn("%s", warning)
	}
	if m.Emulator != "" {
		rf.Comment("emulator: %s: every cycle and time figure below measures the emulation, not a CPU, and is not meaningful, and the caches are the host's; the results prove only that the kernels run", m.Emulator)
		s.warn("running under %s: the figures are not meaningful (proofs only)", m.Emulator)
	}
	switch ok := uarch.HasCosts(m.Core); {
	case m.Emulator != "":
		rf.Comment("self-check, cycles per instruction, under %s (not meaningful):", m.Emulator)
	case ok:
		rf.Comment("self-check, cycles per instruction, against %s's published costs (%s):", m.Core, uarch.Citation(m.Core))
	default:
		rf.Comment("self-check, cycles per instruction: no published costs for %s; the measurements alone:", m.Core)
	}
	for _, l := range harness.FormatSelfCheck(s.checks) {
		rf.Comment("  %s", l)
	}
	for _, f := range harness.SelfCheckFindings(m.Core, s.checks) {
		if f.Warning {
			s.warn("self-check: %s", f.Text)
			continue
		}
		rf.Comment("self-check note: %s", f.Text)
		fmt.Fprintln(s.env.stderr, "self-check note:", f.Text)
	}
	rf.Comment("overhead: %s", overheadText(s.over))
	// The load average lags by minutes (a previous run still shows in it):
	// warn from the CPU time other processes used while this run prepared.
	others := s.load.Others()
	rf.Comment("load: 1-minute load average %.2f at start; other processes used %.2f cores while preparing", s.load.AverageAtStart, others)
	if others > 0.15 {
		s.warn("the machine was busy before timing (other processes used %.2f cores): expect noise", others)
	}
	if h, ok := w.(headerEnder[T]); ok {
		h.headerEnd(s)
	}
}

// revision returns the bitlab commit the binary was built from and whether
// its tree had changes, from the build information go build stamps. Go
// counts any change git reports, untracked files too; results files and
// the pages and charts make report writes from them (all under results/),
// and Markdown files (the notebooks, whose generated blocks make report
// rewrites, and the documentation) are not built into the binary, so when
// the checkout is still at the stamped commit and they are all git
// reports, the revision stands alone. A binary without the stamp (go run
// stamps none) built in a bitlab checkout, which the working directory
// then is in, takes the checkout's from git, and from says so.
func revision() (rev, from string) {
	modified := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if rev != "" {
		if modified == "true" && !onlyUnbuilt(rev) {
			return rev + " with uncommitted changes", ""
		}
		return rev, ""
	}
	rev, changed := checkoutRevision()
	if rev == "" {
		return "unknown (not stamped: build with -buildvcs=true in a git checkout, as make bench and runbench levels do)", ""
	}
	if changed {
		rev += " with uncommitted changes"
	}
	return rev, "git, in the bitlab checkout of the working directory (this binary carries no revision stamp, as go run's do not)"
}

// pgoProfile returns the profile the binary was built with, from the
// build information: go build's -pgo, or the compiler's -pgoprofile in
// -gcflags (make perft PGO=1 builds so with the generator's text
// profile); or says there was none, as for every other build.
func pgoProfile() string {
	bi, _ := debug.ReadBuildInfo()
	if bi == nil {
		bi = &debug.BuildInfo{}
	}
	return pgoOf(bi.Settings)
}

// pgoOf is pgoProfile from the build settings.
func pgoOf(settings []debug.BuildSetting) string {
	for _, s := range settings {
		switch {
		case s.Key == "-pgo" && s.Value != "" && s.Value != "off":
			return s.Value
		case s.Key == "-gcflags" && strings.Contains(s.Value, "-pgoprofile="):
			return "-gcflags=" + s.Value
		}
	}
	return "none (built without profile-guided optimization)"
}

// checkoutRevision returns the commit of the bitlab checkout the working
// directory is in, and whether it has changes in files the build reads
// (see unbuiltOnly); "" when git cannot tell or the checkout is not
// bitlab's.
func checkoutRevision() (rev string, changed bool) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", false
	}
	mod, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(top)), "go.mod"))
	if err != nil || !strings.HasPrefix(string(mod), "module bitlab\n") {
		return "", false
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "", false
	}
	status, err := exec.Command("git", "status", "--porcelain=v1", "-z", "--untracked-files=all").Output()
	if err != nil {
		return "", false
	}
	return strings.TrimSpace(string(head)), len(status) > 0 && !unbuiltOnly(string(status))
}

// onlyUnbuilt reports whether the checkout in the working directory is at
// commit rev and differs from it only in files the build does not read
// (see unbuiltOnly); false whenever git cannot tell.
func onlyUnbuilt(rev string) bool {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil || strings.TrimSpace(string(head)) != rev {
		return false
	}
	status, err := exec.Command("git", "status", "--porcelain=v1", "-z", "--untracked-files=all").Output()
	return err == nil && unbuiltOnly(string(status))
}

// unbuiltOnly reports whether every path of git status --porcelain=v1 -z
// output (added, changed, deleted, renamed or untracked) is under results/
// or a Markdown file, and there is at least one. No go:embed directive
// names such a file (TestNothingEmbedsResultsOrProse).
func unbuiltOnly(status string) bool {
	fields := strings.Split(strings.TrimSuffix(status, "\x00"), "\x00")
	unbuilt := func(path string) bool { return strings.HasPrefix(path, "results/") || strings.HasSuffix(path, ".md") }
	for i := 0; i < len(fields); i++ {
		e := fields[i]
		if len(e) < 4 || !unbuilt(e[3:]) {
			return false
		}
		if e[0] == 'R' || e[0] == 'C' { // a rename's or copy's source follows
			i++
			if i == len(fields) || !unbuilt(fields[i]) {
				return false
			}
		}
	}
	return status != ""
}
