package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublish runs .ci/publish, the workflow's last step, in a copy of a
// checkout whose origin is a local bare repository and whose gh is a stub
// that records its arguments: new results go onto the branch
// campaign/<run id>, pushed, and a pull request is asked for against the
// branch the workflow ran on; with nothing new, nothing is pushed or asked;
// where gh cannot open the pull request, the branch stays pushed and the
// step says so without failing.
func TestPublish(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on this machine")
	}
	script, err := os.ReadFile(filepath.Join(root, ".ci", "publish"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	origin, work, bin := filepath.Join(tmp, "origin.git"), filepath.Join(tmp, "work"), filepath.Join(tmp, "bin")
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=test", "-c", "user.email=test@example.com"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(path, text string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(origin, 0o755)
	git(origin, "init", "-q", "--bare")
	os.MkdirAll(work, 0o755)
	git(work, "init", "-q", "-b", "main")
	write(filepath.Join(work, ".ci", "publish"), string(script), 0o755)
	write(filepath.Join(work, "results", "README.md"), "results\n", 0o644)
	write(filepath.Join(work, "notebooks", "a.md"), "notebook\n", 0o644)
	git(work, "add", ".")
	git(work, "commit", "-q", "-m", "start")
	git(work, "remote", "add", "origin", origin)
	git(work, "push", "-q", "origin", "main")

	calls := filepath.Join(tmp, "gh-calls")
	publish := func(runID, ghExit string) (string, error) {
		t.Helper()
		write(filepath.Join(bin, "gh"), "#!/bin/sh\necho \"$@\" >> "+calls+"\nexit "+ghExit+"\n", 0o755)
		cmd := exec.Command(filepath.Join(work, ".ci", "publish"))
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GITHUB_RUN_ID="+runID, "GITHUB_REF_NAME=main")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	ghCalls := func() string {
		data, _ := os.ReadFile(calls)
		os.Remove(calls)
		return string(data)
	}

	if out, err := publish("41", "0"); err != nil || !strings.Contains(out, "nothing to publish") || ghCalls() != "" {
		t.Errorf("publish with nothing new: %v\n%s", err, out)
	}

	write(filepath.Join(work, "results", "cpu", "20261125-043000-v1.txt"), "a run\n", 0o644)
	out, err := publish("42", "0")
	if err != nil {
		t.Fatalf("publish: %v\n%s", err, out)
	}
	if got := git(origin, "show", "campaign/42:results/cpu/20261125-043000-v1.txt"); got != "a run" {
		t.Errorf("the pushed branch holds %q", got)
	}
	if got := ghCalls(); !strings.HasPrefix(got, "pr create --base main --head campaign/42 --title ") {
		t.Errorf("gh was called with %q, want pr create --base main --head campaign/42 ...", got)
	}

	write(filepath.Join(work, "results", "cpu", "20261125-053000-v1.txt"), "another run\n", 0o644)
	out, err = publish("43", "1")
	if err != nil || !strings.Contains(out, "::warning::the results are on branch campaign/43") {
		t.Errorf("publish where gh fails: %v, want success and a warning\n%s", err, out)
	}
	if got := git(origin, "show", "campaign/43:results/cpu/20261125-053000-v1.txt"); got != "another run" {
		t.Errorf("the pushed branch holds %q", got)
	}
	ghCalls()
}
