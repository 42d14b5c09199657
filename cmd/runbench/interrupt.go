package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"bitlab/harness"
)

// sameInterrupt is how soon after the first interrupt a second signal
// counts as the same one: GNU timeout -s INT signals the command and then
// its whole process group, so the command receives SIGINT twice at once.
const sameInterrupt = 250 * time.Millisecond

// An interrupter turns Ctrl-C (SIGINT) and SIGTERM into an orderly end of
// a run, whatever it is doing. The first interrupt closes Stop: the run
// ends its current step (a case's check, a sample) and writes the completed
// rounds with their summary. A second one ends the run at once: the
// results file keeps the rounds completed so far (ResultsFile.Abort), or
// there is none, and the message says which. Either way no hidden partial
// file is left unnamed.
type interrupter struct {
	stderr io.Writer
	stop   chan struct{}
	sig    chan os.Signal
	done   chan struct{} // closed when the signal goroutine returns

	mu      sync.Mutex
	doing   string               // what the run is doing: "checking 675 cases against the references"
	onFirst string               // what the first interrupt makes it do
	file    *harness.ResultsFile // the results file being written, if any
	written string               // the completed results file, once closed
}

// listenForInterrupts starts handling interrupts, saying on stderr what
// each does; release stops it.
func listenForInterrupts(stderr io.Writer) *interrupter {
	in := &interrupter{stderr: stderr, stop: make(chan struct{}), sig: make(chan os.Signal, 4), done: make(chan struct{}),
		doing: "starting", onFirst: "stopping; nothing was timed and no results file is written"}
	signal.Notify(in.sig, os.Interrupt, syscall.SIGTERM)
	go in.listen()
	return in
}

// release stops handling interrupts (a later one ends the process as Go's
// default does).
func (in *interrupter) release() {
	signal.Stop(in.sig)
	close(in.sig)
	<-in.done
}

func (in *interrupter) listen() {
	defer close(in.done)
	var first time.Time
	for range in.sig {
		switch {
		case first.IsZero():
			first = time.Now()
			in.mu.Lock()
			fmt.Fprintf(in.stderr, "\ninterrupted while %s: %s (interrupt again to stop at once)\n", in.doing, in.onFirst)
			in.mu.Unlock()
			close(in.stop)
		case time.Since(first) >= sameInterrupt:
			fmt.Fprintln(in.stderr, "interrupted again:", in.abort())
			os.Exit(130)
		}
	}
}

// abort ends the results file at once and says what became of it.
func (in *interrupter) abort() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	switch {
	case in.written != "":
		return "the results are complete in " + in.written
	case in.file == nil:
		return fmt.Sprintf("stopped while %s: no results file written", in.doing)
	}
	err := in.file.Abort("interrupted twice: the rounds completed before the second interrupt, without the summary")
	switch {
	case errors.Is(err, harness.ErrNoResults):
		return "no round was completed: no results file written"
	case err != nil:
		return err.Error()
	case in.file.Path == harness.Stdout:
		return fmt.Sprintf("stopped at once; %d result lines of completed rounds went to standard output (no summary)", in.file.Lines())
	}
	return fmt.Sprintf("stopped at once; %d result lines of completed rounds are in %s (no summary)", in.file.Lines(), in.file.Path)
}

// Stop is closed at the first interrupt.
func (in *interrupter) Stop() <-chan struct{} { return in.stop }

// stopped reports whether an interrupt came.
func (in *interrupter) stopped() bool {
	select {
	case <-in.stop:
		return true
	default:
		return false
	}
}

// enter says what the run does from now on, and what a first interrupt
// makes it do, for the message an interrupt prints.
func (in *interrupter) enter(doing, onFirst string) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.doing, in.onFirst = doing, onFirst
}

// writing names the results file a second interrupt must keep.
func (in *interrupter) writing(f *harness.ResultsFile) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.file = f
}

// closed records that the results file is complete (path "" when none was
// written).
func (in *interrupter) closed(path string) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.file, in.written = nil, path
}

// An interruption is the error of a run that an interrupt ended: its
// message says what became of the results.
type interruption string

func (e interruption) Error() string { return "interrupted " + string(e) }

// interruptedBeforeTiming is the error of a run interrupted before its
// first round, while doing what the interrupter last entered.
func (in *interrupter) interruptedBeforeTiming() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	return interruption(fmt.Sprintf("while %s: nothing was timed, no results file written", in.doing))
}

// finishedRounds is the error of a run the first interrupt ended during
// its rounds, once the results file is closed.
func finishedRounds(rounds, count int, path string) error {
	switch {
	case rounds == 0:
		return interruption("before any round completed: no results file written")
	case path == harness.Stdout:
		return interruption(fmt.Sprintf("after %d of %d rounds: their results went to standard output", rounds, count))
	}
	return interruption(fmt.Sprintf("after %d of %d rounds: their results and summary are in %s", rounds, count, path))
}
