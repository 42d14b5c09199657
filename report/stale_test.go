package report

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bitlab/fingerprint"
	"bitlab/internal/committed"
	"bitlab/schema"
	"bitlab/verdict"
)

// zen4 is a committed folder whose runs before its campaign (zen4Before)
// were measured at one revision, before runs recorded their code's
// fingerprints: full suites at v1 and v3, a cache-pressure run at v1,
// perft at v1 and v3.
const zen4 = "results/amd-epyc-authenticamd-family-25-model-17-stepping-1"

// zen4Before matches the names of the zen4 folder's runs before its
// campaign (2026-11-26 09:12 to 09:21).
const zen4Before = "20261126-09*.txt"

// fingerprinted copies the zen4 folder's runs before its campaign as HEAD holds them
// into a new folder, each with a fingerprint line (today's, with edit
// applied to it) after its revision line (which revise, if not nil,
// rewrites), and returns the copies by their run kind and level
// ("full-v1", "pressure-v1", "perft-v3" ...).
func fingerprinted(t *testing.T, edit func(file, line string) string, revise func(file, rev string) string) map[string]string {
	t.Helper()
	files := committed.Copy(t, t.TempDir(), zen4+"/"+zen4Before, zen4+"/"+schema.PerftFolder+"/"+zen4Before)
	if len(files) != 5 {
		t.Skip("the committed Zen 4 results are not the five runs this test reads")
	}
	dir := t.TempDir()
	out := map[string]string{}
	revLine := regexp.MustCompile(`(?m)^# bitlab revision: (\S+)\n`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fh, err := ScanFile(f)
		if err != nil {
			t.Fatal(err)
		}
		role := string(fh.Run.Kind) + "-" + fh.Level
		text := revLine.ReplaceAllStringFunc(string(data), func(l string) string {
			rev := revLine.FindStringSubmatch(l)[1]
			if revise != nil {
				rev = revise(role, rev)
			}
			return "# bitlab revision: " + rev + "\n# " + schema.FingerprintComment + edit(role, fingerprint.Line()) + "\n"
		})
		out[role] = filepath.Join(dir, role+".txt")
		if err := os.WriteFile(out[role], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(out) != 5 {
		t.Skipf("the committed Zen 4 results are not five runs of distinct kinds and levels: %v", out)
	}
	return out
}

func unchanged(_, line string) string { return line }

// load reads the files as a page does.
func load(t *testing.T, files map[string]string) *Set {
	t.Helper()
	var paths []string
	for _, p := range files {
		paths = append(paths, p)
	}
	use, left, err := PageFiles(paths)
	if err != nil || len(left) > 0 {
		t.Fatalf("left %v, %v", left, err)
	}
	s, _, err := Load(Paths(use)...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// configOf returns the label of the configuration that read file.
func configOf(t *testing.T, s *Set, file string) string {
	t.Helper()
	for _, c := range s.Configs {
		if slices.Contains(c.Files, file) {
			return c.Label
		}
	}
	t.Fatalf("no configuration read %s", file)
	return ""
}

// evidence counts a configuration's verdict candidates with a perft
// speed and those with a pressure figure.
func evidence(s *Set, cfg string) (perft, pressed int) {
	for _, f := range verdict.Factors() {
		for _, t := range s.techniques(cfg, f) {
			if t.Perft.Known() {
				perft++
			}
			if t.Pressed != 0 {
				pressed++
			}
		}
	}
	return perft, pressed
}

// TestStaleFingerprints alters recorded fingerprints: the configuration
// is marked stale with what changed, and a stale perft run ranks nothing.
func TestStaleFingerprints(t *testing.T) {
	files := fingerprinted(t, unchanged, nil)
	s := load(t, files)
	v1 := configOf(t, s, files["full-v1"])
	if st := s.Stale(v1); len(st) != 0 || s.StaleNote(v1) != "" {
		t.Fatalf("today's fingerprints: stale %v", st)
	}
	if perft, _ := evidence(s, v1); perft == 0 {
		t.Fatal("no perft evidence in the verdict of a fresh run")
	}

	zero := func(part string) func(string) string {
		return func(line string) string {
			return regexp.MustCompile(`(^| )`+part+`=[0-9a-f]+`).ReplaceAllString(line, "${1}"+part+"=00000000")
		}
	}
	files = fingerprinted(t, func(file, line string) string {
		switch file {
		case "perft-v1":
			return zero(fingerprint.Perft)(line)
		case "full-v3":
			return zero("popcount")(line)
		}
		return line
	}, nil)
	s = load(t, files)
	v1, v3 := configOf(t, s, files["full-v1"]), configOf(t, s, files["full-v3"])
	if got := s.Stale(v1); !slices.Equal(got, []string{fingerprint.Perft}) {
		t.Errorf("%s: stale %v, want perft", v1, got)
	}
	if got := s.Stale(v3); !slices.Equal(got, []string{"popcount"}) {
		t.Errorf("%s: stale %v, want popcount", v3, got)
	}
	note := s.StaleNote(v1)
	fh, err := ScanFile(files["perft-v1"])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"measured at " + fh.ShortRevision(), "the move generator", "make campaign on this CPU"} {
		if !strings.Contains(note, want) {
			t.Errorf("the stale note %q does not say %q", note, want)
		}
	}
	if perft, _ := evidence(s, v1); perft != 0 {
		t.Errorf("a stale perft run ranked %d candidates in the verdict", perft)
	}
	if perft, _ := evidence(s, v3); perft == 0 {
		t.Error("v3's fresh perft run ranks nothing")
	}
}

// TestNoPoolingAcrossRevisions plants the cache-pressure run as one of
// another revision: files that record their fingerprints then stay
// apart, and the full suite's verdict has no pressure figures; files
// from before the fingerprint line join as they did.
func TestNoPoolingAcrossRevisions(t *testing.T) {
	pressure := "pressure-v1"
	other := func(file, rev string) string {
		if file == pressure {
			return strings.Repeat("a", 40)
		}
		return rev
	}
	files := fingerprinted(t, unchanged, nil)
	s := load(t, files)
	if _, pressed := evidence(s, configOf(t, s, files["full-v1"])); pressed == 0 {
		t.Fatal("one revision: no pressure figures in the verdict")
	}

	files = fingerprinted(t, unchanged, other)
	s = load(t, files)
	full, pr := configOf(t, s, files["full-v1"]), configOf(t, s, files[pressure])
	if full == pr {
		t.Fatalf("the runs of two revisions share the configuration %s", full)
	}
	if _, pressed := evidence(s, full); pressed != 0 {
		t.Errorf("the verdict of %s combines the other revision's pressure run (%d figures)", full, pressed)
	}

	legacy := fingerprinted(t, unchanged, other)
	for base, p := range legacy { // the same files without their fingerprint lines
		data, _ := os.ReadFile(p)
		os.WriteFile(p, regexp.MustCompile(`(?m)^# fingerprint: .*\n`).ReplaceAll(data, nil), 0o644)
		legacy[base] = p
	}
	s = load(t, legacy)
	if configOf(t, s, legacy["full-v1"]) != configOf(t, s, legacy[pressure]) {
		t.Error("files from before the fingerprint line no longer join across revisions")
	}
}

// TestUnprintedStale: a file from before the fingerprint line cannot say
// what code it measured, so its configuration is stale in every part the
// file measured, with a note that says so and where it was measured, and
// its perft run ranks nothing; the same files with today's fingerprints
// are fresh.
func TestUnprintedStale(t *testing.T) {
	strip := func(files map[string]string, roles ...string) {
		for _, role := range roles {
			data, err := os.ReadFile(files[role])
			if err != nil {
				t.Fatal(err)
			}
			out := regexp.MustCompile(`(?m)^# fingerprint: .*\n`).ReplaceAll(data, nil)
			if len(out) == len(data) {
				t.Fatalf("%s has no fingerprint line to strip", role)
			}
			if err := os.WriteFile(files[role], out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	files := fingerprinted(t, unchanged, nil)
	strip(files, slices.Collect(maps.Keys(files))...)
	s := load(t, files)
	fh, err := ScanFile(files["perft-v1"])
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []string{configOf(t, s, files["full-v1"]), configOf(t, s, files["full-v3"])} {
		st := s.Stale(cfg)
		if !slices.Contains(st, fingerprint.Perft) || !slices.Contains(st, "popcount") {
			t.Errorf("%s, without fingerprint lines: stale %v, want every part it measured", cfg, st)
		}
		want := cfg + " measured at " + fh.ShortRevision() + " before runs recorded the code's fingerprint (its perft run ranks nothing in the verdict): make campaign on this CPU"
		if note := s.StaleNote(cfg); note != want {
			t.Errorf("the stale note %q, want %q", note, want)
		}
		if perft, _ := evidence(s, cfg); perft != 0 {
			t.Errorf("%s: a perft run without fingerprints ranked %d candidates in the verdict", cfg, perft)
		}
		for _, l := range s.Verdict(cfg) {
			if k := l.Factor.Perft; (k == "slider" || k == "repr") && (l.NoPerft || l.Missing != "its perft run varies "+k+" but is stale (the stale note says why): it ranks nothing") {
				t.Errorf("%s: the line of %s does not say its perft run is stale: no perft %v, %q", cfg, k, l.NoPerft, l.Missing)
			}
		}
		if !slices.ContainsFunc(s.MicroPerft(), func(p MicroPerftPoint) bool { return p.Config == cfg }) {
			t.Errorf("%s: the chart of micro against perft speed-ups no longer draws what its perft run measured", cfg)
		}
	}

	files = fingerprinted(t, unchanged, nil)
	strip(files, "perft-v1")
	s = load(t, files)
	v1, v3 := configOf(t, s, files["full-v1"]), configOf(t, s, files["full-v3"])
	if v1 != configOf(t, s, files["perft-v1"]) {
		t.Fatalf("the perft run without fingerprints left the configuration of its revision's full run %s", v1)
	}
	if got := s.Stale(v1); !slices.Equal(got, []string{fingerprint.Perft}) {
		t.Errorf("%s: stale %v, want perft alone (its kernel runs record today's fingerprints)", v1, got)
	}
	if perft, _ := evidence(s, v1); perft != 0 {
		t.Errorf("%s: a perft run without fingerprints ranked %d candidates in the verdict", v1, perft)
	}
	if st, note := s.Stale(v3), s.StaleNote(v3); len(st) != 0 || note != "" {
		t.Errorf("%s, at today's fingerprints: stale %v (%q)", v3, st, note)
	}
	if perft, _ := evidence(s, v3); perft == 0 {
		t.Errorf("%s: a perft run at today's fingerprints ranks nothing", v3)
	}
}
