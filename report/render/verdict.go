package render

import (
	"bytes"
	"fmt"
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
	"per-query implementation is not perft's choice, the reasons these results give. A perft margin of a few percent " +
	"is one build's: where the linker places the generator's functions moved Zen 5's perft by up to 18% with the same " +
	"instructions (notebooks/perft.md, \"Where the code sits\"), which no run's own spread shows."

// verdictSection writes a page's verdict, per configuration.
func (s set) verdictSection(b *bytes.Buffer) {
	b.WriteString("## Verdict: what to use in a move generator\n\n" + verdictIntro + "\n\n")
	for _, c := range s.Configs {
		if len(s.Configs) > 1 {
			fmt.Fprintf(b, "### %s\n\n", c.Label)
		}
		if inc := s.Incomplete(c); len(inc) > 0 {
			fmt.Fprintf(b, "This verdict rests on an incomplete run: %s.\n\n", strings.Join(inc, ", "))
		}
		verdict.WriteMarkdown(b, s.Verdict(c.Label), c.Level)
		b.WriteString("\n")
	}
}

// crossVerdict writes the verdict across CPUs: a row per factor, a column
// per CPU, the choice and its margin in each cell. A CPU's column is its
// build with a perft run (the first such), else its first build.
func (s set) crossVerdict(b *bytes.Buffer) {
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
}
