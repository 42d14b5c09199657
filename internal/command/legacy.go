package command

import (
	"fmt"
	"strconv"
	"strings"
)

// modes reads a command line of the tool's form before it had commands,
// where flags (t.Modes) chose what it did: it returns the value of each
// mode flag given ("true" for a switch that is on; one given as false is
// left out) and the other arguments in order.
func (t *Tool[O]) modes(args []string) (chosen map[string]string, rest []string, err error) {
	chosen = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		withValue, mode := t.Modes[name]
		takesValue := !hasValue && (withValue || !mode && !t.isBoolFlag(name))
		if !mode {
			rest = append(rest, a)
			if takesValue && i+1 < len(args) {
				i++
				rest = append(rest, args[i])
			}
			continue
		}
		switch {
		case takesValue && i+1 < len(args):
			i++
			value = args[i]
		case takesValue:
			return nil, nil, fmt.Errorf("flag needs an argument: -%s", name)
		case !hasValue:
			value = "true"
		}
		if !withValue {
			on, err := strconv.ParseBool(value)
			if err != nil {
				return nil, nil, fmt.Errorf("invalid boolean value %q for -%s", value, name)
			}
			if !on {
				continue
			}
		}
		chosen[name] = value
	}
	return chosen, rest, nil
}

// OneOf returns which of the mode flags names (in their order) chosen
// holds, "" for none; two of them are an error.
func OneOf(chosen map[string]string, names ...string) (string, error) {
	var given []string
	for _, n := range names {
		if chosen[n] != "" {
			given = append(given, n)
		}
	}
	switch len(given) {
	case 0:
		return "", nil
	case 1:
		return given[0], nil
	}
	return "", fmt.Errorf("-%s choose different commands", strings.Join(given, " and -"))
}

// isBoolFlag reports whether any command's flag of that name is a switch,
// which takes no separate value.
func (t *Tool[O]) isBoolFlag(name string) bool {
	for _, c := range t.Commands {
		fs, _ := c.FlagSet(t.Name)
		if f := fs.Lookup(name); f != nil {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			return ok && b.IsBoolFlag()
		}
	}
	return true // unknown: the command's parse says so
}
