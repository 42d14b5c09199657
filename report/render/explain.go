package render

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"bitlab/report"
	"bitlab/schema"
)

// The estimates of package explain (report.Estimates) beside the
// measurements: a section of each CPU page and of results/README.md.

// agreement is one form's estimate beside its measurement, with why the
// two part where they part by more than 15% (report.Agreement.Parts).
type agreement struct {
	report.Agreement
	Why string
}

// why says what bitlab knows of a gap between estimate and measurement:
// where the core took longer, which of bitlab's runs shows the cost the
// model cannot see (the cache-pressure run for tables, the rook and bishop
// rows and the learning curve for branches); where the model took longer,
// what in the model is slower than the core, and, for a borrowed model,
// whether the borrowing is to blame: only where the lender's own model on
// a measured core of the lender (native, report.NativeRatios) does not part
// so (report.BlameBorrowing).
func why(a report.Agreement, e *report.Estimates, hasPressure bool, native []float64) string {
	r := a.Ratio()
	switch {
	case !a.Parts():
		return ""
	case r < 1 && a.Tables > report.SmallTables:
		w := fmt.Sprintf("its %s of tables: random queries miss the L1 and the L2, which the model never does", bytesLabel(float64(a.Tables)))
		if hasPressure {
			w += " (the cache-pressure run below prices it)"
		}
		return w
	case r < 1 && a.Path != "":
		return "branches on the input (the " + a.Path + " path modelled): the rook and bishop rows and the learning curve show what mispredictions cost"
	case r < 1:
		return "the core is slower than the model at " + a.Bottleneck + ": not explained by bitlab's runs"
	}
	var cause string
	switch {
	case strings.Contains(a.Bottleneck, "store") && strings.Contains(a.Bottleneck, "Zn"):
		cause = "the model issues one store a cycle, the core more"
	case strings.Contains(a.Bottleneck, "dependency chain") && a.Mode == schema.Throughput:
		cause = "the model's critical path through the independent elements is longer than the core's (an instruction on it costs more micro-ops or cycles in the model)"
	case strings.Contains(a.Bottleneck, "dependency chain") && !a.Asm:
		cause = "the model adds a folded load's latency to the chain (Go folds the input's load into the chain's XOR)"
	case strings.Contains(a.Bottleneck, "dependency chain"):
		cause = "the model's latencies along the chain exceed the core's"
	default:
		cause = "the model's " + a.Bottleneck + " is slower than the core's"
	}
	if e.Borrowed == "" {
		return cause
	}
	lender := "LLVM's " + e.Borrowed + " model"
	switch {
	case len(native) == 0:
		return fmt.Sprintf("%s (%s, borrowed: no %s run of this build says whether the borrowing adds to it)", cause, lender, e.Borrowed)
	case report.BlameBorrowing(a, native):
		return fmt.Sprintf("%s, borrowed, is narrower than %s (on %s itself its estimate / measured is %s); %s", lender, e.Uarch, e.Borrowed, ratiosText(native), cause)
	}
	return fmt.Sprintf("%s; %s parts so on %s itself too (%s): not the borrowing", cause, lender, e.Borrowed, ratiosText(native))
}

// ratioText formats estimate / measurement.
func ratioText(r float64) string { return strconv.FormatFloat(r, 'f', 2, 64) }

// ratiosText formats several.
func ratiosText(rs []float64) string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = ratioText(r)
	}
	return strings.Join(out, ", ")
}

// estimatesSection writes, for every configuration of a CPU page with
// estimates in dir's estimates folder of the same build, the estimated
// against measured table and chart (into charts); vs are every measured
// core's (for a borrowed model, the lender's own on its core).
func (s set) estimatesSection(w io.Writer, dir, charts string, vs []report.Validation) error {
	ests, err := report.ReadEstimatesFolder(filepath.Join(dir, schema.EstimatesFolder))
	if err != nil {
		return err
	}
	for _, v := range s.Validate(ests) {
		c, e := v.Config, v.Estimates
		ag := make([]agreement, len(v.Agreements))
		for i, a := range v.Agreements {
			_, hasPressure := s.Pressure(c.Label, a.Family)
			ag[i] = agreement{a, why(a, e, hasPressure, report.NativeRatios(vs, e, a.Form))}
		}
		fmt.Fprintf(w, "## Estimated against measured: %s, %s\n\n", c.Label, e.Model)
		fmt.Fprintf(w, "Estimates from [%s](%s), written by `make explain` (package explain): llvm-mca's simulation of each kernel's\n", filepath.Base(e.File), relPath(dir, e.File))
		b := "main loop, cycles per input element with the data in L1 and every branch predicted, beside the measured median\n" +
			"(L1 batch, random inputs). *Core-bound*: assembly with no branch on the input and tables of at most 8 KiB.\n" +
			"Where the two part by more than 15%, the last column says why, or which of bitlab's runs shows the cost the model cannot see.\n\n"
		io.WriteString(w, b)
		var core []float64
		for _, a := range ag {
			if a.CoreBound {
				core = append(core, a.Ratio())
			}
		}
		if len(core) > 0 {
			fmt.Fprintf(w, "Median estimate / measured over the %d core-bound forms: **%s**.\n\n", len(core), ratioText(report.Median(core)))
		}
		io.WriteString(w, "| kernel | mode | measured | estimate | estimate / measured | core-bound | bottleneck (model) | why they part |\n|---|---|---:|---:|---:|---|---|---|\n")
		for _, a := range ag {
			cb := ""
			if a.CoreBound {
				cb = "yes"
			}
			fmt.Fprintf(w, "| `%s/%s` | %s | %s | %s | %s | %s | %s | %s |\n", a.Family, a.Impl, a.Mode, schema.Figure(a.Measured), schema.Figure(a.Cycles),
				ratioText(a.Ratio()), cb, a.Bottleneck, a.Why)
		}
		io.WriteString(w, "\n")
		name, err := s.estimateChart(charts, c.Label, e, ag)
		if err != nil {
			return fmt.Errorf("the chart of %s: %w", e.File, err)
		}
		fmt.Fprintf(w, "![estimated against measured](%s)\n\n", relPath(dir, name+".svg"))
	}
	return nil
}

