// Package render draws what package report reads: benchstat-style
// Markdown tables, gonum/plot charts (PNG and SVG), the per-machine pages
// ([Page]), the page across them ([CrossPage]) and the generated blocks
// of the notebooks ([UpdateNotebook]).
//
// The kinds of charts and tables are registered in kinds.go: the family
// charts (each drawn by its own chart_<kind>.go and named by a chartKey),
// the charts of a whole page and the tables. [Page] draws every family
// chart and table of the registry, [UpdateNotebook] fills the blocks that
// name them, and [Kinds] describes them for plot -h. A chart or table
// with nothing to show returns errNoData, which a page leaves out; any
// other error stops it. style.go holds what the charts share (figure,
// palette, ticks); tables.go the Markdown tables; verdict.go the verdict
// sections; explain.go the estimates beside the measurements.
package render

import "bitlab/report"

// set is a report.Set with the drawing methods of this package.
type set struct{ *report.Set }
