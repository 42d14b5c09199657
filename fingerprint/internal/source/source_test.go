package source

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// checkout copies the module's kernels and movegen folders into memory.
func checkout(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	root := os.DirFS("../../..")
	for _, dir := range []string{"kernels", "movegen", "factor"} {
		err := fs.WalkDir(root, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(root, p)
			m[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func hashes(t *testing.T, fsys fs.FS) map[string]string {
	t.Helper()
	parts, err := Compute(fsys)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, p := range parts {
		out[p.Name] = p.Hash
	}
	return out
}

// edit changes one occurrence of old in file, which must hold it.
func edit(t *testing.T, m fstest.MapFS, file, old, new string) {
	t.Helper()
	s := string(m[file].Data)
	if !strings.Contains(s, old) {
		t.Fatalf("%s holds no %q", file, old)
	}
	m[file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

// TestChangesReachTheirParts changes one piece of code at a time and
// checks that exactly the parts that run it change fingerprint.
func TestChangesReachTheirParts(t *testing.T) {
	base := hashes(t, checkout(t))
	for _, name := range []string{"popcount", "bitscan-forward", "sliding", "quad2hex", Perft} {
		if base[name] == "" {
			t.Fatalf("no part %s: %v", name, base)
		}
	}
	for _, tc := range []struct {
		what, file, old, new string
		changed, same        []string
	}{
		{"a portable popcount kernel", "kernels/generic/popcount.go", "//bitlab:kernel popcount/swar\n", "//bitlab:kernel popcount/swar\n// changed\n",
			[]string{"popcount"}, []string{"bitscan-forward", "bitreverse", "sliding", "quad2hex"}},
		{"the amd64 generator's popcount file", "kernels/amd64/internal/asm/popcount.go", "package main\n", "package main\n\n// changed\n",
			[]string{"popcount"}, []string{"bitscan-forward", "sliding", Perft}},
		{"popcount's generated assembly", "kernels/amd64/kernels_amd64.s", "TEXT ·popcntThroughput(SB), NOSPLIT, $0-56\n", "TEXT ·popcntThroughput(SB), NOSPLIT, $0-56\n\t// changed\n",
			[]string{"popcount"}, []string{"bitscan-forward", "serialize", "sliding"}},
		{"a quad-bitboard kernel, which the move generator does not call", "kernels/generic/quad.go", "//bitlab:kernel quad2hex/", "// changed\n//bitlab:kernel quad2hex/",
			[]string{"quad2hex"}, []string{"quad2board", "popcount", Perft}},
		{"the factors of the move generator's configurations", "factor/factor.go", "package factor\n", "package factor\n\n// changed\n",
			[]string{Perft}, []string{"popcount", "sliding"}},
		{"the move generator", "movegen/perft.go", "package movegen\n", "package movegen\n\n// changed\n",
			[]string{Perft}, []string{"popcount", "sliding", "serialize"}},
		{"a slider the move generator calls", "kernels/generic/sliding_magic.go", "//bitlab:kernel sliding/magic-fancy rook\n", "//bitlab:kernel sliding/magic-fancy rook\n// changed\n",
			[]string{"sliding", Perft}, []string{"popcount", "quad2hex"}},
	} {
		m := checkout(t)
		edit(t, m, tc.file, tc.old, tc.new)
		got := hashes(t, m)
		for _, p := range tc.changed {
			if got[p] == base[p] {
				t.Errorf("%s changed: %s kept its fingerprint %s", tc.what, p, got[p])
			}
		}
		for _, p := range tc.same {
			if got[p] != base[p] {
				t.Errorf("%s changed: %s's fingerprint changed too (%s to %s)", tc.what, p, base[p], got[p])
			}
		}
	}
}
