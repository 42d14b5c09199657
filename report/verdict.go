package report

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"bitlab/factor"
	"bitlab/fingerprint"
	"bitlab/kernels"
	_ "bitlab/kernels/all" // the usages, arches and tables of the implementations the results name
	"bitlab/schema"
	"bitlab/verdict"
)

// Verdict returns, for configuration cfg, the verdict on every factor of a
// move generator (verdict.Factors) from the evidence the set holds: the
// perft runs of the configuration, guarded by its placement spread
// (Placement), the micro benchmarks' throughput and latency at each
// family's headline size (Standing over HeadlineDists, the summary's
// figure), the pressure run and the learned cases. An implementation the
// registry no longer has counts as one it cannot say is usable per query.
// A stale perft run ranks nothing; a factor it varied says so.
func (s *Set) Verdict(cfg string) []verdict.Line {
	m, p := s.caches(cfg), s.Placement(cfg)
	stale := slices.Contains(s.Stale(cfg), fingerprint.Perft)
	var lines []verdict.Line
	for _, f := range verdict.Factors() {
		l := verdict.Decide(f, s.techniques(cfg, f), m, p)
		if base := s.perftBase(cfg, f.Perft); base != "default" {
			l.Against = base
		}
		if stale && f.Perft != "" && len(s.perftSpeeds(cfg, f.Perft)) > 0 {
			note := "its perft run varies " + f.Perft + " but is stale (the stale note says why): it ranks nothing"
			if len(l.Use) > 0 {
				note = strings.TrimPrefix(l.Missing+"; "+note, "; ")
			}
			l.NoPerft, l.Missing = false, note // in place of "nothing measured" where nothing else ranks it
		}
		lines = append(lines, l)
	}
	return lines
}

// perftBase returns the configuration a perft factor's values are timed
// against, as PerftChange names it: the default, or for a factor that only
// matters where moves are listed (factor.Factor's Listed) the default with
// the listing leaf strategy (factor.Factor's Base), where the results'
// default names a leaf strategy (results from before it have none).
func (s *Set) perftBase(cfg, key string) string {
	f, ok := factor.ByKey(key)
	if !ok || !strings.Contains("/"+s.PerftDefault(cfg), "/"+factor.Leaf.Key()+"=") {
		return "default"
	}
	var changes []string
	base := f.Base()
	for _, c := range base.Changed() {
		changes = append(changes, c.Key()+"="+base.Get(c))
	}
	return cmp.Or(strings.Join(changes, " "), "default")
}

// techniques gathers a factor's candidates for the verdict:
// measuredTechniques', without perft figures where the configuration's
// perft run is stale (a stale perft run ranks nothing).
func (s *Set) techniques(cfg string, f verdict.Factor) []verdict.Technique {
	if slices.Contains(s.Stale(cfg), fingerprint.Perft) {
		return s.microTechniques(cfg, f)
	}
	return s.measuredTechniques(cfg, f)
}

// measuredTechniques gathers a factor's candidates as measured: every
// implementation of its family measured in cfg (microTechniques), and
// every value of its perft factor, joined to the implementation of the
// same name.
func (s *Set) measuredTechniques(cfg string, f verdict.Factor) []verdict.Technique {
	ts := s.microTechniques(cfg, f)
	if f.Perft == "" {
		return ts
	}
	pf, _ := factor.ByKey(f.Perft)
	for value, speed := range s.perftSpeeds(cfg, f.Perft) {
		i := slices.IndexFunc(ts, func(t verdict.Technique) bool { return t.Name == value })
		if i < 0 {
			i = len(ts)
			ts = append(ts, s.perftTechnique(f, pf, value))
		}
		ts[i].Perft = speed
		ts[i].Default = speed.Center == 1 && speed.Lo == 1 && speed.Hi == 1
	}
	return ts
}

// microTechniques returns a factor's implementations measured in cfg with
// their micro benchmarks' figures: throughput and latency at the family's
// headline size, the pressure run's and the learned cost.
func (s *Set) microTechniques(cfg string, f verdict.Factor) []verdict.Technique {
	if f.Family == "" {
		return nil
	}
	var ts []verdict.Technique
	throughput, latency := s.HeadlineDists(cfg, f.Family, schema.Throughput), s.HeadlineDists(cfg, f.Family, schema.Latency)
	for _, im := range s.Impls(cfg, f.Family) {
		t := s.technique(f.Family, im)
		t.Throughput = s.micro(cfg, f.Family, im, schema.Throughput, throughput)
		t.Latency = s.micro(cfg, f.Family, im, schema.Latency, latency)
		t.Pressed = s.pressed(cfg, f.Family, im)
		t.Learned = s.learned(cfg, f.Family, im)
		ts = append(ts, t)
	}
	return ts
}

