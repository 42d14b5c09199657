package schema

import (
	"fmt"
	"slices"
	"strings"
)

// A results file says what it holds in its "# run: KIND FLAGS" header
// comment: the kind of run and the selection flags it was given, quoted as
// a shell would take them, so that a page can keep a user's ad-hoc runs out
// of the figures of the standard ones.
const RunComment = "run: "

// RunKind classifies a run by what it measured.
type RunKind string

// The kinds of run.
const (
	// RunFull is the default suite (make bench): every family, size class
	// and mode, no selection flag.
	RunFull RunKind = "full"
	// RunQuick is the quick suite of every family (make bench QUICK=1).
	RunQuick RunKind = "quick"
	// RunSelection is part of the suite, chosen by -family, -impl, -dist,
	// -mode or -sizes (quick or not), or a pressure run with -quick or -impl.
	RunSelection RunKind = "selection"
	// RunPressure is a run under cache pressure (make pressure): -pressure
	// with the families, distributions and sizes it chose, without -quick
	// or -impl.
	RunPressure RunKind = "pressure"
	// RunPerft is perft of the standard positions at their default depths
	// in every configuration (make perft), with any -grid or -tt
	// configurations added.
	RunPerft RunKind = "perft"
	// RunPerftSelection is perft of a -fen, at a -depth, or of the
	// configurations or positions chosen by -config or -position.
	RunPerftSelection RunKind = "perft-selection"
	// RunPlacement is perft of the default configuration over the standard
	// positions by one of runbench campaign's placement builds (runbench
	// perft -placement), whose header says which (PlacementComment): a page
	// reads a set of them, one run per placement, for the placement spread.
	RunPlacement RunKind = "placement"
	// RunUnknown is a file that says nothing of its selection (no run,
	// suite or command line).
	RunUnknown RunKind = "unknown"
)

// Run is what a results file holds: its kind and the flags that chose it.
type Run struct {
	Kind  RunKind
	Flags []string // flag names with their values, as given: "-family", "^popcount$"
}

// String returns the run as its header line writes it after "run: ":
// the kind, then the flags with each value quoted for a shell where needed.
func (r Run) String() string {
	if len(r.Flags) == 0 {
		return string(r.Kind)
	}
	return string(r.Kind) + " " + ShellLine(r.Flags)
}

// ShellLine returns words as a shell command line: each quoted where a
// shell would read it otherwise.
func ShellLine(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = shellQuote(w)
	}
	return strings.Join(parts, " ")
}

// Standard reports whether the run is one of the project's standard runs
// (full, pressure, perft or placement), which pages read by default.
func (r Run) Standard() bool {
	return r.Kind == RunFull || r.Kind == RunPressure || r.Kind == RunPerft || r.Kind == RunPlacement
}

// ParseRun reads a run back from the text after "run: ".
func ParseRun(s string) (Run, error) {
	words, err := shellWords(s)
	if err != nil {
		return Run{}, fmt.Errorf("run line %q: %v", s, err)
	}
	if len(words) == 0 {
		return Run{}, fmt.Errorf("run line is empty")
	}
	r := Run{Kind: RunKind(words[0]), Flags: words[1:]}
	switch r.Kind {
	case RunFull, RunQuick, RunSelection, RunPressure, RunPerft, RunPerftSelection, RunPlacement:
		return r, nil
	}
	return Run{}, fmt.Errorf("run line %q: unknown kind %q (want full, quick, selection, pressure, perft, perft-selection or placement)", s, words[0])
}

// KernelSelection is what a kernel run selected, as runbench's flags
// set it; an empty string or nil list is the flag's default.
type KernelSelection struct {
	Quick              bool
	Family, Impl, Dist string // regular expressions
	Modes              []Mode
	Sizes              []SizeClass
	Pressures          []Pressure
}

// Run classifies the selection: full with every default (both modes, every
// size class, no regular expression, not quick), quick when only -quick is
// given, pressure for -pressure without -quick and -impl, selection
// otherwise.
func (s KernelSelection) Run() Run {
	var flags []string
	add := func(name, value string) {
		if value != "" {
			flags = append(flags, name, value)
		}
	}
	if s.Quick {
		flags = append(flags, "-quick")
	}
	add("-family", s.Family)
	add("-impl", s.Impl)
	add("-dist", s.Dist)
	if len(s.Modes) > 0 && !slices.Equal(s.Modes, Modes()) {
		add("-mode", string(s.Modes[0]))
	}
	if len(s.Sizes) > 0 && !slices.Equal(s.Sizes, SizeClasses()) {
		add("-sizes", joined(s.Sizes))
	}
	add("-pressure", joined(s.Pressures))
	switch {
	case len(s.Pressures) > 0 && !s.Quick && s.Impl == "":
		return Run{RunPressure, flags}
	case len(flags) == 0:
		return Run{RunFull, nil}
	case len(flags) == 1 && s.Quick:
		return Run{RunQuick, nil}
	}
	return Run{RunSelection, flags}
}

func joined[T ~string](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, ",")
}

// perftSelectionFlags are the runbench flags that make a perft run a
// selection; perftExtentFlags add configurations to the standard run.
// campaignDepths is the flag that sets each standard position's depth:
// a selection, but the standard run in a campaign.
var (
	perftSelectionFlags = []string{"fen", "depth", "config", "position", campaignDepths}
	perftExtentFlags    = []string{"grid", "tt"}
)

const campaignDepths = "depths"

// placementFlag is the flag of a placement run.
const placementFlag = "placement"

// PerftRun classifies a perft run by its command-line arguments: a
// selection when any of -fen, -depth, -config, -position or -depths is
// given, the standard run otherwise. A campaign's run (-campaign) of the
// standard positions at the depths it chose (-depths and nothing else of
// those) is the standard run, and a run with -placement a placement run
// where -depths is all it has of those (a selection otherwise, such as a
// quick campaign's). The flags kept are those and
// -grid and -tt.
func PerftRun(args []string) Run {
	r := Run{Kind: RunPerft}
	campaign, others, placement := false, false, false
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || name == "" {
			continue
		}
		campaign = campaign || name == "campaign"
		placement = placement || name == placementFlag && (!hasValue || value == "true")
		selection := slices.Contains(perftSelectionFlags, name)
		if !selection && !slices.Contains(perftExtentFlags, name) {
			continue
		}
		if selection {
			r.Kind = RunPerftSelection
			others = others || name != campaignDepths
		}
		r.Flags = append(r.Flags, "-"+name)
		switch {
		case hasValue:
			r.Flags = append(r.Flags, value)
		case name != "grid" && i+1 < len(args):
			i++
			r.Flags = append(r.Flags, args[i])
		}
	}
	switch {
	case placement && !others:
		r.Kind = RunPlacement
	case placement:
		r.Kind = RunPerftSelection
	case campaign && !others:
		r.Kind = RunPerft
	}
	return r
}

// shellQuote returns s as one shell word: as it is when it holds only
// characters no shell treats specially, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=,./:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWords splits a line written by shellQuote back into its words.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote")
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
