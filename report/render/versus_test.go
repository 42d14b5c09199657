package render

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
)

// TestVersusBlocks: the versus blocks give a pair's speed-up and interval
// from the planted costs (popcnt ten times kernighan's speed, pext 0.94
// times the default's perft speed), name what they compare, and refuse a
// malformed pair or one the results lack.
func TestVersusBlocks(t *testing.T) {
	dir := reporttest.TwoLevels(t)
	kernels := mustLoad(t, filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"))
	perft := mustLoad(t, reporttest.Perft(t, dir, "perft.txt", reporttest.PerftHeader("2026-01-02T03:04:05Z"), map[string]float64{"magic-fancy": 100, "pext": 94}))
	for _, c := range []struct {
		s                set
		kind, cfg, pairs string
		want             []string
	}{
		{kernels, "versus", "v3", "popcount/popcnt:kernighan,popcount/kernighan:popcnt", []string{"| popcount | popcnt | kernighan | ", "| 10.00x [", "| 0.10x ["}},
		{perft, "perft-versus", "v1", "slider=pext:default,default:slider=pext", []string{"| slider=pext | default | 2 | 0.94x [", "| default | slider=pext | 2 | 1.06x ["}},
	} {
		body, err := c.s.generate(c.kind, map[string]string{"config": c.cfg, "pairs": c.pairs}, dir, filepath.Join(dir, "charts"))
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s %s: no %q in\n%s", c.kind, c.pairs, w, body)
			}
		}
	}
	for _, c := range []struct{ kind, pairs string }{
		{"versus", "popcount/popcnt"}, {"versus", "popcnt:kernighan"}, {"versus", ""}, {"perft-versus", "slider=pext"},
	} {
		var w bytes.Buffer
		b := block{args: map[string]string{"pairs": c.pairs}, cfg: "v1"}
		err := kernels.versusBlock(&w, b)
		if c.kind == "perft-versus" {
			err = perft.perftVersusBlock(&w, b)
		}
		if err == nil || errors.Is(err, errNoData) || w.Len() > 0 {
			t.Errorf("%s pairs=%q: %v, %q; want an error other than no data, nothing written", c.kind, c.pairs, err, w.String())
		}
	}
	for _, c := range []struct {
		s           set
		kind, pairs string
	}{{kernels, "versus", "popcount/popcnt:nonesuch"}, {perft, "perft-versus", "slider=nonesuch:default"}} {
		if _, err := c.s.generate(c.kind, map[string]string{"config": "v1", "pairs": c.pairs}, dir, filepath.Join(dir, "charts")); !errors.Is(err, errNoData) {
			t.Errorf("%s pairs=%s: %v, want errNoData", c.kind, c.pairs, err)
		}
	}
}
