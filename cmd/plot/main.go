// Command plot turns runbench results into benchstat-style tables and
// gonum/plot charts (PNG and SVG), per-machine pages and the generated parts
// of the notebooks.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"bitlab/report"
	"bitlab/schema"
)

const usage = `usage: plot [flags] RESULTS...

RESULTS are results files or folders of them (every *.txt below a folder).

  plot -o mypage results/cpu/a.txt results/cpu/b.txt
        one page for these results: mypage/README.md and mypage/charts/
        (without -o: bitlab-report/ in the current folder)
  plot -pages results
        a page for every CPU folder below results: results/<cpu>/README.md
        and results/<cpu>/charts/, from that folder's files
  plot -compare OLD.txt NEW.txt [-threshold 5]
        each case's change from OLD to NEW with benchmath's significance;
        exit status 3 when a case is significantly slower than the threshold
  plot -csv cases.csv -json cases.json RESULTS...
        every case: median, 95% interval, min and samples
  plot -notebooks notebooks results/<cpu>
        regenerate the generated blocks of notebooks/*.md from these results,
        linking the charts -pages wrote into results/<cpu>/charts

Charts: per family, grouped bars of cycles/op per implementation and
distribution with 95% confidence intervals; cost against one-bits per
bitboard (k = 0..64) where swept; latency against throughput; and every
implementation's speed in every configuration (CPU, GOAMD64 level, GOARCH)
relative to -baseline as a heat map.

flags:
`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	out := fs.String("o", "bitlab-report", "output folder of a single page (created; not a source folder)")
	pages := fs.Bool("pages", false, "write a page into every CPU folder below each RESULTS folder")
	notebooks := fs.String("notebooks", "", "regenerate the generated blocks of the Markdown files in this folder")
	baseline := fs.String("baseline", "", "configuration label the cross-configuration chart is relative to (default: the first file's)")
	compare := fs.Bool("compare", false, "compare two results files or folders, OLD NEW: each case's change and significance; exit 3 on a regression")
	threshold := fs.Float64("threshold", 5, "with -compare: the slowdown in percent beyond which a significant change is a regression")
	csvOut := fs.String("csv", "", "also write every case (median, 95% interval, min, samples) as CSV to this file")
	jsonOut := fs.String("json", "", "also write every case as JSON to this file")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "plot: no results given")
		fs.Usage()
		return 2
	}
	var err error
	switch {
	case *compare:
		if fs.NArg() != 2 {
			fmt.Fprintln(stderr, "plot: -compare takes OLD and NEW")
			return 2
		}
		return compareRuns(fs.Arg(0), fs.Arg(1), *threshold/100, stdout, stderr)
	case *csvOut != "" || *jsonOut != "":
		if err = export(fs.Args(), *csvOut, *jsonOut, stderr); err != nil {
			break
		}
		if *out == "bitlab-report" && !setFlag(fs, "o") {
			return 0 // export only
		}
		fallthrough
	default:
		err = writePage(*out, fs.Args(), *baseline, nil, stdout, stderr)
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

// compareRuns prints each case's change from old to new and returns 3 if
// any case regressed beyond threshold, 1 on an error, 0 otherwise.
func compareRuns(old, new string, threshold float64, stdout, stderr io.Writer) int {
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
	return report.ReportChanges(stdout, report.Compare(a, b), threshold)
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

// writePage writes one page; baselines, if not nil, lends the baselines its
// results name to results that do not.
func writePage(dir string, paths []string, base string, baselines *report.Set, stdout, stderr io.Writer) error {
	s, err := load(paths, stderr)
	if err != nil {
		return err
	}
	if baselines != nil {
		s.InheritBaselines(baselines)
	}
	origin := "`go run ./cmd/plot -o`"
	if baselines != nil {
		origin = "`make report` (`go run ./cmd/plot -pages results`)"
	}
	notes, err := s.Page(dir, base, origin)
	for _, n := range notes {
		fmt.Fprintln(stderr, "note:", n)
	}
	if err == nil {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, "README.md"))
	}
	return err
}

// writePages writes a page into every folder below the roots that holds
// results files directly, with the perft results of its perft folder.
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
			if d.IsDir() {
				m, _ := filepath.Glob(filepath.Join(p, "*.txt"))
				perft, _ := filepath.Glob(filepath.Join(p, schema.PerftFolder, "*.txt"))
				if len(m)+len(perft) > 0 {
					dirs = append(dirs, p)
				}
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
	// Everything below the roots at once: the page across CPUs, and the
	// baselines of results files from before the baseline line.
	all, err := load(roots, io.Discard)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*.txt"))
		perft, _ := filepath.Glob(filepath.Join(d, schema.PerftFolder, "*.txt"))
		files = append(files, perft...)
		if err := writePage(d, files, base, all, stdout, stderr); err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	if len(roots) == 1 {
		if err := all.CrossPage(roots[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(roots[0], "README.md"))
	}
	return nil
}

func updateNotebooks(dir string, paths []string, stdout, stderr io.Writer) error {
	if len(paths) != 1 {
		return errors.New("-notebooks takes one results folder (its charts/ are linked)")
	}
	s, err := load(paths, stderr)
	if err != nil {
		return err
	}
	// Results from before the baseline line take it from their neighbours.
	if all, err := load([]string{filepath.Dir(filepath.Clean(paths[0]))}, io.Discard); err == nil {
		s.InheritBaselines(all)
	}
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
