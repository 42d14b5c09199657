package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bitlab/internal/committed"
	"bitlab/schema"
)

// committedResults copies the results files HEAD holds (never the
// working tree's: make bench adds the user's own runs there) into a
// temporary folder, at their places below results/, and returns their
// paths there; the test is skipped without git.
func committedResults(t *testing.T) []string {
	t.Helper()
	return committed.Copy(t, t.TempDir(), "results/*/*.txt", "results/*/"+schema.PerftFolder+"/*.txt")
}

// TestCommittedRunsClassified classifies every committed results file
// (those from before the run line: the full runs by their suite line, make
// pressure's by its pressure, make perft's by their command line) as a
// standard run, perft and placement runs in their folder's perft/; pages
// read each of them but the older runs of a kind a newer one replaced (a
// campaign's beside the runs before it), none incomplete.
func TestCommittedRunsClassified(t *testing.T) {
	all := committedResults(t)
	if len(all) == 0 {
		t.Skip("no committed results")
	}
	folders := map[string][]string{}
	for _, f := range all {
		fh, err := ScanFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !fh.Run.Standard() || fh.Revision == "" || fh.Date.IsZero() || fh.CPU == "" || fh.Incomplete != "" {
			t.Errorf("%s: run %s, revision %q, date %v, CPU %q, incomplete %q", f, fh.Run, fh.Revision, fh.Date, fh.CPU, fh.Incomplete)
		}
		dir := filepath.Dir(f)
		if filepath.Base(dir) == schema.PerftFolder {
			dir = filepath.Dir(dir)
		}
		if (filepath.Base(filepath.Dir(f)) == schema.PerftFolder) != (fh.Run.Kind == schema.RunPerft || fh.Run.Kind == schema.RunPlacement) {
			t.Errorf("%s: a %s run", f, fh.Run.Kind)
		}
		folders[dir] = append(folders[dir], f)
	}
	for dir, files := range folders {
		_, left, err := PageFiles(files)
		if err != nil {
			t.Errorf("%s: %v", dir, err)
		}
		for _, l := range left {
			if !strings.HasPrefix(l.Reason, "an older "+string(l.File.Run.Kind)+" run than ") {
				t.Errorf("%s: left out %s", dir, l)
			}
		}
	}
}

// TestInferRun classifies headers from before the run line.
func TestInferRun(t *testing.T) {
	for _, c := range []struct {
		suite, command string
		perft          bool
		want           string
	}{
		{"sizes=l1,l2,stream,mem modes=[throughput latency] quick=false rounds=10 samples=3 sample=1ms", "runbench -noprogress", false, "full"},
		{"sizes=l1,l2,stream,mem modes=[throughput latency] quick=true rounds=6 samples=3 sample=1ms", "runbench -quick", false, "quick"},
		{"sizes=l1,l2,stream,mem modes=[throughput latency] quick=false impl=pext rounds=10 samples=3 sample=1ms", "runbench -impl pext", false, "selection -impl pext"},
		{"sizes=l1 modes=[throughput] quick=false pressure=none,l1 family=^(sliding|popcount)$ dist=^(random|chess)$ rounds=10", "", false,
			"pressure -family '^(sliding|popcount)$' -dist '^(random|chess)$' -mode throughput -sizes l1 -pressure none,l1"},
		{"", "runbench -perft -grid -tt none,1MiB -count 20", true, "perft -grid -tt none,1MiB"},
		{"", "runbench -perft -fen 8/8/8/8/8/8/8/K6k w - - 0 1 -depth 5", true, "perft-selection -fen 8/8/8/8/8/8/8/K6k -depth 5"},
		{"", "", false, "unknown"},
	} {
		if got := inferRun(c.suite, c.command, c.perft).String(); got != c.want {
			t.Errorf("suite %q, command %q: %q, want %q", c.suite, c.command, got, c.want)
		}
	}
}

// TestPageFiles keeps, per CPU and level, the newest run of each standard
// kind, and leaves out the rest with a reason.
func TestPageFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, run, date, level string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("# run: "+run+"\n# date: "+date+"\ngoarch: amd64\ngoamd64: "+level+"\ncpu: X\nBenchmarkKernel/family=popcount/impl=a/dist=k1/size=4096/mode=throughput 1 1 ns/op\n"), 0o644)
		return p
	}
	old := write("a.txt", "full", "2026-01-01T00:00:00Z", "v1")
	newer := write("b.txt", "full", "2026-01-02T00:00:00Z", "v1")
	v3 := write("c.txt", "full", "2026-01-01T00:00:00Z", "v3")
	quick := write("d.txt", "quick", "2026-01-03T00:00:00Z", "v1")
	pressure := write("e.txt", "pressure -pressure l2", "2026-01-03T00:00:00Z", "v1")
	use, left, err := PageFiles([]string{old, newer, v3, quick, pressure})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Paths(use), " "); got != strings.Join([]string{newer, v3, pressure}, " ") {
		t.Errorf("uses %s", got)
	}
	reasons := map[string]string{}
	for _, l := range left {
		reasons[l.File.Path] = l.Reason
	}
	if reasons[old] != "an older full run than b.txt" || reasons[quick] != "a quick run" {
		t.Errorf("left out: %v", reasons)
	}
}

