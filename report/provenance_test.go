package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bitlab/schema"
)

// TestCommittedRunsClassified classifies every committed results file,
// all from before the run line: the full runs by their suite line, make
// pressure's by its pressure, make perft's by their command line; pages
// read each of them (none is an older run of its kind).
func TestCommittedRunsClassified(t *testing.T) {
	files, _ := filepath.Glob("../results/*/*.txt")
	perft, _ := filepath.Glob("../results/*/" + schema.PerftFolder + "/*.txt")
	all := append(files, perft...)
	if len(all) == 0 {
		t.Skip("no committed results")
	}
	for _, f := range all {
		fh, err := ScanFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !fh.Run.Standard() || fh.Revision == "" || fh.Date.IsZero() || fh.CPU == "" {
			t.Errorf("%s: %+v", f, fh)
		}
		if (filepath.Base(filepath.Dir(f)) == schema.PerftFolder) != (fh.Run.Kind == schema.RunPerft) {
			t.Errorf("%s: a %s run", f, fh.Run.Kind)
		}
	}
	for _, dir := range dirsOf(files) {
		folder, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		more, _ := filepath.Glob(filepath.Join(dir, schema.PerftFolder, "*.txt"))
		if _, left, err := PageFiles(append(folder, more...)); err != nil || len(left) > 0 {
			t.Errorf("%s: left out %v (%v)", dir, left, err)
		}
	}
}

func dirsOf(files []string) []string {
	var out []string
	for _, f := range files {
		if d := filepath.Dir(f); len(out) == 0 || out[len(out)-1] != d {
			out = append(out, d)
		}
	}
	return out
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
