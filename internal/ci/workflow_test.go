package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"bitlab/harness"
	"bitlab/report"
	"bitlab/schema"
)

// The campaign workflow and the module root, from this package's folder.
var (
	root     = filepath.Join("..", "..")
	workflow = filepath.Join(root, ".github", "workflows", "campaign.yml")
)

// steps parses the workflow and returns its run steps' scripts, and the
// inputs of its action steps by the action (without its version).
func steps(t *testing.T) (runs []string, with map[string]map[string]string) {
	t.Helper()
	src, err := os.ReadFile(workflow)
	if err != nil {
		t.Fatal(err)
	}
	wf, errs := actionlint.Parse(src)
	for _, e := range errs {
		t.Errorf("%s: %v", workflow, e)
	}
	if wf == nil {
		t.FailNow()
	}
	with = map[string]map[string]string{}
	for _, job := range wf.Jobs {
		for _, step := range job.Steps {
			switch e := step.Exec.(type) {
			case *actionlint.ExecRun:
				runs = append(runs, e.Run.Value)
			case *actionlint.ExecAction:
				action, _, _ := strings.Cut(e.Uses.Value, "@")
				with[action] = map[string]string{}
				for _, in := range e.Inputs {
					with[action][in.Name.Value] = in.Value.Value
				}
			}
		}
	}
	return runs, with
}

// makeRun runs make in the module root with the arguments and returns its
// combined output.
func makeRun(t *testing.T, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on this machine")
	}
	cmd := exec.Command("make", append([]string{"--no-print-directory", "-C", root}, args...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestWorkflowSteps: every run step of the campaign workflow is one
// command, a target of the Makefile (with variables) or an executable
// script of the repository, so that each runs on any machine too; the
// measuring jobs upload the folder make ci-campaign writes, and make
// ci-merge reads the folder the artifacts are downloaded to.
func TestWorkflowSteps(t *testing.T) {
	runs, with := steps(t)
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]map[string]string{} // per make target, its variables
	for _, script := range runs {
		words := strings.Fields(script)
		switch {
		case strings.Contains(strings.TrimSpace(script), "\n") || len(words) == 0:
			t.Errorf("run step %q: want one command, a make target or a script of the repository", script)
		case words[0] == "make":
			if len(words) < 2 || !regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(words[1])+`:`).Match(makefile) {
				t.Errorf("run step %q: no such target in the Makefile", script)
				continue
			}
			vars[words[1]] = map[string]string{}
			for _, w := range words[2:] {
				k, v, ok := strings.Cut(w, "=")
				if !ok {
					t.Errorf("run step %q: %q is not a variable", script, w)
				}
				vars[words[1]][k] = v
			}
		default:
			st, err := os.Stat(filepath.Join(root, words[0]))
			if err != nil || st.Mode()&0o111 == 0 || len(words) > 1 {
				t.Errorf("run step %q: want a make target or an executable script of the repository without arguments (%v)", script, err)
			}
		}
	}
	for _, target := range []string{"ci-campaign", "ci-merge"} {
		if vars[target] == nil {
			t.Errorf("no step runs make %s", target)
		}
	}
	out := regexp.MustCompile(`(?m)^CI_OUT \?= (\S+)$`).FindSubmatch(makefile)
	if out == nil {
		t.Fatal("the Makefile sets no CI_OUT")
	}
	if got, want := with["actions/upload-artifact"]["path"], string(out[1])+"/results/"; got != want {
		t.Errorf("the artifact uploaded is %q, want %q (what make ci-campaign writes)", got, want)
	}
	if got, want := with["actions/download-artifact"]["path"], vars["ci-merge"]["DIR"]; got != want || got == "" {
		t.Errorf("the artifacts are downloaded to %q, but make ci-merge reads DIR=%q", got, want)
	}
	if got := with["actions/setup-go"]["go-version-file"]; got != "go.mod" {
		t.Errorf("setup-go's go-version-file is %q, want go.mod", got)
	}
}

// TestActionlint: make actionlint passes the workflow, and fails a copy
// with an error planted in it (a matrix key that does not exist), naming
// the error.
func TestActionlint(t *testing.T) {
	src, err := os.ReadFile(workflow)
	if err != nil {
		t.Fatal(err)
	}
	planted := strings.Replace(string(src), "${{ matrix.runner }}", "${{ matrix.runnr }}", 1)
	if planted == string(src) {
		t.Fatal("the workflow has no ${{ matrix.runner }} to plant the error in")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		fails      bool
	}{
		{"campaign.yml", string(src), false},
		{"planted.yml", planted, true},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := makeRun(t, "actionlint", "WORKFLOWS="+path)
		switch {
		case c.fails && (err == nil || !strings.Contains(out, "runnr")):
			t.Errorf("make actionlint on the planted error: %v, want a failure naming matrix.runnr:\n%s", err, out)
		case !c.fails && err != nil:
			t.Errorf("make actionlint on a copy of the workflow: %v\n%s", err, out)
		}
		t.Logf("make actionlint WORKFLOWS=%s: %v\n%s", c.name, err, out)
	}
}