// TestPageFilesIncomplete: a complete run is read before a newer
// incomplete one of its kind (interrupted, fewer rounds than it asked for,
// its last line cut), which is read only where no complete one is, and
// says why it is incomplete.
func TestPageFilesIncomplete(t *testing.T) {
	dir := t.TempDir()
	const result = "BenchmarkKernel/family=popcount/impl=a/dist=k1/size=4096/mode=throughput 1 1 ns/op\n"
	write := func(name, date, level, body string) string {
		p := filepath.Join(dir, name)
		head := "# run: full\n# date: " + date + "\n# suite: sizes=l1 rounds=10 samples=3\n"
		if err := os.WriteFile(p, []byte(head+"goarch: amd64\ngoamd64: "+level+"\ncpu: X\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rounds := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "# round %d: core clock 3 GHz at its end\n%s", i+1, result)
		}
		return b.String()
	}
	complete := write("20261126-055757-v1.txt", "2026-11-26T05:57:57Z", "v1", rounds(10))
	interrupted := write("20261126-063829-v1.txt", "2026-11-26T06:38:29Z", "v1", rounds(1)+"# warning: interrupted: 1 of 10 rounds completed\n")
	short := write("20261126-070000-v1.txt", "2026-11-26T07:00:00Z", "v1", rounds(3))
	cut := write("20261126-080000-v1.txt", "2026-11-26T08:00:00Z", "v1", rounds(10)+"BenchmarkKernel/family=popcount/im")
	onlyCut := write("20261126-080000-v3.txt", "2026-11-26T08:00:00Z", "v3", rounds(10)+"BenchmarkKernel/family=popcount/im")
	use, left, err := PageFiles([]string{complete, interrupted, short, cut, onlyCut})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Paths(use), " "); got != complete+" "+onlyCut {
		t.Errorf("uses %s, want the complete v1 run and the only v3 run", got)
	}
	reasons := map[string]string{}
	for _, l := range left {
		reasons[filepath.Base(l.File.Path)] = l.Reason
	}
	for file, want := range map[string]string{
		interrupted: "an incomplete full run (interrupted: 1 of 10 rounds completed); 20261126-055757-v1.txt is complete",
		short:       "an incomplete full run (3 of the 10 rounds it asked for); 20261126-055757-v1.txt is complete",
		cut:         "an incomplete full run (truncated: the last line is cut); 20261126-055757-v1.txt is complete",
	} {
		if got := reasons[filepath.Base(file)]; got != want {
			t.Errorf("%s left out: %q, want %q", filepath.Base(file), got, want)
		}
	}
	if s := fmt.Sprint(left); strings.Contains(s, "0x") || !strings.Contains(s, filepath.Base(interrupted)+": an incomplete") {
		t.Errorf("left out, printed: %s", s)
	}
	s, warns, err := Load(onlyCut)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range s.Values {
		if len(s.Values) != 1 || len(v) != 10 {
			t.Errorf("the cut file: %d cases, %s with %d values, want one case of 10 (the cut line left out)", len(s.Values), caseName(k), len(v))
		}
	}
	if s.File(onlyCut).Incomplete != truncated {
		t.Errorf("the cut file: incomplete %q", s.File(onlyCut).Incomplete)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].String(), "truncated: the last line is cut") {
		t.Errorf("the cut file's warnings: %v", warns)
	}
}

// TestBadHeaderLines: a run or date line that does not parse is an error
// naming the file, not a file of unknown run or date.
func TestBadHeaderLines(t *testing.T) {
	for _, line := range []string{"date: yesterday", "date: 2026-11-20 10:00", "run: nonesuch", "campaign: 6fc74d0 now", "fingerprint: popcount"} {
		if _, err := fileHeader("r.txt", []string{line}); err == nil || !strings.Contains(err.Error(), "r.txt") {
			t.Errorf("%q: %v", line, err)
		}
	}
	f, err := fileHeader("r.txt", []string{"date: 2026-11-20T10:00:00Z"})
	if err != nil || f.Date.IsZero() {
		t.Errorf("a good date: %v, %v", f, err)
	}
}

// TestCampaignAndFingerprintLines reads a campaign's header lines back.
func TestCampaignAndFingerprintLines(t *testing.T) {
	c := schema.Campaign{Revision: strings.Repeat("ab", 20), Start: time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)}
	f, err := fileHeader("r.txt", []string{schema.CampaignComment + c.String(), schema.FingerprintComment + "popcount=0123abcd perft=89abcdef"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Campaign != c || f.Fingerprints["popcount"] != "0123abcd" || f.Fingerprints["perft"] != "89abcdef" || len(f.Fingerprints) != 2 {
		t.Errorf("read %+v", f)
	}
	if f, err := fileHeader("r.txt", nil); err != nil || !f.Campaign.IsZero() || f.Fingerprints != nil {
		t.Errorf("a file without the lines: %+v, %v", f, err)
	}
}
