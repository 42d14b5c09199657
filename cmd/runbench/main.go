// Command runbench measures bitlab's kernels and move generator on this
// machine and writes the results in Go's benchmark format, which benchstat
// reads unchanged. Its commands (runbench -h lists them) are bench, the
// default, compare and levels for the kernels, perft and divide for the
// move generator, campaign for all of them at one revision, and list.
//
// Every timed command runs one session (runSession): it chooses its cases
// and checks each against a reference (a kernel's family reference, a
// position's published perft count), one that disagrees is reported and
// not timed; it measures the instrument and writes the results header;
// it samples the cases in many short samples, in a freshly shuffled order
// every round, each round writing one line per case (the median of its
// samples) to results/<cpu>/<time>-<GOAMD64 level>.txt (perft: in
// results/<cpu>/perft/); and it prints the summary. Ctrl-C stops after
// the current sample and keeps every completed round; a second Ctrl-C
// keeps them at once (interrupter).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"bitlab/harness"
	_ "bitlab/kernels/all"
	"bitlab/report"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command line args, writing to stdout and stderr, and
// returns the exit status (exitStatuses): 0, 1 for an error, 2 for a usage
// error, 3 for a regression against a saved run, 4 for a kernel that
// failed its check, 5 for kernels of a saved run missing, 130 for an
// interrupt.
func run(args []string, stdout, stderr io.Writer) int {
	opts, code := parse(args, stderr)
	if opts == nil {
		return code
	}
	return exitStatus(opts.run(&env{stdout: stdout, stderr: stderr, line: args}), stderr)
}

// exitStatus prints a run's error and returns its exit status: 130 for an
// interrupt, 4 for a kernel that failed its check (before 5 and 3: a wrong
// kernel matters more than a missing or slow one), 5 for kernels of a
// saved run missing in the run, 3 for a regression against a saved run,
// 1 for any other error.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "runbench:", err)
	var in interruption
	switch {
	case errors.As(err, &in), errors.Is(err, harness.ErrInterrupted):
		return 130
	case errors.Is(err, errCheckFailed):
		return 4
	case errors.Is(err, report.ErrMissing):
		return 5
	case errors.Is(err, report.ErrSlower):
		return 3
	}
	return 1
}

// intro and examples are what runbench -h prints around its commands.
const (
	intro = `runbench times bitlab's kernels and move generator on this machine, in ns
and in core cycles, and writes Go benchmark format results that benchstat
reads as they are.
`

	examples = `examples:
  runbench                          the default suite (make bench)
  runbench -quick                   a short run: L1 and headline sizes, fewer distributions
  runbench bench -family popcount -dist 'k(8|32)' -mode throughput
  runbench bench -impl popcnt,swar -count 20 -out /tmp/pop.txt
  runbench bench -cpuprofile cpu.prof
                                    then: go tool pprof -tagfocus 'impl=^swar$' cpu.prof
  runbench bench -family sliding -sizes l1 -mode throughput -pressure none,l2,llc
                                    the same kernels with their tables pushed out of L2, then the LLC
  runbench compare -quick old.txt   compare with a saved run (checked before timing anything): exit 3
                                    when a kernel is slower beyond -threshold and the noise (-gate)
  runbench levels v1,v3 -quick      rebuild at each GOAMD64 level, one file each
  runbench campaign -plan           what make campaign would measure here, and for how long
  runbench list                     every family, implementation, distribution and perft configuration
  runbench perft -config default,slider=magic-black -position kiwipete
                                    time two configurations of the move generator
  runbench divide -depth 6          the count below each legal move of the start position (or -fen),
                                    each as it finishes
  go tool benchstat -col '/impl@(...)' FILE  the command a run prints: each family's baseline first

The command lines of runbench before its commands still run: among the flags,
-perft is perft, -divide divide, -list list (-perft -list: list -perft) and
-levels LEVELS levels LEVELS; without them, the flags are bench's.

` + exitStatuses
)

