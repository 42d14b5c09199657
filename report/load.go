package report

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"bitlab/schema"
	"bitlab/uarch"
)

// Key identifies one measured case in one configuration.
type Key struct {
	Config string // the configuration's label, such as "v3"
	Family string
	Impl   string
	Dist   string
	Size   int
	Mode   schema.Mode
	// Pressure is the cache pressure the case ran under; the tables and
	// charts of ordinary results read only NoPressure keys.
	Pressure schema.Pressure
	Unit     string // the Read name of a schema.Unit
}

// Config is one configuration: the machine and build a results file came
// from, as its configuration lines name them, and the bitlab revision: files
// of one machine and build but different revisions that measured the same
// case are different configurations (labelled with their revisions), so
// that no figure pools two revisions.
type Config struct {
	Label  string
	CPU    string
	GOARCH string
	Level  string // GOAMD64 level
	Uarch  string // the microarchitecture, "" in results from before the uarch line
	Files  []string
	id     configID // while loading
	// Experiment is the build's GOEXPERIMENT ("simd"), "" for none (and in
	// results from before the goexperiment line, which had none).
	Experiment string
}

// configID identifies a configuration while loading: the machine and build
// its results' configuration lines name, and the revision of its files.
type configID struct {
	CPU, GOARCH, Level, Experiment, Revision string
}

// build returns the machine and build of an identity, without its revision.
func (id configID) build() configID {
	return configID{CPU: id.CPU, GOARCH: id.GOARCH, Level: id.Level, Experiment: id.Experiment}
}

// key returns the identity as a Key's Config while loading; label
// replaces it with the configuration's label.
func (id configID) key() string {
	return strings.Join([]string{id.CPU, id.GOARCH, id.Level, id.Experiment, id.Revision}, "\x00")
}

// Set is every observation read from a number of results files.
type Set struct {
	Configs   []*Config                    // in label order
	Values    map[Key][]float64            // the samples of every case
	Perft     map[PerftKey][]float64       // the samples of every perft case
	header    map[string][]string          // the comment lines of each file
	files     map[string]*File             // what each file says of itself
	cfgOf     map[string]*Config           // by label (by configID.key while loading)
	families  []string                     // in order of first appearance
	baseline  map[string]string            // by family, from the baseline configuration lines
	tables    map[string]map[string]int    // by family and implementation: lookup-table bytes
	usage     map[string]map[string]string // by family and implementation: schema.UsageQuery, ...
	headline  map[string]int               // by family, from the headline configuration lines
	perftDefs map[string]string            // by file, the default generator configuration a perft file names
	skips     []Warning                    // the warnings of loading, summarized
}

// Warning is a problem that does not stop a report: a skipped line or file.
type Warning struct {
	File string
	Line int
	Msg  string
	// why is what a skipped value's warning says of the values it skips,
	// the same for every line of a file it holds for ("unit "ms/op" is
	// not one bitlab writes"): Load reports such warnings once per file
	// (summarize), and when they skip every value, says so.
	why string
}

func (w Warning) String() string { return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Msg) }

// summarize reports the warnings of one file that skip values for the
// same reason once, at the first line, with the other lines it holds for:
// up to three by number, more by their count and the last.
func summarize(warns []Warning) []Warning {
	var out []Warning
	first := map[string]int{}   // why -> its warning's index in out
	lines := map[string][]int{} // why -> the lines it holds for
	for _, w := range warns {
		if w.why == "" {
			out = append(out, w)
			continue
		}
		if _, seen := first[w.why]; !seen {
			first[w.why] = len(out)
			out = append(out, w)
		}
		if l := lines[w.why]; len(l) == 0 || l[len(l)-1] != w.Line {
			lines[w.why] = append(l, w.Line)
		}
	}
	for why, i := range first {
		switch l := lines[why][1:]; {
		case len(l) > 3:
			out[i].Msg += fmt.Sprintf(" (and on %d more lines, the last line %d)", len(l), l[len(l)-1])
		case len(l) > 0:
			more := make([]string, len(l))
			for j, n := range l {
				more[j] = strconv.Itoa(n)
			}
			noun := "lines"
			if len(l) == 1 {
				noun = "line"
			}
			out[i].Msg += " (also on " + noun + " " + strings.Join(more, ", ") + ")"
		}
	}
	return out
}

