package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"testing"
)

func TestCompareAndRegressions(t *testing.T) {
	dir := t.TempDir()
	old, _, err := Load(results(t, dir, "old.txt", "v1", 1))
	if err != nil {
		t.Fatal(err)
	}
	slow, _, err := Load(results(t, dir, "slow.txt", "v1", 1.2))
	if err != nil {
		t.Fatal(err)
	}
	cs := Compare(old, slow)
	if len(cs) != 2*6*2 { // implementations x distributions x modes, cycles only
		t.Fatalf("%d changes, want 24", len(cs))
	}
	for _, c := range cs {
		if c.Unit != "cycles/op" || c.Delta() < 0.19 || c.Delta() > 0.21 || !c.Significant() {
			t.Errorf("%s: %+.3f %s p=%.3f", caseName(c.Key), c.Delta(), c.Unit, c.P)
		}
	}
	if n := len(Regressions(cs, 0.05)); n != 24 {
		t.Errorf("%d regressions beyond 5%%, want 24", n)
	}
	if n := len(Regressions(cs, 0.25)); n != 0 {
		t.Errorf("%d regressions beyond 25%%, want 0", n)
	}
	if n := len(Regressions(Compare(old, old), 0)); n != 0 {
		t.Errorf("a set regresses against itself %d times", n)
	}
	var b bytes.Buffer
	if err := WriteChanges(&b, cs); err != nil || !bytes.Contains(b.Bytes(), []byte("+20.0%")) {
		t.Errorf("table: %v\n%s", err, b.String())
	}
}

func TestExport(t *testing.T) {
	s, _, err := Load(results(t, t.TempDir(), "a.txt", "v1", 1))
	if err != nil {
		t.Fatal(err)
	}
	rows := s.Export()
	if len(rows) != 2*6*2*2 { // implementations x distributions x modes x (ns, cycles)
		t.Fatalf("%d rows", len(rows))
	}
	var c, j bytes.Buffer
	if err := WriteCSV(&c, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(recs) != len(rows)+1 || recs[0][3] != "median" {
		t.Fatalf("csv: %v, %d records", err, len(recs))
	}
	if err := WriteJSON(&j, rows); err != nil {
		t.Fatal(err)
	}
	var back []ExportRow
	if err := json.Unmarshal(j.Bytes(), &back); err != nil || len(back) != len(rows) || back[0].Median != rows[0].Median || len(back[0].Samples) != 5 {
		t.Fatalf("json round trip: %v", err)
	}
	for _, r := range rows {
		if r.Unit == "ns/op" && (r.Median < 0.1 || r.Median > 100) {
			t.Errorf("%s: %g ns/op: not scaled from seconds", r.Name, r.Median)
		}
	}
}

func TestReportChangesExitStatus(t *testing.T) {
	dir := t.TempDir()
	old, _, _ := Load(results(t, dir, "old.txt", "v1", 1))
	slow, _, _ := Load(results(t, dir, "slow.txt", "v1", 1.2))
	var b bytes.Buffer
	if code := ReportChanges(&b, Compare(old, slow), 0.05); code != 3 {
		t.Errorf("20%% slower with a 5%% threshold: exit %d, want 3", code)
	}
	if code := ReportChanges(&b, Compare(slow, old), 0.05); code != 0 {
		t.Errorf("20%% faster: exit %d, want 0", code)
	}
}
