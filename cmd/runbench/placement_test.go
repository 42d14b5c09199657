package main

import (
	"bitlab/internal/gobinary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bitlab/cmd/runbench/internal/placement"
)

// hotFunctions are the move generator's functions the default
// configuration's perft spends its time in: the recursion, the generator,
// play and the leaf parents, each compiled per side to move.
var hotFunctions = regexp.MustCompile(`^bitlab/movegen\.(perft|(perftSide|generate|play|leafParents)\[.*\])$`)

// padFunction names package placement's padding functions.
var padFunction = regexp.MustCompile(`^bitlab/cmd/runbench/internal/placement\.pad\d+$`)

// TestPlacementBuilds builds runbench in every placement and checks, with
// go tool nm and objdump, what package placement says of them: placement
// n links n-1 padding functions of one function alignment each (PadBytes)
// before the move generator, whose hot functions all start that many
// bytes later than in the normal build, at distinct offsets modulo 128
// and not all at one modulo 64, with the same machine code (instructions,
// their lengths and source lines; addresses aside); and that in every
// placement each of the self-check's chains starts its loop at a
// chainLoopAlign boundary.
func TestPlacementBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds runbench in every placement")
	}
	align := map[string]int{"amd64": 32, "arm64": 16}[runtime.GOARCH] // PadBytes's
	dir := t.TempDir()
	var base map[string]uint64
	var baseCode map[string]string
	mod64 := map[uint64]bool{}
	mod128 := map[uint64]bool{}
	for n := 1; n <= placement.Count; n++ {
		bin := filepath.Join(dir, fmt.Sprintf("runbench-%d", n))
		args := []string{"build", "-o", bin}
		if tag := placement.Tag(n); tag != "" {
			args = append(args, "-tags", tag)
		}
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		syms := symbols(t, bin)
		checkChainLoops(t, n, bin)
		var pads []uint64
		hot := map[string]uint64{}
		for name, addr := range syms {
			switch {
			case padFunction.MatchString(name):
				pads = append(pads, addr)
			case hotFunctions.MatchString(name):
				hot[name] = addr
			}
		}
		slices.Sort(pads)
		if len(pads) != n-1 {
			t.Fatalf("placement %d links %d padding functions, want %d", n, len(pads), n-1)
		}
		for i := 1; i < len(pads); i++ {
			if pads[i]-pads[i-1] != uint64(align) {
				t.Errorf("placement %d: padding functions %#x apart, want one function alignment, %d bytes", n, pads[i]-pads[i-1], align)
			}
		}
		if _, ok := hot["bitlab/movegen.perft"]; !ok || len(hot) < 4 {
			t.Fatalf("placement %d: the generator's hot functions are not all there: %v", n, hot)
		}
		code := map[string]string{}
		for name, addr := range hot {
			if len(pads) > 0 && addr < pads[0] {
				t.Errorf("placement %d: %s at %#x, before the padding at %#x", n, name, addr, pads[0])
			}
			code[name] = disassembly(t, bin, name, addr)
		}
		if n == 1 {
			base, baseCode = hot, code
		}
		shift := uint64((n - 1) * align)
		for name, addr := range base {
			switch {
			case hot[name] != addr+shift:
				t.Errorf("placement %d: %s at %#x, the normal build's at %#x: moved %d bytes, want %d", n, name, hot[name], addr, int64(hot[name]-addr), shift)
			case code[name] != baseCode[name]:
				t.Errorf("placement %d: the machine code of %s differs from the normal build's:\n%s\nwant\n%s", n, name, code[name], baseCode[name])
			}
		}
		perft := hot["bitlab/movegen.perft"]
		if mod128[perft%128] {
			t.Errorf("placement %d: movegen.perft at %#x, %d modulo 128 as in another placement", n, perft, perft%128)
		}
		mod64[perft%64], mod128[perft%128] = true, true
		t.Logf("placement %d: %d padding functions; movegen.perft at %#x (%d mod 64, %d mod 128)", n, len(pads), perft, perft%64, perft%128)
	}
	if len(mod64) < 2 {
		t.Errorf("movegen.perft sits at one offset modulo 64 in every placement: %v", mod64)
	}
}

// chainLoopAlign is the boundary the self-check's chains start their
// loops at (harness/internal/asm's loopAlign).
const chainLoopAlign = 64

// checkChainLoops checks that in the build bin of placement n every chain
// of the self-check (each TEXT symbol latency* and throughput* of package
// harness's assembly for this GOARCH) starts its loop at a chainLoopAlign
// boundary: the first instruction after its loop label, found by its
// source line in the binary's line table (go tool objdump cannot decode
// AVX-512 and loses the instructions' boundaries after it).
func checkChainLoops(t *testing.T, n int, bin string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "harness", "*_"+runtime.GOARCH+".s"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := gobinary.Read(bin)
	if err != nil {
		t.Fatal(err)
	}
	tab := b.Table
	// The binary's path of each assembly file, from the functions it holds
	// (not their ABIInternal wrappers, which the compiler writes).
	paths := map[string]string{}
	for _, fn := range tab.Funcs {
		if strings.HasPrefix(fn.Name, "bitlab/harness.") {
			if path, _, _ := tab.PCToLine(fn.Entry); strings.HasSuffix(path, ".s") {
				paths[filepath.Base(path)] = path
			}
		}
	}
	var heads []string
	for _, file := range files {
		path := paths[filepath.Base(file)]
		for sym, line := range chainLoops(t, file) {
			name := "bitlab/harness." + sym
			pc, at, err := tab.LineToPC(path, line)
			switch {
			case err != nil:
				t.Errorf("placement %d: %s's loop (%s:%d): %v", n, name, file, line, err)
			case at == nil || at.Name != name:
				t.Errorf("placement %d: %s:%d is not in %s", n, file, line, name)
			case pc%chainLoopAlign != 0:
				t.Errorf("placement %d: %s's loop starts at %#x, %d modulo %d", n, name, pc, pc%chainLoopAlign, chainLoopAlign)
			default:
				heads = append(heads, fmt.Sprintf("%s %#x", sym, pc))
			}
		}
	}
	if len(heads) == 0 && !t.Failed() {
		t.Fatalf("no self-check chain in %v", files)
	}
	slices.Sort(heads)
	t.Logf("placement %d: %d chain loops at %s", n, len(heads), strings.Join(heads, ", "))
}

