// Command plot turns runbench results into benchstat-style tables and
// gonum/plot charts (PNG and SVG), per-machine pages and the generated parts
// of the notebooks, and compares two runs.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"bitlab/report"
	"bitlab/schema"
)

var usage = `usage: plot [flags] RESULTS...

RESULTS are results files or folders of them (every *.txt below a folder).

  plot -o mypage results/cpu/a.txt results/cpu/b.txt
        one page of exactly these files: mypage/README.md and mypage/charts/
        (without -o: bitlab-report/ in the current folder). The folder must be
        new, empty or a page's: plot never writes into a source folder.
  plot -pages results
        a page for every CPU folder below results: results/<cpu>/README.md
        and results/<cpu>/charts/, from the standard runs of that folder
        (the rule below); results/README.md across all of them
  plot -compare OLD NEW [-gate kernel] [-threshold 5] [-across]
        compare two runs (files or folders): exit status 3 when a unit of the
        gate is slower beyond the threshold and the noise, 1 when there is
        nothing to compare (no case in common, or different CPUs or GOAMD64
        levels without -across)
  plot -compare OLD NEW -inject 'impl=swar/dist=random/size=4096/mode=throughput$'
        the same with NEW's matching cases made 10% slower (-inject-percent):
        does the gate catch a known slowdown?
  plot -aa DIR -inject REGEXP
        the false-alarm rate of every gate over A/A pairs of runs of the same
        code (DIR/*-a.txt with DIR/*-b.txt, as make aa writes them), and how
        often each catches the injected slowdown
  plot -csv cases.csv -json cases.json RESULTS...
        every case: median, 95% interval, min and samples
  plot -notebooks notebooks results/<cpu>
        regenerate the generated blocks of notebooks/*.md from the standard
        runs of results/<cpu>, linking the charts -pages wrote there

Which files -pages and -notebooks read: ` + report.PageRule + `.

Comparisons: ` + report.Method + `

` + kindsHelp() + `
flags:
`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// kindsHelp describes every kind of chart and table the pages draw and the
// notebooks' blocks show, from report's registry (report.Kinds), grouped
// as it lists them.
func kindsHelp() string {
	var b strings.Builder
	b.WriteString("Notebooks: plot -notebooks regenerates each block between the lines\n" +
		"    <!-- bitlab:begin BLOCK -->\n    <!-- bitlab:end -->\n" + wrap(report.NotebookHelp, "", 76) + "\n")
	heading := ""
	for _, k := range report.Kinds() {
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

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	out := fs.String("o", "bitlab-report", "output folder of a page of exactly the files given (new, empty or a page's; never a source folder)")
	pages := fs.Bool("pages", false, "write a page into every CPU folder below each RESULTS folder, from its standard runs")
	notebooks := fs.String("notebooks", "", "regenerate the generated blocks of the Markdown files in this folder")
	baseline := fs.String("baseline", "", "configuration label the cross-configuration chart is relative to (default: the first file's)")
	compare := fs.Bool("compare", false, "compare two results files or folders, OLD NEW; exit 3 on a regression")
	gate := fs.String("gate", string(report.DefaultGate), "with -compare: what must not get slower: "+report.GatesHelp+" (-aa tries every gate)")
	threshold := fs.Float64("threshold", 5, "with -compare or -aa: the change in percent that counts, beyond the noise")
	across := fs.Bool("across", false, "with -compare: compare runs of different CPUs or GOAMD64 levels (otherwise an error that says what differs)")
	inject := fs.String("inject", "", "with -compare or -aa: make NEW's cases whose names match this regular expression slower by -inject-percent")
	injectPercent := fs.Float64("inject-percent", 10, "with -inject: the slowdown in percent")
	aa := fs.String("aa", "", "A/A test: the false alarms of every gate over the pairs *-a.txt, *-b.txt in this folder")
	csvOut := fs.String("csv", "", "also write every case (median, 95% interval, min, samples) as CSV to this file")
	jsonOut := fs.String("json", "", "also write every case as JSON to this file")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	usageErr := func(msg string) int {
		fmt.Fprintln(stderr, "plot:", msg)
		fmt.Fprintln(stderr, "run plot -h for usage")
		return 2
	}
	g, err := report.ParseGate(*gate)
	if err != nil {
		return usageErr("-gate: " + err.Error())
	}
	var slow *regexp.Regexp
	if *inject != "" {
		if slow, err = regexp.Compile(*inject); err != nil {
			return usageErr(fmt.Sprintf("-inject: %v", err))
		}
		if *injectPercent <= 0 {
			return usageErr("-inject-percent must be positive")
		}
	}
	opt := report.CompareOptions{Threshold: *threshold / 100, Gate: g, Across: *across}
	if *threshold < 0 {
		return usageErr("-threshold must not be negative")
	}
	if *aa != "" {
		if fs.NArg() > 0 {
			return usageErr("-aa takes a folder, no RESULTS")
		}
		return aaTest(*aa, opt, slow, 1+*injectPercent/100, stdout, stderr)
	}
	if fs.NArg() == 0 {
		return usageErr("no results given")
	}
	switch {
	case *compare:
		if fs.NArg() != 2 {
			return usageErr("-compare takes OLD and NEW")
		}
		return compareRuns(fs.Arg(0), fs.Arg(1), opt, slow, 1+*injectPercent/100, stdout, stderr)
	case *inject != "":
		return usageErr("-inject goes with -compare or -aa")
	case *csvOut != "" || *jsonOut != "":
		if err = export(fs.Args(), *csvOut, *jsonOut, stderr); err != nil {
			break
		}
		if !setFlag(fs, "o") {
			return 0 // export only
		}
		fallthrough
	default:
		err = writeOnePage(*out, fs.Args(), *baseline, stdout, stderr)
	case *pages:
		err = writePages(fs.Args(), *baseline, stdout, stderr)
	case *notebooks != "":
		err = updateNotebooks(*notebooks, fs.Args(), stdout, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	return 0
}

// setFlag reports whether a flag was given.
func setFlag(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// compareRuns prints each configuration's comparison of new with old (new's
// cases matching slow made factor times slower first) and returns 3 on a
// regression, 1 on an error, 0 otherwise.
func compareRuns(old, new string, opt report.CompareOptions, slow *regexp.Regexp, factor float64, stdout, stderr io.Writer) int {
	a, err := load([]string{old}, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	b, err := load([]string{new}, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	if slow != nil {
		n := 0
		if b, n, err = b.Slowed(slow, factor); err != nil {
			fmt.Fprintln(stderr, "plot: -inject:", err)
			return 1
		}
		fmt.Fprintf(stdout, "injected: %d cases of NEW matching %q made %+.0f%% slower\n", n, slow, 100*(factor-1))
	}
	cs, unpaired, err := report.Compare(a, b, opt)
	if err != nil {
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	for _, u := range unpaired {
		fmt.Fprintf(stderr, "note: NEW's run of %s has no counterpart in OLD: not compared\n", u)
	}
	return report.WriteComparisons(stdout, cs)
}

// aaTest compares every A/A pair of dir at every gate, plain and with the
// injected slowdown, and prints the false alarms and catches per gate.
func aaTest(dir string, opt report.CompareOptions, slow *regexp.Regexp, factor float64, stdout, stderr io.Writer) int {
	as, _ := filepath.Glob(filepath.Join(dir, "*-a.txt"))
	var pairs []report.Pair
	for _, a := range as {
		b := strings.TrimSuffix(a, "-a.txt") + "-b.txt"
		sa, err := load([]string{a}, io.Discard)
		if err == nil {
			var sb *report.Set
			if sb, err = load([]string{b}, io.Discard); err == nil {
				pairs = append(pairs, report.Pair{Name: strings.TrimSuffix(filepath.Base(a), "-a.txt"), A: sa, B: sb})
				continue
			}
		}
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	if len(pairs) == 0 {
		fmt.Fprintf(stderr, "plot: no A/A pairs in %s (want NAME-a.txt with NAME-b.txt; make aa writes them)\n", dir)
		return 1
	}
	res, err := report.AATest(pairs, opt, slow, factor)
	if err != nil {
		fmt.Fprintln(stderr, "plot:", err)
		return 1
	}
	if err := res.Write(stdout); err != nil {
		return 1
	}
	return 0
}

// export writes the cases of the results as CSV and JSON.
func export(paths []string, csvPath, jsonPath string, stderr io.Writer) error {
	s, err := load(paths, stderr)
	if err != nil {
		return err
	}
	rows := s.Export()
	for _, o := range []struct {
		path  string
		write func(io.Writer, []report.ExportRow) error
	}{{csvPath, report.WriteCSV}, {jsonPath, report.WriteJSON}} {
		if o.path == "" {
			continue
		}
		f, err := os.Create(o.path)
		if err != nil {
			return err
		}
		if err := errors.Join(o.write(f, rows), f.Close()); err != nil {
			return err
		}
	}
	return nil
}

// load reads results and prints the warnings.
func load(paths []string, stderr io.Writer) (*report.Set, error) {
	s, warns, err := report.Load(paths...)
	for _, w := range warns {
		fmt.Fprintln(stderr, "warning:", w)
	}
	return s, err
}

// writeOnePage writes a page of exactly the files given into dir, which
// must be a folder a page may go into (pageFolder).
func writeOnePage(dir string, paths []string, base string, stdout, stderr io.Writer) error {
	if err := pageFolder(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	s, err := load(paths, stderr)
	if err != nil {
		return err
	}
	return writePage(s, dir, report.PageOptions{Base: base, Origin: "`go run ./cmd/plot -o`"}, stdout, stderr)
}

func writePage(s *report.Set, dir string, opt report.PageOptions, stdout, stderr io.Writer) error {
	notes, err := s.Page(dir, opt)
	for _, n := range notes {
		fmt.Fprintln(stderr, "note:", n)
	}
	if err == nil {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, "README.md"))
	}
	return err
}

// pageFolder returns an error unless dir is a place for a page: not the
// root of a Go module, not in a folder of Go source (itself or, inside a
// module, any folder up to the module's root), and either new, empty, or
// holding only what a page's folder holds (results files, a perft folder,
// charts and a README.md that plot wrote).
func pageFolder(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	up := []string{abs} // the folders to check: dir, and up to its module's root
	for d := abs; filepath.Dir(d) != d; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			if d == abs {
				return fmt.Errorf("-o %s: the root of a Go module; a page goes into a folder of its own", dir)
			}
			for e := filepath.Dir(abs); ; e = filepath.Dir(e) {
				up = append(up, e)
				if e == d {
					break
				}
			}
			break
		}
	}
	for _, d := range up {
		if src, _ := filepath.Glob(filepath.Join(d, "*.go")); len(src) > 0 {
			return fmt.Errorf("-o %s: %s holds Go source (%s); a page goes into a folder of its own, such as bitlab-report, or outside the module", dir, d, filepath.Base(src[0]))
		}
	}
	entries, err := os.ReadDir(abs)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."), !e.IsDir() && strings.HasSuffix(name, ".txt"), e.IsDir() && (name == "charts" || name == schema.PerftFolder):
		case name == "README.md" && report.IsPage(filepath.Join(abs, name)):
		default:
			return fmt.Errorf("-o %s: the folder holds %s, which is not a page's; a page goes into a new or empty folder, or one a page was written into", dir, name)
		}
	}
	return nil
}

// writePages writes a page into every folder below the roots that holds
// results files directly (or in its perft folder), from its standard runs,
// and the page across them into the single root.
func writePages(roots []string, base string, stdout, stderr io.Writer) error {
	var dirs []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == schema.PerftFolder || d.Name() == schema.EstimatesFolder) {
				return filepath.SkipDir
			}
			if d.IsDir() && len(report.FolderFiles(p)) > 0 {
				dirs = append(dirs, p)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(dirs) == 0 {
		return fmt.Errorf("no results files below %v", roots)
	}
	slices.Sort(dirs)
	perDir := map[string][]string{}
	var all []string
	for _, d := range dirs {
		files, err := standardFiles(d, stderr)
		if err != nil {
			return err
		}
		if len(files) == 0 {
			fmt.Fprintf(stderr, "note: %s holds no standard run: no page written\n", d)
			continue
		}
		perDir[d] = files
		all = append(all, files...)
	}
	if len(all) == 0 {
		return fmt.Errorf("no standard runs below %v (%s)", roots, report.PageRule)
	}
	// Everything below the roots at once: the page across CPUs, and the
	// baselines of results files from before the baseline line.
	every, err := load(all, io.Discard)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if perDir[d] == nil {
			continue
		}
		s, err := load(perDir[d], stderr)
		if err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
		s.InheritBaselines(every)
		opt := report.PageOptions{Base: base, Origin: "`make report` (`go run ./cmd/plot -pages results`)", Rule: report.PageRule}
		if err := writePage(s, d, opt, stdout, stderr); err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	if len(roots) == 1 {
		if err := every.CrossPage(roots[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(roots[0], "README.md"))
	}
	return nil
}

// standardFiles returns the files of a CPU folder that its page reads
// (report.PageFiles), and says on stderr which it leaves out and why.
func standardFiles(dir string, stderr io.Writer) ([]string, error) {
	use, left, err := report.PageFiles(report.FolderFiles(dir))
	if err != nil {
		return nil, err
	}
	for _, l := range left {
		fmt.Fprintf(stderr, "note: %s left out of the page: %s\n", l.File.Path, l.Reason)
	}
	return report.Paths(use), nil
}

func updateNotebooks(dir string, paths []string, stdout, stderr io.Writer) error {
	if len(paths) != 1 {
		return errors.New("-notebooks takes one results folder (its charts/ are linked)")
	}
	files, err := standardFiles(paths[0], io.Discard)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s holds no standard run (%s)", paths[0], report.PageRule)
	}
	s, err := load(files, stderr)
	if err != nil {
		return err
	}
	// Results from before the baseline line take it from their neighbours.
	all, err := load([]string{filepath.Dir(filepath.Clean(paths[0]))}, io.Discard)
	if err != nil {
		return err
	}
	s.InheritBaselines(all)
	books, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(books) == 0 {
		return fmt.Errorf("no notebooks in %s", dir)
	}
	for _, b := range books {
		changed, err := s.UpdateNotebook(b, filepath.Join(paths[0], "charts"))
		if err != nil {
			return err
		}
		if changed {
			fmt.Fprintf(stdout, "updated %s\n", b)
		}
	}
	return nil
}
