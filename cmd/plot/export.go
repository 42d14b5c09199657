package main

import (
	"errors"
	"flag"
	"io"
	"os"

	"bitlab/internal/command"
	"bitlab/report"
)

// exportOptions are export's: where the cases go, and the results.
type exportOptions struct {
	csv, json string
	results   []string
}

// flags registers the export's flags; also says they come with another
// command's output (page, pages).
func (o *exportOptions) flags(fs *flag.FlagSet, also bool) {
	with := ""
	if also {
		with = "also "
	}
	fs.StringVar(&o.csv, "csv", "", with+"write every case (median, 95% interval, min, samples) as CSV to this file")
	fs.StringVar(&o.json, "json", "", with+"write every case as JSON to this file")
}

func (o *exportOptions) check(p command.Parsed) error {
	o.results = p.Args
	if o.csv == "" && o.json == "" {
		return errors.New("-csv or -json says where the cases go")
	}
	return nil
}

// run writes the cases of the results as CSV and JSON, where asked.
func (o *exportOptions) run(_, stderr io.Writer) error {
	if o.csv == "" && o.json == "" {
		return nil
	}
	s, err := load(o.results, stderr)
	if err != nil {
		return err
	}
	rows := s.Export()
	for _, out := range []struct {
		path  string
		write func(io.Writer, []report.ExportRow) error
	}{{o.csv, report.WriteCSV}, {o.json, report.WriteJSON}} {
		if out.path == "" {
			continue
		}
		f, err := os.Create(out.path)
		if err != nil {
			return err
		}
		if err := errors.Join(out.write(f, rows), f.Close()); err != nil {
			return err
		}
	}
	return nil
}