// TestCampaignLocally runs the workflow's steps on this machine in CI mode,
// into a temporary folder: make ci-campaign with a quick campaign
// (CI_ARGS=-quick), whose artifact folder holds the campaign's files (its
// kernels' run and cache-pressure run, and perft's in perft/), every one
// naming the campaign, "host: ci" and the runner label; then the merge of
// that folder with another CPU's campaign into a results folder, and the
// pages make report writes from it: the other CPU's, none of the quick
// campaign, whose runs are all selections.
func TestCampaignLocally(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs runbench (-short)")
	}
	if strings.Contains(os.Getenv("GODEBUG"), "cpu.") {
		t.Skip("make test's passes with CPU features off: the steps' plumbing does not depend on them")
	}
	tmp := t.TempDir()
	t.Setenv(harness.RunnerEnv, "local-test")
	out, err := makeRun(t, "ci-campaign", "CI_OUT="+filepath.Join(tmp, "ci-out"), "CI_ARGS=-quick")
	t.Logf("make ci-campaign:\n%s", out)
	if err != nil {
		t.Fatalf("make ci-campaign: %v", err)
	}
	slug := harness.ThisMachine().Slug
	folder := filepath.Join(tmp, "ci-out", "results", slug)
	kernels, _ := filepath.Glob(filepath.Join(folder, "*.txt"))
	perft, _ := filepath.Glob(filepath.Join(folder, schema.PerftFolder, "*.txt"))
	var c schema.Campaign
	placements, placed := 0, 0 // the placement runs, and how many their headers say there are
	for _, path := range append(kernels, perft...) {
		f, err := report.ScanFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if f.Placement.Count > 0 {
			placements, placed = placements+1, f.Placement.Count
		}
		if f.Host != schema.CIHost || f.Runner != "local-test" {
			t.Errorf("%s: host %q, runner %q; want ci and local-test", path, f.Host, f.Runner)
		}
		switch {
		case f.Campaign.IsZero():
			t.Errorf("%s names no campaign", path)
		case c.IsZero():
			c = f.Campaign
		case f.Campaign != c:
			t.Errorf("%s: campaign %s, another file's %s", path, f.Campaign, c)
		}
	}
	if len(kernels) != 2 || len(perft) != 1+placements || placements != placed || placed < 3 {
		t.Fatalf("make ci-campaign wrote %v and %v into %s: want the kernels' and the cache-pressure run, one perft run and a run of each of at least three code placements", kernels, perft, folder)
	}
	if !strings.Contains(out, "on CI runner local-test: runbench campaign into "+folder) || !strings.Contains(out, "campaign: step 1 of ") ||
		!strings.Contains(out, "the campaign's files are in "+folder+": make ci-merge DIR="+filepath.Join(tmp, "ci-out")+" merges them") {
		t.Errorf("make ci-campaign does not say what it measures and where its files went, or the campaign does not run")
	}

	other := plant{cpu: "Test CPU N 2", host: schema.CIHost, runner: "ubuntu-24.04-arm", cost: 5}.in(campaign(t, c.Revision, "2026-11-25T04:31:00Z"), 0)
	other.write(t, filepath.Join(tmp, "artifacts", "results-ubuntu-24.04-arm"), "20261125-043100-arm64.txt")
	if err := os.Rename(filepath.Join(tmp, "ci-out", "results"), filepath.Join(tmp, "artifacts", "results-local-test")); err != nil {
		t.Fatal(err)
	}
	var merged strings.Builder
	results := filepath.Join(tmp, "results")
	if code := run([]string{"merge", "-into", results, filepath.Join(tmp, "artifacts")}, &merged, &merged); code != 0 {
		t.Fatalf("ci merge: exit %d\n%s", code, &merged)
	}
	t.Logf("ci merge:\n%s", &merged)
	got, _ := filepath.Glob(filepath.Join(results, slug, "*.txt"))
	gotPerft, _ := filepath.Glob(filepath.Join(results, slug, schema.PerftFolder, "*.txt"))
	gotOther, _ := filepath.Glob(filepath.Join(other.folder(results), "*.txt"))
	if len(got) != len(kernels) || len(gotPerft) != len(perft) || len(gotOther) != 1 {
		t.Errorf("merged %v, %v and %v", got, gotPerft, gotOther)
	}
	// Every run of a quick campaign is a selection, which no page reads.
	for _, path := range append(got, gotPerft...) {
		if !strings.Contains(merged.String(), "note: "+path+" stays out of the page: a ") {
			t.Errorf("ci merge does not say that %s stays out of the page", path)
		}
	}
	if want := fmt.Sprintf("merged %d results files", len(kernels)+len(perft)+1); !strings.Contains(merged.String(), want) {
		t.Errorf("ci merge does not say %q", want)
	}

	out = pages(t, results)
	if page, err := os.ReadFile(filepath.Join(other.folder(results), "README.md")); err != nil || !strings.Contains(string(page), "ran on hosted CI runners (ubuntu-24.04-arm)") {
		t.Errorf("the page of the other CPU does not name its runner (%v):\n%s", err, page)
	}
	if _, err := os.Stat(filepath.Join(results, slug, "README.md")); !os.IsNotExist(err) || !strings.Contains(out, filepath.Join(results, slug)+" holds no standard run: no page written") {
		t.Errorf("a quick campaign has a page (%v), or make report does not say why not:\n%s", err, out)
	}
}
