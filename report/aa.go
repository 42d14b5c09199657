package report

import (
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"bitlab/schema"
)

// Pair is two runs of the same code: an A/A pair.
type Pair struct {
	Name string
	A, B *Set
}

// aaResult is the outcome of an A/A test: for every gate, how many pairs
// a comparison flagged as slower (false alarms: the code is the same), and
// how many caught a slowdown injected into the second run.
type aaResult struct {
	Pairs     []string
	Threshold float64
	Inject    *regexp.Regexp // nil for none
	Factor    float64
	Injected  int // cases the injection slowed, in the first pair
	Rows      []aaRow
	// Noise says, per pair, how much its runs differ beyond their rounds'
	// spread (per case, and per kernel).
	Noise []string
}

// aaRow is one gate's outcome.
type aaRow struct {
	Gate        Gate
	FalseAlarms []string // the pairs flagged, each with its first slower unit
	// Caught counts the pairs in which every unit holding an injected case
	// was flagged slower; Missed names the others.
	Caught int
	Missed []string
}

// AATest compares every pair at every gate, as it is and with B's cases
// matching inject made factor times slower (when inject is not nil), and
// writes each gate's false alarms and catches to w.
func AATest(w io.Writer, pairs []Pair, opt CompareOptions, inject *regexp.Regexp, factor float64) error {
	r, err := aaTest(pairs, opt, inject, factor)
	if err != nil {
		return err
	}
	return r.Write(w)
}

// aaTest is AATest's comparisons, before they are written.
func aaTest(pairs []Pair, opt CompareOptions, inject *regexp.Regexp, factor float64) (*aaResult, error) {
	res := &aaResult{Threshold: opt.Threshold, Inject: inject, Factor: factor}
	for _, p := range pairs {
		res.Pairs = append(res.Pairs, p.Name)
	}
	for _, g := range gates {
		row := aaRow{Gate: g}
		opt.Gate = g
		for _, p := range pairs {
			cs, _, err := compare(p.A, p.B, opt)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p.Name, err)
			}
			if g == DefaultGate {
				for _, c := range cs {
					res.Noise = append(res.Noise, fmt.Sprintf("%s: %d cases; the runs differ by %.1f%% per case and %.1f%% per kernel beyond their rounds' spread",
						p.Name, c.Cases, 100*c.CaseNoise, 100*c.Noise))
				}
			}
			if u, ok := firstSlower(cs); ok {
				row.FalseAlarms = append(row.FalseAlarms, fmt.Sprintf("%s (%s %+.1f%%)", p.Name, u.Name, 100*(u.Ratio-1)))
			}
			if inject == nil {
				continue
			}
			slowed, n, err := p.B.Slowed(inject, factor)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p.Name, err)
			}
			if res.Injected == 0 {
				res.Injected = n
			}
			if cs, _, err = compare(p.A, slowed, opt); err != nil {
				return nil, fmt.Errorf("%s: %w", p.Name, err)
			}
			if caught(cs, inject) {
				row.Caught++
			} else {
				row.Missed = append(row.Missed, p.Name)
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

func firstSlower(cs []*comparison) (gateUnit, bool) {
	for _, c := range cs {
		for _, u := range c.Units {
			if u.Slower {
				return u, true
			}
		}
	}
	return gateUnit{}, false
}

// caught reports whether every unit holding a case whose name matches re
// is flagged slower.
func caught(cs []*comparison, re *regexp.Regexp) bool {
	found := false
	for _, c := range cs {
		for _, u := range c.Units {
			if slices.ContainsFunc(u.Cases, func(x compared) bool { return re.MatchString(caseName(x.Key)) }) {
				found = true
				if !u.Slower {
					return false
				}
			}
		}
	}
	return found
}

// Write prints the A/A test's table: per gate, the false alarms and the
// catches.
func (r *aaResult) Write(w io.Writer) error {
	n := len(r.Pairs)
	fmt.Fprintf(w, "A/A test: %d pair(s) of runs of the same code (%s); threshold %.1f%%\n", n, strings.Join(r.Pairs, ", "), 100*r.Threshold)
	if r.Inject != nil {
		fmt.Fprintf(w, "injected: the second run's cases matching %q (%d) made %+.0f%% slower\n", r.Inject, r.Injected, 100*(r.Factor-1))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "gate\tfalse alarms\t")
	if r.Inject != nil {
		fmt.Fprint(tw, "injected slowdown caught\t")
	}
	fmt.Fprintln(tw)
	for _, row := range r.Rows {
		gate := string(row.Gate)
		if row.Gate == DefaultGate {
			gate += " (default)"
		}
		fmt.Fprintf(tw, "%s\t%d of %d (%.0f%%)\t", gate, len(row.FalseAlarms), n, 100*float64(len(row.FalseAlarms))/float64(n))
		if r.Inject != nil {
			fmt.Fprintf(tw, "%d of %d\t", row.Caught, n)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, n := range r.Noise {
		fmt.Fprintln(w, n)
	}
	for _, row := range r.Rows {
		for _, f := range row.FalseAlarms {
			fmt.Fprintf(w, "%s: false alarm in %s\n", row.Gate, f)
		}
		if row.Caught > 0 { // a gate that catches none is one the injection is not for
			for _, m := range row.Missed {
				fmt.Fprintf(w, "%s: injected slowdown missed in %s\n", row.Gate, m)
			}
		}
	}
	return nil
}

// Slowed returns a copy of the set in which the cost of every kernel case
// whose name matches re (as result lines name it, without "Benchmark":
// Kernel/family=popcount/impl=swar/...) is multiplied by factor, in every
// configuration and cost unit: a slowdown injected to check that a
// comparison catches it. It also returns the number of cases changed;
// none is an error.
func (s *Set) Slowed(re *regexp.Regexp, factor float64) (*Set, int, error) {
	c := *s
	c.Values = maps.Clone(s.Values)
	seen := map[Key]bool{}
	for k, v := range s.Values {
		if u, ok := schema.ReadUnit(k.Unit); !ok || u.Event || !re.MatchString(caseName(k)) {
			continue
		}
		slow := make([]float64, len(v))
		for i, x := range v {
			slow[i] = x * factor
		}
		c.Values[k] = slow
		k.Unit = ""
		seen[k] = true
	}
	if len(seen) == 0 {
		return nil, 0, fmt.Errorf("no case of %s matches %q", fileList(s), re)
	}
	return &c, len(seen), nil
}
