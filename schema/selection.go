package schema

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A Selection is the value of one of runbench's selection flags (-family,
// -impl, -dist, -config, -position): a comma-separated list of exact
// names, or, where the value holds a regular expression's metacharacter,
// a regular expression that must match a whole name. Results headers
// record the values as given, so that the reports can tell what a run
// selected.
type Selection struct {
	Value  string         // as given
	Names  []string       // the exact names; nil for a regular expression
	Regexp *regexp.Regexp // the anchored expression; nil for a list
}

// ParseSelection reads a selection flag's value; "" selects all and
// returns nil.
func ParseSelection(value string) (*Selection, error) {
	if value == "" {
		return nil, nil
	}
	s := &Selection{Value: value}
	if regexp.QuoteMeta(value) == value {
		for n := range strings.SplitSeq(value, ",") {
			if n = strings.TrimSpace(n); n == "" {
				return nil, fmt.Errorf("%q: an empty name in the list", value)
			}
			s.Names = append(s.Names, n)
		}
		return s, nil
	}
	re, err := regexp.Compile("^(?:" + value + ")$")
	if err != nil {
		return nil, fmt.Errorf("%q: bad regular expression: %v", value, err)
	}
	s.Regexp = re
	return s, nil
}

// MatchString reports whether the selection selects name; a nil selection
// selects every name.
func (s *Selection) MatchString(name string) bool {
	switch {
	case s == nil:
		return true
	case s.Regexp != nil:
		return s.Regexp.MatchString(name)
	}
	return slices.Contains(s.Names, name)
}
