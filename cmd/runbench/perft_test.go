package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"bitlab/factor"
	"bitlab/fingerprint"
	"bitlab/movegen"
	"bitlab/schema"
)

// TestPerftRun times two configurations on position 3, the default and
// the rotated representation with its slider, and checks the results:
// one line per slider and round, perft names that read back, and the
// node count the run printed.
func TestPerftRun(t *testing.T) {
	bin := buildRunbench(t)
	out := filepath.Join(t.TempDir(), "p.txt")
	cmd := exec.Command(bin, "perft", "-position", "pos3", "-depth", "3", "-config", "default,slider=rotated/repr=rotated",
		"-count", "2", "-samples", "1", "-sample", "200us", "-noprogress", "-out", out)
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("runbench: %v\n%s", err, msg)
	}
	if !strings.Contains(string(msg), "pos3 depth 3: 2812 nodes") {
		t.Errorf("no node count in the output:\n%s", msg)
	}
	rs := readResults(t, out)
	if len(rs) != 4 {
		t.Fatalf("%d result lines, want 4", len(rs))
	}
	data, _ := os.ReadFile(out)
	for _, want := range []string{"\n# load: other processes used ", "cores during the run", "\n# " + schema.FingerprintComment + fingerprint.Line() + "\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the results do not say %q, as a kernel run's do", want)
		}
	}
	for _, r := range rs {
		n, err := schema.ParseName(r.Name)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := n.Perft()
		if !ok || p.Position != "pos3" || p.Depth != 3 || (p.Slider+"/"+p.Repr != "magic-fancy/none" && p.Slider+"/"+p.Repr != "rotated/rotated") {
			t.Errorf("bad name %q", r.Name.Full())
		}
		for _, unit := range []string{"sec/node", "cycles/node", "nodes/s"} {
			if _, ok := r.Value(unit); !ok {
				t.Errorf("%s: no %s", r.Name.Full(), unit)
			}
		}
	}
}

// TestPerftRejects checks the command line's perft errors: a bad FEN, a
// slider that matches nothing, -fen and -grid with bench, and a position
// with nothing to count, which says why.
func TestPerftRejects(t *testing.T) {
	bin := buildRunbench(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1", "-count", "1"}, "-fen"},
		{[]string{"perft", "-config", "^nothing$", "-count", "1"}, "matches no name"},
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "no flag -fen (a flag of runbench perft and divide)"},
		{[]string{"-perft", "-depth", "13"}, "want 1 to 12"},
		{[]string{"-grid"}, "no flag -grid (a flag of runbench perft and list)"},
		// Fool's mate: white is checkmated.
		{[]string{"perft", "-fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "-depth", "1", "-config", "default", "-count", "1"},
			"the side to move has no legal move (checkmate or stalemate)"},
		// White's only move, Kxg4, stalemates black: no sequence of depth 2.
		{[]string{"perft", "-fen", "8/8/3N4/8/6qK/3N4/2Q5/k7 w - - 0 1", "-depth", "2", "-config", "default", "-count", "1"},
			"no legal move sequence of depth 2"},
	} {
		// -out: a run that wrongly succeeds writes nothing into the package.
		msg, err := exec.Command(bin, append(c.args, "-out", t.TempDir()+"/")...).CombinedOutput()
		if err == nil || !strings.Contains(string(msg), c.want) || strings.Contains(string(msg), "no nodes to time") {
			t.Errorf("runbench %v: %v, want an error containing %q:\n%s", c.args, err, c.want, msg)
		}
	}
}

// TestPerftList lists the configurations by short and full name: one
// factor at a time, and with -grid also the rest of the slider x
// serialization grid, which a runbench built without the grid refuses,
// saying how to build it (the tests of a build with the tag
// factor.GridTag list it).
func TestPerftList(t *testing.T) {
	bin := buildRunbench(t)
	lines := func(args ...string) []string {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("runbench %v: %v", args, err)
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")[1:] // after the heading
	}
	one := lines("list", "-perft")
	if f := strings.Fields(one[0]); f[0] != "default" || f[1] != movegen.DefaultConfig().String() || len(one) != len(movegen.Configs()) {
		t.Errorf("%d configurations (first %q), want %d", len(one), one[0], len(movegen.Configs()))
	}
	if got := lines("-perft", "-list", "-config", "default"); len(got) != 1 { // the form before the commands
		t.Errorf("-config default lists %q", got)
	}
	if len(movegen.GridConfigs()) == 0 {
		out, err := exec.Command(bin, "list", "-perft", "-grid").CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), "-tags "+factor.GridTag) {
			t.Errorf("-grid without the grid built: %v, %s", err, out)
		}
		return
	}
	var b strings.Builder
	if err := writeConfigs(&b, perftConfigs(true)); err != nil {
		t.Fatal(err)
	}
	all := strings.Split(strings.TrimSpace(b.String()), "\n")[1:]
	if len(all)-len(one) != len(factor.Grid()) || !slices.ContainsFunc(all, func(l string) bool {
		return strings.HasPrefix(l, "slider=kogge-stone/serialize=bytes/leaf=count ") &&
			strings.Contains(l, " slider=kogge-stone/serialize=bytes/count=mathbits/moves=serialize/order=plain/repr=none/leaf=count ")
	}) {
		t.Errorf("-grid lists %d configurations, %d more than without, and kogge-stone with bytes among them?\n%s", len(all), len(all)-len(one), b.String())
	}
}

