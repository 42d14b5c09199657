package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoChartLibrary: runbench reads and compares results (package
// report) but draws nothing, so none of its dependencies is the chart
// library's (gonum.org/...), which package report/render alone links.
func TestNoChartLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 || !strings.Contains(string(out), "\nbitlab/report\n") {
		t.Fatalf("go list -deps lists %d packages, without bitlab/report:\n%s", len(deps), out)
	}
	for _, d := range deps {
		if strings.HasPrefix(d, "gonum.org/") || d == "bitlab/report/render" {
			t.Errorf("runbench depends on %s", d)
		}
	}
}
