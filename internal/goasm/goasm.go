// Package goasm reads Go assembly source (the text of a .s file) for what
// the generators and package explain need of a kernel's loop: the line of
// the label a loop starts at, and the number of instructions from there
// through the branch back to it.
package goasm

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Loop finds the label of function symbol (a TEXT ·symbol(SB) block) in
// the Go assembly src and returns the label's line number (1-based) and the
// number of instruction lines from the label through the first branch back
// to it, inclusive. Each instruction line of avo's output is one machine
// instruction; a hand-written file's macros expand to more than their one
// line, so its counts come from its author.
func Loop(src []byte, symbol, label string) (line, instructions int, err error) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	inFunc, macro, n := false, false, 0
	for sc.Scan() {
		n++
		raw := strings.TrimSpace(sc.Text())
		inMacro := macro || strings.HasPrefix(raw, "#define")
		macro = inMacro && strings.HasSuffix(raw, `\`)
		text, _, _ := strings.Cut(raw, "//")
		text = strings.TrimSpace(text)
		switch {
		case inMacro:
		case strings.HasPrefix(text, "TEXT "):
			if inFunc {
				return 0, 0, fmt.Errorf("%s: label %s: %w", symbol, label, errNotFound(line))
			}
			inFunc = strings.Contains(text, "·"+symbol+"(SB)")
		case !inFunc || text == "" || strings.HasPrefix(text, "#"): // a directive
		case strings.HasSuffix(text, ":"):
			if strings.TrimSuffix(text, ":") == label {
				line = n
			}
		case line > 0:
			instructions++
			f := strings.Fields(strings.ReplaceAll(text, ",", " "))
			if f[len(f)-1] == label {
				return line, instructions, nil
			}
		}
	}
	if err := sc.Err(); err != nil {
		return 0, 0, err
	}
	return 0, 0, fmt.Errorf("%s: label %s: %w", symbol, label, errNotFound(line))
}

// errNotFound says what Loop missed: the function or label, or the branch
// back to the label found at line.
func errNotFound(line int) error {
	if line == 0 {
		return fmt.Errorf("no such function and label")
	}
	return fmt.Errorf("no branch back to the label of line %d", line)
}