// TestDivide checks -divide: a line per legal move whose counts sum to
// the total it prints, which is the perft count, and the speed on stderr;
// without -depth, the start position's documented default depth.
func TestDivide(t *testing.T) {
	bin := buildRunbench(t)
	cmd := exec.Command(bin, "divide", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "-depth", "2")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	msg, err := cmd.Output()
	if err != nil {
		t.Fatalf("runbench -divide: %v\n%s", err, stderr.String())
	}
	out := string(msg)
	if !strings.Contains(out, "moves: 48\n") || !strings.Contains(out, "nodes: 2039\n") || strings.Count(out, ": ") != 48+2 {
		t.Errorf("divide output:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "divide: 2039 nodes in ") || !strings.Contains(stderr.String(), "Mnodes/s") {
		t.Errorf("divide's stderr has no speed:\n%s", stderr.String())
	}
	msg, err = exec.Command(bin, "-divide").Output()                      // the form before the commands
	if err != nil || !strings.Contains(string(msg), "nodes: 4865609\n") { // the start position at depth 5, as -h says
		t.Errorf("runbench -divide: %v\n%s", err, msg)
	}
}

// TestTTBoundedByMemory runs -tt 16GiB under an address-space limit of
// 2 GiB: a usage error naming the limit, not the Go runtime's
// out-of-memory trace.
func TestTTBoundedByMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the limits of Linux")
	}
	bin := buildRunbench(t)
	cmd := exec.Command("sh", "-c", `ulimit -v 2097152 && exec "$0" perft -tt 16GiB -position pos3 -depth 1 -count 1 -out "$1"`, bin, t.TempDir()+"/")
	msg, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(msg), "-tt: the tables need 16GiB together") ||
		!strings.Contains(string(msg), "ulimit -v") || strings.Contains(string(msg), "fatal error") {
		t.Errorf("-tt 16GiB under ulimit -v 2 GiB: %v\n%s", err, msg)
	}
}

// TestParseBytes reads -tt sizes and writes them back.
func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int{"none": 0, "4096": 4096, "1KiB": 1024, "64MiB": 64 << 20, "1GiB": 1 << 30} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
		if back, err := parseBytes(bytesName(want)); want > 0 && (err != nil || back != want) {
			t.Errorf("bytesName(%d) = %q reads back as %d, %v", want, bytesName(want), back, err)
		}
	}
	for _, bad := range []string{"", "-1", "1TiB", "MiB", "x"} {
		if _, err := parseBytes(bad); err == nil {
			t.Errorf("parseBytes(%q) succeeded", bad)
		}
	}
}

// TestPerftProfile: -cpuprofile with -perft writes a profile whose samples
// carry each configuration's label (it was accepted and ignored).
func TestPerftProfile(t *testing.T) {
	bin := buildRunbench(t)
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.prof")
	out, err := exec.Command(bin, "perft", "-config", "default,slider=classical", "-position", "start", "-count", "2",
		"-noprogress", "-cpuprofile", prof, "-out", filepath.Join(dir, "p.txt")).CombinedOutput()
	if err != nil {
		t.Fatalf("runbench: %v\n%s", err, out)
	}
	f, err := os.Open(prof)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s is not a gzipped profile: %v", prof, err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	// A profile's string table holds its label keys and values.
	for _, s := range []string{"config", "slider=classical", "default", "position", "start"} {
		if !bytes.Contains(data, []byte(s)) {
			t.Errorf("profile lacks the label string %q", s)
		}
	}
}

// TestFenDefaultOnly: perft -fen without -config counts and times the
// default configuration only, and says so and how to get every one.
func TestFenDefaultOnly(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.txt")
	code, stdout, stderr := runIn("perft", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "-depth", "2",
		"-count", "1", "-samples", "1", "-sample", "100us", "-noprogress", "-out", out)
	if code != 0 || !strings.Contains(stdout, "fen depth 2: 400 nodes") ||
		!strings.Contains(stderr, "-fen without -config: the default configuration only") || !strings.Contains(stderr, "-config '.*' counts and times all") {
		t.Fatalf("perft -fen: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	rs := readResults(t, out)
	if len(rs) != 1 || !strings.Contains(string(rs[0].Name.Full()), "Perft/"+movegen.DefaultConfig().String()+"/position=fen/") {
		t.Errorf("%d result lines, want one of the default configuration: %v", len(rs), rs)
	}
}

// TestTimingAhead: a sample lasts -sample or one count, whichever is
// longer, and the calibration counts each case once more.
func TestTimingAhead(t *testing.T) {
	p := &perftRun{opt: &perftOptions{runOptions: runOptions{count: 10, perRound: 3, sample: time.Millisecond}}}
	if got := p.timingAhead([]time.Duration{time.Second, time.Microsecond}); got != 31*time.Second+30*time.Millisecond+time.Microsecond {
		t.Errorf("timingAhead = %v", got)
	}
}
