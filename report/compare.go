package report

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"text/tabwriter"

	"golang.org/x/perf/benchmath"

	"bitlab/schema"
)

// Change is one case measured in two sets: its cost in the old and the new
// one and the significance of the difference.
type Change struct {
	Key      Key // without its configuration
	Old, New schema.Summary
	Scale    float64 // turns values into the unit's written form
	Unit     string
	P        float64 // p-value of benchmath.AssumeNothing's comparison
}

// Delta returns the relative change of the median: positive is slower.
func (c Change) Delta() float64 { return c.New.Center/c.Old.Center - 1 }

// Significant reports whether the samples differ at the confidence level
// the reports use.
func (c Change) Significant() bool { return c.P < 1-schema.Confidence }

// Compare pairs every case of new with the same case of old (family,
// implementation, distribution, size and mode, whatever their
// configurations) and compares their costs: cycles where both have them,
// else time.
func Compare(old, new *Set) []Change {
	strip := func(k Key) Key { k.Config = ""; return k }
	olds := map[Key][]float64{}
	for k, v := range old.Values {
		olds[strip(k)] = append(olds[strip(k)], v...)
	}
	var out []Change
	for k, v := range new.Values {
		u, ok := schema.ReadUnit(k.Unit)
		if !ok || u.Event || u.PerOutput {
			continue
		}
		if !u.Cycles { // time only where either lacks cycles
			c := strip(k)
			c.Unit = schema.CyclesPerOp.Read
			cycles := k
			cycles.Unit = c.Unit
			if _, both := olds[c]; both && len(new.Values[cycles]) > 0 {
				continue
			}
		}
		ov, ok := olds[strip(k)]
		if !ok {
			continue
		}
		a := benchmath.NewSample(slices.Clone(ov), &benchmath.DefaultThresholds)
		b := benchmath.NewSample(slices.Clone(v), &benchmath.DefaultThresholds)
		cmpRes := benchmath.AssumeNothing.Compare(a, b)
		scale, name := u.Scale()
		out = append(out, Change{Key: strip(k), Old: schema.Summarize(ov), New: schema.Summarize(v), Scale: scale, Unit: name, P: cmpRes.P})
	}
	slices.SortFunc(out, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Key.Family, b.Key.Family), cmp.Compare(a.Key.Impl, b.Key.Impl),
			schema.CompareDists(a.Key.Dist, b.Key.Dist), cmp.Compare(a.Key.Size, b.Key.Size), cmp.Compare(a.Key.Mode, b.Key.Mode))
	})
	return out
}

// Regressions returns the changes that are significant and slower than
// threshold (0.05 for 5%).
func Regressions(cs []Change, threshold float64) []Change {
	var out []Change
	for _, c := range cs {
		if c.Significant() && c.Delta() > threshold {
			out = append(out, c)
		}
	}
	return out
}

// WriteChanges prints a table of changes: the case, both medians, the
// change and its p-value ("~" where not significant).
func WriteChanges(w io.Writer, cs []Change) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\told\tnew\tunit\tchange\tp")
	for _, c := range cs {
		change := "~"
		if c.Significant() {
			change = fmt.Sprintf("%+.1f%%", 100*c.Delta())
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%.3f\n", caseName(c.Key), format(c.Old.Center*c.Scale), format(c.New.Center*c.Scale), c.Unit, change, c.P)
	}
	return tw.Flush()
}

func caseName(k Key) string {
	return schema.KernelCase{Family: k.Family, Impl: k.Impl, Dist: k.Dist, Size: k.Size, Mode: k.Mode, Pressure: k.Pressure}.Name().String()
}

// ExportRow is one case in one configuration and unit, as CSV and JSON
// carry it.
type ExportRow struct {
	Config  string    `json:"config"`
	Name    string    `json:"name"`
	Unit    string    `json:"unit"`
	Median  float64   `json:"median"`
	Low     *float64  `json:"low"`  // 95% interval; nil where unbounded (too few samples)
	High    *float64  `json:"high"` // 95% interval; nil where unbounded
	Min     float64   `json:"min"`
	Samples []float64 `json:"samples"`
}

// Export returns every case of the set, in the units as written (ns, not
// seconds), ordered by configuration and name.
func (s *Set) Export() []ExportRow {
	var rows []ExportRow
	for k, v := range s.Values {
		u, ok := schema.ReadUnit(k.Unit)
		if !ok {
			continue
		}
		scale, name := u.Scale()
		sum := schema.Summarize(v)
		samples := make([]float64, len(v))
		for i, x := range v {
			samples[i] = x * scale
		}
		rows = append(rows, ExportRow{Config: k.Config, Name: caseName(k), Unit: name, Median: sum.Center * scale,
			Low: finite(sum.Lo * scale), High: finite(sum.Hi * scale), Min: slices.Min(v) * scale, Samples: samples})
	}
	slices.SortFunc(rows, func(a, b ExportRow) int {
		return cmp.Or(cmp.Compare(a.Config, b.Config), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Unit, b.Unit))
	})
	return rows
}

// WriteCSV writes the rows with a header line; samples are
// space-separated in the last column.
func WriteCSV(w io.Writer, rows []ExportRow) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"config", "name", "unit", "median", "low", "high", "min", "samples"}); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	opt := func(x *float64) string {
		if x == nil {
			return ""
		}
		return g(*x)
	}
	for _, r := range rows {
		var samples []byte
		for i, x := range r.Samples {
			if i > 0 {
				samples = append(samples, ' ')
			}
			samples = append(samples, g(x)...)
		}
		if err := cw.Write([]string{r.Config, r.Name, r.Unit, g(r.Median), opt(r.Low), opt(r.High), g(r.Min), string(samples)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the rows as a JSON array.
func WriteJSON(w io.Writer, rows []ExportRow) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}

// finite returns a pointer to x, nil for an infinite or NaN x.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// ReportChanges writes the table of changes and a line on the regressions
// beyond threshold, and returns the exit status a command should give: 3
// when there are regressions, 0 otherwise.
func ReportChanges(w io.Writer, cs []Change, threshold float64) int {
	if err := WriteChanges(w, cs); err != nil {
		return 1
	}
	reg := Regressions(cs, threshold)
	fmt.Fprintf(w, "\n%d cases compared; %d significantly slower by more than %.1f%%\n", len(cs), len(reg), 100*threshold)
	if len(reg) > 0 {
		return 3
	}
	return 0
}
