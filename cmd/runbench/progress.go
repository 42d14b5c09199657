package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress draws a bar with an ETA on stderr: redrawn in place at most five
// times a second on a terminal, a line every 10% otherwise.
type progress struct {
	w        io.Writer
	on, tty  bool
	start    time.Time
	last     time.Time
	lastTens int
	first    int // samples done at the first update
	width    int // of the line drawn last on a terminal
}

func newProgress(w io.Writer, on bool) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil {
			tty = st.Mode()&os.ModeCharDevice != 0
		}
	}
	return &progress{w: w, on: on, tty: tty, start: time.Now(), lastTens: -1}
}

func (p *progress) update(done, total int) {
	if !p.on || total == 0 {
		return
	}
	now := time.Now()
	frac := float64(done) / float64(total)
	// The rate counts from the first sample: the calibration before it
	// would make early estimates far too long.
	if p.first == 0 {
		p.first, p.start = done, now
	}
	eta := "unknown yet"
	if done > p.first {
		rate := float64(now.Sub(p.start)) / float64(done-p.first)
		eta = time.Duration(rate * float64(total-done)).Round(time.Second).String()
	}
	if p.tty {
		if now.Sub(p.last) < 200*time.Millisecond && done < total {
			return
		}
		p.last = now
		n := int(frac * 30)
		line := fmt.Sprintf("[%s%s] %3.0f%% %d/%d samples, ETA %s", strings.Repeat("#", n), strings.Repeat(".", 30-n), 100*frac, done, total, eta)
		// Blanks over what a longer line drawn before left.
		fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", max(0, p.width-len(line))))
		p.width = len(line)
		return
	}
	if tens := int(frac * 10); tens > p.lastTens {
		p.lastTens = tens
		fmt.Fprintf(p.w, "progress: %3.0f%% (%d/%d samples), ETA %s\n", 100*frac, done, total, eta)
	}
}

func (p *progress) done() {
	if p.on && p.tty {
		fmt.Fprintln(p.w)
	}
}
