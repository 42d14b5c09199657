package report

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/schema"
)

// PerftKey identifies one perft case in one configuration.
type PerftKey struct {
	Config string
	Case   schema.PerftCase
	Unit   string // the Read name of one of schema.PerftUnits()
}

// readPerft records the values of a perft result.
func (s *Set) readPerft(rec *benchfmt.Result, pc schema.PerftCase, file string, line int) ([]Warning, int) {
	if d := rec.GetConfig(schema.KeyBaseline); d != "" {
		s.perftDef = d
	}
	key := PerftKey{Config: s.config(rec, file), Case: pc}
	return readValues(rec, file, line, func(unit string) bool {
		return slices.ContainsFunc(schema.PerftUnits(), func(u schema.Unit) bool { return u.Read == unit })
	}, func(unit string, v float64) {
		key.Unit = unit
		s.Perft[key] = append(s.Perft[key], v)
	})
}

// PerftSummary returns the median and 95% confidence interval of a perft
// key's samples; ok is false if it has none.
func (s *Set) PerftSummary(k PerftKey) (schema.Summary, bool) {
	v := s.Perft[k]
	if len(v) == 0 {
		return schema.Summary{}, false
	}
	return schema.Summarize(v), true
}

// PerftCases returns the perft cases measured in a configuration.
func (s *Set) PerftCases(cfg string) []schema.PerftCase {
	var cases []schema.PerftCase
	for k := range s.Perft {
		if k.Config == cfg && !slices.Contains(cases, k.Case) {
			cases = append(cases, k.Case)
		}
	}
	return cases
}

// PerftDefault returns the default configuration of the move generator the
// perft files name, "" where they name none.
func (s *Set) PerftDefault() string { return s.perftDef }

// PerftChange names a perft case's generator by what it changes from the
// default configuration the results file names (all of it when the file
// names none): "slider=pext", "tt=64MiB", or "default".
func (s *Set) PerftChange(c schema.PerftCase) string {
	def := map[string]string{}
	for _, p := range strings.Split(s.perftDef, "/") {
		if k, v, ok := strings.Cut(p, "="); ok {
			def[k] = v
		}
	}
	var parts []string
	for _, p := range c.Name().Parts {
		v, named := def[p.Key]
		switch {
		case p.Key == schema.KeyPosition || p.Key == schema.KeyDepth:
		case p.Key == schema.KeyTT || len(def) == 0 || named && v != p.Value:
			parts = append(parts, p.Key+"="+p.Value)
		}
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, " ")
}
