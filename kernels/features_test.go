package kernels_test

import (
	"os"
	"strings"
	"testing"

	"bitlab/kernels"
)

// TestFeatureSwitches checks that GODEBUG=cpu.X=off takes feature X, and
// every AVX-512 feature with cpu.avx512=off or cpu.avx2=off, away from bitlab,
// and that no implementation needing it is then supported. make test runs the
// kernel tests once per switch.
func TestFeatureSwitches(t *testing.T) {
	godebug := os.Getenv("GODEBUG")
	off := func(name string) bool { return strings.Contains(godebug, "cpu."+name+"=off") }
	for _, f := range kernels.KnownFeatures() {
		avx512 := strings.HasPrefix(string(f), "avx512")
		want := !(off(string(f)) || (avx512 && (off("avx512") || off("avx2"))))
		if !want && f.Available() {
			t.Errorf("%s is available with GODEBUG=%q", f, godebug)
		}
	}
	for _, k := range kernels.All() {
		for _, f := range k.Info().Features {
			if !f.Available() && k.Supported() == nil {
				t.Errorf("%s is supported without %s", k.Info().ID(), f)
			}
		}
	}
	if godebug != "" {
		t.Logf("GODEBUG=%s", godebug)
	}
}
