package report

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"bitlab/fingerprint"
	"bitlab/schema"
)

// File is one results file and what its header says of it.
type File struct {
	Path string
	Run  schema.Run
	// Inferred is true for files from before the run line: their run is
	// read from the suite line (kernels) or the command line (perft); see
	// inferRun.
	Inferred bool
	Revision string // the bitlab commit it was built from, "" where not stamped
	Dirty    bool   // built from a tree with uncommitted changes
	Date     time.Time
	// Host is the computer it ran on (schema.CIHost for a hosted CI
	// runner), Runner the CI runner's label; "" where the header says none.
	Host, Runner string
	// CPU, GOARCH, Level (GOAMD64) and Experiment (GOEXPERIMENT, "" for
	// none) are the configuration lines of its first result.
	CPU, GOARCH, Level, Experiment string
	// goVersion is its Go toolchain's version line (runtime.Version, such
	// as "go1.26.8-X:simd"), "" where the header has none.
	goVersion string
	// seed is its seed line, the seed of its workloads (harness.Workload),
	// "" where the header has none.
	seed string
	// Campaign is the runbench campaign that wrote it, zero for a file
	// written on its own.
	Campaign schema.Campaign
	// Placement is the code placement of the build that made a placement
	// run (schema.RunPlacement), zero for other runs.
	Placement schema.Placement
	// Fingerprints are the fingerprints of the code it measured, by family
	// and perft (package fingerprint; fingerprint.Changed compares them
	// with today's code); nil for a file from before them.
	Fingerprints map[string]string
	// Incomplete says why the run is incomplete, "" for a complete one:
	// interrupted (its warning line), fewer rounds than its suite or perft
	// line asked for, or cut short (its last line incomplete).
	Incomplete string
	// failed lists the kernels (family/impl) its header says disagreed
	// with their family's reference and were not timed; skipped those it
	// says were skipped (a CPU feature missing here).
	failed, skipped []string
}

// ShortRevision returns the commit's first seven digits, with a "+" for a
// tree with uncommitted changes, or "unstamped".
func (f *File) ShortRevision() string {
	if f.Revision == "" {
		return "unstamped"
	}
	r := f.Revision[:min(7, len(f.Revision))]
	if f.Dirty {
		r += "+"
	}
	return r
}

// revisionOf is the identity under which a file's results may be pooled
// with another's: the same commit, never a tree with uncommitted changes
// (two such trees at one commit may hold different code), and the same
// campaign or none (two campaigns are two measurements).
func (f *File) revisionOf() string {
	id := f.Revision
	if f.Dirty {
		id += "+" + f.Path
	}
	if !f.Campaign.IsZero() {
		id += " campaign " + f.Campaign.String()
	}
	return id
}

// Changed returns, of parts (families, fingerprint.Perft), those whose code
// may have changed since the file measured it: its recorded fingerprints
// differ from today's code's, or, for a file from before the fingerprint
// line (Unprinted), which cannot say what code it measured, every part.
func (f *File) Changed(parts ...string) []string {
	return fingerprint.Changed(f.Fingerprints, parts...)
}

// Unprinted reports whether the file is from before runs recorded the
// fingerprints of the code they measured.
func (f *File) Unprinted() bool { return f.Fingerprints == nil }