// crossEstimates writes the estimates of the cores no run has measured
// (the estimates folder below the results root), a table per architecture
// of every estimated form's cycles per element by each model, marked as
// estimates, and beside each the error band of its kind of loop on the
// measured cores (vs, report.BandOf) and which cores those are.
func (s set) crossEstimates(w io.Writer, root string, vs []report.Validation) error {
	dirs, _ := filepath.Glob(filepath.Join(root, schema.EstimatesFolder, "*"))
	slices.Sort(dirs)
	var all []*report.Estimates
	for _, d := range dirs {
		es, err := report.ReadEstimatesFolder(d)
		if err != nil {
			return err
		}
		all = append(all, es...)
	}
	if len(all) == 0 {
		return nil
	}
	io.WriteString(w, "## Estimates for cores not measured yet (llvm-mca, no run)\n\n")
	io.WriteString(w, "**These are estimates, not measurements**: `make explain` (package explain) runs LLVM's llvm-mca on every kernel's\n"+
		"main loop, cut from the built binary, for cores no bitlab run has measured. Cycles per input element with the data in\n"+
		"L1 and every branch predicted (blind to cache misses and mispredictions), and what bounds the loop in the model.\n"+
		"A core's column is replaced by its measurements when a run from it lands. Each model's file: ")
	var links []string
	for _, e := range all {
		links = append(links, fmt.Sprintf("[%s](%s)", filepath.Base(e.File), relPath(root, e.File)))
	}
	io.WriteString(w, strings.Join(links, ", ")+".\n\n")
	var arches []string
	for _, e := range all {
		if !slices.Contains(arches, e.GOARCH) {
			arches = append(arches, e.GOARCH)
		}
	}
	s.bandsNote(w, all, arches, vs)
	for _, arch := range arches {
		es := slices.DeleteFunc(slices.Clone(all), func(e *report.Estimates) bool { return e.GOARCH != arch })
		if len(arches) > 1 {
			fmt.Fprintf(w, "### %s\n\n", arch)
		}
		s.crossEstimatesTable(w, es, vs)
	}
	return nil
}

// bandsNote writes what the error bands are and the table of them: per
// architecture of the estimates (arches), kind of loop and standing of the
// models (the cores' own or borrowed) that estimate it.
func (s set) bandsNote(w io.Writer, all []*report.Estimates, arches []string, vs []report.Validation) {
	io.WriteString(w, "**How far off they may be**: the cores bitlab has measured have llvm-mca's estimates beside their runs (each\n"+
		"page's \"Estimated against measured\"). Over those, per kind of loop, the estimate / measured ratios have the median and\n"+
		"the 10-90% range below, the *error band* each estimate carries in its row's last column (above 1: the estimate is\n"+
		"above the measurement). A form's kind of loop is its mode, *throughput* (independent elements) or *latency chain*\n"+
		"(each element waits for the previous one's result), *table-bound* where its lookup tables exceed 8 KiB (the model\n"+
		"serves them from the L1, a core on random queries from further away). A band pools the measured cores of the same\n"+
		"architecture whose LLVM models stand as the estimate's does: the core's own, or borrowed from another core.\n\n")
	var rows, none, left []string
	for _, arch := range arches {
		n := len(rows)
		st := standings(all, arch)
		for _, v := range vs {
			e := v.Estimates
			if t := fmt.Sprintf("%s (%s)", e.Uarch, modelOfText(e.Uarch, cmp.Or(e.Borrowed, e.Uarch))); v.Config.GOARCH == arch && !slices.Contains(st, e.Borrowed != "") && !slices.Contains(left, t) {
				left = append(left, t)
			}
		}
		for _, borrowed := range st {
			for _, k := range report.LoopKinds() {
				if b, ok := report.BandOf(vs, arch, k, borrowed); ok {
					rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s-%s | %d | %s |\n", arch, standingText(borrowed), k, ratioText(b.Median),
						ratioText(b.P10), ratioText(b.P90), b.N, coresText(b.Cores)))
				}
			}
		}
		if len(rows) == n {
			none = append(none, arch)
		}
	}
	if len(rows) > 0 {
		io.WriteString(w, "| architecture | models | kind of loop | estimate / measured: median | 10-90% | ratios | measured on |\n|---|---|---|---:|---:|---:|---|\n")
		io.WriteString(w, strings.Join(rows, "")+"\n")
	}
	if len(left) > 0 {
		fmt.Fprintf(w, "Also measured, but on a model that stands otherwise than these estimates' (its own or borrowed), so left out of the bands: %s.\n\n", strings.Join(left, ", "))
	}
	for _, arch := range none {
		fmt.Fprintf(w, "No %s core has been measured beside its estimates: the %s estimates carry no error band.\n\n", arch, arch)
	}
}

