//go:build bitlab_grid

package movegen

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"bitlab/factor"
	"bitlab/movegen/internal/copier"
)

// TestGrid, in a build with the grid (make grid writes its code, make test
// runs this): every configuration of factor.Grid is compiled, and the
// grid's file is what internal/configs writes from the template now (the
// other tests count the grid's configurations with the rest).
func TestGrid(t *testing.T) {
	if !slices.Equal(GridConfigs(), factor.Grid()) {
		t.Fatalf("compiled grid %v, want %v", GridConfigs(), factor.Grid())
	}
	g, err := copier.Generate(".", true)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(copier.GridFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, g.Files[copier.GridFile]) {
		t.Errorf("%s is stale: run make grid", copier.GridFile)
	}
}
