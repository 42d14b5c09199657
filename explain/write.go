package explain

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/fingerprint"
	"bitlab/kernels"
	"bitlab/schema"
)

// Folder is a CPU's results folder: where the estimates of its core's
// model go, so that its page shows them beside its measurements.
type Folder struct {
	Dir string // results/<cpu>
	CPU string // its results' cpu configuration line
}

// ResultsFolders returns the CPU folders below results by the core their
// measurements name (their uarch line), the first folder of each core.
func ResultsFolders(results string) (map[string]Folder, error) {
	dirs, err := filepath.Glob(filepath.Join(results, "*", "*.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(dirs)
	out := map[string]Folder{}
	for _, f := range dirs {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		core, cpu := configLine(data, schema.KeyUarch), configLine(data, schema.KeyCPU)
		if _, seen := out[core]; core != "" && !seen {
			out[core] = Folder{Dir: filepath.Dir(f), CPU: cpu}
		}
	}
	return out, nil
}

// configLine returns the value of the first configuration line key in a
// results file.
func configLine(data []byte, key string) string {
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, key+": "); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Estimate says which model made a results file's values, as its estimate
// configuration line: "llvm-mca 19.1.7 -mcpu=znver5 (borrowed: LLVM's Zen 4
// model)" (schema.BorrowedNote).
func (mca MCA) Estimate(m Model) string {
	s := "llvm-mca " + mca.Version + " -mcpu=" + m.CPU
	if m.Borrowed != "" {
		s += schema.BorrowedNote(m.Borrowed)
	}
	return s
}

// File returns the path of the estimates of model m for target t: in the
// CPU folder of the model's core where there is one, else in a folder of
// the model's own below results/estimates.
func File(results string, folders map[string]Folder, m Model, t Target) string {
	name := m.CPU + "-" + cmp.Or(t.GOAMD64, t.GOARCH) + ".txt"
	if f, ok := folders[m.Core]; ok && m.Core != "" {
		return filepath.Join(f.Dir, schema.EstimatesFolder, name)
	}
	return filepath.Join(results, schema.EstimatesFolder, m.CPU, name)
}

// Provenance is what an estimates file's header says of the code it
// estimated: the bitlab revision, and the campaign that wrote it (zero for
// none) with the host it ran on and its CI runner label, as the campaign's
// runs record them ("" for none).
type Provenance struct {
	Revision     string
	Campaign     schema.Campaign
	Host, Runner string
}

// Write writes every model's and target's estimates into its results file
// (File), removing the model's earlier files elsewhere, and returns the
// files written and those kept: a file whose estimates are those it holds
// already keeps its older revision and fingerprint lines, so that a run on
// a new revision rewrites only what changed (a campaign's run rewrites
// every file of another campaign or none, which then names it).
func Write(results string, folders map[string]Folder, ests []Estimate, mca MCA, prov Provenance) (written, kept []string, err error) {
	type key struct {
		m Model
		t Target
	}
	var keys []key
	groups := map[string][]Estimate{}
	for _, e := range ests {
		k := key{e.Model, e.Target}
		id := e.Model.CPU + " " + e.Target.String()
		if groups[id] == nil {
			keys = append(keys, k)
		}
		groups[id] = append(groups[id], e)
	}
	files := map[string][]byte{} // path: contents
	var paths, cpus []string
	for _, k := range keys {
		path := File(results, folders, k.m, k.t)
		cpu := k.m.Label + " (no run: llvm-mca's model)"
		if f, ok := folders[k.m.Core]; ok && k.m.Core != "" {
			cpu = f.CPU
		}
		data, err := format(groups[k.m.CPU+" "+k.t.String()], k.m, k.t, cpu, mca, prov)
		if err != nil {
			return nil, nil, err
		}
		files[path] = data
		paths = append(paths, path)
		if !slices.Contains(cpus, k.m.CPU) {
			cpus = append(cpus, k.m.CPU)
		}
	}
	for _, cpu := range cpus {
		old, _ := filepath.Glob(filepath.Join(results, "*", schema.EstimatesFolder, cpu+"-*.txt"))
		old2, _ := filepath.Glob(filepath.Join(results, schema.EstimatesFolder, cpu, "*.txt"))
		for _, f := range append(old, old2...) {
			if _, fresh := files[f]; fresh {
				continue
			}
			if err := os.Remove(f); err != nil {
				return nil, nil, err
			}
		}
	}
	for _, path := range paths {
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(withoutRevision(old), withoutRevision(files[path])) {
			kept = append(kept, path)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(path, files[path], 0o644); err != nil {
			return nil, nil, err
		}
		written = append(written, path)
	}
	return written, kept, nil
}

// revisionLine and fingerprintLine start the lines of an estimates file
// that name the revision it was written at and its code's fingerprints.
const (
	revisionLine    = "# bitlab revision: "
	fingerprintLine = "# " + schema.FingerprintComment
)

// withoutRevision returns an estimates file without its revision and
// fingerprint lines.
func withoutRevision(data []byte) []byte {
	var b bytes.Buffer
	for line := range bytes.Lines(data) {
		if !bytes.HasPrefix(line, []byte(revisionLine)) && !bytes.HasPrefix(line, []byte(fingerprintLine)) {
			b.Write(line)
		}
	}
	return b.Bytes()
}

// format writes one model's estimates for one target as a results file.
func format(ests []Estimate, m Model, t Target, cpu string, mca MCA, prov Provenance) ([]byte, error) {
	var b bytes.Buffer
	w := benchfmt.NewWriter(&b)
	if err := schema.WriteMetadata(w); err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "# bitlab estimates (Go benchmark format): no measurement, llvm-mca's simulation of each kernel's main loop\n")
	fmt.Fprintf(&b, "# written by `make explain` (go run ./cmd/explain); see package explain for the method\n")
	fmt.Fprintf(&b, "%s%s\n", revisionLine, prov.Revision)
	fmt.Fprintf(&b, "%s%s\n", fingerprintLine, fingerprint.Line())
	if !prov.Campaign.IsZero() {
		fmt.Fprintf(&b, "# %s%s\n", schema.CampaignComment, prov.Campaign)
	}
	if prov.Host != "" {
		fmt.Fprintf(&b, "# %s%s\n", schema.HostComment, prov.Host)
	}
	if prov.Runner != "" {
		fmt.Fprintf(&b, "# %s%s\n", schema.RunnerComment, prov.Runner)
	}
	fmt.Fprintf(&b, "# model: %s, -mcpu=%s", m.Label, m.CPU)
	if m.Borrowed != "" {
		fmt.Fprintf(&b, " (LLVM %s has no model of its own for it and runs its %s model: every figure below is borrowed)", mca.Version, m.Borrowed)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "# cycles per input element: TotalCycles / Iterations / (2 copies of the loop x elements per iteration), L1-resident data, every branch predicted\n")
	base := []benchfmt.Config{
		{Key: schema.KeyGOOS, Value: []byte("linux"), File: true},
		{Key: schema.KeyGOARCH, Value: []byte(t.GOARCH), File: true},
	}
	if t.GOAMD64 != "" {
		base = append(base, benchfmt.Config{Key: schema.KeyGOAMD64, Value: []byte(t.GOAMD64), File: true})
	}
	base = append(base,
		benchfmt.Config{Key: schema.KeyCPU, Value: []byte(cpu), File: true},
		benchfmt.Config{Key: schema.KeyUarch, Value: []byte(cmp.Or(m.Core, m.Label)), File: true},
		benchfmt.Config{Key: schema.KeyEstimate, Value: []byte(mca.Estimate(m)), File: true})
	for _, fam := range kernels.Families() {
		var mine []Estimate
		for _, e := range ests {
			if strings.HasPrefix(e.Kernel, fam.Name()+"/") {
				mine = append(mine, e)
			}
		}
		if len(mine) == 0 {
			continue
		}
		cfg := append(slices.Clone(base), benchfmt.Config{Key: schema.KeyFamily, Value: []byte(fam.Name()), File: true})
		for _, e := range mine {
			_, impl, _ := strings.Cut(e.Kernel, "/")
			dist := distOf(fam, e.Path)
			if e.Missing != "" || dist == "" {
				why := e.Missing
				if why == "" {
					why = fmt.Sprintf("%.3f cycles on the %s path, which no distribution of the family holds alone: %s", e.Cycles, e.Path, e.Bottleneck)
				}
				fmt.Fprintf(&b, "# %s%s %s: %s\n", schema.CommentNotEstimated, e.Kernel, e.Mode, why)
				continue
			}
			name := schema.KernelCase{Family: fam.Name(), Impl: impl, Dist: dist, Size: schema.L1Elements, Mode: e.Mode}.Name()
			lang := "go"
			if e.Asm {
				lang = "assembly"
			}
			fmt.Fprintf(&b, "# %s%s: %s, %d instructions, %d elements per iteration", schema.CommentLoop, name, lang, e.Instructions, e.Elements)
			if e.Path != "" {
				fmt.Fprintf(&b, ", path %s", e.Path)
			}
			fmt.Fprintf(&b, "\n# %s%s: %s\n", schema.CommentBottleneck, name, e.Bottleneck)
			if err := w.Write(&benchfmt.Result{Config: cfg, Name: benchfmt.Name(name.String()), Iters: 1,
				Values: []benchfmt.Value{{Value: round(e.Cycles), Unit: schema.CyclesPerOp().Written}}}); err != nil {
				return nil, err
			}
		}
	}
	return b.Bytes(), nil
}

// distOf returns the distribution an estimate on path holds for in family
// f: "random" for every input where the loop's cost does not depend on
// it, and for the queen path where the family's random queries are all
// queens'; "" where no distribution holds the path alone.
func distOf(f kernels.AnyFamily, path string) string {
	switch path {
	case "":
		return "random"
	case kernels.PathQueen:
		if slices.Equal(f.RandomSliders(), []kernels.Slider{kernels.QueenLines}) {
			return "random"
		}
	}
	return ""
}

// round keeps four significant digits: the model's precision, and files
// that do not change with the last bits of a division.
func round(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}
