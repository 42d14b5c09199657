package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/schema"
)

// The estimates of package explain (llvm-mca's simulation of each kernel's
// main loop), which the pages show beside the measurements (package
// render). Estimates files live in estimates folders
// (schema.EstimatesFolder), which Load skips.

// Form is one kernel form: a family's implementation in one mode.
type Form struct {
	Family, Impl string
	Mode         schema.Mode
}

func (f Form) String() string { return f.Family + "/" + f.Impl + " " + string(f.Mode) }

// EstimatedForm is what an estimates file says of one form.
type EstimatedForm struct {
	Cycles     float64 // per input element, on the L1 batch of random inputs
	Bottleneck string  // what bounds the loop, in words
	Asm        bool    // written in assembly
	Path       string  // the input path the estimate holds for, "" for any
}

// Estimates are the contents of one estimates file: one model's estimates
// of one build.
type Estimates struct {
	File  string
	Model string // the estimate line: "llvm-mca 19.1.7 -mcpu=znver4"
	Uarch string // the core the model stands for
	// Borrowed names the core whose model LLVM runs for Uarch, "" where
	// the model is Uarch's own (schema.Borrowed).
	Borrowed string
	CPU      string
	GOARCH   string
	Level    string // GOAMD64
	Forms    map[Form]EstimatedForm
	// Missing are the forms left without an estimate, with the reason.
	Missing map[Form]string
}

// ReadEstimates reads an estimates file.
func ReadEstimates(file string) (*Estimates, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	e := &Estimates{File: file, Forms: map[Form]EstimatedForm{}, Missing: map[Form]string{}}
	notes := map[string]EstimatedForm{}
	for _, line := range strings.Split(string(data), "\n") {
		c, ok := strings.CutPrefix(line, "# ")
		if !ok {
			continue
		}
		if rest, ok := strings.CutPrefix(c, schema.CommentBottleneck); ok {
			name, words, _ := strings.Cut(rest, ": ")
			n := notes[name]
			n.Bottleneck = words
			notes[name] = n
		}
		if rest, ok := strings.CutPrefix(c, schema.CommentLoop); ok {
			name, words, _ := strings.Cut(rest, ": ")
			n := notes[name]
			n.Asm = strings.HasPrefix(words, "assembly")
			if _, p, ok := strings.Cut(words, ", path "); ok {
				n.Path = p
			}
			notes[name] = n
		}
		if rest, ok := strings.CutPrefix(c, schema.CommentNotEstimated); ok {
			id, why, _ := strings.Cut(rest, ": ")
			kernel, mode, _ := strings.Cut(id, " ")
			fam, impl, _ := strings.Cut(kernel, "/")
			e.Missing[Form{fam, impl, schema.Mode(mode)}] = why
		}
	}
	r := benchfmt.NewReader(bytes.NewReader(data), file)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, fmt.Errorf("%s:%d: %s", rec.FileName, rec.Line, rec.Msg)
		case *benchfmt.Result:
			name, err := schema.ParseName(rec.Name)
			k, ok := name.Kernel()
			if err != nil || !ok {
				continue
			}
			e.Model, e.Uarch, e.CPU = rec.GetConfig(schema.KeyEstimate), rec.GetConfig(schema.KeyUarch), rec.GetConfig(schema.KeyCPU)
			e.GOARCH, e.Level = rec.GetConfig(schema.KeyGOARCH), rec.GetConfig(schema.KeyGOAMD64)
			v, ok := rec.Value(schema.CyclesPerOp().Read)
			if !ok || e.Model == "" {
				return nil, fmt.Errorf("%s: %s: no cycles/op value or no %s line", file, rec.Name, schema.KeyEstimate)
			}
			f := notes[name.String()]
			f.Cycles = v
			e.Forms[Form{k.Family, k.Impl, k.Mode}] = f
		}
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(e.Forms) == 0 {
		return nil, fmt.Errorf("%s: %w", file, errNoResults)
	}
	e.Borrowed = schema.Borrowed(e.Model)
	return e, nil
}

// ReadEstimatesFolder reads every estimates file of a folder of them (none
// where there is no such folder), in name order.
func ReadEstimatesFolder(dir string) ([]*Estimates, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	slices.Sort(files)
	var out []*Estimates
	for _, f := range files {
		e, err := ReadEstimates(f)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}