// skippedAll is the error of a file whose every value was skipped: why.
func skippedAll(file string, warns []Warning) error {
	var whys []string
	for _, w := range warns {
		if w.why != "" && !slices.Contains(whys, w.why) {
			whys = append(whys, w.why)
		}
	}
	if len(whys) == 0 {
		return fmt.Errorf("%s: %w", file, errNoResults)
	}
	return fmt.Errorf("%s: %w: every value was skipped: %s", file, errNoResults, strings.Join(whys, "; "))
}

// errNoResults reports input without any result line.
var errNoResults = errors.New("no results")

// Load reads results files and folders (every *.txt below a folder, in
// lexical order), in the order given. A
// missing, empty or malformed file is an error naming the file and line;
// lines of other benchmarks and units the reports do not know are skipped
// with a warning.
func Load(paths ...string) (*Set, []Warning, error) {
	s := &Set{Values: map[Key][]float64{}, header: map[string][]string{}, files: map[string]*File{}, cfgOf: map[string]*Config{}, baseline: map[string]string{}, headline: map[string]int{}, tables: map[string]map[string]int{}, usage: map[string]map[string]string{}, Perft: map[PerftKey][]float64{}}
	var warns []Warning
	files, err := ResultsFiles(paths...)
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("%s: %w", strings.Join(paths, ", "), errNoResults)
	}
	for _, f := range files {
		w, err := s.read(f)
		w = summarize(w)
		s.skips = append(s.skips, w...)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
	}
	s.mergeRevisions()
	s.label()
	return s, warns, nil
}

