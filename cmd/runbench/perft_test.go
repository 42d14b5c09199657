package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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
	cmd := exec.Command(bin, "-perft", "-position", "^pos3$", "-depth", "3", "-config", "^slider=magic-fancy/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none$|^slider=rotated/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=rotated$",
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
// slider that matches nothing, -fen without -perft.
func TestPerftRejects(t *testing.T) {
	bin := buildRunbench(t)
	for _, args := range [][]string{
		{"-perft", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1", "-count", "1"},
		{"-perft", "-config", "^nothing$", "-count", "1"},
		{"-fen", "8/8/8/8/8/8/8/8 w - - 0 1"},
		{"-perft", "-depth", "13"},
		{"-grid"},
	} {
		if msg, err := exec.Command(bin, args...).CombinedOutput(); err == nil {
			t.Errorf("runbench %v succeeded:\n%s", args, msg)
		}
	}
}

// TestPerftList lists the configurations: one factor at a time, and with
// -grid also the rest of the slider x serialization grid.
func TestPerftList(t *testing.T) {
	bin := buildRunbench(t)
	lines := func(args ...string) []string {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("runbench %v: %v", args, err)
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	one, all := lines("-perft", "-list"), lines("-perft", "-grid", "-list")
	if one[0] != "slider=magic-fancy/serialize=inline/count=mathbits/moves=serialize/order=plain/repr=none" || len(all)-len(one) != len(movegen.GridConfigs()) {
		t.Errorf("%d configurations, %d with -grid; the grid has %d more", len(one), len(all), len(movegen.GridConfigs()))
	}
	if !slices.Contains(all, "slider=kogge-stone/serialize=bytes/count=mathbits/moves=serialize/order=plain/repr=none") {
		t.Error("-grid lists no kogge-stone with bytes")
	}
}

// TestDivide checks -divide: a line per legal move whose counts sum to
// the total it prints, which is the perft count.
func TestDivide(t *testing.T) {
	bin := buildRunbench(t)
	msg, err := exec.Command(bin, "-divide", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "-depth", "2").Output() // stdout: the runtime may warn on stderr
	if err != nil {
		t.Fatalf("runbench -divide: %v\n%s", err, msg)
	}
	out := string(msg)
	if !strings.Contains(out, "moves: 48\n") || !strings.Contains(out, "nodes: 2039\n") || strings.Count(out, ": ") != 48+2 {
		t.Errorf("divide output:\n%s", out)
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
