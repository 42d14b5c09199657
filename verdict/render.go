package verdict

import (
	"fmt"
	"io"
	"math"
	"strings"

	"bitlab/schema"
)

// Choice names what to use: the winner, or the techniques tied for first.
func (l Line) Choice() string {
	switch len(l.Use) {
	case 0:
		return "-"
	case 1:
		return l.Use[0].Name
	}
	names := make([]string, len(l.Use))
	for i, t := range l.Use {
		names[i] = t.Name
	}
	return "tie: " + strings.Join(names, ", ")
}

// Cell is the line in a few words, for a table with a column per CPU: the
// choice and its margin over the next technique.
func (l Line) Cell() string {
	if len(l.Use) == 0 {
		return "-"
	}
	s := l.Choice()
	if l.Margin > 0 {
		s += fmt.Sprintf(" (%.2fx, %s)", l.Margin, l.Basis)
	} else {
		s += fmt.Sprintf(" (%s)", l.Basis)
	}
	return s
}

// Evidence returns the figures behind the line, one sentence each.
func (l Line) Evidence() []string {
	var ev []string
	if l.Basis == ByPerft {
		var b []string
		for _, t := range l.Use {
			b = append(b, t.Name+" "+perftText(t))
		}
		against := "the default configuration"
		if l.Against != "" {
			against += " with " + l.Against
		}
		s := "perft speed against " + against + ": " + strings.Join(b, ", ")
		if l.Next != "" {
			s += fmt.Sprintf("; next %s, %.2fx slower", l.Next, l.Margin)
		}
		ev = append(ev, s)
	}
	var m []string
	for _, t := range l.Use {
		if t.Throughput.Known() {
			m = append(m, t.Name+" "+microText(t))
		}
	}
	if len(m) > 0 {
		s := "micro, cycles per query (throughput, latency): " + strings.Join(m, "; ")
		if l.Basis != ByPerft && l.Next != "" {
			s += fmt.Sprintf("; next %s, %.2fx slower", l.Next, l.Margin)
		}
		ev = append(ev, s)
	}
	if t := l.Lead; t != nil {
		s := fmt.Sprintf("fastest per query in the micro benchmarks: %s, %s", t.Name, microText(*t))
		if t.Perft.Known() {
			s += "; in perft " + perftText(*t)
		}
		ev = append(ev, s)
	}
	if l.Bulk != nil {
		s := fmt.Sprintf("for bulk work: %s, %s cycles per query", l.Bulk.Name, num(l.Bulk.Throughput.Center))
		if l.Bulk.Usage != 0 {
			s += fmt.Sprintf(" (%s)", l.Bulk.Usage)
		}
		ev = append(ev, s)
	}
	return ev
}

func perftText(t Technique) string {
	if t.Default {
		return "1.00x (the default)"
	}
	s := fmt.Sprintf("%.2fx", t.Perft.Center)
	if bounded(t.Perft) {
		s += fmt.Sprintf(" [%.2f-%.2f]", t.Perft.Lo, t.Perft.Hi)
	}
	return s
}

func microText(t Technique) string {
	s := num(t.Throughput.Center)
	if t.Latency.Known() {
		s += ", " + num(t.Latency.Center)
	} else {
		s += ", -"
	}
	return s
}

// num formats a cost with three significant figures (schema.Figure), "-"
// for none.
func num(v float64) string {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return "-"
	}
	return schema.Figure(v)
}

// notes says what the line lacked, "" for nothing: perft is the command
// that makes a perft run, in Markdown's code quotes.
func (l Line) notes(perft string) string {
	var n []string
	if l.NoPerft {
		n = append(n, "no perft run of this CPU and build varies "+l.Factor.Perft+": "+perft+" ranks it inside the generator")
	}
	if l.Missing != "" {
		n = append(n, l.Missing)
	}
	return strings.Join(n, "; ")
}

// WriteText prints the verdict for a terminal: a line per factor and its
// evidence indented below it; perft is the command that makes a perft run
// here, in Markdown's code quotes.
func WriteText(w io.Writer, lines []Line, perft string) error {
	width := 0
	for _, l := range lines {
		width = max(width, len(l.Factor.Name))
	}
	for _, l := range lines {
		head := fmt.Sprintf("  %-*s  ", width, l.Factor.Name)
		pad := strings.Repeat(" ", len(head))
		if len(l.Use) == 0 {
			if _, err := fmt.Fprintf(w, "%s- (%s)\n", head, l.notes(perft)); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(w, "%suse %s, by %s\n", head, l.Choice(), l.Basis)
		for _, e := range l.Evidence() {
			fmt.Fprintf(w, "%s%s\n", pad, e)
		}
		for _, r := range l.Reasons {
			fmt.Fprintf(w, "%swhy it loses in perft: %s\n", pad, r)
		}
		for _, c := range l.Caveats {
			fmt.Fprintf(w, "%scaveat: %s\n", pad, c)
		}
		if n := l.notes(perft); n != "" {
			if _, err := fmt.Fprintf(w, "%s(%s)\n", pad, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// MakeCommand is the command that makes a standard run (make bench, make
// perft: target) of a build at GOAMD64 level ("" off amd64) in a bitlab
// checkout: its go run builds at the GOAMD64 of its environment, v1 by
// default, so any other level is given.
func MakeCommand(target, level string) string {
	if level != "" && level != "v1" {
		return "GOAMD64=" + level + " make " + target
	}
	return "make " + target
}

// WriteMarkdown prints the verdict of a build at GOAMD64 level as a
// Markdown table: factor, what to use, by what, and the evidence and
// reasons. The pages are made in a checkout: MakeCommand's make perft
// makes a perft run of that build.
func WriteMarkdown(w io.Writer, lines []Line, level string) error {
	fmt.Fprintln(w, "| factor | use | by | evidence |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, l := range lines {
		ev := l.Evidence()
		for _, r := range l.Reasons {
			ev = append(ev, "why it loses in perft: "+r)
		}
		for _, c := range l.Caveats {
			ev = append(ev, "caveat: "+c)
		}
		if n := l.notes("`" + MakeCommand("perft", level) + "`"); n != "" {
			ev = append(ev, "("+n+")")
		}
		by := string(l.Basis)
		if by == "" {
			by = "-"
		}
		if _, err := fmt.Fprintf(w, "| %s | %s | %s | %s |\n", l.Factor.Name, l.Choice(), by, strings.Join(ev, "<br>")); err != nil {
			return err
		}
	}
	return nil
}
