package report

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bitlab/fingerprint"
	"bitlab/schema"
	"bitlab/verdict"
)

// zen4 is a committed folder measured at one revision: full suites at v1
// and v3, a cache-pressure run at v1, perft at v1 and v3.
const zen4 = "../results/amd-epyc-authenticamd-family-25-model-17-stepping-1"

// fingerprinted copies the zen4 folder's results files into a new folder,
// each with a fingerprint line (today's, with edit applied to it) after its
// revision line (which revise, if not nil, rewrites), and returns the
// copies by their base names.
func fingerprinted(t *testing.T, edit func(file, line string) string, revise func(file, rev string) string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(zen4, "*.txt"))
	perft, _ := filepath.Glob(filepath.Join(zen4, schema.PerftFolder, "*.txt"))
	if len(files) != 3 || len(perft) != 2 {
		t.Skip("the committed Zen 4 results are not the five runs this test reads")
	}
	dir := t.TempDir()
	out := map[string]string{}
	revLine := regexp.MustCompile(`(?m)^# bitlab revision: (\S+)\n`)
	for _, f := range append(files, perft...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		if filepath.Base(filepath.Dir(f)) == schema.PerftFolder {
			base = schema.PerftFolder + "-" + base
		}
		text := revLine.ReplaceAllStringFunc(string(data), func(l string) string {
			rev := revLine.FindStringSubmatch(l)[1]
			if revise != nil {
				rev = revise(base, rev)
			}
			return "# bitlab revision: " + rev + "\n# " + schema.FingerprintComment + edit(base, fingerprint.Line()) + "\n"
		})
		out[base] = filepath.Join(dir, base)
		if err := os.WriteFile(out[base], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
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
	v1 := configOf(t, s, files["20261126-072801-v1.txt"])
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
		case schema.PerftFolder + "-20261126-073604-v1.txt":
			return zero(fingerprint.Perft)(line)
		case "20261126-073214-v3.txt":
			return zero("popcount")(line)
		}
		return line
	}, nil)
	s = load(t, files)
	v1, v3 := configOf(t, s, files["20261126-072801-v1.txt"]), configOf(t, s, files["20261126-073214-v3.txt"])
	if got := s.Stale(v1); !slices.Equal(got, []string{fingerprint.Perft}) {
		t.Errorf("%s: stale %v, want perft", v1, got)
	}
	if got := s.Stale(v3); !slices.Equal(got, []string{"popcount"}) {
		t.Errorf("%s: stale %v, want popcount", v3, got)
	}
	note := s.StaleNote(v1)
	for _, want := range []string{"measured at 02ba7c7", "the move generator", "make campaign on this CPU"} {
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
	pressure := "20261126-073528-v1.txt"
	other := func(file, rev string) string {
		if file == pressure {
			return strings.Repeat("a", 40)
		}
		return rev
	}
	files := fingerprinted(t, unchanged, nil)
	s := load(t, files)
	if _, pressed := evidence(s, configOf(t, s, files["20261126-072801-v1.txt"])); pressed == 0 {
		t.Fatal("one revision: no pressure figures in the verdict")
	}

	files = fingerprinted(t, unchanged, other)
	s = load(t, files)
	full, pr := configOf(t, s, files["20261126-072801-v1.txt"]), configOf(t, s, files[pressure])
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
	if configOf(t, s, legacy["20261126-072801-v1.txt"]) != configOf(t, s, legacy[pressure]) {
		t.Error("files from before the fingerprint line no longer join across revisions")
	}
}
