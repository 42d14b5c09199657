package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/internal/command"
	"bitlab/report"
	"bitlab/report/render"
	"bitlab/schema"
)

// pagesOptions are pages': the baseline of the chart across
// configurations, the export that goes with the pages, and the results.
type pagesOptions struct {
	baseline string
	export   exportOptions
	results  []string
}

func (o *pagesOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.baseline, "baseline", "", "configuration label the cross-configuration chart is relative to (default: the first in label order, the lowest level)")
	o.export.flags(fs, true)
}

func (o *pagesOptions) check(p command.Parsed) error {
	o.results = p.Args
	o.export.results = p.Args
	return nil
}

// run writes the export, if asked for, and a page into every folder below
// the roots that holds results files directly (or in its perft folder),
// from its standard runs, and the page across them into the single root.
func (o *pagesOptions) run(stdout, stderr io.Writer) error {
	if err := o.export.run(stdout, stderr); err != nil {
		return err
	}
	var dirs []string
	for _, root := range o.results {
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
		return fmt.Errorf("no results files below %v", o.results)
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
		return fmt.Errorf("no standard runs below %v (%s)", o.results, report.PageRule)
	}
	// Everything below the roots at once: the page across CPUs, and the
	// baselines of results files from before the baseline line.
	every, err := load(all, io.Discard)
	if err != nil {
		return err
	}
	vs, err := every.Validations()
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
		opt := render.PageOptions{Base: o.baseline, Origin: "`make report` (`go run ./cmd/plot pages results`)", Rule: report.PageRule, Validations: vs}
		if err := writePage(s, d, opt, stdout, stderr); err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	if len(o.results) == 1 {
		if err := render.CrossPage(every, o.results[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(o.results[0], "README.md"))
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

// pageOptions are page's: pages' and the folder the page goes into.
type pageOptions struct {
	pagesOptions
	out string
}

func (o *pageOptions) flags(fs *flag.FlagSet) {
	o.pagesOptions.flags(fs)
	fs.StringVar(&o.out, "o", "bitlab-report", "output folder of the page (new, empty or a page's; never a source folder)")
}

// run writes the export, if asked for, and a page of exactly the files
// given into the -o folder, which must be a folder a page may go into
// (pageFolder).
func (o *pageOptions) run(stdout, stderr io.Writer) error {
	if err := o.export.run(stdout, stderr); err != nil {
		return err
	}
	if err := pageFolder(o.out); err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	s, err := load(o.results, stderr)
	if err != nil {
		return err
	}
	return writePage(s, o.out, render.PageOptions{Base: o.baseline, Origin: "`go run ./cmd/plot page -o`"}, stdout, stderr)
}

func writePage(s *report.Set, dir string, opt render.PageOptions, stdout, stderr io.Writer) error {
	notes, err := render.Page(s, dir, opt)
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
		case name == "README.md" && render.IsPage(filepath.Join(abs, name)):
		default:
			return fmt.Errorf("-o %s: the folder holds %s, which is not a page's; a page goes into a new or empty folder, or one a page was written into", dir, name)
		}
	}
	return nil
}

// notebooksOptions are notebooks': the notebooks' folder and the CPU
// folder of results.
type notebooksOptions struct {
	dir, results string
}

func (o *notebooksOptions) check(p command.Parsed) error {
	o.dir, o.results = p.Args[0], p.Args[1]
	return nil
}

// run regenerates the generated blocks of every notebook in the folder
// from the CPU folder's standard runs.
func (o *notebooksOptions) run(stdout, stderr io.Writer) error {
	files, err := standardFiles(o.results, io.Discard)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s holds no standard run (%s)", o.results, report.PageRule)
	}
	s, err := load(files, stderr)
	if err != nil {
		return err
	}
	// Results from before the baseline line take it from their neighbours.
	all, err := load([]string{filepath.Dir(filepath.Clean(o.results))}, io.Discard)
	if err != nil {
		return err
	}
	s.InheritBaselines(all)
	books, _ := filepath.Glob(filepath.Join(o.dir, "*.md"))
	if len(books) == 0 {
		return fmt.Errorf("no notebooks in %s", o.dir)
	}
	for _, b := range books {
		changed, err := render.UpdateNotebook(s, b, filepath.Join(o.results, "charts"))
		if err != nil {
			return err
		}
		if changed {
			fmt.Fprintf(stdout, "updated %s\n", b)
		}
	}
	return nil
}
