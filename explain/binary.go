package explain

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"bitlab/internal/goamd64"
)

// Target is one build of runbench whose kernels are modelled.
type Target struct {
	GOARCH  string // "amd64" or "arm64"
	GOAMD64 string // the amd64 level, "" for arm64
}

// String names the target: "amd64 v3", "arm64".
func (t Target) String() string {
	if t.GOAMD64 == "" {
		return t.GOARCH
	}
	return t.GOARCH + " " + t.GOAMD64
}

// Targets returns the builds explain models, a fresh list: the levels a
// campaign measures (v4 on the cores that run it: modelsOf), and arm64.
func Targets() []Target {
	return []Target{{"amd64", "v1"}, {"amd64", "v3"}, {"amd64", "v4"}, {"arm64", ""}}
}

// modelsOf returns the models of ms whose cores run target t's build: its
// architecture's, with every feature its GOAMD64 level needs (an estimate
// of a build the core cannot start would be of nothing a user runs).
func modelsOf(t Target, ms []Model) []Model {
	var out []Model
	for _, m := range ms {
		if m.Arch == t.GOARCH && (t.GOAMD64 == "" || len(m.lacks(goamd64.Needs(t.GOAMD64))) == 0) {
			out = append(out, m)
		}
	}
	return out
}

// build compiles runbench for target t from the module at root into dir
// and returns the binary's path.
func build(root, dir string, t Target) (string, error) {
	out := filepath.Join(dir, "runbench-"+t.GOARCH+t.GOAMD64)
	cmd := exec.Command("go", "build", "-o", out, "./cmd/runbench")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+t.GOARCH, "GOAMD64="+t.GOAMD64, "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/runbench for %s: %v\n%s", t, err, msg)
	}
	return out, nil
}
