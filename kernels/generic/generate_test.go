package generic

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedFilesAreFresh reruns the generators into a temporary folder
// and requires their output to match the committed files byte for byte.
func TestGeneratedFilesAreFresh(t *testing.T) {
	for _, g := range []struct{ cmd, file string }{
		{"./internal/gen", "kernels_gen.go"},
		{"./internal/magics", "movelist_magics.go"},
	} {
		out := filepath.Join(t.TempDir(), g.file)
		cmd := exec.Command("go", "run", g.cmd, "-o", out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go run %s: %v\n%s", g.cmd, err, msg)
		}
		want, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if have, _ := os.ReadFile(g.file); !bytes.Equal(have, want) {
			t.Errorf("%s is stale: run go generate ./kernels/generic", g.file)
		}
	}
}