// InlinedVerdict returns, for configuration cfg, the verdict on every
// factor for a compiler that inlines intrinsics (verdict.DecideInlined)
// from its micro benchmarks alone: no perft run is read.
func (s *Set) InlinedVerdict(cfg string) []verdict.Line {
	var lines []verdict.Line
	for _, f := range verdict.Factors() {
		lines = append(lines, verdict.DecideInlined(f, s.microTechniques(cfg, f)))
	}
	return lines
}

// InlinedBuildRule says which build's micro benchmarks a CPU's verdict for
// compilers that inline intrinsics reads (InlinedConfig), for the pages.
const InlinedBuildRule = "The figures are one build's per CPU: the highest GOAMD64 level measured, whose portable kernels are " +
	"compiled with every instruction a compiler targeting that CPU may use (the assembly kernels are the same at every level)."

// InlinedConfig returns the configuration of cpu whose micro benchmarks
// its verdict for compilers that inline intrinsics reads
// (InlinedBuildRule): of those with kernel figures, the one at the highest
// GOAMD64 level, the last in label order among several; false where none
// has kernel figures.
func (s *Set) InlinedConfig(cpu string) (*Config, bool) {
	var best *Config
	for _, c := range s.Configs {
		if c.CPU == cpu && len(s.Families(c.Label)) > 0 && (best == nil || c.Level >= best.Level) {
			best = c
		}
	}
	return best, best != nil
}

// technique returns a candidate named name with the facts of the
// implementation of family it names, where it names one: its usage and
// tables as the results files declare them, else as this build's registry
// does (results from before the usage line, or kernels of another
// architecture's build lack one or the other), and its arch from the
// registry.
func (s *Set) technique(family, name string) verdict.Technique {
	t := verdict.Technique{Name: name}
	if family == "" {
		return t
	}
	k, registered := kernels.Lookup(family + "/" + name)
	written, declared := s.usage[family][name]
	if !registered && !declared {
		return t
	}
	t.Impl = name
	if registered {
		i := k.Info()
		t.Usage, t.Arch, t.Tables = i.Usage, i.Arch, i.Tables
	}
	if declared {
		t.Usage = kernels.ReadUsage(written)
	}
	if n, ok := s.tables[family][name]; ok {
		t.Tables = n
	}
	return t
}

// perftTechnique returns a candidate for value of perft factor pf with the
// facts of the kernel the factor model says it uses (factor.Kernel): as an
// implementation of the verdict factor's family where it is one (so that
// its micro figures join it), with its usage, arch and tables in any case.
func (s *Set) perftTechnique(f verdict.Factor, pf factor.Factor, value string) verdict.Technique {
	id, _ := factor.Kernel(pf, value)
	family, impl, ok := strings.Cut(id, "/")
	if !ok {
		return verdict.Technique{Name: value} // written in place
	}
	t := s.technique(family, impl)
	t.Name = value
	if family != f.Family {
		t.Impl = ""
	}
	return t
}

// micro returns an implementation's Standing over headline distributions
// dists as an interval in the cost unit as written: its geometric mean cost
// per element with the same mean of its intervals' ends; zero unless every
// distribution was measured.
func (s *Set) micro(cfg, family, impl string, mode schema.Mode, dists []string) verdict.Interval {
	st := s.Standing(cfg, family, impl, mode, dists)
	if len(dists) == 0 || st.Dists != len(dists) {
		return verdict.Interval{}
	}
	_, scale, _ := s.Cost(Key{Config: cfg, Family: family, Impl: impl, Dist: dists[0], Size: s.Headline(family), Mode: mode}, false)
	return verdict.Interval{Center: st.Geomean * scale, Lo: st.Lo * scale, Hi: st.Hi * scale}
}

