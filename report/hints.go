package report

import (
	"fmt"
	"strings"

	"bitlab/factor"
	"bitlab/schema"
)

// The benchstat commands bitlab prints. Each compares one factor in its
// columns with every other factor fixed: a row holds one configuration
// per column (the hints' test evaluates each command's projection on
// committed results with golang.org/x/perf/benchproc, as benchstat does).

// ImplsCommand returns the command that compares implementations: a table
// per family (the family is a configuration line), a row per case, a column
// per implementation in the order given (each family's baseline first, so
// that its table compares with the baseline).
func ImplsCommand(impls []string, path string) string {
	return fmt.Sprintf("go tool benchstat -col '/impl@(%s)' %s", strings.Join(impls, " "), path)
}

// PressureCommand returns the command that compares each case across the
// cache pressures of a pressure run.
func PressureCommand(path string) string {
	return "go tool benchstat -col /pressure " + path
}

// perftFactors returns the name keys of a perft configuration's factors
// (package factor's), in name order.
func perftFactors() []string {
	var keys []string
	for _, f := range factor.All() {
		keys = append(keys, f.Key())
	}
	return keys
}

// PerftCommands returns, for each factor of a perft configuration, the
// command that compares its techniques with every other factor at its
// value in def (the default configuration as results name it,
// "slider=magic-fancy/serialize=inline/...") and no transposition table,
// a row per position and depth. A factor def does not name (one added
// after the file was written) is neither compared nor filtered on.
func PerftCommands(def string, path string) []string {
	value := map[string]string{}
	var factors []string // those def names: a file from before a factor was added lacks it
	for _, p := range strings.Split(def, "/") {
		k, v, _ := strings.Cut(p, "=")
		value[k] = v
	}
	for _, f := range perftFactors() {
		if _, ok := value[f]; ok {
			factors = append(factors, f)
		}
	}
	var cmds []string
	for _, col := range factors {
		var filter []string
		for _, f := range factors {
			if f != col {
				filter = append(filter, "/"+f+":"+value[f])
			}
		}
		filter = append(filter, `/`+schema.KeyTT+`:""`)
		cmds = append(cmds, fmt.Sprintf("go tool benchstat -filter '%s' -col /%s -row /%s,/%s %s",
			strings.Join(filter, " "), col, schema.KeyPosition, schema.KeyDepth, path))
	}
	return cmds
}