// chainLoops returns, for each chain (TEXT symbol latency* or
// throughput*) of an assembly file, the line of the first instruction
// after its loop label (the first label of its body).
func chainLoops(t *testing.T, file string) map[string]int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	loops := map[string]int{}
	var sym string
	var labelled bool
	unlooped := func() {
		if sym != "" {
			t.Errorf("%s: %s has no loop label followed by an instruction", file, sym)
		}
	}
	for i, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		switch rest, text := strings.CutPrefix(line, "TEXT ·"); {
		case text:
			unlooped()
			sym, _, _ = strings.Cut(rest, "(SB)")
			if !strings.HasPrefix(sym, "latency") && !strings.HasPrefix(sym, "throughput") {
				sym = ""
			}
			labelled = false
		case sym == "" || trimmed == "" || strings.HasPrefix(trimmed, "//"):
		case !labelled:
			labelled = strings.HasSuffix(line, ":") && !strings.HasPrefix(line, "\t")
		default:
			loops[sym] = i + 1
			sym = ""
		}
	}
	unlooped()
	return loops
}

// symbols returns the addresses of a binary's text symbols (go tool nm).
func symbols(t *testing.T, bin string) map[string]uint64 {
	t.Helper()
	out, err := exec.Command("go", "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm %s: %v", bin, err)
	}
	syms := map[string]uint64{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) < 3 || f[1] != "T" {
			continue
		}
		addr, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil {
			t.Fatalf("go tool nm: %q: %v", line, err)
		}
		syms[strings.Join(f[2:], " ")] = addr
	}
	return syms
}

var hexNumber = regexp.MustCompile(`0x[0-9a-f]+`)

// disassembly returns a function's machine code as go tool objdump
// prints it, without what its address changes: per instruction its
// source line, its length in bytes and its text, every address inside the
// function written as an offset from its start (jump targets).
func disassembly(t *testing.T, bin, name string, start uint64) string {
	t.Helper()
	out, err := exec.Command("go", "tool", "objdump", "-s", "^"+regexp.QuoteMeta(name)+"$", bin).Output()
	if err != nil {
		t.Fatalf("go tool objdump %s: %v", name, err)
	}
	var lines []string
	var end uint64
	type inst struct {
		pos, text string
		size      int
	}
	var code []inst
	for line := range strings.Lines(string(out)) {
		f := slices.DeleteFunc(strings.Split(strings.TrimSpace(line), "\t"), func(s string) bool { return s == "" })
		if len(f) < 4 || !strings.HasPrefix(f[1], "0x") {
			continue
		}
		addr, err := strconv.ParseUint(f[1][2:], 16, 64)
		if err != nil {
			t.Fatalf("objdump %s: %q: %v", name, line, err)
		}
		end = max(end, addr+uint64(len(f[2])/2))
		code = append(code, inst{f[0], strings.TrimSpace(f[3]), len(f[2]) / 2})
	}
	if len(code) == 0 {
		t.Fatalf("objdump printed no instruction of %s", name)
	}
	for _, c := range code {
		text := hexNumber.ReplaceAllStringFunc(c.text, func(h string) string {
			if v, err := strconv.ParseUint(h[2:], 16, 64); err == nil && v >= start && v < end {
				return fmt.Sprintf("start+%#x", v-start)
			}
			return h
		})
		lines = append(lines, fmt.Sprintf("%s %d %s", c.pos, c.size, text))
	}
	return strings.Join(lines, "\n")
}

// TestRunInTurns runs three shell scripts in turns, each of which
// prepares, runs two rounds and ends, writing each step to a log: one
// runs at a time, each prepares once the one before has, and their
// rounds interleave. A command's own environment stays beside the turns'
// variable (the third's).
func TestRunInTurns(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip(err)
	}
	log := filepath.Join(t.TempDir(), "log")
	const script = `pass() { printf x >&4; dd bs=1 count=1 <&3 >/dev/null 2>&1; }
echo "$0 prepared$OWN" >>"$1"; pass
for r in 1 2; do echo "$0 round $r" >>"$1"; pass; done
echo "$0 done" >>"$1"; [ "$0" != b ]`
	var cmds []*exec.Cmd
	for _, name := range []string{"a", "b", "c"} {
		cmds = append(cmds, exec.Command("sh", "-c", script, name, log))
	}
	cmds[2].Env = append(os.Environ(), "OWN= in its own environment")
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	interrupted, err := runInTurns(&env{stdout: stdout, stderr: stderr}, cmds, func(i int) string { return fmt.Sprint("run ", i) }, nil)
	if interrupted || err == nil || !strings.Contains(err.Error(), "run 1: exit status 1") || strings.Contains(err.Error(), "run 0") {
		t.Errorf("interrupted %v, error %v: want run 1's failure alone", interrupted, err)
	}
	data, _ := os.ReadFile(log)
	want := "a prepared\nb prepared\nc prepared in its own environment\na round 1\nb round 1\nc round 1\na round 2\nb round 2\nc round 2\na done\nb done\nc done\n"
	if string(data) != want {
		t.Errorf("the runs' steps:\n%s\nwant\n%s", data, want)
	}
}