// standings returns whether the models of the estimates of architecture
// arch are borrowed: false (the cores' own) first, then true.
func standings(es []*report.Estimates, arch string) []bool {
	var out []bool
	for _, borrowed := range []bool{false, true} {
		if slices.ContainsFunc(es, func(e *report.Estimates) bool { return e.GOARCH == arch && (e.Borrowed != "") == borrowed }) {
			out = append(out, borrowed)
		}
	}
	return out
}

// standingText names the standing of models.
func standingText(borrowed bool) string {
	if borrowed {
		return "borrowed"
	}
	return "the cores' own"
}

// coresText names the measured cores of a band, the model each was
// estimated with and the median of its ratios.
func coresText(cs []report.ValidatedCore) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = fmt.Sprintf("%s (%s; median %s)", c.Core, modelOfText(c.Core, c.Model), ratioText(c.Median))
	}
	return strings.Join(out, ", ")
}

// modelOfText says whose model estimated a core.
func modelOfText(core, model string) string {
	if model != core {
		return "LLVM's " + model + " model, borrowed"
	}
	return "its own model"
}

// crossEstimatesTable writes the table of the estimates es, of one
// architecture: a row per form, a column per model, and the error band of
// the form's kind of loop for each standing of the models.
func (s set) crossEstimatesTable(w io.Writer, es []*report.Estimates, vs []report.Validation) {
	forms := map[report.Form]bool{}
	for _, e := range es {
		for f := range e.Forms {
			forms[f] = true
		}
	}
	list := slices.SortedFunc(maps.Keys(forms), func(a, b report.Form) int {
		return cmp.Or(cmp.Compare(a.Family, b.Family), cmp.Compare(a.Impl, b.Impl), cmp.Compare(a.Mode, b.Mode))
	})
	var head []string
	for _, e := range es {
		head = append(head, cmp.Or(e.Level, e.GOARCH)+" "+modelName(e.Model))
	}
	fmt.Fprintf(w, "| kernel | mode | %s | kind of loop | error band: estimate / measured, median (10-90%%) |\n|---|---|%s---|---|\n",
		strings.Join(head, " | "), strings.Repeat("---:|", len(es)))
	for _, f := range list {
		row := []string{"`" + f.Family + "/" + f.Impl + "`", string(f.Mode)}
		var standing []bool
		for _, e := range es {
			cell := ""
			if est, ok := e.Forms[f]; ok {
				cell = schema.Figure(est.Cycles) + " (est.)"
				if b := e.Borrowed != ""; !slices.Contains(standing, b) {
					standing = append(standing, b)
				}
			}
			row = append(row, cell)
		}
		kind := report.KindOf(f.Mode, s.Tables(f.Family, f.Impl))
		var bands []string
		for _, borrowed := range standing {
			b, ok := report.BandOf(vs, es[0].GOARCH, kind, borrowed)
			text := "none measured"
			if ok {
				text = ratioText(b.Median) + " (" + ratioText(b.P10) + "-" + ratioText(b.P90) + ")"
			}
			if len(standing) > 1 {
				text = standingText(borrowed) + " models: " + text
			}
			bands = append(bands, text)
		}
		row = append(row, string(kind), strings.Join(bands, "; "))
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	io.WriteString(w, "\n")
}

// modelName returns the -mcpu of an estimate line.
func modelName(estimate string) string {
	if _, after, ok := strings.Cut(estimate, "-mcpu="); ok {
		name, _, _ := strings.Cut(after, " ")
		return name
	}
	return estimate
}
