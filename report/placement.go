package report

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/fingerprint"
	"bitlab/schema"
	"bitlab/verdict"
)

// placementRun is a placement run's values (schema.RunPlacement), kept
// apart from the perft runs': they measure where the code sits, not a
// configuration, and no figure pools them.
type placementRun struct {
	file   string
	id     configID                       // machine, build and revision, as a configuration's
	values map[schema.PerftCase][]float64 // by case, of unit
	cycles map[schema.PerftCase][]float64 // the same in cycles, where measured
}

// readPlaced records the values of a placement run's result, and the file
// among those of its configuration (of its machine, build and revision).
func (s *Set) readPlaced(rec *benchfmt.Result, pc schema.PerftCase, file string, line int) ([]Warning, int) {
	id := s.cfgOf[s.config(rec, file)].id
	i := slices.IndexFunc(s.placements, func(r *placementRun) bool { return r.file == file })
	if i < 0 {
		i = len(s.placements)
		s.placements = append(s.placements, &placementRun{file: file, id: id, values: map[schema.PerftCase][]float64{}, cycles: map[schema.PerftCase][]float64{}})
	}
	r := s.placements[i]
	return readValues(rec, file, line, func(unit string) bool {
		return slices.ContainsFunc(schema.PerftUnits(), func(u schema.Unit) bool { return u.Read == unit })
	}, func(unit string, v float64) {
		switch unit {
		case schema.NsPerNode().Read:
			r.values[pc] = append(r.values[pc], v)
		case schema.CyclesPerNode().Read:
			r.cycles[pc] = append(r.cycles[pc], v)
		}
	})
}

// noPlacement says that a build has no placement run.
const noPlacement = "no placement run of this CPU and build (`make campaign` measures one at its lowest level)"

// Placement returns the placement spread of a configuration's CPU and
// build: the default configuration's perft cost per node in each
// placement of a set of placement runs (those of the configuration's own
// revision, else the newest revision's), the geometric mean over the
// positions every one of them counted, in cycles where every one measured
// them; the spread is the highest cost over the lowest, minus one. Where
// there is none, or a single placement, or the move generator has changed
// since, Missing says so.
func (s *Set) Placement(cfg string) verdict.Placement {
	c, ok := s.Config(cfg)
	if !ok {
		return verdict.Placement{Missing: noPlacement}
	}
	var runs []*placementRun
	for _, r := range s.placements {
		if r.id.build() == c.id.build() {
			runs = append(runs, r)
		}
	}
	if len(runs) == 0 {
		return verdict.Placement{Missing: noPlacement}
	}
	// One set: the configuration's revision's, else the newest file's.
	rev := c.id.Revision
	if !slices.ContainsFunc(runs, func(r *placementRun) bool { return r.id.Revision == rev }) {
		newest := slices.MaxFunc(runs, func(a, b *placementRun) int {
			if newer(s.files[a.file], s.files[b.file]) {
				return 1
			}
			return -1
		})
		rev = newest.id.Revision
	}
	byNumber := map[int]*placementRun{}
	for _, r := range runs {
		n := s.files[r.file].Placement.Number
		if o := byNumber[n]; r.id.Revision == rev && (o == nil || newer(s.files[r.file], s.files[o.file])) {
			byNumber[n] = r
		}
	}
	runs = runs[:0]
	var names []string
	for _, n := range slices.Sorted(maps.Keys(byNumber)) {
		runs = append(runs, byNumber[n])
		names = append(names, filepath.Base(byNumber[n].file))
	}
	for _, r := range runs {
		if len(s.files[r.file].Changed(fingerprint.Perft)) > 0 {
			return verdict.Placement{Missing: fmt.Sprintf("its placement run (%s) measured a move generator that has changed since", strings.Join(names, ", "))}
		}
	}
	if len(runs) < 2 {
		return verdict.Placement{Missing: fmt.Sprintf("its placement run (%s) has one placement: no spread", strings.Join(names, ", "))}
	}
	p := placementCosts(runs, func(r *placementRun) *File { return s.files[r.file] })
	if p.Positions == 0 {
		return verdict.Placement{Missing: fmt.Sprintf("its placement runs (%s) share no position", strings.Join(names, ", "))}
	}
	return p
}

// placementCosts returns the placements' costs and their spread: the
// geometric mean over the positions every run counted (without a
// transposition table), in cycles where every run measured them.
func placementCosts(runs []*placementRun, file func(*placementRun) *File) verdict.Placement {
	var cases []schema.PerftCase
	for pc := range runs[0].values {
		if pc.TT == "" && !slices.ContainsFunc(runs, func(r *placementRun) bool { return len(r.values[pc]) == 0 }) {
			cases = append(cases, pc)
		}
	}
	slices.SortFunc(cases, func(a, b schema.PerftCase) int {
		return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.Depth, b.Depth))
	})
	unit, values := schema.CyclesPerNode().Written, func(r *placementRun) map[schema.PerftCase][]float64 { return r.cycles }
	if slices.ContainsFunc(runs, func(r *placementRun) bool {
		return slices.ContainsFunc(cases, func(pc schema.PerftCase) bool { return len(r.cycles[pc]) == 0 })
	}) {
		unit, values = schema.NsPerNode().Written, func(r *placementRun) map[schema.PerftCase][]float64 { return r.values }
	}
	p := verdict.Placement{Unit: unit, Positions: len(cases)}
	if len(cases) == 0 {
		return p
	}
	lo, hi := math.Inf(1), 0.0
	for _, r := range runs {
		var lg float64
		for _, pc := range cases {
			lg += math.Log(schema.Summarize(values(r)[pc]).Center)
		}
		cost := math.Exp(lg / float64(len(cases)))
		f := file(r)
		p.Placed = append(p.Placed, verdict.Placed{Number: f.Placement.Number, Count: f.Placement.Count, PadBytes: f.Placement.PadBytes, Cost: cost, File: f.Path})
		lo, hi = min(lo, cost), max(hi, cost)
	}
	p.Spread = hi/lo - 1
	return p
}
