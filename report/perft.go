package report

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
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
		s.perft[key] = append(s.perft[key], v)
	})
}

// PerftSummary returns the median and 95% confidence interval of a perft
// key's samples; ok is false if it has none.
func (s *Set) PerftSummary(k PerftKey) (schema.Summary, bool) {
	v := s.perft[k]
	if len(v) == 0 {
		return schema.Summary{}, false
	}
	return schema.Summarize(v), true
}

// perftCases returns the perft cases measured in a configuration.
func (s *Set) perftCases(cfg string) []schema.PerftCase {
	var cases []schema.PerftCase
	for k := range s.perft {
		if k.Config == cfg && !slices.Contains(cases, k.Case) {
			cases = append(cases, k.Case)
		}
	}
	return cases
}

// perftChange names a perft case's generator by what it changes from the
// default configuration the results file names (all of it when the file
// names none): "slider=pext", "tt=64MiB", or "default".
func (s *Set) perftChange(c schema.PerftCase) string {
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

// PerftTable writes the perft results of a configuration as a Markdown
// table: a row per generator configuration, a column per position and
// depth, millions of nodes per second (median and 95% interval) and, in
// brackets, the speed relative to the default configuration. Rows are
// ordered by their geometric mean speed relative to the default, fastest
// first.
func (s *Set) PerftTable(w io.Writer, cfg string) error {
	cols, cells := s.perftCells(cfg)
	if len(cols) == 0 {
		return noData("no perft results in %s", cfg)
	}
	def := s.perftDef
	if def == "" {
		def = "not named in the results"
	}
	fmt.Fprintf(w, "perft, Mnodes/s: median, ±95%% confidence interval; in brackets the speed relative to the default (%s)\n\n", def)
	b := []string{"configuration"}
	for _, col := range cols {
		b = append(b, col.position+" depth "+strconv.Itoa(col.depth))
	}
	fmt.Fprintf(w, "| %s |\n|---%s|\n", strings.Join(b, " | "), strings.Repeat("|---:", len(cols)))
	for _, r := range byRelativeSpeed(cells) {
		b = b[:0]
		b = append(b, r)
		for _, col := range cols {
			res, ok := cells[r][col]
			if !ok {
				b = append(b, "")
				continue
			}
			text := cell(res.sum, 1e-6)
			if res.speed > 0 && r != "default" {
				text += " (" + ratio(res.speed) + ")"
			}
			b = append(b, text)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(b, " | "))
	}
	return nil
}

// perftColumn is a column of the perft table: a position at a depth.
type perftColumn struct {
	position string
	depth    int
}

// perftCell is a cell of the perft table.
type perftCell struct {
	sum   schema.Summary // nodes per second
	speed float64        // relative to the default configuration; 0 where it has no cell here
}

// perftCells returns the columns of a configuration's perft table, by
// position and depth, and its cells by row (the generator configuration
// as perftChange names it) and column.
func (s *Set) perftCells(cfg string) ([]perftColumn, map[string]map[perftColumn]perftCell) {
	var cols []perftColumn
	cells := map[string]map[perftColumn]perftCell{}
	for _, c := range s.perftCases(cfg) {
		col := perftColumn{c.Position, c.Depth}
		if !slices.Contains(cols, col) {
			cols = append(cols, col)
		}
		r := s.perftChange(c)
		if cells[r] == nil {
			cells[r] = map[perftColumn]perftCell{}
		}
		if sum, ok := s.PerftSummary(PerftKey{Config: cfg, Case: c, Unit: schema.NodesPerSec().Read}); ok {
			cells[r][col] = perftCell{sum: sum}
		}
	}
	slices.SortFunc(cols, func(a, b perftColumn) int { return cmp.Or(cmp.Compare(a.position, b.position), a.depth-b.depth) })
	for r := range cells {
		for col, res := range cells[r] {
			if d, ok := cells["default"][col]; ok {
				res.speed = res.sum.Center / d.sum.Center
				cells[r][col] = res
			}
		}
	}
	return cols, cells
}

// byRelativeSpeed returns the rows of the perft table ordered by their
// geometric mean speed relative to the default, fastest first, then by
// name.
func byRelativeSpeed(cells map[string]map[perftColumn]perftCell) []string {
	geomean := map[string]float64{}
	for r, row := range cells {
		sum, n := 0.0, 0
		for _, res := range row {
			if res.speed > 0 {
				sum, n = sum+math.Log(res.speed), n+1
			}
		}
		if n > 0 {
			geomean[r] = math.Exp(sum / float64(n))
		}
	}
	names := slices.Collect(maps.Keys(cells))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(geomean[b], geomean[a]), cmp.Compare(a, b)) })
	return names
}
