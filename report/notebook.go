package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"bitlab/schema"
)

// Notebooks keep their prose by hand and their data generated, between
//
//	<!-- bitlab:begin KIND key=value ... -->
//	<!-- bitlab:end -->
//
// The kinds:
//
//	table family=F [config=C] [mode=M] [size=N] [dists=d1,d2]   a Markdown table
//	chart family=F kind=bars|sweep|latency|learning|pressure|tables [config=C]  a chart image
//	pressure family=F [config=C]                      the table of costs against cache pressure
//	perft [config=C]                                  the table of perft speeds per generator configuration
//	cross [base=C]                                    the cross-configuration chart
//
// config defaults to the last configuration (the highest GOAMD64 level),
// mode to throughput. Charts are linked from chartsDir, where Page wrote them.
var block = regexp.MustCompile(`(?s)(<!-- bitlab:begin ([a-z]+)([^>]*?) -->\n)(.*?)(<!-- bitlab:end -->)`)

// UpdateNotebook regenerates the blocks of the Markdown file at path and
// reports whether the file changed.
func (s *Set) UpdateNotebook(path, chartsDir string) (bool, error) {
	old, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	var firstErr error
	out := block.ReplaceAllFunc(old, func(m []byte) []byte {
		g := block.FindSubmatch(m)
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

func (s *Set) generate(kind string, a map[string]string, notebookDir, chartsDir string) (string, error) {
	cfg := a["config"]
	if cfg == "" {
		cfg = s.Configs[len(s.Configs)-1].Label
	}
	if _, ok := s.cfgOf[cfg]; !ok {
		return "", fmt.Errorf("no configuration %q", cfg)
	}
	link := func(name, alt string) (string, error) {
		file := filepath.Join(chartsDir, name+".svg")
		if _, err := os.Stat(file); err != nil {
			return "", fmt.Errorf("chart %s missing: run go run ./cmd/plot -pages first", file)
		}
		return fmt.Sprintf("![%s](%s)\n", alt, relPath(notebookDir, file)), nil
	}
	switch kind {
	case "table":
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
				return "", fmt.Errorf("bad size %q", n)
			}
		}
		var b bytes.Buffer
		err := s.TableAt(&b, cfg, a["family"], mode, size, dists)
		return b.String(), err
	case "chart":
		fam := a["family"]
		switch a["kind"] {
		case "bars", "sweep", "latency", "learning", "pressure", "tables":
			return link(fam+"-"+a["kind"]+"-"+schema.Slug(cfg), fmt.Sprintf("%s %s (%s)", fam, a["kind"], cfg))
		}
		return "", fmt.Errorf("unknown chart kind %q", a["kind"])
	case "pressure":
		var b bytes.Buffer
		err := s.PressureTable(&b, cfg, a["family"])
		return b.String(), err
	case "perft":
		var b bytes.Buffer
		err := s.PerftTable(&b, cfg)
		return b.String(), err
	case "cross":
		base := a["base"]
		if base == "" {
			base = s.First()
		}
		return link("configurations-vs-"+schema.Slug(base), "speed relative to "+base)
	}
	return "", fmt.Errorf("unknown block kind %q", kind)
}
