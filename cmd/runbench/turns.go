package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"bitlab/harness"
)

// turnsEnv names the environment variable with which runbench campaign
// runs several timed runs in turns, a round each (the placement builds'
// runs, so that their rounds interleave as a run's cases do): a run that
// finds it set takes its turns on file descriptor 3 (a byte: go on) and
// hands them back on descriptor 4 (a byte: stopped until the next turn),
// once it has prepared and after every round; its last turn writes the
// summary and ends the process.
const turnsEnv = "BITLAB_TURNS"

// turns is a run's side of the turns, nil for a run of its own.
type turns struct {
	take, give *os.File
	// The CPU time other processes used during the run's own turns (cores
	// x seconds) and the turns' length: the other runs use the CPU while
	// this one waits.
	meter        *harness.LoadMeter
	began        time.Time
	others, secs float64
	unknown      bool
}

// runTurns returns the run's turns where turnsEnv asks for them, else nil.
func runTurns() *turns {
	if os.Getenv(turnsEnv) == "" {
		return nil
	}
	return &turns{take: os.NewFile(3, "turns"), give: os.NewFile(4, "turns passed")}
}

// pass hands the turn back and waits for the next. It returns at once
// after an interrupt (stop closed), and when runbench campaign's end of
// the descriptors is gone, the run going on alone.
func (t *turns) pass(stop <-chan struct{}) {
	if t == nil {
		return
	}
	t.endTurn()
	got := make(chan struct{})
	go func() {
		var b [1]byte
		if _, err := t.give.Write(b[:]); err == nil {
			t.take.Read(b[:]) // a byte, or the end of the file: go on either way
		}
		close(got)
	}()
	select {
	case <-got:
	case <-stop:
	}
	t.meter, t.began = harness.NewLoadMeter(), time.Now()
}

// endTurn adds the turn under way, if any, to the load of the turns.
func (t *turns) endTurn() {
	if t.meter == nil {
		return
	}
	o := t.meter.Others()
	d := time.Since(t.began).Seconds()
	t.others, t.secs, t.unknown = t.others+o*d, t.secs+d, t.unknown || o < 0
	t.meter = nil
}

// othersDuringTurns returns the cores other processes used on average
// during the run's turns so far, as harness.LoadMeter's Others does for a
// whole run: -1 if unknown. The turn under way goes on.
func (t *turns) othersDuringTurns() float64 {
	t.endTurn()
	t.meter, t.began = harness.NewLoadMeter(), time.Now()
	if t.unknown || t.secs == 0 {
		return -1
	}
	return t.others / t.secs
}

// A turnTaker is one run of runInTurns, seen from runbench campaign.
type turnTaker struct {
	cmd    *exec.Cmd
	give   *os.File      // its turns: a byte to go on
	passed chan struct{} // a value each time it hands its turn back
	exited chan error    // its end, once passed is closed
}

// start starts the run with its ends of the turns' pipes.
func (r *turnTaker) start() error {
	takeR, giveW, err := os.Pipe()
	if err != nil {
		return err
	}
	passR, passW, err := os.Pipe()
	if err != nil {
		return errors.Join(err, takeR.Close(), giveW.Close())
	}
	r.cmd.ExtraFiles = []*os.File{takeR, passW}        // descriptors 3 and 4
	r.cmd.Env = append(r.cmd.Environ(), turnsEnv+"=1") // the command's own environment, if it has one
	err = r.cmd.Start()
	takeR.Close()
	passW.Close()
	if err != nil {
		return errors.Join(err, giveW.Close(), passR.Close())
	}
	r.give, r.passed, r.exited = giveW, make(chan struct{}), make(chan error, 1)
	go func() {
		var b [1]byte
		for {
			if _, err := passR.Read(b[:]); err != nil {
				break
			}
			r.passed <- struct{}{}
		}
		close(r.passed)
		passR.Close()
		r.exited <- r.cmd.Wait()
	}()
	return nil
}

// runInTurns runs the commands in turns, each with runbench's standard
// input and output: it starts them one at a time, each once the one before
// has prepared, then gives each its turn in order until all have ended,
// so that one runs at a time and their rounds interleave. An interrupt
// from sig goes to every run started, each of which keeps its completed
// rounds, and the others are not started; it reports whether one came.
// The errors are those of the runs that failed, each named by what.
func runInTurns(e *env, cmds []*exec.Cmd, what func(i int) string, sig <-chan os.Signal) (interrupted bool, err error) {
	runs := make([]*turnTaker, len(cmds))
	var errs []error
	ended := func(i int, err error) {
		if err != nil && !interrupted {
			errs = append(errs, fmt.Errorf("%s: %v", what(i), err))
		}
		if runs[i].give != nil {
			runs[i].give.Close()
		}
		runs[i] = nil
	}
	interrupt := func(s os.Signal) {
		interrupted = true
		for _, r := range runs {
			if r != nil {
				r.cmd.Process.Signal(s)
				r.give.Close() // a run waiting for its turn goes on to its end
			}
		}
	}
	// wait waits until run i hands its turn back (true) or ends.
	wait := func(i int) bool {
		r := runs[i]
		for {
			select {
			case s := <-sig:
				interrupt(s)
			case _, ok := <-r.passed:
				if ok && !interrupted {
					return true
				}
				if !ok {
					ended(i, <-r.exited)
					return false
				}
			}
		}
	}
	for i, c := range cmds {
		if interrupted {
			break
		}
		c.Stdin, c.Stdout, c.Stderr = os.Stdin, e.stdout, e.stderr
		runs[i] = &turnTaker{cmd: c}
		if err := runs[i].start(); err != nil {
			ended(i, err)
			continue
		}
		wait(i)
	}
	for left := true; left && !interrupted; {
		left = false
		for i, r := range runs {
			if r == nil || interrupted {
				continue
			}
			r.give.Write([]byte{1}) // a run that has ended tells by its end
			left = wait(i) || left
		}
	}
	for i, r := range runs {
		if r != nil {
			wait(i) // interrupted: until it ends
		}
	}
	return interrupted, errors.Join(errs...)
}
