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
// measured, or may have: the parts it measured (its families,
// fingerprint.Perft for perft) whose fingerprints, as the files that
// measured them (kernel runs, perft runs) record them, differ from today's
// code's, and every part a file from before the fingerprint line measured
// (File.Changed), in name order; none where its files record today's.
func (s *Set) Stale(cfg string) []string {
	c, ok := s.Config(cfg)
	if !ok {
		return nil
	}
	changed := map[string]bool{}
	for _, path := range c.Files {
		for _, p := range s.files[path].Changed(s.measured(c, path)...) {
			changed[p] = true
		}
	}
	return slices.Sorted(maps.Keys(changed))
}

// measured returns the parts of configuration c that its file at path
// measured: fingerprint.Perft for a perft or placement run, the
// configuration's families for a kernel run, in name order.
func (s *Set) measured(c *Config, path string) []string {
	k := s.files[path].Run.Kind
	if k == schema.RunPerft || k == schema.RunPerftSelection || k == schema.RunPlacement {
		for pk := range s.Perft {
			if pk.Config == c.Label {
				return []string{fingerprint.Perft}
			}
		}
		return nil
	}
	families := map[string]bool{}
	for vk := range s.Values {
		if vk.Config == c.Label {
			families[vk.Family] = true
		}
	}
	return slices.Sorted(maps.Keys(families))
}

// StaleNote says, for a page, that a configuration's code has changed
// since it was measured, or that its files cannot say (they are from
// before the fingerprint line), and what to do; "" where neither (Stale).
func (s *Set) StaleNote(cfg string) string {
	parts := s.Stale(cfg)
	if len(parts) == 0 {
		return ""
	}
	c, _ := s.Config(cfg)
	var unprinted, printed []string // the short revisions of files without and with fingerprints
	unknown := map[string]bool{}    // the parts files without fingerprints measured
	for _, path := range c.Files {
		f := s.files[path]
		if !f.Unprinted() {
			printed = appendNew(printed, f.ShortRevision())
			continue
		}
		unprinted = appendNew(unprinted, f.ShortRevision())
		for _, p := range s.measured(c, path) {
			unknown[p] = true
		}
	}
	var said []string
	if len(unprinted) > 0 {
		said = append(said, "measured at "+strings.Join(unprinted, ", ")+" before runs recorded the code's fingerprint")
	}
	changed := slices.DeleteFunc(slices.Clone(parts), func(p string) bool { return unknown[p] })
	if len(changed) > 0 {
		said = append(said, fmt.Sprintf("measured at %s; %s changed since", strings.Join(printed, ", "), changedCode(changed)))
	}
	if unknown[fingerprint.Perft] {
		said[0] += " (its perft run ranks nothing in the verdict)"
	}
	return fmt.Sprintf("%s %s: make campaign on this CPU", cfg, strings.Join(said, "; "))
}

// changedCode names the code of the changed parts: the kernels of the
// families, the move generator.
func changedCode(parts []string) string {
	var what []string
	kernels := slices.DeleteFunc(slices.Clone(parts), func(p string) bool { return p == fingerprint.Perft })
	if len(kernels) > 0 {
		what = append(what, "the kernels of "+strings.Join(kernels, ", "))
	}
	if len(kernels) < len(parts) {
		what = append(what, "the move generator (its perft run ranks nothing in the verdict)")
	}
	return strings.Join(what, " and ")
}

// appendNew appends s to list unless list holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
