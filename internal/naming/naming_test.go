package naming

import "testing"

func TestNames(t *testing.T) {
	for _, c := range []struct{ id, camel, exported string }{
		{"", "", ""},
		{"pext", "pext", "Pext"},
		{"magic-fancy", "magicFancy", "MagicFancy"},
		{"serialize-color/flip-vertical", "serializeColorFlipVertical", "SerializeColorFlipVertical"},
		{"popcount/avx512-vpopcnt-tree", "popcountAvx512VpopcntTree", "PopcountAvx512VpopcntTree"},
		{"ls1b-reset/blsr", "ls1bResetBlsr", "Ls1bResetBlsr"},
		{"quad2hex/sse2", "quad2hexSse2", "Quad2hexSse2"},
	} {
		if got := Camel(c.id); got != c.camel {
			t.Errorf("Camel(%q) = %q, want %q", c.id, got, c.camel)
		}
		if got := Exported(c.id); got != c.exported {
			t.Errorf("Exported(%q) = %q, want %q", c.id, got, c.exported)
		}
	}
}
