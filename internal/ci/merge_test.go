package main

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"bitlab/fingerprint"
	"bitlab/schema"
)

// plant is a small results file of a full run: two popcount kernels, four
// rounds, on a CPU at a GOAMD64 level (goarch arm64 for ""), from a host
// (with a runner label, on CI), at a date and revision, of a campaign
// (zero for a run of its own) that recorded its code's fingerprints
// (today's where fingerprints is "").
type plant struct {
	cpu, level, host, runner, date, revision string
	campaign                                 schema.Campaign
	fingerprints                             string
	cost                                     float64
}

// folder returns the CPU folder of the plant's results below root.
func (p plant) folder(root string) string { return filepath.Join(root, schema.Slug(p.cpu)) }

// in returns the plant of a campaign: the campaign's revision, and a date
// minutes after its start.
func (p plant) in(c schema.Campaign, minutes int) plant {
	p.campaign, p.revision = c, c.Revision
	p.date = c.Start.Add(time.Duration(minutes) * time.Minute).Format(time.RFC3339)
	return p
}

// at returns the plant at a GOAMD64 level.
func (p plant) at(level string) plant {
	p.level = level
	return p
}

// write writes the plant's file into the CPU folder below root under name
// and returns its path.
func (p plant) write(t *testing.T, root, name string) string {
	t.Helper()
	var b strings.Builder
	comment := func(format string, args ...any) { fmt.Fprintf(&b, "# "+format+"\n", args...) }
	config := func(key, value string) { fmt.Fprintf(&b, "%s: %s\n", key, value) }
	comment("bitlab runbench results (Go benchmark format; lines starting with # are comments)")
	comment("date: %s", p.date)
	comment("%s%s", schema.HostComment, p.host)
	if p.runner != "" {
		comment("%s%s", schema.RunnerComment, p.runner)
	}
	comment("bitlab revision: %s", p.revision)
	if !p.campaign.IsZero() {
		comment("%s%s", schema.FingerprintComment, cmp.Or(p.fingerprints, fingerprint.Line()))
		comment("%s%s", schema.CampaignComment, p.campaign)
	}
	comment("%s%s", schema.RunComment, schema.RunFull)
	config(schema.KeyGOOS, "linux")
	if p.level == "" {
		config(schema.KeyGOARCH, "arm64")
	} else {
		config(schema.KeyGOARCH, "amd64")
		config(schema.KeyGOAMD64, p.level)
	}
	config(schema.KeyCPU, p.cpu)
	config(schema.KeyFamily, "popcount")
	config(schema.KeyBaseline, "kernighan")
	for round := range 4 {
		for i, impl := range []string{"kernighan", "swar"} {
			c := schema.KernelCase{Family: "popcount", Impl: impl, Dist: "random", Size: schema.L1Elements, Mode: schema.Throughput}
			cost := p.cost * float64(3-i) * (1 + float64(round)/100)
			fmt.Fprintf(&b, "Benchmark%s 1000 %g ns/op %g cycles/op\n", c.Name(), cost/3, cost)
		}
	}
	path := filepath.Join(p.folder(root), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	oldRevision = "1111111111111111111111111111111111111111"
	newRevision = "2222222222222222222222222222222222222222"
)

// campaign returns a campaign of a revision started at an RFC 3339 time.
func campaign(t *testing.T, revision, start string) schema.Campaign {
	t.Helper()
	at, err := time.Parse(time.RFC3339, start)
	if err != nil {
		t.Fatal(err)
	}
	return schema.Campaign{Revision: revision, Start: at}
}

// TestMergeThreeCPUs merges the artifacts of campaigns on three CPUs into
// a results folder with runs of its own, as make ci-merge does, and checks
// the files, the notes and the pages make report writes from them: a CPU
// whose folder holds a campaign of another host, which the newer CI
// campaign's runs take the place of on the page, while a shorter campaign
// of the same CPU from another runner is not merged (one campaign per
// CPU); a new arm64 CPU whose campaign measured code that has changed
// since (the page marks it stale); and a campaign of an older revision
// that the folder's newer run keeps off the page. The folder's estimates
// stay, and an artifact's are not merged.
func TestMergeThreeCPUs(t *testing.T) {
	tmp := t.TempDir()
	results, artifacts := filepath.Join(tmp, "results"), filepath.Join(tmp, "artifacts")
	zen := plant{cpu: "Test CPU Z 7763", host: "lab", cost: 3}.in(campaign(t, newRevision, "2026-11-01T10:00:00Z"), 0)
	labV1 := zen.at("v1").write(t, results, "20261101-100000-v1.txt")
	labV3 := zen.at("v3").in(zen.campaign, 4).write(t, results, "20261101-100400-v3.txt")
	// A committed estimates file (make explain's), as the folder's own.
	estimated, err := os.ReadFile(filepath.Join(root, "results", "estimates", "skylake", "skylake-v1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	estimates := filepath.Join(zen.folder(results), schema.EstimatesFolder, "skylake-v1.txt")
	os.MkdirAll(filepath.Dir(estimates), 0o755)
	os.WriteFile(estimates, estimated, 0o644)
	apple := plant{cpu: "Test CPU M 1", host: "desk", date: "2026-11-20T10:00:00Z", revision: newRevision, cost: 2}
	appleNew := apple.write(t, results, "20261120-100000-arm64.txt")

	// The artifacts, as download-artifact lays them out.
	zenCI := zen
	zenCI.host, zenCI.runner, zenCI.cost = schema.CIHost, "ubuntu-24.04", 4
	ciCampaign := campaign(t, newRevision, "2026-11-25T04:30:00Z")
	zenArtifact := filepath.Join(artifacts, "results-ubuntu-24.04")
	// The same name as the lab's v1 run, another file: it gets a number.
	zenCI.at("v1").in(ciCampaign, 0).write(t, zenArtifact, "20261101-100000-v1.txt")
	zenCIV3 := zenCI.at("v3").in(ciCampaign, 4).write(t, zenArtifact, "20261125-043400-v3.txt")
	os.MkdirAll(filepath.Join(zenCI.folder(zenArtifact), schema.EstimatesFolder), 0o755)
	os.WriteFile(filepath.Join(zenCI.folder(zenArtifact), schema.EstimatesFolder, "znver3-v1.txt"), estimated, 0o644)
	// Another job drew the same CPU model; its campaign was cut short.
	zenOther := zenCI
	zenOther.runner = "ubuntu-22.04"
	zenOtherV1 := zenOther.at("v1").in(campaign(t, newRevision, "2026-11-25T04:31:00Z"), 0).write(t, filepath.Join(artifacts, "results-ubuntu-22.04"), "20261125-043100-v1.txt")
	neo := plant{cpu: "Test CPU N 2", host: schema.CIHost, runner: "ubuntu-24.04-arm", cost: 5,
		fingerprints: regexp.MustCompile(`popcount=\w+`).ReplaceAllString(fingerprint.Line(), "popcount=00000000")}
	neo = neo.in(campaign(t, newRevision, "2026-11-25T04:31:00Z"), 0)
	neo.write(t, filepath.Join(artifacts, "results-ubuntu-24.04-arm"), "20261125-043100-arm64.txt")
	appleOld := apple
	appleOld.host, appleOld.runner = schema.CIHost, "macos-15"
	appleOld = appleOld.in(campaign(t, oldRevision, "2026-11-10T04:30:00Z"), 0)
	appleOld.write(t, filepath.Join(artifacts, "results-macos-15"), "20261110-043000-arm64.txt")

	var out bytes.Buffer
	if code := run([]string{"merge", "-into", results, artifacts}, &out, &out); code != 0 {
		t.Fatalf("ci merge: exit %d\n%s", code, &out)
	}
	t.Logf("ci merge:\n%s", &out)
	zenCIV1Path := filepath.Join(zen.folder(results), "20261101-100000-v1-2.txt")
	zenCIV3Path := filepath.Join(zen.folder(results), filepath.Base(zenCIV3))
	neoPath := filepath.Join(neo.folder(results), "20261125-043100-arm64.txt")
	appleOldPath := filepath.Join(apple.folder(results), "20261110-043000-arm64.txt")
	for _, want := range []string{
		"-> " + zenCIV1Path + " (host ci, runner ubuntu-24.04, revision 2222222)",
		"-> " + zenCIV3Path + " (host ci, runner ubuntu-24.04, revision 2222222)",
		"note: " + zenOtherV1 + " is not merged: a merge takes one campaign per CPU, the one with the most files, then the newest: " + ciCampaign.String() + " (2 files)",
		"note: " + zenCI.folder(zenArtifact) + ": its 1 estimates files are not merged",
		"-> " + neoPath + " (host ci, runner ubuntu-24.04-arm, revision 2222222)",
		"note: " + neo.folder(results) + ": the page marks it stale: ",
		"the kernels of popcount changed since",
		"-> " + appleOldPath + " (host ci, runner macos-15, revision 1111111)",
		"note: " + appleOldPath + " stays out of the page: an older full run than " + filepath.Base(appleNew),
		"merged 4 results files into " + results,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("ci merge does not say %q", want)
		}
	}
	if strings.Contains(out.String(), "stays out of the page: an older full run than "+filepath.Base(zenCIV1Path)) {
		t.Errorf("ci merge notes a file of the folder's own that it did not copy")
	}
	if _, err := os.Stat(filepath.Join(zen.folder(results), filepath.Base(zenOtherV1))); !os.IsNotExist(err) {
		t.Errorf("the second campaign of one CPU was merged (%v)", err)
	}
	if data, err := os.ReadFile(estimates); err != nil || !bytes.Equal(data, estimated) {
		t.Errorf("the folder's estimates changed (%v)", err)
	}
	if got, _ := filepath.Glob(filepath.Join(zen.folder(results), schema.EstimatesFolder, "*.txt")); len(got) != 1 {
		t.Errorf("the folder's estimates are %q, want its own only", got)
	}

	// Merging again copies nothing.
	out.Reset()
	if code := run([]string{"merge", "-into", results, artifacts}, &out, &out); code != 0 || !strings.Contains(out.String(), "merged 0 results files") || strings.Contains(out.String(), "-3.txt") {
		t.Errorf("ci merge again: exit %d\n%s", code, &out)
	}

	pages(t, results)
	page := func(p plant) string {
		data, err := os.ReadFile(filepath.Join(p.folder(results), "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, c := range []struct {
		page         string
		want, absent []string
	}{
		{page(zen), []string{
			"**Shared hosts**: `" + filepath.Base(zenCIV1Path) + "`, `" + filepath.Base(zenCIV3Path) + "` ran on hosted CI runners (ubuntu-24.04)"},
			[]string{filepath.Base(labV1), filepath.Base(labV3), "ubuntu-22.04", "**Stale:**"}},
		{page(neo), []string{"**Shared hosts**: `" + filepath.Base(neoPath) + "` ran on hosted CI runners (ubuntu-24.04-arm)", "**Stale:**"},
			[]string{"hosts ("}},
		{page(apple), []string{filepath.Base(appleNew)}, []string{"Shared hosts", filepath.Base(appleOldPath)}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.page, w) {
				t.Errorf("the page %.40q... does not say %q", c.page, w)
			}
		}
		for _, a := range c.absent {
			if strings.Contains(c.page, a) {
				t.Errorf("the page %.40q... says %q", c.page, a)
			}
		}
	}
}

// pages writes the pages of a results folder as make report does, and
// returns what it said.
func pages(t *testing.T, results string) string {
	t.Helper()
	cmd := exec.Command("go", "run", "./cmd/plot", "pages", results)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("plot pages: %v\n%s", err, out)
	}
	return string(out)
}

// TestMergeRefuses: a file in a folder its cpu line does not name, and a
// folder without results files, are errors that say so, and nothing of a
// refused artifact is merged.
func TestMergeRefuses(t *testing.T) {
	tmp := t.TempDir()
	results := filepath.Join(tmp, "results")
	p := plant{cpu: "Test CPU Z 7763", level: "v1", host: "lab", date: "2026-11-01T10:00:00Z", revision: newRevision, cost: 3}.in(campaign(t, newRevision, "2026-11-01T10:00:00Z"), 0)
	path := p.write(t, filepath.Join(tmp, "artifact"), "a.txt")
	misfiled := filepath.Join(tmp, "artifact", "other-cpu", "a.txt")
	os.MkdirAll(filepath.Dir(misfiled), 0o755)
	if err := os.Rename(path, misfiled); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(tmp, "empty")
	os.MkdirAll(empty, 0o755)
	for _, c := range []struct {
		dir, want string
	}{
		{filepath.Join(tmp, "artifact"), `belongs in a folder test-cpu-z-7763, not other-cpu`},
		{empty, "holds no results files"},
	} {
		var out bytes.Buffer
		if code := run([]string{"merge", "-into", results, c.dir}, &out, &out); code != 1 || !strings.Contains(out.String(), c.want) {
			t.Errorf("ci merge %s: exit %d, %q; want 1 and %q", c.dir, code, &out, c.want)
		}
	}
	if _, err := os.Stat(results); !os.IsNotExist(err) {
		t.Errorf("a refused merge wrote %s (%v)", results, err)
	}
}
