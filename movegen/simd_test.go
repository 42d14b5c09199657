//go:build goexperiment.simd && amd64

package movegen

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"bitlab/board"
	"bitlab/factor"
	"bitlab/positions"
)

// The configurations whose techniques are Go with simd/archsimd
// (GOEXPERIMENT=simd): serialize=archsimd-vbmi2, one of the vector
// serializers (vbmi2_amd64_test.go), and count=archsimd-vpopcnt.

func init() {
	vectorSerializers = append(vectorSerializers, vectorSerializer{
		DefaultConfig().With(factor.Serialize, "archsimd-vbmi2"),
		generateSerArchsimdVbmi2[white, lists], generateSerArchsimdVbmi2[black, lists], (*MoveList).addArchsimd,
	})
}

// vpopcnt is the count=archsimd-vpopcnt configuration.
var vpopcnt = DefaultConfig().With(factor.Count, "archsimd-vpopcnt")

// TestVPOPCNTCounts plays random games from every perft position and
// checks that count=archsimd-vpopcnt counts the default generator's moves,
// counting and listing: positions with more than eight target sets (a
// flush before the rest), with none, and with promotions.
func TestVPOPCNTCounts(t *testing.T) {
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
				counted := sided(p.Side, generateCntArchsimdVpopcnt[white, counts], generateCntArchsimdVpopcnt[black, counts])(&p, nil)
				listed := sided(p.Side, generateCntArchsimdVpopcnt[white, lists], generateCntArchsimdVpopcnt[black, lists])(&p, &got)
				if counted != n || listed != n || got.N != n {
					t.Fatalf("%s: counted %d, listed %d (%d moves); want %d", p.FEN(), counted, listed, got.N, n)
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
// configurations' generators in the test binary (go tool objdump): each
// executes its kernel's vector instruction in place and calls neither the
// kernel's entry points (package gosimd's), nor the functions written
// around them (addArchsimd, addPawnsArchsimd's vector path, tallyBatch's
// methods), nor anything of simd/archsimd: the archsimd code is inlined.
// (The pawns' sets with promotions call addPawns, as the default may.)
func TestArchsimdInlined(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for fn, insn := range map[string]string{"generateSerArchsimdVbmi2": "VPCOMPRESSW", "generateCntArchsimdVpopcnt": "VPOPCNTQ"} {
		out, err := exec.Command("go", "tool", "objdump", "-s", `^bitlab/movegen\.`+fn+`\[`, exe).CombinedOutput()
		if err != nil {
			t.Fatalf("go tool objdump: %v\n%s", err, out)
		}
		bodies := regexp.MustCompile(`(?m)^TEXT `).FindAllIndex(out, -1)
		if len(bodies) < 4 {
			t.Errorf("%s: %d compiled bodies, want one per side and job (4)", fn, len(bodies))
		}
		if n := len(regexp.MustCompile(`\s`+insn+`\s`).FindAll(out, -1)); n < len(bodies) {
			t.Errorf("%s: %d %s instructions in %d bodies", fn, n, insn, len(bodies))
		}
		for _, call := range regexp.MustCompile(`CALL (bitlab/kernels/gosimd\.\S+|simd/archsimd\.\S+|bitlab/movegen\.\(\*(MoveList\)\.add\w*Archsimd|tallyBatch\)\.\w+)\S*)`).FindAllSubmatch(out, -1) {
			t.Errorf("%s calls %s", fn, call[1])
		}
	}
}
