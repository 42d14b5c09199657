// Package report turns runbench results into benchstat-style Markdown
// tables, gonum/plot charts, per-machine pages and the generated parts of
// the notebooks, and compares runs.
//
// [Load] reads results files into a [Set]. The kinds of charts and tables
// are registered in kinds.go: the family charts (each drawn by its own
// chart_<kind>.go and named by a [ChartKey]), the charts of a whole page
// and the tables. [Set.Page] draws every family chart and table of the
// registry, [Set.UpdateNotebook] fills the blocks that name them, and
// [Kinds] describes them for plot -h. A chart or table with nothing to
// show returns [ErrNoData], which a page leaves out; any other error stops
// it. style.go holds what the charts share (figure, palette, ticks);
// compare.go and noise.go the comparison of two runs; verdict.go the
// verdict per factor of a move generator; explain.go the estimates beside
// the measurements.
package report