// ResultsFiles returns the results files the paths name: each file, and
// every *.txt below each folder (in lexical order, leaving out estimates
// and hidden files).
func ResultsFiles(paths ...string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(f string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() && d.Name() == schema.EstimatesFolder {
				return filepath.SkipDir // estimates, not measurements (report/explain.go reads them)
			}
			if err == nil && !d.IsDir() && strings.HasSuffix(f, ".txt") && !strings.HasPrefix(d.Name(), ".") {
				files = append(files, f)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// mergeRevisions joins the configurations of one machine and build whose
// revisions differ but whose files measured no case in common (a full run
// and a later cache-pressure run, say) and record no fingerprints (files
// from before the fingerprint line): nothing is pooled, and the page shows
// them as one configuration. Those that share a case stay apart, and so
// do files that record their code's fingerprints: a page never pools two
// revisions or campaigns of them.
func (s *Set) mergeRevisions() {
	cases := map[string]map[any]bool{}
	add := func(id string, k any) {
		if cases[id] == nil {
			cases[id] = map[any]bool{}
		}
		cases[id][k] = true
	}
	for k := range s.Values {
		id := k.Config
		k.Config, k.Unit = "", ""
		add(id, k)
	}
	for k := range s.Perft {
		id := k.Config
		k.Config, k.Unit = "", ""
		add(id, k)
	}
	ids := slices.SortedFunc(maps.Keys(s.cfgOf), func(a, b string) int {
		return cmp.Compare(s.cfgOf[a].Files[0], s.cfgOf[b].Files[0])
	})
	for _, id := range ids {
		if cases[id] == nil { // a file whose every value was skipped
			cases[id] = map[any]bool{}
		}
	}
	into := map[string]string{} // merged id -> the id it joined
	for i, id := range ids {
		for _, to := range ids[:i] {
			if into[to] != "" || s.cfgOf[to].id.build() != s.cfgOf[id].id.build() || overlaps(cases[to], cases[id]) ||
				s.fingerprinted(s.cfgOf[to]) || s.fingerprinted(s.cfgOf[id]) {
				continue
			}
			into[id] = to
			maps.Copy(cases[to], cases[id])
			s.cfgOf[to].Files = append(s.cfgOf[to].Files, s.cfgOf[id].Files...)
			delete(s.cfgOf, id)
			break
		}
	}
	values := make(map[Key][]float64, len(s.Values))
	for k, v := range s.Values {
		k.Config = cmp.Or(into[k.Config], k.Config)
		values[k] = v
	}
	s.Values = values
	perft := make(map[PerftKey][]float64, len(s.Perft))
	for k, v := range s.Perft {
		k.Config = cmp.Or(into[k.Config], k.Config)
		perft[k] = v
	}
	s.Perft = perft
}

// fingerprinted reports whether any file of a configuration records the
// fingerprints of its code: such files never join another revision's (a
// page does not pool two revisions' figures; files from before the
// fingerprint line still join as they did, so that the committed pages
// keep their evidence until their CPUs are measured again).
func (s *Set) fingerprinted(c *Config) bool {
	return slices.ContainsFunc(c.Files, func(f string) bool { return s.files[f].Fingerprints != nil })
}

func overlaps(a, b map[any]bool) bool {
	for k := range b {
		if a[k] {
			return true
		}
	}
	return false
}

// label names the configurations: by GOAMD64 level (or GOARCH) when every
// file comes from one CPU, by a short CPU name and the level otherwise;
// where one machine and build has configurations of several revisions, each
// label ends in its revision ("v1 @1e10a9c").
func (s *Set) label() {
	cpus := map[string]bool{}
	perBase := map[configID]int{}
	for _, c := range s.cfgOf {
		cpus[c.CPU] = true
		perBase[c.id.build()]++
		s.Configs = append(s.Configs, c)
	}
	ids := map[string]string{}
	for id, c := range s.cfgOf {
		c.Label = cmp.Or(c.Level, c.GOARCH)
		if c.Experiment != "" {
			c.Label += "+" + c.Experiment // "v3+simd"
		}
		if len(cpus) > 1 {
			c.Label = c.CoreName() + " " + c.Label
		}
		if perBase[c.id.build()] > 1 {
			f := s.files[c.Files[0]]
			c.Label += " @" + f.ShortRevision()
			switch {
			case f.Revision == "" || f.Dirty:
				c.Label += " " + strings.TrimSuffix(filepath.Base(f.Path), ".txt")
			case !f.Campaign.IsZero():
				c.Label += " " + f.Campaign.Start.Format("20060102-150405")
			}
		}
		ids[id] = c.Label
	}
	values := make(map[Key][]float64, len(s.Values))
	for k, v := range s.Values {
		k.Config = ids[k.Config]
		values[k] = append(values[k], v...)
	}
	s.Values = values
	perft := make(map[PerftKey][]float64, len(s.Perft))
	for k, v := range s.Perft {
		k.Config = ids[k.Config]
		perft[k] = append(perft[k], v...)
	}
	s.Perft = perft
	s.cfgOf = map[string]*Config{}
	for _, c := range s.Configs {
		s.cfgOf[c.Label] = c
	}
	slices.SortFunc(s.Configs, func(a, b *Config) int { return cmp.Compare(a.Label, b.Label) })
}

// read reads one results file: its header lines, then every result,
// kernel or perft; a line of another benchmark is skipped with a warning.
func (s *Set) read(file string) ([]Warning, error) {
	text, f, comments, err := readResults(file)
	if err != nil {
		return nil, err
	}
	var warns []Warning
	lines := strings.Split(text, "\n")
	if strings.Contains(f.Incomplete, truncated) {
		warns = append(warns, Warning{File: file, Line: len(lines), Msg: truncated + " (left out)"})
	}
	if err := checkLines(file, lines); err != nil {
		return nil, err
	}
	s.header[file], s.files[file] = comments, f
	r := benchfmt.NewReader(strings.NewReader(text), file)
	n := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			return warns, fmt.Errorf("%s:%d: malformed line: %s", rec.FileName, rec.Line, rec.Msg)
		case *benchfmt.Result:
			_, line := rec.Pos()
			name, err := schema.ParseName(rec.Name)
			var w []Warning
			m := 0
			if pc, ok := name.Perft(); err == nil && ok {
				w, m = s.readPerft(rec, pc, file, line)
			} else if kc, ok := name.Kernel(); err == nil && ok {
				if w, m, err = s.readKernel(rec, kc, file, line); err != nil {
					return append(warns, w...), err
				}
			} else {
				w = []Warning{{File: file, Line: line, Msg: fmt.Sprintf("skipped %q: not a bitlab kernel benchmark", rec.Name), why: "its lines are not bitlab's benchmarks"}}
			}
			warns, n = append(warns, w...), n+m
		}
	}
	if err := r.Err(); err != nil {
		return warns, fmt.Errorf("%s: %w", file, err)
	}
	if n == 0 {
		return warns, skippedAll(file, warns)
	}
	return warns, nil
}

// readKernel records the values of a kernel's result and its family's
// configuration lines.
func (s *Set) readKernel(rec *benchfmt.Result, kc schema.KernelCase, file string, line int) ([]Warning, int, error) {
	key := Key{Family: kc.Family, Impl: kc.Impl, Dist: kc.Dist, Size: kc.Size, Mode: kc.Mode, Pressure: kc.Pressure, Config: s.config(rec, file)}
	if !slices.Contains(s.families, key.Family) {
		s.families = append(s.families, key.Family)
	}
	if err := s.readFamilyLines(rec, key.Family); err != nil {
		return nil, 0, fmt.Errorf("%s:%d: %v", file, line, err)
	}
	w, n := readValues(rec, file, line, func(unit string) bool {
		_, known := schema.ReadUnit(unit)
		return known
	}, func(unit string, v float64) {
		key.Unit = unit
		s.Values[key] = append(s.Values[key], v)
	})
	return w, n, nil
}

// readFamilyLines records what a result's configuration lines say of its
// family: its baseline, lookup tables, usages and headline size.
func (s *Set) readFamilyLines(rec *benchfmt.Result, family string) error {
	if b := rec.GetConfig(schema.KeyBaseline); b != "" {
		s.baseline[family] = b
	}
	if t := rec.GetConfig(schema.KeyTables); t != "" {
		m, err := schema.ParseTables(t)
		if err != nil {
			return err
		}
		s.tables[family] = m
	}
	if u := rec.GetConfig(schema.KeyUsage); u != "" {
		m, err := schema.ParseUsage(u)
		if err != nil {
			return err
		}
		s.usage[family] = m
	}
	if h, err := strconv.Atoi(rec.GetConfig(schema.KeyHeadline)); err == nil && h > 0 {
		s.headline[family] = h
	}
	return nil
}

// checkLines rejects, with its file and line, what the benchmark-format
// reader would misread: a line longer than it reads (it would stop there
// and name the line before), and a configuration line of schema.FileKeys()
// that contradicts an earlier one (the reader would let the last win).
func checkLines(file string, lines []string) error {
	first := map[string]int{} // key -> line of its first value
	values := map[string]string{}
	for i, line := range lines {
		if len(line) >= bufio.MaxScanTokenSize {
			return fmt.Errorf("%s:%d: a line of %d bytes, longer than the %d a benchmark-format line may have", file, i+1, len(line), bufio.MaxScanTokenSize-1)
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok || !slices.Contains(schema.FileKeys(), key) {
			continue
		}
		value = strings.TrimSpace(value)
		if at, seen := first[key]; seen && values[key] != value {
			return fmt.Errorf("%s:%d: %s: %s contradicts %s: %s at line %d (a results file describes one machine and build)", file, i+1, key, value, key, values[key], at)
		} else if !seen {
			first[key], values[key] = i+1, value
		}
	}
	return nil
}

// readValues passes a result's values in the units known accepts to add,
// and returns warnings for the others and the number added.
func readValues(rec *benchfmt.Result, file string, line int, known func(unit string) bool, add func(unit string, v float64)) (warns []Warning, n int) {
	for _, v := range rec.Values {
		if !plausible(v.Value) {
			unit, value := v.OrigUnit, v.OrigValue
			if unit == "" {
				unit, value = v.Unit, v.Value
			}
			warns = append(warns, Warning{File: file, Line: line, Msg: fmt.Sprintf("skipped %g %s: not a positive, finite value below %g", value, unit, maxValue),
				why: fmt.Sprintf("its %s values are not positive, finite and below %g", unit, maxValue)})
			continue
		}
		if !known(v.Unit) {
			warns = append(warns, Warning{File: file, Line: line, Msg: fmt.Sprintf("skipped unit %q: not one bitlab writes", v.Unit),
				why: fmt.Sprintf("unit %q is not one bitlab writes", v.Unit)})
			continue
		}
		add(v.Unit, v.Value)
		n++
	}
	return warns, n
}

// config returns the identity of a result's configuration (CPU, GOARCH,
// GOAMD64 and the file's revision) as a Key's Config, recording it on
// first use; mergeRevisions joins those that can share a label, and label
// turns identities into labels.
func (s *Set) config(r *benchfmt.Result, file string) string {
	id := configID{CPU: r.GetConfig(schema.KeyCPU), GOARCH: r.GetConfig(schema.KeyGOARCH), Level: r.GetConfig(schema.KeyGOAMD64),
		Experiment: r.GetConfig(schema.KeyGOEXPERIMENT), Revision: s.files[file].revisionOf()}
	c := s.cfgOf[id.key()]
	if c == nil {
		c = &Config{CPU: id.CPU, GOARCH: id.GOARCH, Level: id.Level, Experiment: id.Experiment, Uarch: r.GetConfig(schema.KeyUarch), id: id}
		s.cfgOf[id.key()] = c
	}
	if !slices.Contains(c.Files, file) {
		c.Files = append(c.Files, file)
	}
	return id.key()
}

// Config returns the configuration with the given label.
func (s *Set) Config(label string) (*Config, bool) {
	c, ok := s.cfgOf[label]
	return c, ok
}

// CoreName names the configuration's CPU by its microarchitecture for
// titles and labels (cpuLabel).
func (c *Config) CoreName() string { return cpuLabel(c.CPU, c.Uarch) }

// cpuLabel names a CPU for chart labels by its microarchitecture: the
// results' uarch line where known, else the core its CPUID identification
// in the name gives ("Intel(R) Xeon(R) Processor (GenuineIntel family 6
// model 207 stepping 2)" is "Raptor Cove"), else a shortened model name.
func cpuLabel(cpu, core string) string {
	if core != "" && !strings.HasPrefix(core, "unknown") {
		return core
	}
	var vendor string
	var family, model int
	if i := strings.LastIndex(cpu, "("); i >= 0 {
		if n, _ := fmt.Sscanf(cpu[i+1:], "%s family %d model %d", &vendor, &family, &model); n == 3 {
			if c := uarch.X86(vendor, family, model, 0); c.Known() {
				return c.Name
			}
			return fmt.Sprintf("%d/%d", family, model)
		}
	}
	cpu, _, _ = strings.Cut(cpu, "@")
	cpu = coreCount.ReplaceAllString(cpu, "")
	f := strings.Fields(strings.NewReplacer("(R)", "", "(TM)", "", "CPU", "", "Processor", "").Replace(cpu))
	if len(f) > 3 {
		f = f[len(f)-3:]
	}
	return cmp.Or(strings.Join(f, " "), "cpu")
}

var coreCount = regexp.MustCompile(`\d+-Core`)

// maxValue bounds the values the reports accept: a second, a cycle or an
// event count per element beyond it is a broken measurement (and such
// values send the chart library's tick search into an endless loop).
const maxValue = 1e12

// plausible reports whether a measured value can be a cost: positive,
// finite and below maxValue.
func plausible(v float64) bool { return v > 0 && v < maxValue && !math.IsInf(v, 0) && !math.IsNaN(v) }

// Header returns the comment lines of a file the set was read from.
func (s *Set) Header(file string) []string { return s.header[file] }

// File returns what a file the set was read from says of itself.
func (s *Set) File(path string) *File { return s.files[path] }

// Incomplete describes the incomplete runs (File.Incomplete) among a
// configuration's files, each as "NAME.txt (why)"; nil where all are
// complete.
func (s *Set) Incomplete(c *Config) []string {
	var out []string
	for _, f := range c.Files {
		if why := s.files[f].Incomplete; why != "" {
			out = append(out, fmt.Sprintf("%s (%s)", filepath.Base(f), why))
		}
	}
	return out
}

// Files returns what each file read says of itself, in path order.
func (s *Set) Files() []*File {
	out := make([]*File, 0, len(s.files))
	for _, p := range slices.Sorted(maps.Keys(s.files)) {
		out = append(out, s.files[p])
	}
	return out
}
