package render

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/fingerprint"
	"bitlab/report"
	"bitlab/verdict"
)

// verdictIntro says how the verdict ranks, for the pages.
const verdictIntro = "Per factor of a move generator written in Go, the technique to use on this CPU, a table per build: its heading " +
	"names the Go release and compiler, the GOAMD64 level and the Go experiments, and an engine in Go reads the table of the build it ships. " +
	"Each is ranked by perft (the move generator's speed with the " +
	"technique against its default configuration, geometric mean over the positions, 95% interval) where that build's perft run varies " +
	"the factor, else by the micro benchmarks' throughput among the implementations a generator can call once per query; intervals " +
	"that overlap are a tie. The fastest implementation of any kind is named for bulk work, and where the micro benchmarks' fastest " +
	"per-query implementation is not perft's choice, the reasons these results give. A perft winner must also lead by " +
	"more than its CPU and build's placement spread: where the linker places the generator's functions moved Zen 5's perft " +
	"by up to 18% with the same instructions (notebooks/perft.md, \"Where the code sits\"), which no run's own spread shows, " +
	"so `make campaign` times the default configuration with the generator's code at several places (placement runs), " +
	"and a margin within their spread is a tie. An engine in C, C++ or Rust reads the last table, for compilers that " +
	"inline intrinsics."

// verdictSection writes a page's verdict, in a page written into dir: per
// configuration, headed by its build, then the verdict for compilers that
// inline intrinsics.
func (s set) verdictSection(b *bytes.Buffer, dir string) {
	b.WriteString("## Verdict: what to use in a move generator\n\n" + verdictIntro + "\n\n")
	for _, c := range s.Configs {
		fmt.Fprintf(b, "### %s\n\n", s.buildHeading(c))
		s.incompleteNote(b, c)
		if note := s.placementNote(c.Label, dir); note != "" {
			b.WriteString(note + ".\n\n")
		}
		verdict.WriteMarkdown(b, s.Verdict(c.Label), c.Level)
		b.WriteString("\n")
	}
	cfgs := s.inlinedConfigs()
	if len(cfgs) == 0 {
		return
	}
	inlinedHeading(b, "")
	for _, c := range cfgs {
		who := ""
		if len(cfgs) > 1 {
			who = c.CoreName() + ", "
		}
		fmt.Fprintf(b, "From the micro benchmarks of %sthe build %s.\n\n", who, s.Build(c))
		s.incompleteNote(b, c)
		verdict.WriteMarkdown(b, s.InlinedVerdict(c.Label), c.Level)
		b.WriteString("\n")
	}
}

// inlinedHeading writes the heading of the verdict for compilers that
// inline intrinsics and its rule, then more.
func inlinedHeading(b *bytes.Buffer, more string) {
	fmt.Fprintf(b, "### %s\n\n%s %s%s\n\n", verdict.InlinedHeading, verdict.InlinedRule(), report.InlinedBuildRule, more)
}

// placementNote says, for a page written into dir, what guards the perft
// margins of a configuration with a perft or placement run: its placement
// spread, with the figures and the runs' files, or that nothing does; ""
// for a configuration with neither, or whose perft run is stale (it ranks
// nothing, so has no margins to guard).
func (s set) placementNote(cfg, dir string) string {
	if slices.Contains(s.Stale(cfg), fingerprint.Perft) {
		return ""
	}
	p := s.Placement(cfg)
	if !p.Guards() {
		if len(s.PerftCases(cfg)) == 0 {
			return ""
		}
		return "**Placement spread: none measured**; " + p.Text()
	}
	var files []string
	for _, q := range p.Placed {
		files = append(files, fmt.Sprintf("[%s](%s)", filepath.Base(q.File), relPath(dir, q.File)))
	}
	return fmt.Sprintf("**Placement spread: %s**; %s (%s)", p.Percent(), p.Text(), strings.Join(files, ", "))
}

// incompleteNote says that a verdict rests on a configuration's incomplete
// runs, where it does.
func (s set) incompleteNote(b *bytes.Buffer, c *report.Config) {
	if inc := s.Incomplete(c); len(inc) > 0 {
		fmt.Fprintf(b, "This verdict rests on an incomplete run: %s.\n\n", strings.Join(inc, ", "))
	}
}

// buildHeading names a configuration's build (report.Build), with its
// label where another configuration of the set has the same build.
func (s set) buildHeading(c *report.Config) string {
	h := s.Build(c)
	if slices.ContainsFunc(s.Configs, func(o *report.Config) bool { return o != c && s.Build(o) == h }) {
		return h.String() + " (" + c.Label + ")"
	}
	return h.String()
}

// inlinedConfigs returns, per CPU of the set, the configuration its
// verdict for compilers that inline intrinsics reads (InlinedConfig).
func (s set) inlinedConfigs() []*report.Config {
	var out []*report.Config
	for _, c := range s.Configs {
		if slices.ContainsFunc(out, func(o *report.Config) bool { return o.CPU == c.CPU }) {
			continue
		}
		if ic, ok := s.InlinedConfig(c.CPU); ok {
			out = append(out, ic)
		}
	}
	return out
}

