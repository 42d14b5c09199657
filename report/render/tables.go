package render

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"bitlab/report"
	"bitlab/schema"
)

// cell formats a summary as benchstat does: the median and the confidence
// interval's larger half-width in percent.
func cell(sum schema.Summary, scale float64) string {
	c := sum.Center * scale
	if sum.N < 2 || c == 0 {
		return schema.Figure(c)
	}
	w := math.Max(sum.Hi-sum.Center, sum.Center-sum.Lo) / sum.Center
	if math.IsInf(w, 0) || math.IsNaN(w) {
		return schema.Figure(c) + " ±∞"
	}
	return fmt.Sprintf("%s ±%.0f%%", schema.Figure(c), 100*w)
}

// table writes a family's Markdown table in one configuration and mode at
// its headline size: a row per distribution (those in dists, or all if
// nil), a column per implementation, median cost and 95% interval; then
// each implementation's geometric mean and speed-up over the baseline over
// the headline distributions among the rows (report's Standing), and a line
// naming the learning curve's rows they leave out. A table of the learning
// curve (one headline row, its never-repeating end) has no geomean rows.
// In throughput mode, where the family has a floor on the core (report's
// Set.Floor) and the costs are in cycles, a row gives each
// implementation's distance to the floor (report's Set.OverFloor) and a
// line below the table the floor.
func (s set) table(w io.Writer, cfg, family string, mode schema.Mode, dists []string) error {
	return s.tableAt(w, cfg, family, mode, s.Headline(family), dists)
}

