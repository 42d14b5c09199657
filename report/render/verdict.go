package render

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/report"
	"bitlab/verdict"
)

// verdictIntro says how the verdict ranks, for the pages.
const verdictIntro = "Per factor of a move generator, the technique to use on this CPU: ranked by perft (the move generator's speed with the " +
	"technique against its default configuration, geometric mean over the positions, 95% interval) where this page's perft run varies " +
	"the factor, else by the micro benchmarks' throughput among the implementations a generator can call once per query; intervals " +
	"that overlap are a tie. The fastest implementation of any kind is named for bulk work, and where the micro benchmarks' fastest " +
	"per-query implementation is not perft's choice, the reasons these results give. A perft winner must also lead by " +
	"more than its CPU and build's placement spread: where the linker places the generator's functions moved Zen 5's perft " +
	"by up to 18% with the same instructions (notebooks/perft.md, \"Where the code sits\"), which no run's own spread shows, " +
	"so `make campaign` times the default configuration with the generator's code at several places (placement runs), " +
	"and a margin within their spread is a tie."

// verdictSection writes a page's verdict, per configuration, in a page
// written into dir.
func (s set) verdictSection(b *bytes.Buffer, dir string) {
	b.WriteString("## Verdict: what to use in a move generator\n\n" + verdictIntro + "\n\n")
	for _, c := range s.Configs {
		if len(s.Configs) > 1 {
			fmt.Fprintf(b, "### %s\n\n", c.Label)
		}
		if inc := s.Incomplete(c); len(inc) > 0 {
			fmt.Fprintf(b, "This verdict rests on an incomplete run: %s.\n\n", strings.Join(inc, ", "))
		}
		if note := s.placementNote(c.Label, dir); note != "" {
			b.WriteString(note + ".\n\n")
		}
		verdict.WriteMarkdown(b, s.Verdict(c.Label), c.Level)
		b.WriteString("\n")
	}
}

// placementNote says, for a page written into dir, what guards the perft
// margins of a configuration with a perft or placement run: its placement
// spread, with the figures and the runs' files, or that nothing does; ""
// for a configuration with neither.
func (s set) placementNote(cfg, dir string) string {
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

// crossVerdict writes the verdict across CPUs, for a page written into
// dir: a row per factor, a column per CPU, the choice and its margin in
// each cell, then each column's placement spread. A CPU's column is its
// build with a perft run (the first such), else its first build.
func (s set) crossVerdict(b *bytes.Buffer, dir string) {
	b.WriteString("## Verdict per CPU\n\n" + verdictIntro + " Each cell: the choice, its margin over the next technique and what ranked it; " +
		"each CPU's column is its build with a perft run where it has one; the CPU pages give the evidence.\n\n")
	var cols []*report.Config
	for _, c := range s.Configs {
		i := slices.IndexFunc(cols, func(o *report.Config) bool { return o.CPU == c.CPU })
		switch {
		case i < 0:
			cols = append(cols, c)
		case len(s.PerftCases(cols[i].Label)) == 0 && len(s.PerftCases(c.Label)) > 0:
			cols[i] = c
		}
	}
	var head, factors []string
	cells := map[string][]string{}
	for _, c := range cols {
		label := c.Label
		if len(s.Incomplete(c)) > 0 {
			label += " (incomplete: " + strings.Join(s.Incomplete(c), ", ") + ")"
		}
		if len(s.Stale(c.Label)) > 0 {
			label += " (stale: " + s.StaleNote(c.Label) + ")"
		}
		head = append(head, label)
		for _, l := range s.Verdict(c.Label) {
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
	var notes []string
	for _, c := range cols {
		if note := s.placementNote(c.Label, dir); note != "" {
			notes = append(notes, "- "+c.Label+": "+note)
		}
	}
	if len(notes) > 0 {
		b.WriteString("What guards each column's perft margins:\n\n" + strings.Join(notes, "\n") + "\n\n")
	}
}
