package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"bitlab/fingerprint"
	"bitlab/schema"
)

// Stale returns what of a configuration's code has changed since it was
// measured: the parts it measured (its families, fingerprint.Perft for
// perft) whose fingerprints, as the files that measured them (kernel runs,
// perft runs) record them, differ from today's code's, in name order; none
// where its files record no fingerprints or today's.
func (s *Set) Stale(cfg string) []string {
	c, ok := s.Config(cfg)
	if !ok {
		return nil
	}
	measured := map[string]bool{}
	for k := range s.Values {
		if k.Config == cfg {
			measured[k.Family] = true
		}
	}
	for k := range s.Perft {
		if k.Config == cfg {
			measured[fingerprint.Perft] = true
		}
	}
	parts := slices.Sorted(maps.Keys(measured))
	changed := map[string]bool{}
	for _, path := range c.Files {
		f := s.files[path]
		perft := f.Run.Kind == schema.RunPerft || f.Run.Kind == schema.RunPerftSelection || f.Run.Kind == schema.RunPlacement
		mine := slices.DeleteFunc(slices.Clone(parts), func(p string) bool { return (p == fingerprint.Perft) != perft })
		for _, p := range f.Changed(mine...) {
			changed[p] = true
		}
	}
	return slices.Sorted(maps.Keys(changed))
}

// StaleNote says, for a page, that a configuration's code has changed
// since it was measured and what to do; "" where it has not (Stale).
func (s *Set) StaleNote(cfg string) string {
	parts := s.Stale(cfg)
	if len(parts) == 0 {
		return ""
	}
	c, _ := s.Config(cfg)
	var what []string
	kernels := slices.DeleteFunc(slices.Clone(parts), func(p string) bool { return p == fingerprint.Perft })
	if len(kernels) > 0 {
		what = append(what, "the kernels of "+strings.Join(kernels, ", "))
	}
	if len(kernels) < len(parts) {
		what = append(what, "the move generator (its perft run ranks nothing in the verdict)")
	}
	return fmt.Sprintf("%s measured at %s; %s changed since: make campaign on this CPU", cfg, s.files[c.Files[0]].ShortRevision(), strings.Join(what, " and "))
}
