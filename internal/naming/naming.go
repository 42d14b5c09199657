// Package naming is the one rule by which bitlab's generators turn an
// identifier of package kernels (a family, an implementation, "family/impl",
// all lower-case words joined by '-' and '/') into the Go name of what they
// write or call: kernels/generic's generator names its loops and exported
// element functions by it, and movegen's configuration writer calls those
// functions by it, so the two agree by construction.
package naming

import (
	"strings"
	"unicode"
)

// Camel drops every '-' and '/' of id and upper-cases the letter after
// each: "serialize-color/flip-vertical" becomes "serializeColorFlipVertical".
func Camel(id string) string {
	var b strings.Builder
	up := false
	for _, r := range id {
		switch {
		case r == '-' || r == '/':
			up = true
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Exported is Camel with the first letter upper-cased too, the name of an
// exported function: "sliding/magic-fancy" becomes "SlidingMagicFancy".
func Exported(id string) string {
	c := Camel(id)
	if c == "" {
		return c
	}
	r := []rune(c)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
