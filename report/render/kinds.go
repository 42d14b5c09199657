package render

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"bitlab/schema"
)

// The registry of the reports' kinds of charts and tables. A page's family
// sections draw every family chart and write every family table in the
// order listed here; a notebook's blocks name them (see UpdateNotebook);
// plot -h lists them (Kinds). A new chart of a family is its own file
// (chart_<kind>.go) and a line in familyCharts.

// errNoData is the error of a chart or table that has nothing to show: the
// results hold no case of its kind for the family or configuration (no k<N>
// sweep, no latency run, no pressure run, no tables declared ...). A page
// leaves it out; any other error stops the page.
var errNoData = errors.New("no data")

// noData returns an errNoData that says what is missing.
func noData(format string, a ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, a...), errNoData)
}

// chartKey names one chart of a family in a configuration.
type chartKey struct {
	Kind   string // a family chart's name in familyCharts: "bars", "sweep" ...
	Config string // the configuration's label, "v3"
	Family string
}

// File returns the chart's file name without extension,
// "popcount-bars-v3".
func (k chartKey) File() string { return k.Family + "-" + k.Kind + "-" + schema.Slug(k.Config) }

// familyChart is a kind of chart drawn for a family in a configuration.
type familyChart struct {
	name string // the chartKey's Kind, the kind= of a notebook's chart block
	doc  string // what it shows, for plot -h
	// draw writes the chart into dir as k.File() in every image format and
	// returns its path without extension, or errNoData.
	draw func(s set, dir string, k chartKey) (string, error)
}

// familyCharts returns the charts of a family, in the order a page shows
// them.
func familyCharts() []familyChart {
	return []familyChart{
		{"bars", "each implementation's median cost per distribution at the family's headline size, cheapest first, with 95% intervals", set.barChart},
		{"sweep", "cost against one-bits per bitboard (k = 0..64), a line per implementation, where the family ran the k<N> sweep", set.sweepChart},
		{"latency", "each implementation's latency-chain cost against its throughput cost", set.latencyChart},
		{"learning", "the learning curve: cost against the distinct inputs before a batch repeats (the branch predictor's reach)", set.learningChart},
		{"pressure", "cost against the cache pressure (data walked before each batch), where the family ran under pressure", set.pressureChart},
		{"tables", "cost against the bytes of lookup tables read, hot and after the strongest walk, for a family with tables", set.tablesChart},
	}
}

// chart draws the chart k names into dir (see familyCharts) and returns its
// path without extension; errNoData when the set has nothing to show in it.
func (s set) chart(dir string, k chartKey) (string, error) {
	i := slices.IndexFunc(familyCharts(), func(c familyChart) bool { return c.name == k.Kind })
	if i < 0 {
		return "", fmt.Errorf("unknown chart kind %q (want %s)", k.Kind, strings.Join(familyChartNames(), ", "))
	}
	return familyCharts()[i].draw(s, dir, k)
}

func familyChartNames() []string {
	var names []string
	for _, c := range familyCharts() {
		names = append(names, c.name)
	}
	return names
}

// pageChart is a chart of a whole page, which the page places itself.
type pageChart struct {
	name string
	doc  string
	// block is the notebook block that links one, with its arguments
	// ("" for none), and link the chart's file name and alt text for it.
	block string
	link  func(s set, b block) (name, alt string)
}

// pageCharts returns the charts of a whole page.
func pageCharts() []pageChart {
	return []pageChart{
		{"cross", "every implementation's speed in every configuration (CPU, GOAMD64 level, GOARCH) relative to -baseline, as a heat map",
			"cross [base=C]", crossLink},
		{"estimated", "each kernel's measured cost against llvm-mca's estimate (make explain), on a CPU page with estimates", "", nil},
		{"micro-perft", "each technique's perft speed-up against its micro speed-up, on the page across CPUs", "", nil},
	}
}

// tableKind is a kind of Markdown table.
type tableKind struct {
	name string // the notebook block's name
	args string // the block's arguments
	doc  string // what it shows, for plot -h
	// family writes the tables of a family in a configuration on a page,
	// each followed by an empty line, or returns errNoData; nil for a
	// table the page places itself.
	family func(s set, w io.Writer, cfg, family string) error
	// block writes the table a notebook block asks for.
	block func(s set, w io.Writer, b block) error
}

// tableKinds returns the kinds of tables, those of a family in the order a
// page shows them.
func tableKinds() []tableKind {
	return []tableKind{
		{"table", "family=F [config=C] [mode=M] [size=N] [dists=d1,d2]",
			"a family's costs, a row per distribution, a column per implementation (median, 95% interval), with the geometric mean and speed-up rows at the headline size; on a page, each mode at the headline size and at L1",
			set.modeTables, set.tableBlock},
		{"pressure", "family=F [config=C]", "a family's costs under each cache pressure, with their ratios to none",
			set.pressureTables, func(s set, w io.Writer, b block) error { return s.pressureTable(w, b.cfg, b.args["family"]) }},
		{"perft", "[config=C]", "perft speed per move generator configuration, with its ratio to the default",
			nil, func(s set, w io.Writer, b block) error { return s.perftTable(w, b.cfg) }},
	}
}

// KindDoc describes a kind of chart or table for plot -h.
type KindDoc struct {
	Name  string
	Chart bool
	// Scope says what one is drawn for: "per family and configuration"
	// or "per page".
	Scope string
	// Block is the notebook block that shows one, with its arguments;
	// "" for none.
	Block string
	Doc   string
}

// The scopes of KindDoc.
const (
	perFamily = "per family and configuration"
	perPage   = "per page"
)

// Kinds describes every kind of chart and table, from the registry.
func Kinds() []KindDoc {
	var out []KindDoc
	for _, c := range familyCharts() {
		out = append(out, KindDoc{Name: c.name, Chart: true, Scope: perFamily, Block: chartBlock + " family=F kind=" + c.name + " [config=C]", Doc: c.doc})
	}
	for _, c := range pageCharts() {
		out = append(out, KindDoc{Name: c.name, Chart: true, Scope: perPage, Block: c.block, Doc: c.doc})
	}
	for _, t := range tableKinds() {
		scope := perFamily
		if t.family == nil {
			scope = perPage
		}
		out = append(out, KindDoc{Name: t.name, Scope: scope, Block: t.name + " " + t.args, Doc: t.doc})
	}
	return out
}
