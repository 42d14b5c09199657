package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/harness"
	"bitlab/report"
	"bitlab/schema"
)

// An artifactFile is a results file found in a CPU folder of an artifact.
type artifactFile struct {
	src  string // the CPU folder, named after its CPU (schema.Slug)
	file *report.File
}

// cpu returns the folder name of the file's CPU.
func (a artifactFile) cpu() string { return filepath.Base(a.src) }

// merge copies the results files (report.FolderFiles: *.txt and perft/*.txt)
// of every CPU folder below dirs into into/<cpu>/, once it has checked that
// every file's cpu line names the folder it came in: results files only
// (the pages and charts are make report's to write; estimates are make
// explain's, and a folder's stay as they are), one campaign per CPU (see
// oneCampaign), never over another file (a taken name gets a number), and
// a file that is there already not again. It keeps every run it merges,
// whatever its host or revision, and then says which of those the pages
// leave out and why (report.PageFiles: per CPU and build, the newest
// standard run of each kind, so that two hosts of one CPU model, or an
// older revision, never pool in one figure) and which configurations they
// mark stale (their code has changed since: report.Set.StaleNote).
func merge(into string, dirs []string, w io.Writer) error {
	if len(dirs) == 0 {
		return errors.New("no folder to merge (the workflow's downloaded artifacts)")
	}
	var found []artifactFile
	for _, dir := range dirs {
		folders, err := cpuFolders(dir)
		if err != nil {
			return err
		}
		if len(folders) == 0 {
			return fmt.Errorf("%s holds no results files", dir)
		}
		for _, src := range folders {
			files, err := scanFolder(src)
			if err != nil {
				return err
			}
			found = append(found, files...)
			if est, _ := filepath.Glob(filepath.Join(src, schema.EstimatesFolder, "*.txt")); len(est) > 0 {
				fmt.Fprintf(w, "note: %s: its %d estimates files are not merged (make explain writes a folder's estimates)\n", src, len(est))
			}
		}
	}
	var copied []string
	touched := map[string]bool{}
	for _, a := range oneCampaign(found, w) {
		dst := filepath.Join(into, a.cpu())
		placed, err := mergeFile(a, dst, w)
		if err != nil {
			return err
		}
		if placed != "" {
			copied = append(copied, placed)
			touched[dst] = true
		}
	}
	for _, dst := range slices.Sorted(maps.Keys(touched)) {
		if err := pageNotes(dst, copied, w); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "merged %d results files into %s\n", len(copied), into)
	return nil
}

// scanFolder reads the headers of the results files of the CPU folder
// src, each of which must name the CPU the folder is named after.
func scanFolder(src string) ([]artifactFile, error) {
	var out []artifactFile
	for _, path := range report.FolderFiles(src) {
		f, err := report.ScanFile(path)
		if err != nil {
			return nil, err
		}
		if slug := schema.Slug(f.CPU); slug != filepath.Base(src) {
			return nil, fmt.Errorf("%s: its cpu line %q belongs in a folder %s, not %s", path, f.CPU, slug, filepath.Base(src))
		}
		out = append(out, artifactFile{src, f})
	}
	return out, nil
}

// oneCampaign returns the files to merge: per CPU, those of one campaign,
// the one with the most files (the most complete), then the newest, and
// every file that names no campaign (runs of their own, such as those
// of runbench binaries run by hand). Two jobs that drew the same CPU model
// measure it twice, on two hosts: a page reads the newest run of each
// kind, which would mix the two campaigns, so the other campaign's files
// stay in their artifact, and it says so.
func oneCampaign(found []artifactFile, w io.Writer) []artifactFile {
	type key struct {
		cpu      string
		campaign schema.Campaign
	}
	size := map[key]int{}
	for _, a := range found {
		if !a.file.Campaign.IsZero() {
			size[key{a.cpu(), a.file.Campaign}]++
		}
	}
	chosen := map[string]schema.Campaign{}
	for _, k := range slices.SortedFunc(maps.Keys(size), func(a, b key) int {
		return cmp.Or(cmp.Compare(size[b], size[a]), b.campaign.Start.Compare(a.campaign.Start), strings.Compare(a.campaign.String(), b.campaign.String()))
	}) {
		if _, ok := chosen[k.cpu]; !ok {
			chosen[k.cpu] = k.campaign
		}
	}
	var out []artifactFile
	for _, a := range found {
		if c := a.file.Campaign; c.IsZero() || c == chosen[a.cpu()] {
			out = append(out, a)
			continue
		}
		c := chosen[a.cpu()]
		fmt.Fprintf(w, "note: %s is not merged: a merge takes one campaign per CPU, the one with the most files, then the newest: %s (%d files)\n", a.file.Path, c, size[key{a.cpu(), c}])
	}
	return out
}

// mergeFile copies the artifact's file to the same place in the CPU folder
// dst and returns where it went, "" when it was there already.
func mergeFile(a artifactFile, dst string, w io.Writer) (string, error) {
	f := a.file
	rel, err := filepath.Rel(a.src, f.Path)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return "", err
	}
	placed, existed, err := harness.PlaceResults(filepath.Join(dst, rel), data)
	if err != nil {
		return "", err
	}
	if existed {
		fmt.Fprintf(w, "%s: in %s already\n", f.Path, placed)
		return "", nil
	}
	host := f.Host
	if f.Runner != "" {
		host += ", runner " + f.Runner
	}
	fmt.Fprintf(w, "%s -> %s (host %s, revision %s)\n", f.Path, placed, host, f.ShortRevision())
	return placed, nil
}

// pageNotes says, for the CPU folder dst, which of the copied files its
// page leaves out and why, and which of the configurations they are in it
// marks stale.
func pageNotes(dst string, copied []string, w io.Writer) error {
	use, left, err := report.PageFiles(report.FolderFiles(dst))
	if err != nil {
		return err
	}
	for _, l := range left {
		if slices.Contains(copied, l.File.Path) {
			fmt.Fprintf(w, "note: %s stays out of the page: %s\n", l.File.Path, l.Reason)
		}
	}
	if len(use) == 0 {
		return nil
	}
	s, _, err := report.Load(report.Paths(use)...)
	if err != nil {
		return err
	}
	for _, c := range s.Configs {
		if slices.ContainsFunc(c.Files, func(p string) bool { return slices.Contains(copied, p) }) {
			if note := s.StaleNote(c.Label); note != "" {
				fmt.Fprintf(w, "note: %s: the page marks it stale: %s\n", dst, note)
			}
		}
	}
	return nil
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
