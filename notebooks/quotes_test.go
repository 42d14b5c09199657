// Package notebooks_test checks the notebooks: every figure their prose
// quotes from a results file (a quote, README.md describes the form) is the
// figure the committed file holds, and the READMEs list every notebook.
package notebooks_test

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"bitlab/report"
	"bitlab/schema"
)

// link matches a Markdown link with an optional title: [text](href "title").
var link = regexp.MustCompile(`\[([^\[\]]*)\]\(([^()\s]+)(?: "([^"]*)")?\)`)

// generated matches a generated block, whose figures are the report's own.
var generated = regexp.MustCompile(`(?s)<!-- bitlab:begin .*?<!-- bitlab:end -->`)

// number matches a figure in a quote's text: 3.49, 1,147, 1.8x.
var number = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// repo reads committed results files of the repository at root, each once.
type repo struct {
	root  string
	files map[string]*results // by "rev:path", path from root
}

// results is one committed results file: its set (one configuration), the
// names of its cases and its families' costs under cache pressure, each
// computed once.
type results struct {
	set      *report.Set
	cfg      string
	names    []schema.Name
	pressure map[string]report.PressureCosts
}

// openRepo returns the repository this test runs in, or skips the test
// where git cannot say which files are committed.
func openRepo(t *testing.T) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: which results files are committed cannot be told, so no quote is checked")
	}
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not a git checkout (git rev-parse: %v): which results files are committed cannot be told, so no quote is checked", err)
	}
	return &repo{root: strings.TrimSpace(string(out)), files: map[string]*results{}}
}

// committed reads a results file as commit rev holds it (git show
// rev:path; HEAD for the files in the tree), never the working tree's: a
// quote must hold for what the repository holds, not for the user's own
// results.
func (r *repo) committed(rev, file string) (*results, error) {
	if res, ok := r.files[rev+":"+file]; ok {
		return res, nil
	}
	cmd := exec.Command("git", "show", rev+":"+file)
	cmd.Dir = r.root
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s is not a committed file at %s (git show %s:%s: %v)", file, rev, rev, file, err)
	}
	tmp, err := os.MkdirTemp("", "bitlab-quotes")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	at := filepath.Join(tmp, path.Base(file))
	if err := os.WriteFile(at, data, 0o644); err != nil {
		return nil, err
	}
	s, _, err := report.Load(at)
	if err != nil {
		return nil, err
	}
	if len(s.Configs) != 1 {
		return nil, fmt.Errorf("%s: %d configurations, want one", file, len(s.Configs))
	}
	res := &results{set: s, cfg: s.Configs[0].Label, pressure: map[string]report.PressureCosts{}}
	seen := map[string]bool{}
	rd := benchfmt.NewReader(bytes.NewReader(data), file)
	for rd.Scan() {
		if rec, ok := rd.Result().(*benchfmt.Result); ok && !seen[string(rec.Name)] {
			seen[string(rec.Name)] = true
			if n, err := schema.ParseName(rec.Name); err == nil {
				res.names = append(res.names, n)
			}
		}
	}
	r.files[rev+":"+file] = res
	return res, nil
}

// check returns the problems of a notebook's quotes and citations of
// results files: the notebook at path nb (from the repository's root) with
// the given text.
func (r *repo) check(nb string, text []byte) []error {
	text = generated.ReplaceAllFunc(text, func(b []byte) []byte { return bytes.Repeat([]byte("\n"), bytes.Count(b, []byte("\n"))) })
	var errs []error
	for i, line := range strings.Split(string(text), "\n") {
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			linkText, href, title := m[1], m[2], m[3]
			file := path.Clean(path.Join(path.Dir(nb), href))
			if !strings.HasPrefix(file, "results/") || !strings.HasSuffix(file, ".txt") {
				continue
			}
			if err := r.quote(file, linkText, title); err != nil {
				errs = append(errs, fmt.Errorf("%s:%d: [%s](%s): %w", nb, i+1, linkText, href, err))
			}
		}
	}
	return errs
}

// history matches the start of a quote's title that names the commit it
// quotes a file at, one no longer in the tree: "at 749441a: ".
var history = regexp.MustCompile(`^at ([0-9a-f]{7,40}): `)

