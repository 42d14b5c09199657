package render

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"bitlab/report"
	"bitlab/schema"
)

// The estimates of package explain (report.Estimates) beside the
// measurements: a section of each CPU page and of results/README.md.

// readEstimates reads every estimates file of a folder of them.
func readEstimates(dir string) ([]*report.Estimates, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	slices.Sort(files)
	var out []*report.Estimates
	for _, f := range files {
		e, err := report.ReadEstimates(f)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// agreement is one form's estimate beside its measurement.
type agreement struct {
	report.Form
	report.EstimatedForm
	Measured float64 // cycles per element, median of the L1 batch of random inputs
	Tables   int     // the implementation's lookup-table bytes
	// CoreBound says the form runs from the core alone: assembly, no
	// branch on the input, tables that fit the L1 with room to spare.
	CoreBound bool
	Why       string // why estimate and measurement part, where they part by more than apart
}

// Ratio returns estimate / measurement.
func (a agreement) Ratio() float64 { return a.Cycles / a.Measured }

// apart is how far an estimate may be from its measurement, as a share,
// before the reason is sought.
const apart = 0.15

// smallTables bounds the lookup tables of a core-bound form: they stay in
// any L1 data cache beside the batch.
const smallTables = 8 << 10

// agreements pairs the estimates e with configuration cfg's measurements
// of the same forms (cycles per element, L1 batch, random inputs), in
// family and implementation order, each that parts from its measurement
// by more than apart with the reason.
func (s set) agreements(cfg string, e *report.Estimates) []agreement {
	var out []agreement
	for f, est := range e.Forms {
		k := report.Key{Config: cfg, Family: f.Family, Impl: f.Impl, Dist: "random", Size: schema.L1Elements, Mode: f.Mode, Unit: schema.CyclesPerOp().Read}
		sum, ok := s.Summary(k)
		if !ok {
			continue
		}
		a := agreement{Form: f, EstimatedForm: est, Measured: sum.Center, Tables: s.Tables(f.Family, f.Impl)}
		a.CoreBound = est.Asm && est.Path == "" && a.Tables <= smallTables
		_, hasPressure := s.Pressure(cfg, f.Family)
		a.Why = why(a, e, hasPressure)
		out = append(out, a)
	}
	order := s.AllFamilies()
	slices.SortFunc(out, func(a, b agreement) int {
		return cmp.Or(cmp.Compare(slices.Index(order, a.Family), slices.Index(order, b.Family)),
			cmp.Compare(a.Impl, b.Impl), cmp.Compare(a.Mode, b.Mode))
	})
	return out
}

// why says what bitlab knows of a gap between estimate and measurement:
// where the core took longer, which of bitlab's own runs shows the cost
// the model cannot see (the cache-pressure run for tables, the rook and
// bishop rows and the learning curve for branches); where the model took
// longer, what in the model is slower than the core.
func why(a agreement, e *report.Estimates, hasPressure bool) string {
	r := a.Ratio()
	switch {
	case math.Abs(r-1) <= apart:
		return ""
	case r < 1 && a.Tables > smallTables:
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
	if _, after, ok := strings.Cut(e.Model, "(borrowed: "); ok {
		return strings.TrimSuffix(after, ")") + ", borrowed, is narrower than " + e.Uarch + "; " + cause
	}
	return cause
}

// ratioText formats estimate / measurement.
func ratioText(r float64) string { return strconv.FormatFloat(r, 'f', 2, 64) }

// estimatesSection writes, for every configuration of a CPU page with
// estimates in dir's estimates folder of the same build, the estimated
// against measured table and chart (into charts).
func (s set) estimatesSection(w io.Writer, dir, charts string) error {
	ests, err := readEstimates(filepath.Join(dir, schema.EstimatesFolder))
	if err != nil {
		return err
	}
	for _, c := range s.Configs {
		for _, e := range ests {
			if e.GOARCH != c.GOARCH || e.Level != c.Level || e.Uarch != c.Uarch {
				continue
			}
			ag := s.agreements(c.Label, e)
			if len(ag) == 0 {
				continue
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
	}
	return nil
}

// crossEstimates writes the estimates of the cores no run has measured
// (the estimates folder below the results root) as a table per model:
// every estimated form's cycles per element and bottleneck, marked as
// estimates.
func crossEstimates(w io.Writer, root string) error {
	dirs, _ := filepath.Glob(filepath.Join(root, schema.EstimatesFolder, "*"))
	slices.Sort(dirs)
	var all []*report.Estimates
	for _, d := range dirs {
		es, err := readEstimates(d)
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
	forms := map[report.Form]bool{}
	for _, e := range all {
		for f := range e.Forms {
			forms[f] = true
		}
	}
	var list []report.Form
	for f := range forms {
		list = append(list, f)
	}
	slices.SortFunc(list, func(a, b report.Form) int {
		return cmp.Or(cmp.Compare(a.Family, b.Family), cmp.Compare(a.Impl, b.Impl), cmp.Compare(a.Mode, b.Mode))
	})
	var head []string
	for _, e := range all {
		head = append(head, cmp.Or(e.Level, e.GOARCH)+" "+modelName(e.Model))
	}
	fmt.Fprintf(w, "| kernel | mode | %s |\n|---|---|%s\n", strings.Join(head, " | "), strings.Repeat("---:|", len(all)))
	for _, f := range list {
		row := []string{"`" + f.Family + "/" + f.Impl + "`", string(f.Mode)}
		for _, e := range all {
			cell := ""
			if est, ok := e.Forms[f]; ok {
				cell = schema.Figure(est.Cycles) + " (est.)"
			}
			row = append(row, cell)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	io.WriteString(w, "\n")
	return nil
}

// modelName returns the -mcpu of an estimate line.
func modelName(estimate string) string {
	if _, after, ok := strings.Cut(estimate, "-mcpu="); ok {
		name, _, _ := strings.Cut(after, " ")
		return name
	}
	return estimate
}
