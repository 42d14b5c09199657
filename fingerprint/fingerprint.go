// Package fingerprint identifies the code a results file measured: a short
// hash per kernel family of the code its kernels run (their portable
// sources, the amd64 generator's file of the family, the generated loops,
// registrations and assembly they reach) and one of the move generator's
// (perft: movegen's sources and the kernels it calls), computed from the
// source tree when the code is generated (go generate; package
// fingerprint/internal/source says what each covers), so that a binary
// built anywhere carries the fingerprints of the source it was built from.
// Results headers record them (Line); Changed compares a file's recorded
// fingerprints with the code of today's checkout.
package fingerprint

//go:generate go run ./internal/gen -root .. -o hashes_gen.go

import (
	"fmt"
	"slices"
	"strings"
)

// Perft names the move generator's fingerprint.
const Perft = "perft"

// part is one fingerprint: a family's name or Perft, and its hash.
type part struct{ name, hash string }

// Line returns the fingerprints as a results header records them:
// "name=hash" for every family and perft, separated by spaces.
func Line() string {
	var b strings.Builder
	for i, p := range generated() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.name + "=" + p.hash)
	}
	return b.String()
}

// Parse reads a header's fingerprints (Line) back: hash by name.
func Parse(line string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range strings.Fields(line) {
		name, hash, ok := strings.Cut(f, "=")
		if !ok || name == "" || hash == "" {
			return nil, fmt.Errorf("fingerprint %q: want name=hash", f)
		}
		out[name] = hash
	}
	return out, nil
}

// Changed returns, of the named parts (families, Perft), those whose
// recorded fingerprint differs from the code's today, in the order given:
// the code they measured has changed since (or they recorded none, or the
// part no longer exists).
func Changed(recorded map[string]string, parts ...string) []string {
	today := generated()
	var out []string
	for _, name := range parts {
		i := slices.IndexFunc(today, func(p part) bool { return p.name == name })
		if i < 0 || recorded[name] != today[i].hash {
			out = append(out, name)
		}
	}
	return out
}