// fileHeader reads what a results file's comment lines say of it: its
// run (or the run inferred for a file from before the run line), revision
// and date.
func fileHeader(path string, comments []string) (*File, error) {
	f := &File{Path: path, Run: schema.Run{Kind: schema.RunUnknown}}
	var suite, command, interrupted string
	perft := false
	asked, done := 0, 0 // rounds asked for and completed (0: no round lines, a file from before them)
	for _, c := range comments {
		if m := roundsAsked.FindStringSubmatch(c); m != nil && (strings.HasPrefix(c, "suite: ") || strings.HasPrefix(c, "perft: ")) {
			asked, _ = strconv.Atoi(m[1])
		}
		switch {
		case roundLine.MatchString(c):
			done++
		case strings.HasPrefix(c, "warning: interrupted"):
			interrupted = strings.TrimPrefix(c, "warning: ")
		case strings.HasPrefix(c, failedLine):
			name, _, _ := strings.Cut(strings.TrimPrefix(c, failedLine), ": ")
			if n, err := schema.ParseName([]byte(name)); err == nil {
				if kc, ok := n.Kernel(); ok && !slices.Contains(f.failed, kc.Family+"/"+kc.Impl) {
					f.failed = append(f.failed, kc.Family+"/"+kc.Impl)
				}
			}
		case strings.HasPrefix(c, "skipped "):
			if id, _, ok := strings.Cut(strings.TrimPrefix(c, "skipped "), ": "); ok && strings.Count(id, "/") == 1 {
				f.skipped = append(f.skipped, id)
			}
		case strings.HasPrefix(c, schema.RunComment):
			r, err := schema.ParseRun(strings.TrimPrefix(c, schema.RunComment))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			f.Run = r
		case strings.HasPrefix(c, "bitlab revision: "):
			rev := strings.TrimPrefix(c, "bitlab revision: ")
			rev, f.Dirty = strings.CutSuffix(rev, " with uncommitted changes")
			if hexRevision.MatchString(rev) {
				f.Revision = rev
			}
		case strings.HasPrefix(c, "date: "):
			d, err := time.Parse(time.RFC3339, strings.TrimPrefix(c, "date: "))
			if err != nil {
				return nil, fmt.Errorf("%s: the date line: %v", path, err)
			}
			f.Date = d
		case strings.HasPrefix(c, schema.CampaignComment):
			cp, err := schema.ParseCampaign(strings.TrimPrefix(c, schema.CampaignComment))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			f.Campaign = cp
		case strings.HasPrefix(c, schema.PlacementComment):
			p, err := schema.ParsePlacement(strings.TrimPrefix(c, schema.PlacementComment))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			f.Placement = p
		case strings.HasPrefix(c, schema.FingerprintComment):
			fp, err := fingerprint.Parse(strings.TrimPrefix(c, schema.FingerprintComment))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			f.Fingerprints = fp
		case strings.HasPrefix(c, schema.HostComment):
			f.Host = strings.TrimPrefix(c, schema.HostComment)
		case strings.HasPrefix(c, schema.RunnerComment):
			f.Runner = strings.TrimPrefix(c, schema.RunnerComment)
		case strings.HasPrefix(c, "suite: "):
			suite = strings.TrimPrefix(c, "suite: ")
		case strings.HasPrefix(c, "command: "):
			command = strings.TrimPrefix(c, "command: ")
		case strings.HasPrefix(c, "perft: "):
			perft = true
		}
	}
	if f.Run.Kind == schema.RunUnknown {
		f.Run, f.Inferred = inferRun(suite, command, perft), true
	}
	switch {
	case interrupted != "":
		f.Incomplete = interrupted
	case done > 0 && done < asked:
		f.Incomplete = fmt.Sprintf("%d of the %d rounds it asked for", done, asked)
	}
	return f, nil
}

// failedLine begins the warning runbench writes for each case that
// disagreed with its family's reference, before the case's name.
const failedLine = "warning: not timed, disagrees with the reference: "

var (
	roundsAsked = regexp.MustCompile(`(?:^|[ ,;])rounds=(\d+)`)
	roundLine   = regexp.MustCompile(`^round \d+: `)
	hexRevision = regexp.MustCompile(`^[0-9a-f]{7,64}$`)
	suiteField  = regexp.MustCompile(`(?:^| )([a-z]+)=(\[[^\]]*\]|\S+)`)
)