// pressed returns an implementation's cost with the L2's size of other data
// walked before every batch relative to its cost with no walk, from a
// pressure run; 0 without one.
func (s *Set) pressed(cfg, family, impl string) float64 {
	pc, ok := s.Pressure(cfg, family)
	if !ok {
		return 0
	}
	none, l2 := -1, -1
	for j, p := range pc.Pressures {
		switch p {
		case schema.PressureNone:
			none = j
		case schema.PressureL2:
			l2 = j
		}
	}
	for i, im := range pc.Impls {
		if im == impl && none >= 0 && l2 >= 0 && pc.Cost[i][none] > 0 && pc.Cost[i][l2] > 0 {
			return pc.Cost[i][l2] / pc.Cost[i][none]
		}
	}
	return 0
}

// learned returns, for a family whose headline is the stream, an
// implementation's cost on the repeated L1 batch relative to the stream,
// minus one, as the geometric mean over the distributions measured at both
// sizes; 0 where they differ by no more than the summary's tolerance.
func (s *Set) learned(cfg, family, impl string) float64 {
	stream := s.Headline(family)
	if stream == schema.L1Elements {
		return 0
	}
	median := func(size int, d string) float64 {
		k, scale, _ := s.Cost(Key{Config: cfg, Family: family, Impl: impl, Dist: d, Size: size, Mode: schema.Throughput}, false)
		sum, _ := s.Summary(k)
		return sum.Center * scale
	}
	var lg float64
	n := 0
	for _, d := range s.Dists(cfg, family, schema.Throughput, stream) {
		if a, b := median(schema.L1Elements, d), median(stream, d); a > 0 && b > 0 {
			lg, n = lg+math.Log(a/b), n+1
		}
	}
	if n == 0 {
		return 0
	}
	if r := math.Exp(lg/float64(n)) - 1; math.Abs(r) > schema.LearnedTolerance {
		return r
	}
	return 0
}

// perftSpeeds returns, for every value of a perft factor measured in cfg in
// a configuration that differs from the default in that factor alone (for
// the representation, with the slider that reads it; for a factor that only
// matters where moves are listed, with the listing leaf strategy too, whose
// configuration is then the base), and for the base itself at 1, the perft speed relative to the default: the
// geometric mean over the positions both ran of default cost / cost, with
// its interval (schema.Stand).
func (s *Set) perftSpeeds(cfg, key string) map[string]verdict.Interval {
	// A factor that only matters where moves are listed may be measured
	// against the default with the listing leaf strategy, its values each
	// with it (perftBase).
	base, with := s.perftBase(cfg, key), ""
	if base != "default" {
		with = " " + base
	}
	costs := map[string]map[string][]float64{} // by value, then position
	for k, v := range s.Perft {
		if k.Config != cfg || k.Unit != schema.CyclesPerNode().Read && k.Unit != schema.NsPerNode().Read || k.Case.TT != "" {
			continue
		}
		value := ""
		switch ch := s.PerftChange(cfg, k.Case); {
		case ch == base:
			value = k.Case.Name().Get(key)
		case key == factor.Repr.Key():
			// A representation as the slider that reads it uses it (the
			// configurations that keep one unread measure its upkeep).
			if !strings.Contains(ch, " ") || !strings.Contains(ch, key+"=") {
				continue
			}
			value = k.Case.Name().Get(key)
		case strings.HasSuffix(ch, with) && !strings.Contains(strings.TrimSuffix(ch, with), " ") && strings.HasPrefix(ch, key+"="):
			value = strings.TrimPrefix(strings.TrimSuffix(ch, with), key+"=")
		default:
			continue
		}
		if costs[value] == nil {
			costs[value] = map[string][]float64{}
		}
		pos := k.Case.Position + "/" + strconv.Itoa(k.Case.Depth)
		// One unit per configuration: cycles where measured.
		if _, have := costs[value][pos]; !have || k.Unit == schema.CyclesPerNode().Read {
			costs[value][pos] = v
		}
	}
	def := ""
	for k := range s.Perft {
		if k.Config == cfg && s.PerftChange(cfg, k.Case) == base {
			def = k.Case.Name().Get(key)
			break
		}
	}
	out := map[string]verdict.Interval{}
	if def == "" || costs[def] == nil {
		return out
	}
	for value, c := range costs {
		if value == def {
			out[value] = verdict.Interval{Center: 1, Lo: 1, Hi: 1}
			continue
		}
		st := schema.Stand(c, costs[def])
		if st.Speedup > 0 {
			out[value] = verdict.Interval{Center: st.Speedup, Lo: st.SpeedupLo, Hi: st.SpeedupHi}
		}
	}
	return out
}

