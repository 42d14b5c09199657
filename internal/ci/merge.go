package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"bitlab/harness"
	"bitlab/report"
	"bitlab/schema"
)

// merge copies the results files (report.FolderFiles: *.txt and perft/*.txt)
// of every CPU folder below dirs into into/<cpu>/: results files only (the
// pages and charts are make report's to write; estimates are make
// explain's, and a folder's stay as they are), each after checking that
// its cpu line names the folder it came in, never over another file (a
// taken name gets a number), and a file that is there already not again.
// It keeps every run, whatever its host or revision, and then says which
// of those it copied the pages leave out and why (report.PageFiles: per
// CPU and build, the newest standard run of each kind, so that two hosts
// of one CPU model, or an older revision, never pool in one figure).
func merge(into string, dirs []string, w io.Writer) error {
	if len(dirs) == 0 {
		return errors.New("no folder to merge (the workflow's downloaded artifacts)")
	}
	var copied []string
	touched := map[string]bool{}
	for _, dir := range dirs {
		folders, err := cpuFolders(dir)
		if err != nil {
			return err
		}
		if len(folders) == 0 {
			return fmt.Errorf("%s holds no results files", dir)
		}
		for _, src := range folders {
			dst := filepath.Join(into, filepath.Base(src))
			for _, path := range report.FolderFiles(src) {
				placed, err := mergeFile(src, path, dst, w)
				if err != nil {
					return err
				}
				if placed != "" {
					copied = append(copied, placed)
					touched[dst] = true
				}
			}
		}
	}
	for _, dst := range slices.Sorted(maps.Keys(touched)) {
		_, left, err := report.PageFiles(report.FolderFiles(dst))
		if err != nil {
			return err
		}
		for _, l := range left {
			if slices.Contains(copied, l.File.Path) {
				fmt.Fprintf(w, "note: %s stays out of the page: %s\n", l.File.Path, l.Reason)
			}
		}
	}
	fmt.Fprintf(w, "merged %d results files into %s\n", len(copied), into)
	return nil
}

// mergeFile copies the results file path of the CPU folder src to the same
// place in dst and returns where it went, "" when it was there already.
func mergeFile(src, path, dst string, w io.Writer) (string, error) {
	f, err := report.ScanFile(path)
	if err != nil {
		return "", err
	}
	if slug := schema.Slug(f.CPU); slug != filepath.Base(src) {
		return "", fmt.Errorf("%s: its cpu line %q belongs in a folder %s, not %s", path, f.CPU, slug, filepath.Base(src))
	}
	rel, err := filepath.Rel(src, path)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	placed, existed, err := harness.PlaceResults(filepath.Join(dst, rel), data)
	if err != nil {
		return "", err
	}
	if existed {
		fmt.Fprintf(w, "%s: in %s already\n", path, placed)
		return "", nil
	}
	host := f.Host
	if f.Runner != "" {
		host += ", runner " + f.Runner
	}
	fmt.Fprintf(w, "%s -> %s (host %s, revision %s)\n", path, placed, host, f.ShortRevision())
	return placed, nil
}

// cpuFolders returns the CPU folders below root: the folders holding
// results files directly or in their perft folder, as make report finds
// them.
func cpuFolders(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case !d.IsDir():
			return nil
		case d.Name() == schema.PerftFolder || d.Name() == schema.EstimatesFolder:
			return filepath.SkipDir
		case len(report.FolderFiles(p)) > 0:
			out = append(out, p)
		}
		return nil
	})
	return out, err
}