// exitStatuses is -h's list of runbench's exit statuses (exitStatus).
const exitStatuses = `exit status:
  0    done
  1    an error (said on stderr)
  2    a command line runbench cannot run
  3    compare (or -baseline): something got slower beyond the threshold and the noise
  4    a kernel disagreed with its family's reference: not timed, named on stderr
       (the other kernels' results are written)
  5    compare (or -baseline): kernels or families of the saved run are missing in
       this one, which its selection (-family, -impl, -dist, -mode) does not leave
       out and no missing CPU feature explains; named on stderr
  130  interrupted (Ctrl-C, SIGTERM); the completed rounds are kept
where several of 3, 4 and 5 hold, the status is the first of 4, 5, 3.
go run turns every status but 0 into its own 1: where a script or CI reads
the status, build runbench first (go build -o runbench ./cmd/runbench).
`

// interrupts is -h's statement of what an interrupt does to a timed run.
const interrupts = `Interrupts: the first Ctrl-C (SIGINT or SIGTERM) finishes the current sample and writes
the completed rounds with their summary; a second one, later than a quarter second after
the first, writes the completed rounds at once without the summary. Either way runbench
says which file holds them, or that no round completed and no file was written.
`

// The commands' -h texts, above their flags.
var (
	benchDoc = `bench times the kernels: every selected kernel is first checked against its
family's reference on the run's own inputs (one that disagrees is reported and
not timed), then every case is sampled round by round, and the run ends with a
summary per family, the verdict and the benchstat command that compares the
implementations. It is the default command: runbench -quick is runbench bench -quick.

` + kernelSelections + `

-baseline: ` + report.Method + `

` + interrupts

	compareDoc = `compare runs bench with its flags and compares the run with OLD, a saved results
file or folder (a folder stands for the runs its page reads: the newest complete
full, pressure and perft runs below it), which is read and checked (same CPU and
GOAMD64 level, or -across) before anything is timed: exit status 3 when
something got slower, 5 when kernels or families of OLD are missing in the run
(and its selection does not leave them out, nor a CPU feature missing here).
runbench compare OLD is runbench bench -baseline OLD; the comparison after the run
is plot compare's (one function, report.CompareRuns): plot compare OLD NEW compares
two saved runs the same way.

` + kernelSelections + `

Slower: ` + report.Method + `

` + interrupts

	levelsDoc = `levels rebuilds runbench at each GOAMD64 level of LEVELS (a list of v1, v2, v3,
v4) that the CPU supports, every level before running any, and runs bench at each
with the flags given: one results file per level (-out FILE gets the level before
its extension; -cpuprofile too). An interrupt reaches the level running, which
keeps its completed rounds; the levels after it do not run. -baseline is read
and checked once, before any build.

` + kernelSelections + `

` + interrupts

	perftDoc = `perft times the move generator's perft: one case per configuration and
position (and transposition table size, -tt), each counted once and checked against
the published count (or, for -fen, the first configuration's) before it is timed,
interleaved round by round like the kernels. Results in results/<cpu>/perft/; the
summary ranks the configurations per position, and a run of the standard positions
and configurations ends with the verdict. -fen counts and times the default
configuration only unless -config is given (-config '.*' for every one); a run whose
timing will take more than ten seconds says about how long before it starts.

` + perftSelections + `

` + interrupts

	divideDoc = `divide prints the perft count below each legal move of -fen (or the start
position) at -depth, each as it finishes, in the order of the moves' names, then
the total; on stderr the speed (and the progress once a second in a long divide).
Castling is written as the king's move to its destination in standard chess (e1g1)
and as the king taking its own rook otherwise (f1h1, UCI's Chess960 convention).
`

	listDoc = `list prints every family (its baseline, and per size class the modes and
distributions the default suite runs; * marks those of -quick runs), every
implementation (arch, usage, CPU features, tables, whether it runs here or why
not, source) and every perft configuration (the short name the summary uses, the
full name); -family and -impl list only the families and implementations they
select.
`
)