var cacheSize = regexp.MustCompile(`(L1d|L2|L3) (\d+) (bytes|KiB|MiB)`)

// caches reads a configuration's cache sizes from its first file's
// "caches:" header line.
func (s *Set) caches(cfg string) verdict.Machine {
	var m verdict.Machine
	c, ok := s.Config(cfg)
	if !ok {
		return m
	}
	for _, line := range s.Header(c.Files[0]) {
		if !strings.HasPrefix(line, "caches:") {
			continue
		}
		for _, g := range cacheSize.FindAllStringSubmatch(line, -1) {
			n, _ := strconv.ParseInt(g[2], 10, 64)
			n <<= map[string]uint{"bytes": 0, "KiB": 10, "MiB": 20}[g[3]]
			switch g[1] {
			case "L1d":
				m.L1d = n
			case "L2":
				m.L2 = n
			case "L3":
				m.LLC = n
			}
		}
	}
	m.LLC = max(m.LLC, m.L2)
	return m
}

// MicroPerftPoint is one technique on one configuration: its speed-up over
// the default configuration's technique of its factor in the micro
// benchmarks (throughput at the family's headline size) and in perft.
type MicroPerftPoint struct {
	Config, Factor, Name string
	Micro, Perft         float64
}

// MicroPerft returns the techniques that have both figures, in every
// configuration with a perft run, stale or not (what the runs measured,
// not a ranking): those of the factors whose default technique is a kernel
// with micro figures of its own (sliding attacks and population count; the
// others' defaults are written in place).
func (s *Set) MicroPerft() []MicroPerftPoint {
	var out []MicroPerftPoint
	for _, c := range s.Configs {
		if len(s.PerftCases(c.Label)) == 0 {
			continue
		}
		for _, f := range verdict.Factors() {
			if f.Perft == "" || f.Family == "" {
				continue
			}
			ts := s.measuredTechniques(c.Label, f)
			var def *verdict.Technique
			for i := range ts {
				if ts[i].Default && ts[i].Throughput.Known() {
					def = &ts[i]
				}
			}
			if def == nil {
				continue
			}
			for _, t := range ts {
				if t.Perft.Known() && t.Throughput.Known() {
					out = append(out, MicroPerftPoint{c.Label, f.Name, t.Name, def.Throughput.Center / t.Throughput.Center, t.Perft.Center})
				}
			}
		}
	}
	return out
}

// Build is what a configuration's figures are for: the Go release and
// compiler that built the code, its target (the GOAMD64 level, or the
// GOARCH off amd64) and its Go experiments. Its String heads each verdict
// of a build.
type Build struct {
	goRelease, target string // "Go 1.26 (gc)", "GOAMD64=v3"
	Experiment        string // GOEXPERIMENT, "" for none
}

func (b Build) String() string {
	s := b.goRelease + ", " + b.target
	if b.Experiment != "" {
		s += " with GOEXPERIMENT=" + b.Experiment
	}
	return s
}

// goRelease finds the release in a results header's go line
// (runtime.Version: "go1.26.8", "go1.26.8-X:simd", "devel go1.27-...").
var goRelease = regexp.MustCompile(`go(\d+\.\d+)`)

// Build returns a configuration's build from its files' headers: the Go
// releases their go lines name (major.minor: the compiler's code changes
// between releases, not between their fixes), each once, with the
// compiler, gc, the only one that builds bitlab's Go assembly.
func (s *Set) Build(c *Config) Build {
	var releases []string
	for _, f := range c.Files {
		v := s.files[f].goVersion
		r := "version unrecorded"
		if m := goRelease.FindStringSubmatch(v); m != nil {
			r = m[1]
			if strings.HasPrefix(v, "devel") {
				r += " devel"
			}
		}
		if !slices.Contains(releases, r) {
			releases = append(releases, r)
		}
	}
	b := Build{goRelease: "Go " + strings.Join(releases, " and ") + " (gc)", target: "GOARCH=" + c.GOARCH, Experiment: c.Experiment}
	if c.Level != "" {
		b.target = "GOAMD64=" + c.Level
	}
	return b
}
