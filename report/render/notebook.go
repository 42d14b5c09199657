package render

import (
	"bytes"
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

// Notebooks keep their prose by hand and their data generated, between
//
//	<!-- bitlab:begin KIND key=value ... -->
//	<!-- bitlab:end -->
//
// KIND is "chart" (a family chart: family=F kind=K, K one of familyCharts),
// a table's name (tableKinds) or a page chart's with a block (pageCharts);
// Kinds lists each with its arguments, NotebookHelp the defaults. Charts
// are linked from the charts folder Page wrote them into.
var blockPattern = regexp.MustCompile(`(?s)(<!-- bitlab:begin ([a-z]+)([^>]*?) -->\n)(.*?)(<!-- bitlab:end -->)`)

// NotebookHelp describes the generated blocks of notebooks, for plot -h.
const NotebookHelp = "A block is a table or the link to a chart, as BLOCK names it below; config defaults to the last " +
	"configuration (the highest GOAMD64 level), mode to throughput, size to the L1 batch, dists to all, base to the " +
	"first configuration (the lowest GOAMD64 level)."

// chartBlock is the block kind of a family chart.
const chartBlock = "chart"

// UpdateNotebook regenerates the blocks of the Markdown file at path and
// reports whether the file changed.
func UpdateNotebook(rs *report.Set, path, chartsDir string) (bool, error) {
	s := set{rs}
	old, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	var firstErr error
	out := blockPattern.ReplaceAllFunc(old, func(m []byte) []byte {
		g := blockPattern.FindSubmatch(m)
		body, err := s.generate(string(g[2]), args(string(g[3])), filepath.Dir(path), chartsDir)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("%s: block %q: %v", path, strings.TrimSpace(string(g[2])+string(g[3])), err)
			}
			return m
		}
		return []byte(string(g[1]) + body + string(g[5]))
	})
	if firstErr != nil {
		return false, firstErr
	}
	if bytes.Equal(out, old) {
		return false, nil
	}
	return true, os.WriteFile(path, out, 0o644)
}

func args(s string) map[string]string {
	m := map[string]string{}
	for _, f := range strings.Fields(s) {
		k, v, _ := strings.Cut(f, "=")
		m[k] = v
	}
	return m
}

// block is one generated block of a notebook: its arguments, its
// configuration, and where it links charts from.
type block struct {
	args                   map[string]string
	cfg                    string
	notebookDir, chartsDir string
}

// link returns the Markdown image of the chart file name (without
// extension) in the charts folder, which must exist.
func (b block) link(name, alt string) (string, error) {
	file := filepath.Join(b.chartsDir, name+".svg")
	if _, err := os.Stat(file); err != nil {
		return "", fmt.Errorf("chart %s missing: run go run ./cmd/plot pages first", file)
	}
	return fmt.Sprintf("![%s](%s)\n", alt, relPath(b.notebookDir, file)), nil
}

// generate returns the body of a block of the given kind.
func (s set) generate(kind string, a map[string]string, notebookDir, chartsDir string) (string, error) {
	b := block{args: a, cfg: a["config"], notebookDir: notebookDir, chartsDir: chartsDir}
	if b.cfg == "" {
		b.cfg = s.Configs[len(s.Configs)-1].Label
	}
	if _, ok := s.Config(b.cfg); !ok {
		return "", fmt.Errorf("no configuration %q", b.cfg)
	}
	if kind == chartBlock {
		k := chartKey{Kind: a["kind"], Config: b.cfg, Family: a["family"]}
		if !slices.Contains(familyChartNames(), k.Kind) {
			return "", fmt.Errorf("unknown chart kind %q (want %s)", k.Kind, strings.Join(familyChartNames(), ", "))
		}
		return b.link(k.File(), fmt.Sprintf("%s %s (%s)", k.Family, k.Kind, k.Config))
	}
	for _, t := range tableKinds() {
		if t.name == kind {
			var w bytes.Buffer
			err := t.block(s, &w, b)
			return w.String(), err
		}
	}
	for _, c := range pageCharts() {
		if c.name == kind && c.link != nil {
			return b.link(c.link(s, b))
		}
	}
	return "", fmt.Errorf("unknown block kind %q (want %s)", kind, strings.Join(blockKinds(), ", "))
}

// blockKinds returns the kinds of notebook blocks.
func blockKinds() []string {
	kinds := []string{chartBlock}
	for _, t := range tableKinds() {
		kinds = append(kinds, t.name)
	}
	for _, c := range pageCharts() {
		if c.link != nil {
			kinds = append(kinds, c.name)
		}
	}
	return kinds
}

// tableBlock writes the table a notebook's table block asks for: mode
// (default throughput), size (default the L1 batch) and dists (default
// all).
func (s set) tableBlock(w io.Writer, b block) error {
	a := b.args
	var dists []string
	if d := a["dists"]; d != "" {
		dists = strings.Split(d, ",")
	}
	mode := schema.Mode(a["mode"])
	if mode == "" {
		mode = schema.Throughput
	}
	size := schema.L1Elements
	if n := a["size"]; n != "" {
		if _, err := fmt.Sscan(n, &size); err != nil {
			return fmt.Errorf("bad size %q", n)
		}
	}
	return s.tableAt(w, b.cfg, a["family"], mode, size, dists)
}
