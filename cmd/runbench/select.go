package main

import (
	"fmt"
	"slices"
	"strings"

	"bitlab/schema"
)

// kernelSelections and perftSelections are -h's statements of how the
// selection flags of the kernels' commands and of perft read their values
// (selectionRule).
var (
	kernelSelections = selectionRule("-family, -impl, -dist",
		"-family sliding runs sliding, not sliding-rotated; -dist k1 runs k1, not k12",
		"-dist 'k(8|32)' runs k8 and k32", "runbench list lists every name")
	perftSelections = selectionRule("-position, -config",
		"-position pos4 runs pos4, not pos4-mirrored; -config default runs the default configuration",
		"-config 'slider=magic-.*' runs every magic slider", "runbench list -perft lists every configuration")
)

// selectionRule states how the selection flags read their values, with
// examples of a list and of a regular expression, and where the names are
// listed, in lines of at most 90 characters.
func selectionRule(flags, list, pattern, listing string) string {
	rule := "Selections (" + flags + ") name whole identifiers: a value without regular-expression " +
		"metacharacters is a comma-separated list of names, each matched exactly (" + list + "), " +
		"and a name that does not exist is an error; a value with any of \\.+*?()|[]{}^$ is a regular " +
		"expression that must match a whole name (" + pattern + "). " + listing + "."
	var b strings.Builder
	width := 0
	for _, word := range strings.Fields(rule) {
		switch {
		case width == 0:
		case width+1+len(word) > 90:
			b.WriteString("\n")
			width = 0
		default:
			b.WriteString(" ")
			width++
		}
		b.WriteString(word)
		width += len(word)
	}
	return b.String()
}

// A selection is a parsed selection flag: schema.Selection's list of
// exact names or regular expression anchored to the whole name
// (selectionRule), with the flag's name and what it names for messages.
type selection struct {
	flag string // the flag's name
	noun string // what it names: "family", "distribution" ...
	*schema.Selection
}

// parseSelection reads the value of a selection flag; "" selects all and
// returns nil.
func parseSelection(flag, noun, value string) (*selection, error) {
	sel, err := schema.ParseSelection(value)
	if err != nil {
		return nil, fmt.Errorf("-%s %v", flag, err)
	}
	if sel == nil {
		return nil, nil
	}
	return &selection{flag: flag, noun: noun, Selection: sel}, nil
}

// MatchString reports whether the selection selects name; a nil selection
// selects every name.
func (s *selection) MatchString(name string) bool { return s == nil || s.Selection.MatchString(name) }

// String returns the value as given, for the results header.
func (s *selection) String() string { return s.Value }

// check returns an error naming the listed names that are not among
// known, and where the known ones are listed (such as "runbench list");
// a regular expression must match at least one known name.
func (s *selection) check(known []string, listing string) error {
	if s == nil {
		return nil
	}
	if s.Regexp != nil {
		if !slices.ContainsFunc(known, s.Regexp.MatchString) {
			return fmt.Errorf("-%s %q matches no name (the regular expression must match a whole name; %s lists them)", s.flag, s.Value, listing)
		}
		return nil
	}
	var unknown []string
	for _, n := range s.Names {
		if !slices.Contains(known, n) {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("-%s: no %s named %s (%s lists them)", s.flag, s.noun, strings.Join(unknown, ", "), listing)
	}
	return nil
}