// inferRun classifies a file from before the run line. A kernel run's
// suite line ("sizes=l1,l2,stream,mem modes=[throughput latency]
// quick=false family=... rounds=10 ...") names its parsed selection, which
// schema.KernelSelection classifies as runbench now does. A perft run (a
// perft line, or -perft in its command line) is classified by the flags of
// its command line, whose words are split at spaces (a FEN's fields split
// too, which changes no classification). A file with neither is of
// unknown selection.
func inferRun(suite, command string, perft bool) schema.Run {
	words := strings.Fields(command)
	if perft || slices.Contains(words, "-perft") {
		return schema.PerftRun(words)
	}
	if suite == "" {
		return schema.Run{Kind: schema.RunUnknown}
	}
	fields := map[string]string{}
	for _, m := range suiteField.FindAllStringSubmatch(suite, -1) {
		fields[m[1]] = strings.Trim(m[2], "[]")
	}
	field := func(key string) string { return fields[key] }
	sel := schema.KernelSelection{Quick: field("quick") == "true", Family: field("family"), Impl: field("impl"), Dist: field("dist")}
	for _, m := range strings.Fields(field("modes")) {
		sel.Modes = append(sel.Modes, schema.Mode(m))
	}
	for _, c := range strings.Split(field("sizes"), ",") {
		if c != "" {
			sel.Sizes = append(sel.Sizes, schema.SizeClass(c))
		}
	}
	for _, p := range strings.Split(field("pressure"), ",") {
		if p != "" {
			sel.Pressures = append(sel.Pressures, schema.Pressure(p))
		}
	}
	return sel.Run()
}

// ScanFile reads what a results file says of itself (readResults).
func ScanFile(path string) (*File, error) {
	_, f, _, err := readResults(path)
	return f, err
}

// truncated is the warning, and the Incomplete, of a file whose last line
// is cut short.
const truncated = "truncated: the last line is cut"

// readResults reads a results file: its text, with CRLF line ends read as
// LF (a Windows checkout's) and a last line cut short (a copy or a disk
// that stopped mid-line) left out, its comment lines, and what its header
// says of it, with the configuration (CPU, GOARCH, GOAMD64) of its first
// result.
func readResults(path string) (text string, f *File, comments []string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, nil, err
	}
	text = strings.ReplaceAll(string(data), "\r\n", "\n")
	cut := text != "" && !strings.HasSuffix(text, "\n")
	if cut {
		text = text[:strings.LastIndex(text, "\n")+1]
	}
	config := map[string]string{}
	results := false
	for _, line := range strings.Split(text, "\n") {
		results = results || strings.HasPrefix(line, "Benchmark")
		if c, ok := strings.CutPrefix(line, "# "); ok {
			comments = append(comments, c)
		} else if k, v, ok := strings.Cut(line, ": "); ok && !results && !strings.ContainsAny(k, " \t") {
			config[k] = strings.TrimSpace(v)
		}
	}
	if f, err = fileHeader(path, comments); err != nil {
		return "", nil, nil, err
	}
	f.CPU, f.GOARCH, f.Level, f.Experiment = config[schema.KeyCPU], config[schema.KeyGOARCH], config[schema.KeyGOAMD64], config[schema.KeyGOEXPERIMENT]
	f.goVersion, f.seed = config[schema.KeyGo], config[schema.KeySeed]
	if cut {
		f.Incomplete = strings.Join(slices.DeleteFunc([]string{f.Incomplete, truncated}, func(s string) bool { return s == "" }), "; ")
	}
	return text, f, comments, nil
}

// PageRule is the rule by which PageFiles chooses a page's files, as a
// page states it.
const PageRule = "per CPU and build (GOARCH and GOAMD64 level), the newest full-suite run (`make bench`), " +
	"the newest cache-pressure run (`make pressure`: `-pressure` without `-quick` or `-impl`), the newest perft run of " +
	"the standard positions (`make perft`: no `-fen`, `-depth`, `-config` or `-position`) and the newest placement run of each code " +
	"placement (`runbench perft -placement`, which `make campaign` runs), of one revision and campaign. Quick runs, runs of a selection " +
	"(`-family`, `-impl`, `-dist`, `-mode`, `-sizes`) and perft runs of a selection are left out, and no figure pools " +
	"two runs; a complete run is read before a newer incomplete one (interrupted, fewer rounds than it asked for, or its last line cut), " +
	"which is read, and marked incomplete, only where its kind has no complete run; `go run ./cmd/plot page -o DIR FILES` makes a page of exactly the files given. Files from before the " +
	"`run:` header line are classified by their `suite:` line (kernels) or command line (perft)"

