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
// (Placement), the micro benchmarks' throughput and
// latency at each family's headline size (the geometric mean over the
// distributions measured there, the summary's figure), the pressure run and
// the learned cases. An implementation the registry no longer has counts
// as one it cannot say is usable per query.
func (s *Set) Verdict(cfg string) []verdict.Line {
	m, p := s.caches(cfg), s.Placement(cfg)
	var lines []verdict.Line
	for _, f := range verdict.Factors() {
		l := verdict.Decide(f, s.techniques(cfg, f), m, p)
		if base := s.perftBase(cfg, f.Perft); base != "default" {
			l.Against = base
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

// techniques gathers a factor's candidates: every implementation of its
// family measured in cfg, and every value of its perft factor.
func (s *Set) techniques(cfg string, f verdict.Factor) []verdict.Technique {
	var ts []verdict.Technique
	index := map[string]int{} // by name
	add := func(t verdict.Technique) *verdict.Technique {
		if i, ok := index[t.Name]; ok {
			return &ts[i]
		}
		index[t.Name] = len(ts)
		ts = append(ts, t)
		return &ts[len(ts)-1]
	}
	if f.Family != "" {
		size := s.Headline(f.Family)
		dists := s.Dists(cfg, f.Family, schema.Throughput, size)
		for _, im := range s.Impls(cfg, f.Family) {
			t := add(s.technique(f.Family, im))
			t.Throughput = s.geomean(cfg, f.Family, im, schema.Throughput, size, dists)
			t.Latency = s.geomean(cfg, f.Family, im, schema.Latency, size, s.Dists(cfg, f.Family, schema.Latency, size))
			t.Pressed = s.pressed(cfg, f.Family, im)
			t.Learned = s.learned(cfg, f.Family, im)
		}
	}
	if f.Perft != "" && !slices.Contains(s.Stale(cfg), fingerprint.Perft) { // a stale perft run ranks nothing
		pf, _ := factor.ByKey(f.Perft)
		for value, speed := range s.perftSpeeds(cfg, f.Perft) {
			t := add(s.perftTechnique(f, pf, value))
			t.Perft = speed
			t.Default = speed.Center == 1 && speed.Lo == 1 && speed.Hi == 1
		}
	}
	return ts
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

// geomean returns the geometric mean over dists of an implementation's
// median cost per element, with the same mean of its intervals' ends; zero
// unless every distribution was measured.
func (s *Set) geomean(cfg, family, impl string, mode schema.Mode, size int, dists []string) verdict.Interval {
	var c, lo, hi float64
	for _, d := range dists {
		k, scale, _ := s.Cost(Key{Config: cfg, Family: family, Impl: impl, Dist: d, Size: size, Mode: mode}, false)
		sum, ok := s.Summary(k)
		if !ok || sum.Center <= 0 {
			return verdict.Interval{}
		}
		c, lo, hi = c+math.Log(sum.Center*scale), lo+math.Log(sum.Lo*scale), hi+math.Log(sum.Hi*scale)
	}
	if len(dists) == 0 {
		return verdict.Interval{}
	}
	n := float64(len(dists))
	return verdict.Interval{Center: math.Exp(c / n), Lo: math.Exp(lo / n), Hi: math.Exp(hi / n)}
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
	var lg float64
	n := 0
	for _, d := range s.Dists(cfg, family, schema.Throughput, stream) {
		a := s.geomean(cfg, family, impl, schema.Throughput, schema.L1Elements, []string{d})
		b := s.geomean(cfg, family, impl, schema.Throughput, stream, []string{d})
		if a.Known() && b.Known() {
			lg, n = lg+math.Log(a.Center/b.Center), n+1
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
// configuration with a perft run: those of the factors whose default
// technique is a kernel with micro figures of its own (sliding attacks and
// population count; the others' defaults are written in place).
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
			ts := s.techniques(c.Label, f)
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
