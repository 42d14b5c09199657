package schema

import (
	"slices"
	"testing"
)

func TestKernelRun(t *testing.T) {
	for _, c := range []struct {
		sel  KernelSelection
		want string
	}{
		{KernelSelection{}, "full"},
		{KernelSelection{Modes: Modes(), Sizes: SizeClasses()}, "full"},
		{KernelSelection{Quick: true, Modes: Modes(), Sizes: SizeClasses()}, "quick"},
		{KernelSelection{Quick: true, Impl: "pext"}, "selection -quick -impl pext"},
		{KernelSelection{Family: "^(sliding|popcount)$", Modes: []Mode{Throughput}}, "selection -family '^(sliding|popcount)$' -mode throughput"},
		{KernelSelection{Sizes: []SizeClass{L1, "65536"}}, "selection -sizes l1,65536"},
		{KernelSelection{Family: "sliding", Sizes: []SizeClass{L1}, Pressures: []Pressure{PressureNone, PressureL2}}, "pressure -family sliding -sizes l1 -pressure none,l2"},
		{KernelSelection{Impl: "pext", Pressures: []Pressure{PressureL2}}, "selection -impl pext -pressure l2"},
		{KernelSelection{Quick: true, Pressures: []Pressure{PressureL2}}, "selection -quick -pressure l2"},
	} {
		r := c.sel.Run()
		if r.String() != c.want {
			t.Errorf("%+v: %q, want %q", c.sel, r, c.want)
		}
		back, err := ParseRun(r.String())
		if err != nil || back.Kind != r.Kind || !slices.Equal(back.Flags, r.Flags) {
			t.Errorf("%q read back as %+v, %v", r, back, err)
		}
	}
}

func TestPerftRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-perft", "-noprogress"}, "perft"},
		{[]string{"-perft", "-grid", "-tt", "none,1MiB", "-count", "20"}, "perft -grid -tt none,1MiB"},
		{[]string{"-perft", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "-depth=5"}, "perft-selection -fen '8/8/8/8/8/8/8/K6k w - - 0 1' -depth 5"},
		{[]string{"-perft", "--config", "slider=pext"}, "perft-selection -config slider=pext"},
		{[]string{"-perft", "-position", "^kiwipete$"}, "perft-selection -position '^kiwipete$'"},
	} {
		if got := PerftRun(c.args).String(); got != c.want {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
	}
}

func TestParseRunErrors(t *testing.T) {
	for _, s := range []string{"", "nonsense", "full 'unterminated"} {
		if _, err := ParseRun(s); err == nil {
			t.Errorf("ParseRun(%q) passed", s)
		}
	}
}

// FuzzParseRun: any line is read or refused without a panic, and a line
// read back writes as a run that reads back the same.
func FuzzParseRun(f *testing.F) {
	for _, s := range []string{"full", "selection -family '^pop$' -quick", "perft-selection -fen 'a b'\\''c' -depth 5", "quick"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRun(s)
		if err != nil {
			return
		}
		back, err := ParseRun(r.String())
		if err != nil || back.Kind != r.Kind || !slices.Equal(back.Flags, r.Flags) {
			t.Errorf("%q: %+v wrote %q, read back %+v, %v", s, r, r.String(), back, err)
		}
	})
}
