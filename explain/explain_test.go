package explain

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"bitlab/internal/gobinary"
	"bitlab/kernels"
	_ "bitlab/kernels/all"
	"bitlab/schema"
)

// TestLoopsCoverRegistrations checks the declarations against the
// registry: every form of every amd64 and generic kernel this host
// registers has exactly one declared loop, and every declared loop of
// those packages names a registered form. (arm64's registrations exist only
// in arm64 builds; TestLoopsExtract checks its declarations against the
// binary.)
func TestLoopsCoverRegistrations(t *testing.T) {
	declared := map[string]int{}
	for _, l := range LoopsOf("amd64") {
		declared[l.Kernel+" "+string(l.Mode)]++
		k, ok := kernels.Lookup(l.Kernel)
		if !ok || l.Mode == schema.Latency && !k.HasLatency() {
			t.Errorf("%s %s: declared, but no such form is registered", l.Kernel, l.Mode)
		}
		if l.Elements < 1 || l.Symbol == "" || l.Asm && (l.Label == "" || l.Instructions < 2) {
			t.Errorf("%s %s: incomplete declaration %+v", l.Kernel, l.Mode, l.Loop)
		}
	}
	for _, k := range kernels.All() {
		if k.Info().Arch == kernels.ARM64 {
			continue
		}
		modes := []schema.Mode{schema.Throughput}
		if k.HasLatency() {
			modes = append(modes, schema.Latency)
		}
		for _, m := range modes {
			if n := declared[k.Info().ID()+" "+string(m)]; n != 1 {
				t.Errorf("%s %s: %d loops declared, want 1", k.Info().ID(), m, n)
			}
		}
	}
}

// TestModelsOf checks which builds each model estimates: the amd64 cores
// with AVX-512 every level, the others v1 and v3 (a v4 build stops at
// start on them), arm64's cores the arm64 build; every target has a model.
func TestModelsOf(t *testing.T) {
	withV4 := []string{"znver4", "znver5", "icelake-server", "sapphirerapids"}
	got := map[string][]string{}
	for _, tg := range Targets() {
		ms := modelsOf(tg, Models())
		if len(ms) == 0 {
			t.Errorf("%s: no model runs it", tg)
		}
		for _, m := range ms {
			got[m.CPU] = append(got[m.CPU], tg.String())
		}
	}
	for _, m := range Models() {
		want := []string{"arm64"}
		switch {
		case m.Arch == "amd64" && slices.Contains(withV4, m.CPU):
			want = []string{"amd64 v1", "amd64 v3", "amd64 v4"}
		case m.Arch == "amd64":
			want = []string{"amd64 v1", "amd64 v3"}
		}
		if !slices.Equal(got[m.CPU], want) {
			t.Errorf("%s estimates %v, want %v", m.CPU, got[m.CPU], want)
		}
	}
}

// TestLoopsExtract builds runbench for every target, cuts every declared
// loop out of the binary and checks it: an assembly loop has exactly the
// declared instructions (cut finds the one loop of that length), an
// assembly loop with a loop inside is declared as varying (extract fails
// otherwise), and every loop's llvm-mca input is written.
func TestLoopsExtract(t *testing.T) {
	if testing.Short() {
		t.Skip("builds runbench four times")
	}
	for _, tg := range Targets() {
		path, err := build("..", t.TempDir(), tg)
		if err != nil {
			t.Fatal(err)
		}
		bin, err := gobinary.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		loops, err := extract(bin, tg.GOARCH)
		if err != nil {
			t.Fatalf("%s: %v", tg, err)
		}
		for i, e := range loops {
			if e.Asm && len(e.body.code) != e.Instructions {
				t.Errorf("%s %s %s: cut %d instructions, declared %d", tg, e.Kernel, e.Mode, len(e.body.code), e.Instructions)
			}
			var b strings.Builder
			if err := region(&b, tg.GOARCH, regionName(e.Kernel, e.Mode), i, e.body.code); err != nil {
				t.Errorf("%s %s %s: %v", tg, e.Kernel, e.Mode, err)
			}
			if n := strings.Count(b.String(), "\n"); n < copies*len(e.body.code)+2 {
				t.Errorf("%s %s %s: region of %d lines for %d instructions", tg, e.Kernel, e.Mode, n, len(e.body.code))
			}
		}
	}
}

// TestMCAParsesEveryLoop runs llvm-mca on every extracted loop with a
// model of each architecture whose core has every feature the kernels use
// (Zen 4, Neoverse V2): each loop must parse and run, and its estimate be
// positive. It is skipped where llvm-mca 19 is not installed (CI installs
// it).
func TestMCAParsesEveryLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds runbench four times and runs llvm-mca")
	}
	mca, err := FindMCA()
	if errors.Is(err, ErrNoMCA) {
		t.Skip(Install)
	}
	if err != nil {
		t.Fatal(err)
	}
	var models []Model
	for _, cpu := range []string{"znver4", "neoverse-v2"} {
		m, err := LookupModel(cpu)
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, m)
	}
	ests, err := Run("..", t.TempDir(), mca, models, Targets())
	if err != nil {
		t.Fatal(err)
	}
	estimated := 0
	for _, e := range ests {
		switch {
		case strings.Contains(e.Missing, "lacks an instruction"):
			t.Errorf("%s %s %s on %s: llvm-mca rejected the loop: %s", e.Target, e.Kernel, e.Mode, e.Model.CPU, e.Missing)
		case e.Missing == "" && (e.Cycles <= 0 || e.Bottleneck == ""):
			t.Errorf("%s %s %s on %s: estimate %g, bottleneck %q", e.Target, e.Kernel, e.Mode, e.Model.CPU, e.Cycles, e.Bottleneck)
		case e.Missing == "":
			estimated++
		}
	}
	if estimated == 0 {
		t.Fatal("no estimate")
	}
}

// TestRenameBreaksOnlyFreshValues checks the second copy's renaming on a
// loop of known registers: RDI, first written, moves to the first free
// family (RBX: RAX, RCX and RDX are used); RAX, read first (loop-carried),
// and RCX, the count of a shift by CL, stay.
func TestRenameBreaksOnlyFreshValues(t *testing.T) {
	code := []byte{
		0x48, 0x8b, 0x39, // mov (%rcx),%rdi
		0xf3, 0x48, 0x0f, 0xb8, 0xff, // popcnt %rdi,%rdi
		0x48, 0x01, 0xf8, // add %rdi,%rax
		0x48, 0xd3, 0xe2, // shl %cl,%rdx
	}
	insts, err := decode("amd64", 0x1000, code)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range renameX86(insts) {
		s, err := in.text("")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	want := []string{"mov (%rcx),%rbx", "popcnt %rbx,%rbx", "add %rbx,%rax", "shl %cl,%rdx"}
	if !slices.Equal(got, want) {
		t.Errorf("renamed copy %q, want %q", got, want)
	}
}

// TestNoMCA checks the message without llvm-mca: it names what to install.
func TestNoMCA(t *testing.T) {
	t.Setenv("LLVM_MCA", "")
	t.Setenv("PATH", t.TempDir())
	_, err := FindMCA()
	if !errors.Is(err, ErrNoMCA) || !strings.Contains(err.Error(), "apt-get install llvm-19") {
		t.Errorf("FindMCA without llvm-mca: %v", err)
	}
	if _, err := exec.LookPath("llvm-mca-19"); err == nil {
		t.Error("PATH still finds llvm-mca-19")
	}
}
