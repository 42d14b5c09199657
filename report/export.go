package report

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"

	"bitlab/schema"
)

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
