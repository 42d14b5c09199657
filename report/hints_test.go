package report

import (
	"flag"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"bitlab/schema"
)

// benchstatPools evaluates a benchstat command as benchstat does: its
// -filter, and its -table, -row, -col and -ignore projections (the same
// defaults, parsed in the same order with golang.org/x/perf/benchproc) on
// its files. It returns an error when a cell pools results that differ in
// a key the projections leave out (the residue: benchstat's "benchmarks
// vary in ..."), when the cells of one row differ in such a key other than
// the file (the columns would compare more than one factor), or when no
// row has two columns to compare.
func benchstatPools(command string) error {
	words, err := shellSplit(command)
	if err != nil {
		return err
	}
	if len(words) < 4 || strings.Join(words[:3], " ") != "go tool benchstat" {
		return fmt.Errorf("not a benchstat command: %q", command)
	}
	fs := flag.NewFlagSet("benchstat", flag.ContinueOnError)
	table := fs.String("table", ".config", "")
	row := fs.String("row", ".fullname", "")
	col := fs.String("col", ".file", "")
	ignore := fs.String("ignore", "", "")
	filterExpr := fs.String("filter", "*", "")
	if err := fs.Parse(words[3:]); err != nil {
		return err
	}
	filter, err := benchproc.NewFilter(*filterExpr)
	if err != nil {
		return fmt.Errorf("-filter: %v", err)
	}
	var parser benchproc.ProjectionParser
	tableBy, _, err := parser.ParseWithUnit(*table, filter)
	if err != nil {
		return err
	}
	rowBy, err := parser.Parse(*row, filter)
	if err != nil {
		return err
	}
	colBy, err := parser.Parse(*col, filter)
	if err != nil {
		return err
	}
	if _, err := parser.Parse(*ignore, filter); err != nil {
		return err
	}
	residue := parser.Residue()
	type rowKey struct{ table, row benchproc.Key }
	type cellKey struct {
		rowKey
		col benchproc.Key
	}
	cells := map[cellKey]map[benchproc.Key]bool{}
	rows := map[rowKey]map[string]bool{}
	rowCols := map[rowKey]map[benchproc.Key]bool{}
	// without returns a residue key's values but the file's.
	without := func(k benchproc.Key) string {
		var parts []string
		for _, f := range residue.Fields() {
			if f.Name != ".file" {
				parts = append(parts, f.Name+"="+k.Get(f))
			}
		}
		return strings.Join(parts, " ")
	}
	files := benchfmt.Files{Paths: fs.Args()}
	n := 0
	for files.Scan() {
		rec, ok := files.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		if ok, _ := filter.Apply(rec); !ok {
			continue
		}
		n++
		r, c, res := rowBy.Project(rec), colBy.Project(rec), residue.Project(rec)
		for _, t := range tableBy.ProjectValues(rec) {
			rk := rowKey{t, r}
			ck := cellKey{rk, c}
			if cells[ck] == nil {
				cells[ck] = map[benchproc.Key]bool{}
			}
			cells[ck][res] = true
			if rows[rk] == nil {
				rows[rk], rowCols[rk] = map[string]bool{}, map[benchproc.Key]bool{}
			}
			rows[rk][without(res)] = true
			rowCols[rk][c] = true
		}
	}
	if err := files.Err(); err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("%s: no result passes the filter", command)
	}
	for ck, rs := range cells {
		if len(rs) > 1 {
			var keys []benchproc.Key
			for k := range rs {
				keys = append(keys, k)
			}
			var vary []string
			for _, f := range benchproc.NonSingularFields(keys) {
				vary = append(vary, f.Name)
			}
			return fmt.Errorf("%s: the cell %s / %s / %s pools results that vary in %s", command, ck.table, ck.row, ck.col, strings.Join(vary, ", "))
		}
	}
	compared := false
	for rk, rs := range rows {
		if len(rs) > 1 {
			return fmt.Errorf("%s: the columns of row %s / %s differ in more than %s: %v", command, rk.table, rk.row, *col, slices.Sorted(maps.Keys(rs)))
		}
		compared = compared || len(rowCols[rk]) > 1
	}
	if !compared {
		return fmt.Errorf("%s: no row has two columns to compare", command)
	}
	return nil
}

// shellSplit splits a command line into words as a shell does for the
// quoting the hints use (single and double quotes).
func shellSplit(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				words, in = append(words, cur.String()), false
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// TestHintsSelectWhatTheySay evaluates every benchstat command bitlab
// prints on the committed results it applies to: the implementations of
// every full run, the pressures of every pressure run, each perft factor
// of every perft run, and the README's comparison of GOAMD64 levels.
func TestHintsSelectWhatTheySay(t *testing.T) {
	files := committedResults(t)
	checked := map[schema.RunKind]int{}
	levels := map[string][]string{} // full runs by folder
	var perft []string
	for _, f := range files {
		fh, err := ScanFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cmds []string
		switch fh.Run.Kind {
		case schema.RunFull:
			s := mustLoad(t, f)
			var impls []string
			for _, fam := range s.AllFamilies() {
				impls = append(impls, s.Baseline(fam))
			}
			for _, fam := range s.AllFamilies() {
				for _, im := range s.AllImpls(fam) {
					if !slices.Contains(impls, im) {
						impls = append(impls, im)
					}
				}
			}
			cmds = []string{ImplsCommand(impls, f)}
			levels[filepath.Dir(f)] = append(levels[filepath.Dir(f)], f)
		case schema.RunPressure:
			cmds = []string{PressureCommand(f)}
		case schema.RunPerft:
			cmds = PerftCommands(mustLoad(t, f).perftDef, f)
			perft = append(perft, f)
		}
		for _, c := range cmds {
			if err := benchstatPools(c); err != nil {
				t.Error(err)
			}
			checked[fh.Run.Kind]++
		}
	}
	for _, fs := range levels {
		if len(fs) > 1 {
			c := "go tool benchstat -col goamd64 " + strings.Join(fs, " ")
			if err := benchstatPools(c); err != nil {
				t.Error(err)
			}
			checked["levels"]++
		}
	}
	for _, k := range []schema.RunKind{schema.RunFull, schema.RunPressure, schema.RunPerft, "levels"} {
		if checked[k] == 0 {
			t.Errorf("no committed results to check the %s hints on", k)
		}
	}
	// The perft hint bitlab printed before pooled configurations: the
	// check must see it.
	if err := benchstatPools("go tool benchstat -filter '/serialize:inline /count:mathbits' -col /slider -row /position " + perft[0]); err == nil {
		t.Error("the old perft hint, which pools repr=reversed with repr=none, passed")
	}
}

// TestPerftCommandsOlderFile: a perft file from before a factor was added
// has no value of it in its default configuration; its commands neither
// compare nor filter on that factor (an empty "/factor:" filter is a
// benchstat syntax error).
func TestPerftCommandsOlderFile(t *testing.T) {
	keys := perftFactors()
	var def []string
	for _, k := range keys[1:] {
		def = append(def, k+"=x")
	}
	missing := keys[0]
	cmds := PerftCommands(strings.Join(def, "/"), "old.txt")
	if len(cmds) != len(keys)-1 {
		t.Errorf("%d commands for the %d factors the file has: %q", len(cmds), len(keys)-1, cmds)
	}
	for _, c := range cmds {
		if strings.Contains(c, "/"+missing+":") || strings.Contains(c, "-col /"+missing+" ") || strings.Contains(c, ": ") {
			t.Errorf("%s: names %s, which the file lacks, or filters on an empty value", c, missing)
		}
	}
}
