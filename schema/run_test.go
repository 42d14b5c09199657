package schema

import (
	"slices"
	"testing"
	"time"
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
		{[]string{"perft", "-depths", "start=5"}, "perft-selection -depths start=5"},
		{[]string{"perft", "-campaign", "abc 2026-11-26T08:00:00Z", "-depths", "start=5,kiwipete=4", "-noprogress"}, "perft -depths start=5,kiwipete=4"},
		{[]string{"perft", "-campaign", "abc 2026-11-26T08:00:00Z", "-depths", "start=5", "-config", "default"}, "perft-selection -depths start=5 -config default"},
		{[]string{"perft", "-placement", "-campaign", "abc 2026-11-26T08:00:00Z", "-depths", "start=5,kiwipete=4"}, "placement -depths start=5,kiwipete=4"},
		{[]string{"perft", "-placement=true", "-depths", "start=5"}, "placement -depths start=5"},
		{[]string{"perft", "-placement=false", "-depths", "start=5"}, "perft-selection -depths start=5"},
		{[]string{"perft", "-placement", "-position", "kiwipete", "-depth", "2"}, "perft-selection -position kiwipete -depth 2"},
	} {
		if got := PerftRun(c.args).String(); got != c.want {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
	}
}

func TestPlacement(t *testing.T) {
	p := Placement{Number: 2, Count: 4, PadBytes: 32}
	if back, err := ParsePlacement(p.String()); err != nil || back != p {
		t.Errorf("%q read back as %+v, %v", p, back, err)
	}
	for _, s := range []string{"", "2 of 4", "5 of 4, pad 32 bytes", "0 of 4, pad 0 bytes", "2 of 4, pad -32 bytes", "2 of 4, pad 32 bytes more", "2 of 4,  pad 32 bytes"} {
		if _, err := ParsePlacement(s); err == nil {
			t.Errorf("ParsePlacement(%q) passed", s)
		}
	}
}

func TestCampaign(t *testing.T) {
	c := Campaign{Revision: "6fc74d0b2ca4d3e884660144470802ba7c7aaaaa", Start: time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)}
	for _, dirty := range []bool{false, true} {
		c.Dirty = dirty
		back, err := ParseCampaign(c.String())
		if err != nil || back != c {
			t.Errorf("%q read back as %+v, %v", c, back, err)
		}
	}
	for _, s := range []string{"", "6fc74d0 2026-11-26T08:00:00Z", c.Revision, c.Revision + " yesterday"} {
		if _, err := ParseCampaign(s); err == nil {
			t.Errorf("ParseCampaign(%q) passed", s)
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