// quote checks one link to a results file: that the file is committed (at
// HEAD, or at the commit the title names) and, where the link has a title,
// that the figure of its text is the one the title names.
func (r *repo) quote(file, text, title string) error {
	rev := "HEAD"
	if m := history.FindStringSubmatch(title); m != nil {
		rev, title = m[1], title[len(m[0]):]
	}
	res, err := r.committed(rev, file)
	if err != nil || title == "" {
		return err
	}
	figures := number.FindAllString(text, -1)
	if len(figures) != 1 {
		return fmt.Errorf("a quote's text holds one figure, this one %d", len(figures))
	}
	quoted := strings.ReplaceAll(figures[0], ",", "")
	num, den, ratio := strings.Cut(title, " / ")
	v, err := res.value(num, "")
	if err != nil {
		return err
	}
	if ratio {
		d, err := res.value(den, num)
		if err != nil {
			return err
		}
		v /= d
	}
	decimals := 0
	if _, frac, ok := strings.Cut(quoted, "."); ok {
		decimals = len(frac)
	}
	// Equal at the printed precision: the quote is the figure rounded to its
	// digits (either way at a half, which binary floats blur).
	q, err := strconv.ParseFloat(quoted, 64)
	if err != nil {
		return err
	}
	if half := 0.5 * math.Pow(10, -float64(decimals)); math.Abs(q-v) > half*(1+1e-9) {
		return fmt.Errorf("quotes %s, but the file holds %s (%.4g) for %q", quoted, strconv.FormatFloat(v, 'f', decimals, 64), v, title)
	}
	return nil
}

// value returns the figure a quote's term names: CASE [UNIT], CASE a
// benchmark name of the file, the whole name of a case or parts that
// single out one case (the median of its samples); or, with a value * (any)
// or a list (a,b), one kernel's cases over distributions (dist=*: their
// geometric mean as the tables compute it) or one generator configuration's
// over positions (position=*/depth=*). A term after " / " may give only the
// parts that differ from the first term's case (within, its text).
func (res *results) value(term, within string) (float64, error) {
	name, unit, _ := strings.Cut(strings.TrimSpace(term), " ")
	if !strings.HasPrefix(name, schema.KernelBase+"/") && !strings.HasPrefix(name, schema.PerftBase+"/") {
		first, firstUnit, _ := strings.Cut(strings.TrimSpace(within), " ")
		name, unit = replaceParts(first, name), cmp.Or(unit, firstUnit)
	}
	want, err := schema.ParseName(benchfmt.Name(name))
	if err != nil {
		return 0, err
	}
	var matched []schema.Name
	for _, n := range res.names {
		if matches(n, want) {
			matched = append(matched, n)
		}
	}
	if i := slices.IndexFunc(matched, func(n schema.Name) bool { return n.String() == want.String() }); i >= 0 {
		matched = matched[i : i+1] // the whole name of a case is that case
	}
	wild := slices.ContainsFunc(want.Parts, func(p schema.Part) bool { return p.Value == "*" || strings.Contains(p.Value, ",") })
	switch {
	case len(matched) == 0:
		return 0, fmt.Errorf("no case of the file matches %s", name)
	case wild && want.Base == schema.KernelBase:
		return res.geomean(want, matched, unit)
	case wild:
		return res.perftGeomean(want, matched, unit)
	case len(matched) > 1:
		return 0, fmt.Errorf("%s matches %d cases of the file (%s, ...): name more parts", name, len(matched), matched[0])
	}
	return res.median(matched[0], unit)
}

// median returns the median of a case's samples in a quote's unit.
func (res *results) median(n schema.Name, unit string) (float64, error) {
	scale, read, err := units(unit)
	if err != nil {
		return 0, err
	}
	var sum schema.Summary
	var ok bool
	if pc, isPerft := n.Perft(); isPerft {
		sum, ok = res.set.PerftSummary(report.PerftKey{Config: res.cfg, Case: pc, Unit: cmp.Or(read, schema.NodesPerSec().Read)})
	} else {
		kc, _ := n.Kernel()
		k := report.Key{Config: res.cfg, Family: kc.Family, Impl: kc.Impl, Dist: kc.Dist, Size: kc.Size, Mode: kc.Mode, Pressure: kc.Pressure, Unit: read}
		if read == "" {
			var costScale float64
			k, costScale, _ = res.set.Cost(k, false)
			scale *= costScale
		}
		sum, ok = res.set.Summary(k)
	}
	if !ok {
		return 0, fmt.Errorf("%s has no values in %s", n, cmp.Or(unit, "the default unit"))
	}
	return sum.Center * scale, nil
}

// perftGeomean returns the geometric mean of one generator configuration's
// medians over the positions its name leaves open (position=*/depth=*),
// the verdict's perft cost over the positions.
func (res *results) perftGeomean(want schema.Name, matched []schema.Name, unit string) (float64, error) {
	first, _ := matched[0].Perft()
	var lg float64
	for _, n := range matched {
		if pc, _ := n.Perft(); pc.Config != first.Config || pc.TT != first.TT {
			return 0, fmt.Errorf("%s matches more than one generator configuration (%s and %s): name them", want, matched[0], n)
		}
		v, err := res.median(n, unit)
		if err != nil {
			return 0, err
		}
		lg += math.Log(v)
	}
	return math.Exp(lg / float64(len(matched))), nil
}

