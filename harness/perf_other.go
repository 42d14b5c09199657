//go:build !linux

package harness

import "errors"

type perfCounter struct{}

func openCycleCounter() (*perfCounter, error) { return nil, errors.New("no perf_event_open here") }

func (*perfCounter) read() uint64 { return 0 }

// hardwareEvents are the events runbench counts where it can: none here.
var hardwareEvents []Event

type eventGroup struct{}

func openGroup([]Event) (*eventGroup, error) {
	return nil, errors.New("perf_event_open is Linux only")
}

func (*eventGroup) read() []uint64 { return nil }
func (*eventGroup) close() error   { return nil }
