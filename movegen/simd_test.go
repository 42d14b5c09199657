//go:build goexperiment.simd && amd64

package movegen

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"bitlab/board"
	"bitlab/factor"
	"bitlab/internal/gobinary"
	"bitlab/positions"
)

// The configurations whose techniques are Go with simd/archsimd
// (GOEXPERIMENT=simd): serialize=archsimd-vbmi2, one of the vector
// serializers (vbmi2_amd64_test.go), and count=archsimd-vpopcnt.

func init() {
	vectorSerializers = append(vectorSerializers, vectorSerializer{
		DefaultConfig().With(factor.Serialize, "archsimd-vbmi2").With(factor.Leaf, factor.ListingLeaf()),
		generateSerArchsimdVbmi2[white, black, lists], generateSerArchsimdVbmi2[black, white, lists], (*MoveList).addArchsimd, 64,
	})
}

// vpopcnt is the count=archsimd-vpopcnt configuration.
var vpopcnt = DefaultConfig().With(factor.Count, "archsimd-vpopcnt")

// TestVPOPCNTCounts plays random games from every perft position and
// checks that count=archsimd-vpopcnt counts the default generator's moves,
// counting and listing, and its children's moves, expanding (the fused
// leaf, whose children it counts): positions with more than eight target
// sets (a count before the rest), with none, and with promotions.
func TestVPOPCNTCounts(t *testing.T) {
	if !slices.Contains(Configs(), vpopcnt) {
		t.Fatalf("Configs lacks %s", vpopcnt)
	}
	if err := Supported(vpopcnt); err != nil {
		t.Skipf("%s: %v", vpopcnt, err)
	}
	r := rand.New(rand.NewPCG(29, 31))
	var sets [3]int // positions with at most eight, more than eight target sets, and promotions
	for _, c := range positions.PerftCases() {
		start, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			p := start
			for range 200 {
				var want, got MoveList
				n := p.generateAny(&want)
				counted := sided(p.Side, generateCntArchsimdVpopcnt[white, black, counts], generateCntArchsimdVpopcnt[black, white, counts])(&p, nil)
				listed := sided(p.Side, generateCntArchsimdVpopcnt[white, black, lists], generateCntArchsimdVpopcnt[black, white, lists])(&p, &got)
				if counted != n || listed != n || got.N != n {
					t.Fatalf("%s: counted %d, listed %d (%d moves); want %d", p.FEN(), counted, listed, got.N, n)
				}
				children := sided(p.Side, generate[white, black, expands], generate[black, white, expands])(&p, nil)
				if got := sided(p.Side, generateCntArchsimdVpopcnt[white, black, expands], generateCntArchsimdVpopcnt[black, white, expands])(&p, nil); got != children {
					t.Fatalf("%s: the children's moves expanded %d, want %d", p.FEN(), got, children)
				}
				if n == 0 {
					break
				}
				// About a target set per piece and four of the pawns'.
				if bits.OnesCount64(p.Colors[p.Side]&^p.Pieces[p.Side][board.Pawn])+4 > 8 {
					sets[1]++
				} else {
					sets[0]++
				}
				for _, m := range want.Slice() {
					if m.Kind() >= PromoKnight {
						sets[2]++
						break
					}
				}
				p = p.Play(want.Moves[r.IntN(want.N)])
			}
		}
	}
	if sets[0] == 0 || sets[1] == 0 || sets[2] == 0 {
		t.Errorf("positions with at most eight, more than eight target sets, with promotions: %v; want some of each", sets)
	}
}

// TestArchsimdInlined reads the machine code of the archsimd
// configurations' generators in the test binary: none calls the kernel's
// entry points (package gosimd's), anything of simd/archsimd, or the
// functions written around them that Go can inline (addArchsimd,
// batchCounter's methods): the archsimd code is inlined. The one call left
// is the pawns' entry point, over the inlining budget as the default's
// addPawns is (its machine code is TestRequires' in package gosimd). The
// bodies that list (J = lists, of shape uint16) execute VPCOMPRESSB in
// serialize=archsimd-vbmi2's, those that count (J = counts, of shape
// uint8) VPOPCNTQ in count=archsimd-vpopcnt's.
func TestArchsimdInlined(t *testing.T) {
	// The generators' bodies, one per shape (not their instantiations'
	// wrappers, which call them).
	code := machineCode(t, regexp.MustCompile(`^bitlab/movegen\.generate(SerArchsimdVbmi2|CntArchsimdVpopcnt)\[go\.shape\.`))
	pawns := "bitlab/kernels/gosimd.SerializeArchsimdVbmi2AppendPawns"
	forbidden := regexp.MustCompile(`^(bitlab/kernels/gosimd\.|simd/archsimd\.|bitlab/movegen\.\(\*(MoveList\)\.add\w*Archsimd|batchCounter\)\.))`)
	for name, fn := range code {
		for _, callee := range fn.calls {
			if forbidden.MatchString(callee) && callee != pawns {
				t.Errorf("%s calls %s", name, callee)
			}
		}
	}
	for _, c := range []struct {
		prefix, suffix string
		insn           x86asm.Op
	}{
		{"bitlab/movegen.generateSerArchsimdVbmi2[", ",go.shape.uint16]", x86asm.VPCOMPRESSB},
		{"bitlab/movegen.generateCntArchsimdVpopcnt[", ",go.shape.uint8]", x86asm.VPOPCNTQ},
	} {
		bodies := 0
		for name, fn := range code {
			if !strings.HasPrefix(name, c.prefix) || !strings.HasSuffix(name, c.suffix) {
				continue
			}
			bodies++
			if !fn.ops[c.insn] {
				t.Errorf("%s executes no %v", name, c.insn)
			}
		}
		if bodies != 2 {
			t.Errorf("%d functions %s...%s in the test binary, want 2 (one per side)", bodies, c.prefix, c.suffix)
		}
	}
}

// function is a compiled function's machine code: the instructions it
// executes and the functions it calls.
type function struct {
	ops   map[x86asm.Op]bool
	calls []string
}

// machineCode decodes the functions of the test binary whose names match
// re (its symbols from the Go line table, which go test keeps).
func machineCode(t *testing.T, re *regexp.Regexp) map[string]*function {
	t.Helper()
	bin, err := gobinary.Read(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*function{}
	for i, s := range bin.Table.Funcs {
		if !re.MatchString(s.Name) {
			continue
		}
		insts, err := bin.X86Code(&bin.Table.Funcs[i])
		if err != nil {
			t.Fatal(err)
		}
		fn := &function{ops: map[x86asm.Op]bool{}}
		out[s.Name] = fn
		for _, in := range insts {
			fn.ops[in.Op] = true
			if in.Callee != nil {
				fn.calls = append(fn.calls, in.Callee.Name)
			}
		}
	}
	return out
}