// geomean returns the geometric mean of an implementation's median cost
// over the distributions of the matched cases: the headline tables'
// (report's Standing) or, under cache pressure, the pressure table's.
func (res *results) geomean(want schema.Name, matched []schema.Name, unit string) (float64, error) {
	var dists []string
	var kc schema.KernelCase
	for _, n := range matched {
		c, ok := n.Kernel()
		if !ok {
			return 0, fmt.Errorf("%s: a geometric mean is over a kernel's distributions", want)
		}
		d := c.Dist
		c.Dist, kc.Dist = "", ""
		if len(dists) > 0 && c != kc {
			return 0, fmt.Errorf("%s matches more than one implementation, size, mode or pressure (%s and %s): name them", want, c.Name(), kc.Name())
		}
		kc, dists = c, append(dists, d)
	}
	if listed := want.Get(schema.KeyDist); listed != "*" && len(dists) != len(strings.Split(listed, ",")) {
		return 0, fmt.Errorf("%s: the file has %d of the %d distributions listed", want, len(dists), len(strings.Split(listed, ",")))
	}
	_, scale, written := res.set.Cost(report.Key{Config: res.cfg, Family: kc.Family, Impl: kc.Impl, Dist: dists[0], Size: kc.Size, Mode: kc.Mode, Pressure: kc.Pressure}, false)
	if unit != "" && unit != written {
		return 0, fmt.Errorf("%s: a geometric mean is in the tables' unit, %s, not %s", want, written, unit)
	}
	if kc.Pressure == schema.NoPressure {
		if h := res.set.Headline(kc.Family); kc.Size != h {
			return 0, fmt.Errorf("%s: the geometric mean is at the headline size, %d", want, h)
		}
		if want.Get(schema.KeyDist) != "*" && slices.ContainsFunc(dists, func(d string) bool { return !schema.HeadlineDist(d) }) {
			return 0, fmt.Errorf("%s: the geometric mean leaves out the learning curve's repeated inputs: list only the others", want)
		}
		return res.set.Standing(res.cfg, kc.Family, kc.Impl, kc.Mode, dists).Geomean * scale, nil
	}
	pc, ok := res.pressure[kc.Family]
	if !ok {
		pc, _ = res.set.Pressure(res.cfg, kc.Family)
		res.pressure[kc.Family] = pc
	}
	i, j := slices.Index(pc.Impls, kc.Impl), slices.Index(pc.Pressures, kc.Pressure)
	if want.Get(schema.KeyDist) != "*" || kc.Size != pc.Size || kc.Mode != schema.Throughput || i < 0 || j < 0 || pc.Cost[i][j] == 0 {
		return 0, fmt.Errorf("%s: under pressure, the geometric mean is the pressure table's, over every distribution (dist=*) at size %d in throughput mode", want, pc.Size)
	}
	return pc.Cost[i][j], nil
}

// matches reports whether a case's name has every part of want, whose
// values may be * (any) or a list (a,b).
func matches(n, want schema.Name) bool {
	if n.Base != want.Base {
		return false
	}
	for _, p := range want.Parts {
		if v := n.Get(p.Key); p.Value != "*" && !slices.Contains(strings.Split(p.Value, ","), v) {
			return false
		}
	}
	return true
}

// replaceParts returns the benchmark name first with the key=value parts
// of parts (slash-separated) in place of its own.
func replaceParts(first, parts string) string {
	elems := strings.Split(first, "/")
	for _, p := range strings.Split(parts, "/") {
		k, _, _ := strings.Cut(p, "=")
		i := slices.IndexFunc(elems, func(e string) bool { return strings.HasPrefix(e, k+"=") })
		if i < 0 {
			elems = append(elems, p)
		} else {
			elems[i] = p
		}
	}
	return strings.Join(elems, "/")
}

// units returns the scale from a unit's read values to a quote's unit and
// its read name ("" for the default: the tables' cost unit, or nodes/s for
// perft). A unit is one the results write (cycles/op, ns/op, cycles/bit,
// ns/bit, nodes/s, ns/node, cycles/node), or one with a prefix k or M
// (Mnodes/s).
func units(unit string) (float64, string, error) {
	if unit == "" {
		return 1, "", nil
	}
	for prefix, factor := range map[string]float64{"": 1, "k": 1e-3, "M": 1e-6} {
		for _, u := range append(schema.Units(), schema.PerftUnits()...) {
			if prefix+u.Written == unit {
				scale, _ := u.Scale()
				return scale * factor, u.Read, nil
			}
		}
	}
	return 0, "", fmt.Errorf("unknown unit %q", unit)
}

