package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"bitlab/factor"
	"bitlab/kernels"
)

// dryRun returns the commands make would run for a target of the
// module's Makefile (make -n), its variables expanded the way make
// expands them, the values the Makefile prints by commands included.
func dryRun(t *testing.T, target string) string {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make:", err)
	}
	cmd := exec.Command("make", "-n", "--no-print-directory", "-C", "../..", target)
	// A make that runs this test passes its flags on; the dry run takes none.
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make -n %s: %v\n%s", target, err, out)
	}
	return string(out)
}

// TestMakefilePressure: make pressure runs every family with a kernel
// that declares lookup tables (on this architecture), and no other, as
// list -pressure-families prints them.
func TestMakefilePressure(t *testing.T) {
	code, stdout, stderr := runIn("list", "-pressure-families")
	if code != 0 {
		t.Fatalf("list -pressure-families: exit %d, %s", code, stderr)
	}
	listed := strings.Split(strings.TrimSuffix(stdout, "\n"), ",")
	for _, f := range kernels.Families() {
		tables := slices.ContainsFunc(f.Kernels(), func(k kernels.Kernel) bool { return k.Info().Tables > 0 })
		if tables != slices.Contains(listed, f.Name()) {
			t.Errorf("list -pressure-families prints %v: family %s, which has tables: %v", listed, f.Name(), tables)
		}
	}
	if cmds := dryRun(t, "pressure"); !strings.Contains(cmds, " -family "+strings.Join(listed, ",")+" ") {
		t.Errorf("make pressure does not run -family %s:\n%s", strings.Join(listed, ","), cmds)
	}
}

// TestMakefileGridTag: make grid-test builds the grid with factor.GridTag.
func TestMakefileGridTag(t *testing.T) {
	if cmds := dryRun(t, "grid-test"); !strings.Contains(cmds, " -tags "+factor.GridTag+" ./movegen") {
		t.Errorf("make grid-test does not build with -tags %s:\n%s", factor.GridTag, cmds)
	}
}
