package fingerprint

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"bitlab/fingerprint/internal/source"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
)

// TestGeneratedHashesAreFresh recomputes the fingerprints from the
// checkout and requires hashes_gen.go to hold them byte for byte: run
// go generate ./fingerprint after changing a kernel or the move generator.
// (internal/gentest runs a generator on a copy of its package alone; this
// one reads the whole tree.)
func TestGeneratedHashesAreFresh(t *testing.T) {
	parts, err := source.Compute(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	want, err := source.Generate(parts, source.Command)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("hashes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("hashes_gen.go is stale: run go generate ./fingerprint (after the kernels' generators); want:\n%s", want)
	}
}

// TestEveryFamilyAndPerft requires a fingerprint for every registered
// family and for perft, and nothing else.
func TestEveryFamilyAndPerft(t *testing.T) {
	var want []string
	for _, f := range kernels.Families() {
		want = append(want, f.Name())
	}
	want = append(want, Perft)
	var got []string
	for _, p := range generated() {
		got = append(got, p.name)
		if len(p.hash) != 8 || strings.Trim(p.hash, "0123456789abcdef") != "" {
			t.Errorf("%s: hash %q, want 8 hex digits", p.name, p.hash)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("fingerprints of %v, want the families and perft: %v", got, want)
	}
	if source.Perft != Perft {
		t.Errorf("the generator names perft %q, the package %q", source.Perft, Perft)
	}
}

// TestChanged reads today's line back, then alters one recorded
// fingerprint and drops another: exactly those parts have changed.
func TestChanged(t *testing.T) {
	recorded, err := Parse(Line())
	if err != nil {
		t.Fatal(err)
	}
	if got := Changed(recorded, "popcount", "sliding", Perft); len(got) != 0 {
		t.Fatalf("today's own fingerprints: changed %v", got)
	}
	recorded["sliding"] = "00000000"
	delete(recorded, Perft)
	if got, want := Changed(recorded, "popcount", "sliding", Perft, "no-such-family"), []string{"sliding", Perft, "no-such-family"}; !slices.Equal(got, want) {
		t.Errorf("Changed = %v, want %v", got, want)
	}
	if _, err := Parse("popcount=1234 sliding"); err == nil {
		t.Error(`Parse("popcount=1234 sliding"): no error`)
	}
}