// notebooks returns the notebooks: every Markdown file here but README.md.
func notebooks(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	names = slices.DeleteFunc(names, func(n string) bool { return n == "README.md" })
	if len(names) == 0 {
		t.Fatal("no notebooks found")
	}
	return names
}

// TestQuotes checks every quote and every citation of a results file in the
// notebooks' prose against the committed files.
func TestQuotes(t *testing.T) {
	r := openRepo(t)
	for _, name := range notebooks(t) {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range r.check("notebooks/"+name, text) {
			t.Error(err)
		}
	}
}

// TestQuotesCanFail plants errors in a copy of a notebook's quote: a figure
// the file does not hold, an uncommitted file, a case the file lacks, an
// ambiguous one and a geometric mean listing the learning curve's repeated
// inputs; check must report each, and pass the quote as it is.
func TestQuotesCanFail(t *testing.T) {
	r := openRepo(t)
	var nb string
	var m []string // a quote: the whole link, its text, href and title
	for _, name := range notebooks(t) {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range link.FindAllStringSubmatch(string(text), -1) {
			if l[3] != "" && strings.Contains(l[2], "results/") && !strings.Contains(l[3], " / ") {
				nb, m = "notebooks/"+name, l
				break
			}
		}
		if m != nil {
			break
		}
	}
	if m == nil {
		t.Fatal("no quote in any notebook")
	}
	figure := number.FindString(m[1])
	last := figure[len(figure)-1]
	wrong := figure[:len(figure)-1] + string('0'+(last-'0'+1)%10)
	dir, file := path.Split(m[2])
	caseName, unit, _ := strings.Cut(m[3], " ")
	var quoted schema.Name
	if n, err := schema.ParseName(benchfmt.Name(caseName)); err == nil {
		quoted = n
	}
	for _, c := range []struct{ what, link, want string }{
		{"the quote as written", m[0], ""},
		{"a figure the file does not hold", strings.Replace(m[0], figure, wrong, 1), "but the file holds"},
		{"an uncommitted file", strings.Replace(m[0], m[2], dir+"29991231-000000-"+file, 1), "is not a committed file at HEAD"},
		{"a case the file lacks", strings.Replace(m[0], "impl="+quoted.Get(schema.KeyImpl)+"/", "impl=planted/", 1), "no case of the file matches"},
		{"a name of several cases", strings.Replace(m[0], m[3], quoted.Base+"/"+quoted.Parts[0].Key+"="+quoted.Parts[0].Value+" "+unit, 1), "name more parts"},
		{"a geometric mean over the learning curve", `[1.0](../results/amd-epyc-authenticamd-family-25-model-1-stepping-1/20261122-120148-v1.txt "Kernel/family=serialize/impl=forward/dist=d4-rep256,d4/size=1048576/mode=throughput")`, "leaves out the learning curve"},
	} {
		copied := filepath.Join(t.TempDir(), path.Base(nb))
		if err := os.WriteFile(copied, []byte("Planted: "+c.link+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(copied)
		if err != nil {
			t.Fatal(err)
		}
		errs := r.check(nb, text)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: %v", c.what, errors.Join(errs...))
		case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want)):
			t.Errorf("%s (%s): got %v, want one error saying %q", c.what, c.link, errs, c.want)
		}
	}
}

// TestReadmesListNotebooks checks that notebooks/README.md and the
// repository's README.md link every notebook, and nothing that is not one.
func TestReadmesListNotebooks(t *testing.T) {
	names := notebooks(t)
	for readme, prefix := range map[string]string{"README.md": "", "../README.md": "notebooks/"} {
		text, err := os.ReadFile(readme)
		if err != nil {
			t.Fatal(err)
		}
		listed := map[string]bool{}
		for _, l := range link.FindAllStringSubmatch(string(text), -1) {
			if name, ok := strings.CutPrefix(strings.SplitN(l[2], "#", 2)[0], prefix); ok && path.Ext(name) == ".md" && !strings.Contains(name, "/") {
				listed[name] = true
			}
		}
		for _, n := range names {
			if !listed[n] {
				t.Errorf("%s does not link %s%s", readme, prefix, n)
			}
		}
		for n := range listed {
			if n != "README.md" && !slices.Contains(names, n) {
				t.Errorf("%s links %s%s, which is no notebook", readme, prefix, n)
			}
		}
	}
}
