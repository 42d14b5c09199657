package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestProgressClearsShorterLines: a terminal's bar, redrawn in place,
// leaves nothing of a longer line drawn before it ("ETA unknown yet"
// followed by "ETA 5s" must not show "ETA 5sknown yet").
func TestProgressClearsShorterLines(t *testing.T) {
	var b strings.Builder
	p := &progress{w: &b, on: true, tty: true, start: time.Now(), lastTens: -1}
	p.update(1, 1000)
	p.last = time.Time{} // redraw at once
	p.update(2, 1000)
	// What the terminal shows: each carriage return goes back to the
	// line's start, and characters overwrite those below them.
	var screen []rune
	col := 0
	for _, r := range b.String() {
		if r == '\r' {
			col = 0
			continue
		}
		if col == len(screen) {
			screen = append(screen, r)
		} else {
			screen[col] = r
		}
		col++
	}
	shown := strings.TrimRight(string(screen), " ")
	if !strings.Contains(b.String(), "ETA unknown yet") || !regexp.MustCompile(`^\[\.+\] +0% 2/1000 samples, ETA [0-9hms]+$`).MatchString(shown) {
		t.Errorf("the terminal shows %q after %q", shown, b.String())
	}
}
