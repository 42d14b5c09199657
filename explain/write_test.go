package explain

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"bitlab/schema"
)

// TestWriteKeepsUnchanged: a file whose estimates did not change keeps its
// revision line and is not rewritten; a changed estimate rewrites it, and
// a model's files that no estimate names any more are removed. A
// campaign's file names the campaign, its host and runner label; another
// names no host.
func TestWriteKeepsUnchanged(t *testing.T) {
	results := t.TempDir()
	est := Estimate{Kernel: "popcount/swar", Mode: schema.Throughput, Target: Target{GOARCH: "amd64", GOAMD64: "v1"},
		Model: Model{CPU: "znver4", Arch: "amd64", Label: "Zen 4"}, Elements: 1, Instructions: 12, Cycles: 1.5, Bottleneck: "the ALUs"}
	mca := MCA{Version: "19.1.7"}
	path := File(results, nil, est.Model, est.Target)
	stale := filepath.Join(filepath.Dir(path), "znver4-v9.txt")
	write := func(e Estimate, revision string, campaign ...schema.Campaign) (written, kept []string) {
		t.Helper()
		prov := Provenance{Revision: revision}
		if len(campaign) > 0 {
			prov.Campaign, prov.Host, prov.Runner = campaign[0], schema.CIHost, "ubuntu-24.04"
		}
		written, kept, err := Write(results, nil, []Estimate{e}, mca, prov)
		if err != nil {
			t.Fatal(err)
		}
		return written, kept
	}
	revisionOf := func() string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(string(data), revisionLine)
		rev, _, _ := strings.Cut(rest, "\n")
		return rev
	}
	if written, _ := write(est, "aaa"); !slices.Equal(written, []string{path}) || revisionOf() != "aaa" {
		t.Fatalf("first write: %v, revision %s", written, revisionOf())
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "\n# "+schema.HostComment) {
		t.Errorf("estimates of no campaign name a host:\n%s", data)
	}
	if err := os.WriteFile(stale, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if written, kept := write(est, "bbb"); len(written) != 0 || !slices.Equal(kept, []string{path}) || revisionOf() != "aaa" {
		t.Errorf("the same estimates at a new revision: wrote %v, kept %v, revision %s", written, kept, revisionOf())
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale file stays: %v", err)
	}
	est.Cycles = 1.75
	if written, kept := write(est, "bbb"); !slices.Equal(written, []string{path}) || len(kept) != 0 || revisionOf() != "bbb" {
		t.Errorf("a changed estimate: wrote %v, kept %v, revision %s", written, kept, revisionOf())
	}
	c := schema.Campaign{Revision: strings.Repeat("c", 40), Start: time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)}
	written, kept := write(est, c.Revision, c)
	data, _ := os.ReadFile(path)
	if !slices.Equal(written, []string{path}) || len(kept) != 0 ||
		!strings.Contains(string(data), "\n# "+schema.CampaignComment+c.String()+"\n# "+schema.HostComment+"ci\n# "+schema.RunnerComment+"ubuntu-24.04\n") {
		t.Errorf("the same estimates in a campaign: wrote %v, kept %v; the file:\n%s", written, kept, data)
	}
}

// TestEstimateBorrowed: the estimate line of every model says which core's
// model it borrows as schema.Borrowed reads it back ("" for its own).
func TestEstimateBorrowed(t *testing.T) {
	borrowing := 0
	for _, m := range Models() {
		line := MCA{Version: "19.1.7"}.Estimate(m)
		if got := schema.Borrowed(line); got != m.Borrowed {
			t.Errorf("%s: %q reads back as borrowing %q, want %q", m.CPU, line, got, m.Borrowed)
		}
		if m.Borrowed != "" {
			borrowing++
		}
	}
	if borrowing == 0 {
		t.Error("no model borrows another's: the test proves nothing")
	}
}
