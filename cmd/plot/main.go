// Command plot turns runbench results into benchstat-style tables and
// gonum/plot charts (PNG and SVG), per-machine pages and the generated parts
// of the notebooks (package report/render), compares two runs and tests the
// regression gates (package report). Its commands (plot -h lists them) are
// page, the default, pages, compare, aa, export and notebooks; the command
// lines of plot before its commands, where a flag chose what to do, still
// run (legacy).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"bitlab/internal/command"
	"bitlab/report"
	"bitlab/report/render"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command line args, writing to stdout and stderr, and
// returns the exit status (exitStatuses).
func run(args []string, stdout, stderr io.Writer) int {
	o, status, ok := plot.Parse(args, stderr)
	if !ok {
		return status
	}
	err := o.run(stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "plot:", err)
	switch {
	case errors.Is(err, report.ErrFailed):
		return 4
	case errors.Is(err, report.ErrMissing):
		return 5
	case errors.Is(err, report.ErrSlower):
		return 3
	}
	return 1
}

// exitStatuses is -h's list of plot's exit statuses (run).
const exitStatuses = `exit status:
  0    done
  1    an error (said on stderr), such as nothing to compare
  2    a command line plot cannot run
  3    compare: something got slower beyond the threshold and the noise
  4    compare: NEW's header says a kernel disagreed with its family's reference
  5    compare: kernels or families of OLD are missing in NEW, which its selection
       (-family, -impl, -dist, -mode) does not leave out and its header does not
       say it skipped (a CPU feature missing) or failed; named on stderr
where several of 3, 4 and 5 hold, the status is the first of 4, 5, 3.
go run turns every status but 0 into its own 1: where a script or CI reads
the status, build plot first (go build -o plot ./cmd/plot).
`

// options are a command's options, filled by its flags.
type options interface {
	// check completes the options once the flags are parsed.
	check(p command.Parsed) error
	// run carries the command out.
	run(stdout, stderr io.Writer) error
}

// plot is the tool: its commands, in the order plot -h lists them (the
// first is the default of the command lines before the commands), and its
// help.
var plot = &command.Tool[options]{Name: "plot", Intro: intro, More: more(),
	Modes: map[string]bool{"pages": false, "compare": false, "aa": true, "notebooks": true, "csv": true, "json": true, "o": true}, Legacy: legacy,
	Check: func(o options, p command.Parsed) error { return o.check(p) }, Commands: []*command.Command[options]{
		{Name: "page", Args: "RESULTS...", Summary: "one page of exactly the results files given (-o, default bitlab-report)", Doc: pageDoc,
			Options: func(fs *flag.FlagSet) options { o := &pageOptions{}; o.flags(fs); return o }},
		{Name: "pages", Args: "RESULTS...", Summary: "a page for every CPU folder below RESULTS, from its standard runs, and one across them (make report)", Doc: pagesDoc,
			Options: func(fs *flag.FlagSet) options { o := &pagesOptions{}; o.flags(fs); return o }},
		{Name: "compare", Args: "OLD NEW", Summary: "compare two runs (files or folders): exit 3 when slower, 4 or 5 when a kernel failed or is missing", Doc: compareDoc,
			Options: func(fs *flag.FlagSet) options { o := &compareOptions{}; o.flags(fs, true); return o }},
		{Name: "aa", Args: "DIR", Summary: "the A/A test: every gate's false alarms over pairs of runs of one build (make aa)", Doc: aaDoc,
			Options: func(fs *flag.FlagSet) options { o := &aaOptions{}; o.flags(fs, false); return o }},
		{Name: "export", Args: "RESULTS...", Summary: "every case (median, 95% interval, min, samples) as CSV or JSON", Doc: exportDoc,
			Options: func(fs *flag.FlagSet) options { o := &exportOptions{}; o.flags(fs, false); return o }},
		{Name: "notebooks", Args: "NOTEBOOKS RESULTS", Summary: "regenerate the generated blocks of the notebooks from one CPU folder (make notebooks)", Doc: notebooksDoc,
			Options: func(fs *flag.FlagSet) options { return &notebooksOptions{} }},
	}}

// legacy maps a command line of plot before its commands, where a flag
// chose what to do, onto a command and its arguments: -pages is pages,
// -compare compare, -aa DIR aa DIR, -notebooks DIR notebooks DIR; -csv or
// -json without -o is export; any other is page. -csv, -json and -o stay
// flags of the command (with -pages, -csv writes the pages and the CSV).
func legacy(modes map[string]string, rest []string) (string, []string, error) {
	name, err := command.OneOf(modes, "pages", "compare", "aa", "notebooks")
	for _, f := range []string{"o", "json", "csv"} {
		if modes[f] != "" {
			rest = append([]string{"-" + f, modes[f]}, rest...)
		}
	}
	switch name {
	case "":
		name = "page"
		if (modes["csv"] != "" || modes["json"] != "") && modes["o"] == "" {
			name = "export"
		}
	case "aa", "notebooks":
		rest = append([]string{modes[name]}, rest...)
	}
	return name, rest, err
}

// intro is what plot -h prints above the commands.
const intro = `plot turns runbench results (results files, or folders of them: every *.txt
below a folder) into Markdown tables and PNG and SVG charts, per-machine pages
and the generated blocks of the notebooks, and compares runs.
`

