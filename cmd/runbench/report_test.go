package main

import "testing"

// TestNewResultsOnly: only untracked files under results/ leave the
// stamped revision clean; anything else git reports is a change.
func TestNewResultsOnly(t *testing.T) {
	for _, c := range []struct {
		status string
		want   bool
	}{
		{"", false}, // nothing to explain: go said modified, so something else differs
		{"?? results/zen4/20261124-131854-v1.txt\x00", true},
		{"?? results/zen4/a.txt\x00?? results/zen4/charts/b.svg\x00", true},
		{" M kernels/amd64/tables_amd64.go\x00?? results/zen4/a.txt\x00", false},
		{"?? kernels/new.go\x00", false},
		{"?? resultsx/a.txt\x00", false},
		{"A  results/zen4/a.txt\x00", false},             // staged, not untracked
		{"R  results/b.txt\x00results/a.txt\x00", false}, // a rename's second path
		{"?? results/zen4/a.txt\x00 D notebooks/sliding.md\x00", false},
	} {
		if got := newResultsOnly(c.status); got != c.want {
			t.Errorf("newResultsOnly(%q) = %v, want %v", c.status, got, c.want)
		}
	}
}