// tableAt is table at another batch size; the geomean and floor rows are
// left out away from the headline size.
func (s set) tableAt(w io.Writer, cfg, family string, mode schema.Mode, size int, dists []string) error {
	impls := s.Impls(cfg, family)
	if dists == nil {
		dists = s.Dists(cfg, family, mode, size)
	}
	impls = slices.DeleteFunc(impls, func(im string) bool { return !s.measured(cfg, family, im, mode, size) })
	if len(impls) == 0 || len(dists) == 0 {
		return noData("no %s results for %s in %s at size %d", mode, family, cfg, size)
	}
	first, scale, unit := s.Cost(report.Key{Config: cfg, Family: family, Impl: impls[0], Dist: dists[0], Size: size, Mode: mode}, false)
	fmt.Fprintf(w, "%s, %s, %d elements, %s: median, ±95%% confidence interval\n\n", family, mode, size, unit)
	fmt.Fprintf(w, "| dist | %s |\n|---|%s\n", strings.Join(impls, " | "), strings.Repeat("---:|", len(impls)))
	for _, d := range dists {
		row := []string{d}
		for _, im := range impls {
			k, sc, _ := s.Cost(report.Key{Config: cfg, Family: family, Impl: im, Dist: d, Size: size, Mode: mode}, false)
			if sum, ok := s.Summary(k); ok {
				row = append(row, cell(sum, sc))
			} else {
				row = append(row, "")
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	headline, learning := splitHeadline(dists)
	// A table of the learning curve has one headline row, the curve's
	// never-repeating end: a geometric mean over it would repeat it.
	if size != s.Headline(family) || len(headline) == 0 || len(learning) > 0 && len(headline) == 1 {
		return nil
	}
	// Only a throughput table in cycles has a floor row: look it up (which
	// for some families draws their batches again) only there.
	var floor report.Floor
	hasFloor := mode == schema.Throughput && first.Unit == schema.Cost(true, false).Read
	if hasFloor {
		floor, hasFloor = s.Floor(cfg, family)
		floor = floor.Over(headline)
		hasFloor = hasFloor && len(floor.Need) > 0
	}
	geo, speed, overFloor := []string{"**geomean**"}, []string{"**vs " + s.Baseline(family) + "**"}, []string{"**x floor**"}
	for _, im := range impls {
		st := s.Standing(cfg, family, im, mode, headline)
		geo, speed = append(geo, schema.Figure(st.Geomean*scale)), append(speed, ratio(st.Speedup))
		if hasFloor {
			overFloor = append(overFloor, ratio(s.OverFloor(cfg, family, im, floor)))
		}
	}
	fmt.Fprintf(w, "| %s |\n| %s |\n", strings.Join(geo, " | "), strings.Join(speed, " | "))
	if hasFloor {
		fmt.Fprintf(w, "| %s |\n", strings.Join(overFloor, " | "))
	}
	if len(learning) > 0 {
		fmt.Fprintf(w, "\nThe geomean and speed-up rows are over %s; they leave out the learning curve (%s): a batch that repeats shows how far the branch predictor reaches, not the cost on inputs it cannot learn.\n",
			strings.Join(headline, ", "), strings.Join(learning, ", "))
	}
	if hasFloor {
		fmt.Fprintf(w, "\n%s\n", floorLine(floor))
	}
	return nil
}

// floorLine says what a family's floor on a core is and where it comes
// from: "Floor on this core: 0.125 cycles per word, VPOPCNTQ zmm measured
// at 1.000 cycles each, one per 8 words; ...". Where the distributions
// need different numbers of the instruction (a queen query two PEXTs, a
// rook query one) the floor is their floors' geomean, and the line gives
// each distribution's floor and need.
func floorLine(f report.Floor) string {
	dists := f.Dists()
	if slices.ContainsFunc(dists, func(d string) bool { return f.Need[d] != f.Need[dists[0]] }) {
		var floors, needs []string
		for _, d := range dists {
			floors = append(floors, d+" "+schema.Figure(f.Cycles(d)))
			needs = append(needs, fmt.Sprintf("%s %.3g", d, f.Need[d]))
		}
		return fmt.Sprintf("Floor on this core: %s cycles per %s, the geomean of the distributions' floors (%s; %s measured at %.3f cycles each, "+
			"times how many a %s needs on average: %s); the x floor row is each geomean over it, the geomean of its cost over the floor on each distribution.",
			schema.Figure(f.Geomean()), f.Element, strings.Join(floors, ", "), f.Instr, f.Measured, f.Element, strings.Join(needs, ", "))
	}
	per := fmt.Sprintf("%.3g per %s", f.Need[dists[0]], f.Element)
	if f.PerInstr > 1 {
		per = fmt.Sprintf("one per %d %ss", f.PerInstr, f.Element)
	}
	return fmt.Sprintf("Floor on this core: %s cycles per %s, %s measured at %.3f cycles each, %s; the x floor row is each geomean over it.",
		schema.Figure(f.Cycles(dists[0])), f.Element, f.Instr, f.Measured, per)
}

// splitHeadline splits distributions into those of the headline figures
// and the learning curve's (schema.HeadlineDist), each in order.
func splitHeadline(dists []string) (headline, learning []string) {
	for _, d := range dists {
		if schema.HeadlineDist(d) {
			headline = append(headline, d)
		} else {
			learning = append(learning, d)
		}
	}
	return headline, learning
}

// measured reports whether an implementation has results in a mode at a size.
func (s set) measured(cfg, family, impl string, mode schema.Mode, size int) bool {
	for k := range s.Values {
		if k.Config == cfg && k.Family == family && k.Impl == impl && k.Mode == mode && k.Size == size && k.Pressure == schema.NoPressure {
			return true
		}
	}
	return false
}

func ratio(r float64) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", r)
}

// perftTable writes the perft results of a configuration as a Markdown
// table: a row per generator configuration, a column per position and
// depth, millions of nodes per second (median and 95% interval) and, in
// brackets, the speed relative to the default configuration. Rows are
// ordered by their geometric mean speed relative to the default, fastest
// first.
func (s set) perftTable(w io.Writer, cfg string) error {
	cols, cells := s.perftCells(cfg)
	if len(cols) == 0 {
		return noData("no perft results in %s", cfg)
	}
	def := s.PerftDefault(cfg)
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
func (s set) perftCells(cfg string) ([]perftColumn, map[string]map[perftColumn]perftCell) {
	var cols []perftColumn
	cells := map[string]map[perftColumn]perftCell{}
	for _, c := range s.PerftCases(cfg) {
		col := perftColumn{c.Position, c.Depth}
		if !slices.Contains(cols, col) {
			cols = append(cols, col)
		}
		r := s.PerftChange(cfg, c)
		if cells[r] == nil {
			cells[r] = map[perftColumn]perftCell{}
		}
		if sum, ok := s.PerftSummary(report.PerftKey{Config: cfg, Case: c, Unit: schema.NodesPerSec().Read}); ok {
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

// pressureTable writes a family's costs under cache pressure in a
// configuration as Markdown (report.PressureCosts.WriteTable), or
// errNoData where it did not run under pressure.
func (s set) pressureTable(w io.Writer, cfg, family string) error {
	pc, ok := s.Pressure(cfg, family)
	if !ok {
		return noData("%s in %s did not run under cache pressure", family, cfg)
	}
	pc.WriteTable(w)
	return nil
}