// more is what plot -h prints below the commands: examples, the rules the
// commands share, the kinds of charts and tables, the old command lines.
func more() string {
	return `examples:
  plot page -o mypage results/cpu/a.txt results/cpu/b.txt
  plot pages results                      every CPU page and results/README.md (make report)
  plot compare old.txt new.txt            exit 3 when a kernel got slower (-gate, -threshold)
  plot compare -inject 'impl=swar/dist=random/size=4096/mode=throughput$' old.txt new.txt
                                          does the gate catch a known 10% slowdown?
  plot aa -inject '^Kernel/family=popcount/impl=swar/' /tmp/aa
  plot export -csv cases.csv -json cases.json results/cpu
  plot notebooks notebooks results/<cpu>  (make notebooks)

` + wrap("Which files pages and notebooks read: "+report.PageRule+".", "", 80) + `

` + kindsHelp() + `
The command lines of plot before its commands still run, for one release:
among the flags, -pages is pages, -compare compare, -aa DIR aa DIR,
-notebooks DIR notebooks DIR, -csv or -json without -o export (with -o: page,
which writes the CSV or JSON too, as pages does with -pages -csv F); without
them, the flags are page's.

` + exitStatuses
}

// The commands' -h texts, above their flags.
var (
	pageDoc = `page writes one page of exactly the results files given (or every *.txt
below a folder given) into the folder -o names: its README.md and charts/.
The folder must be new, empty or a page's: plot never writes into a folder
of Go source or of anything else. It is the default command: plot -o mypage
FILES is plot page -o mypage FILES.
`

	pagesDoc = wrap("pages writes a page into every CPU folder below the RESULTS folders, results/<cpu>/README.md and "+
		"results/<cpu>/charts/, from the standard runs of that folder, and with one RESULTS folder, its README.md across "+
		"all of them (make report); ad-hoc runs change no page. The standard runs: "+report.PageRule+".", "", 80) + "\n"

	compareDoc = `compare compares NEW with OLD (results files or folders of them), each
configuration (CPU, build) of NEW with OLD's of the same CPU and GOAMD64 level,
and prints the units of the gate that changed: exit status 3 when one is slower
beyond -threshold and the noise, 4 when NEW's header says a kernel disagreed
with its family's reference, 5 when kernels or families of OLD are missing in
NEW (unless NEW's selection leaves them out or its header says it skipped them
for a CPU feature), 1 when there is nothing to compare (no case in common, or
different CPUs or GOAMD64 levels without -across). runbench compare
OLD runs the same comparison (one function, report.CompareRuns) of OLD with the
run it has just made.

Slower: ` + report.Method + `
`

	aaDoc = `aa is the A/A test: it compares each pair of runs of one build in DIR
(NAME-a.txt with NAME-b.txt, as make aa writes them) at every gate, and prints
each gate's false alarms over the pairs; with -inject, how often each catches
the slowdown injected into the b run's matching cases.
`

	exportDoc = `export writes every case of the results (its median, 95% interval, min and
samples) as CSV (-csv) or JSON (-json), or both.
`

	notebooksDoc = `notebooks regenerates the generated blocks of the Markdown files in the
folder NOTEBOOKS from the standard runs of RESULTS, one CPU folder, linking the
charts pages wrote into it (make notebooks): each block between the lines
    <!-- bitlab:begin BLOCK -->
    <!-- bitlab:end -->
is rewritten, the prose around it kept. plot -h lists the BLOCKs.
`
)

// kindsHelp describes every kind of chart and table the pages draw and the
// notebooks' blocks show, from render's registry (render.Kinds), grouped
// as it lists them.
func kindsHelp() string {
	var b strings.Builder
	b.WriteString("Notebooks: plot notebooks regenerates each block between the lines\n" +
		"    <!-- bitlab:begin BLOCK -->\n    <!-- bitlab:end -->\n" + wrap(render.NotebookHelp, "", 76) + "\n")
	heading := ""
	for _, k := range render.Kinds() {
		what := "Tables"
		if k.Chart {
			what = "Charts"
		}
		if h := what + ", " + k.Scope + ":"; h != heading {
			heading = h
			b.WriteString("\n" + h + "\n")
		}
		doc := wrap(k.Doc, strings.Repeat(" ", 15), 76)
		fmt.Fprintf(&b, "  %-12s %s\n", k.Name, doc[15:])
		if k.Block != "" {
			fmt.Fprintf(&b, "%15sblock: %s\n", "", k.Block)
		}
	}
	return b.String()
}

// wrap breaks text into lines of at most width columns (a longer word
// keeps its own line), each begun with indent.
func wrap(text, indent string, width int) string {
	var lines []string
	line := indent
	for _, w := range strings.Fields(text) {
		if line != indent && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}

// slowdown is the injected slowdown of compare and aa: -inject and
// -inject-percent.
type slowdown struct {
	inject  string
	percent float64
	re      *regexp.Regexp // the compiled -inject, nil for none
}

func (s *slowdown) flags(fs *flag.FlagSet) {
	fs.StringVar(&s.inject, "inject", "", "make the new run's cases whose names match this regular expression slower by -inject-percent")
	fs.Float64Var(&s.percent, "inject-percent", 10, "with -inject: the slowdown in percent")
}

func (s *slowdown) check() error {
	if s.inject == "" {
		return nil
	}
	var err error
	if s.re, err = regexp.Compile(s.inject); err != nil {
		return fmt.Errorf("-inject: %v", err)
	}
	if s.percent <= 0 {
		return errors.New("-inject-percent must be positive")
	}
	return nil
}

// factor is what the slowdown multiplies a cost by.
func (s *slowdown) factor() float64 { return 1 + s.percent/100 }

// load reads results and prints the warnings.
func load(paths []string, stderr io.Writer) (*report.Set, error) {
	s, warns, err := report.Load(paths...)
	for _, w := range warns {
		fmt.Fprintln(stderr, "warning:", w)
	}
	return s, err
}