// crossVerdict writes the verdict across CPUs: a section per build
// (crossSections; its Go release and target, the experiments in the
// heading where every column shares them) with a row per factor, a column
// per CPU, the choice and its margin in each cell, then the verdict for
// compilers that inline intrinsics, a column per CPU. Each build's section
// ends with what guards its columns' perft margins (placementNote), for a
// page written into dir.
func (s set) crossVerdict(b *bytes.Buffer, dir string) {
	b.WriteString("## Verdict per CPU\n\n" + verdictIntro + " Each cell: the choice, its margin over the next technique and what ranked it; " +
		"of a CPU's configurations of one build, its column is the one with a perft run where it has one; the CPU pages give the evidence.\n\n")
	for _, sec := range s.crossSections() {
		heading := sec.build
		shared := !slices.ContainsFunc(sec.cols, func(c *report.Config) bool { return c.Experiment != sec.cols[0].Experiment })
		if shared {
			heading.Experiment = sec.cols[0].Experiment
		}
		var head []string
		var lines [][]verdict.Line
		for _, c := range sec.cols {
			label := c.CoreName()
			if !shared && c.Experiment != "" {
				label += " with GOEXPERIMENT=" + c.Experiment
			}
			head = append(head, s.columnNotes(c, label))
			lines = append(lines, s.Verdict(c.Label))
		}
		fmt.Fprintf(b, "### %s\n\n", heading)
		verdictTable(b, head, lines)
		var notes []string
		for _, c := range sec.cols {
			if note := s.placementNote(c.Label, dir); note != "" {
				notes = append(notes, "- "+c.CoreName()+": "+note)
			}
		}
		if len(notes) > 0 {
			b.WriteString("What guards each column's perft margins:\n\n" + strings.Join(notes, "\n") + "\n\n")
		}
	}
	cfgs := s.inlinedConfigs()
	if len(cfgs) == 0 {
		return
	}
	inlinedHeading(b, " Each column names the build whose micro benchmarks it reads.")
	var head []string
	var lines [][]verdict.Line
	for _, c := range cfgs {
		head = append(head, s.columnNotes(c, c.CoreName()+": "+s.Build(c).String()))
		lines = append(lines, s.InlinedVerdict(c.Label))
	}
	verdictTable(b, head, lines)
}

// crossSection is a build's section of the verdict across CPUs: a column
// per CPU.
type crossSection struct {
	build report.Build // without its experiments
	cols  []*report.Config
}

// crossSections returns the sections of the verdict across CPUs, in the
// order of their builds' names: of a CPU's configurations of one build,
// the column is the one with a perft run where one has it, else the first.
func (s set) crossSections() []*crossSection {
	var secs []*crossSection
	for _, c := range s.Configs {
		bd := s.Build(c)
		bd.Experiment = ""
		i := slices.IndexFunc(secs, func(sec *crossSection) bool { return sec.build == bd })
		if i < 0 {
			i = len(secs)
			secs = append(secs, &crossSection{build: bd})
		}
		sec := secs[i]
		switch j := slices.IndexFunc(sec.cols, func(o *report.Config) bool { return o.CPU == c.CPU }); {
		case j < 0:
			sec.cols = append(sec.cols, c)
		case len(s.PerftCases(sec.cols[j].Label)) == 0 && len(s.PerftCases(c.Label)) > 0:
			sec.cols[j] = c
		}
	}
	slices.SortStableFunc(secs, func(a, b *crossSection) int { return cmp.Compare(a.build.String(), b.build.String()) })
	return secs
}

// columnNotes returns a column's label with what its configuration's runs
// lack: an incomplete run, stale code.
func (s set) columnNotes(c *report.Config, label string) string {
	if inc := s.Incomplete(c); len(inc) > 0 {
		label += " (incomplete: " + strings.Join(inc, ", ") + ")"
	}
	if len(s.Stale(c.Label)) > 0 {
		label += " (stale: " + s.StaleNote(c.Label) + ")"
	}
	return label
}

// verdictTable writes a row per factor and a column per head, each cell
// the column's line on the factor in a few words (verdict.Line's Cell).
func verdictTable(b *bytes.Buffer, head []string, lines [][]verdict.Line) {
	var factors []string
	cells := map[string][]string{}
	for _, col := range lines {
		for _, l := range col {
			if cells[l.Factor.Name] == nil {
				factors = append(factors, l.Factor.Name)
			}
			cells[l.Factor.Name] = append(cells[l.Factor.Name], l.Cell())
		}
	}
	fmt.Fprintf(b, "| factor | %s |\n|---|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, f := range factors {
		fmt.Fprintf(b, "| %s | %s |\n", f, strings.Join(cells[f], " | "))
	}
	b.WriteString("\n")
}