// Left is a results file PageFiles leaves out, and why.
type Left struct {
	File   *File
	Reason string
}

func (l Left) String() string { return l.File.Path + ": " + l.Reason }

// PageFiles chooses, among results files, those a page reads by default
// (PageRule): per CPU, GOARCH, GOAMD64 level and GOEXPERIMENT, the newest
// run of each standard kind, a complete one before any incomplete one
// (File.Incomplete). It returns them in path order, and the others with
// the reason each is left out.
func PageFiles(paths []string) (use []*File, left []Left, err error) {
	type slot struct {
		cpu, arch, level, experiment string
		kind                         schema.RunKind
		placement                    int // a placement run's number
	}
	newest := map[slot]*File{}
	var files []*File
	for _, p := range paths {
		f, err := ScanFile(p)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, f)
		if !f.Run.Standard() {
			left = append(left, Left{f, fmt.Sprintf("a %s run", f.Run.Kind)})
			continue
		}
		s := slot{f.CPU, f.GOARCH, f.Level, f.Experiment, f.Run.Kind, f.Placement.Number}
		if old, ok := newest[s]; !ok || preferred(f, old) {
			newest[s] = f
		}
	}
	for _, f := range files {
		if !f.Run.Standard() {
			continue
		}
		n := newest[slot{f.CPU, f.GOARCH, f.Level, f.Experiment, f.Run.Kind, f.Placement.Number}]
		switch {
		case n == f:
			use = append(use, f)
		case f.Incomplete != "" && n.Incomplete == "":
			left = append(left, Left{f, fmt.Sprintf("an incomplete %s run (%s); %s is complete", f.Run.Kind, f.Incomplete, filepath.Base(n.Path))})
		default:
			left = append(left, Left{f, fmt.Sprintf("an older %s run than %s", f.Run.Kind, filepath.Base(n.Path))})
		}
	}
	use, left = placementSets(use, left)
	slices.SortFunc(use, func(a, b *File) int { return cmp.Compare(a.Path, b.Path) })
	return use, left, nil
}

// placementSets keeps, of the placement runs among use, one set per CPU
// and build: those of the newest one's revision and campaign, whose
// placements' speeds a spread compares; it leaves out the others.
func placementSets(use []*File, left []Left) ([]*File, []Left) {
	type build struct{ cpu, arch, level, experiment string }
	newest := map[build]*File{}
	for _, f := range use {
		b := build{f.CPU, f.GOARCH, f.Level, f.Experiment}
		if f.Run.Kind == schema.RunPlacement && (newest[b] == nil || newer(f, newest[b])) {
			newest[b] = f
		}
	}
	var kept []*File
	for _, f := range use {
		n := newest[build{f.CPU, f.GOARCH, f.Level, f.Experiment}]
		if f.Run.Kind == schema.RunPlacement && f.revisionOf() != n.revisionOf() {
			left = append(left, Left{f, fmt.Sprintf("a placement run of another build of the code than %s (a spread compares the placements of one)", filepath.Base(n.Path))})
			continue
		}
		kept = append(kept, f)
	}
	return kept, left
}

// preferred reports whether a page reads a rather than b, two runs of one
// kind: a complete run before an incomplete one, else the newer.
func preferred(a, b *File) bool {
	if (a.Incomplete == "") != (b.Incomplete == "") {
		return a.Incomplete == ""
	}
	return newer(a, b)
}

// newer reports whether a ran after b: by the date lines, else by path
// (runbench names files by their start time).
func newer(a, b *File) bool {
	if c := a.Date.Compare(b.Date); c != 0 && !a.Date.IsZero() && !b.Date.IsZero() {
		return c > 0
	}
	return a.Path > b.Path
}

// FolderFiles returns the results files of a CPU folder: its *.txt and
// those of its perft folder (its estimates are not measurements).
func FolderFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	perft, _ := filepath.Glob(filepath.Join(dir, schema.PerftFolder, "*.txt"))
	return append(files, perft...)
}

// Paths returns the files' paths.
func Paths(files []*File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}
