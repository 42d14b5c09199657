// Command asm generates the harness's amd64 assembly with avo: the
// register-register ADD chain that calibrates the core clock, the latency
// and throughput chains of the self-check, and CPUID.
//
// Its arguments are those of the go:generate line in package harness.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"bitlab/schema"
)

// Unroll is the number of chain instructions in one loop iteration.
const Unroll = 64

// throughputChains is the number of independent chains of the throughput
// form: enough to saturate every port that runs the instruction. Ten left
// Zen 5's six ALUs short (ADD, POPCNT and BSWAP at 0.200 cycles on an idle
// machine, 5% off the published 0.19); twelve measure 0.193 to 0.196.
const throughputChains = 12

// loopAlign is the boundary every chain's loop starts at: a 64-byte line
// of code, so that where the linker puts a chain does not change which
// fetch blocks, cache lines and op-cache lines its loop spans. Unaligned,
// Zen 4 read the ADD throughput chain at 0.400, 0.253, 0.255 and 0.333
// cycles per instruction (published 0.25) in four builds that moved it by
// 32-byte steps, its loop at 32, 0, 32 and 0 bytes into a line: the
// alignment takes the line offset out, not necessarily every cause.
const loopAlign = 64

// An op appends one instruction that updates r (from r and, for the
// two-operand ones, the constant register k). Vector ops run on ZMM
// registers (AVX-512): their registers start as broadcast constants and the
// function ends with VZEROUPPER. (avo has no VPCOMPRESSB or VGF2P8AFFINEQB:
// their chains are hand-written in chains_avx512_amd64.s.)
type op struct {
	name, doc string
	emit      func(r, k reg.Register)
	vector    bool
}

// ops returns the instructions the self-check measures.
func ops() []op {
	return []op{
		{name: "Add", doc: "ADDQ k, r (register-register)", emit: func(r, k reg.Register) { ADDQ(k, r) }},
		{name: "Imul", doc: "IMULQ k, r", emit: func(r, k reg.Register) { IMULQ(k, r) }},
		{name: "Popcnt", doc: "POPCNTQ r, r", emit: func(r, _ reg.Register) { POPCNTQ(r, r) }},
		{name: "Tzcnt", doc: "TZCNTQ r, r", emit: func(r, _ reg.Register) { TZCNTQ(r, r) }},
		{name: "Blsr", doc: "BLSRQ r, r", emit: func(r, _ reg.Register) { BLSRQ(r, r) }},
		{name: "Bswap", doc: "BSWAPQ r", emit: func(r, _ reg.Register) { BSWAPQ(r) }},
		{name: "Pext", doc: "PEXTQ k, r, r (mask 3)", emit: func(r, k reg.Register) { PEXTQ(k, r, r) }},
		{name: "Vpopcntq", doc: "VPOPCNTQ r, r (zmm)", vector: true, emit: func(r, _ reg.Register) { VPOPCNTQ(r, r) }},
	}
}

func main() {
	ConstraintExpr("amd64")
	var loops []string
	for _, o := range ops() {
		loops = append(loops,
			chain(string(schema.Latency)+o.name, 1, o),
			chain(string(schema.Throughput)+o.name, throughputChains, o))
	}
	cpuid()
	Generate()
	if err := checkAligned(flag.Lookup("out").Value.String(), loops); err != nil {
		log.Fatal(err)
	}
}

// alignLoop emits PCALIGN $loopAlign, for which avo has no function: Go's
// assembler pads the code to the boundary with NOPs and aligns the whole
// function to at least as much, so the boundary holds wherever the linker
// puts it.
func alignLoop() {
	Instruction(&ir.Instruction{Opcode: "PCALIGN", Operands: []operand.Op{operand.Imm(loopAlign)}})
}

// checkAligned fails unless, in the assembly avo wrote to path, a
// PCALIGN $loopAlign comes right before each of the labels loops.
func checkAligned(path string, loops []string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var lines [][]string
	for line := range strings.Lines(string(src)) {
		if f := strings.Fields(line); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	pcalign := []string{"PCALIGN", operand.Imm(loopAlign).Asm()}
	for _, loop := range loops {
		i := slices.IndexFunc(lines, func(f []string) bool { return slices.Equal(f, []string{loop + ":"}) })
		if i < 1 || !slices.Equal(lines[i-1], pcalign) {
			return fmt.Errorf("%s: the loop %s is not preceded by %s", path, loop, strings.Join(pcalign, " "))
		}
	}
	return nil
}

// chain emits a function running n iterations of Unroll instructions spread
// round-robin over chains registers (one chain measures latency, many
// measure throughput), its loop starting at a loopAlign boundary, and
// returns the loop's label.
func chain(name string, chains int, o op) string {
	TEXT(name, NOSPLIT, "func(n int)")
	Doc(fmt.Sprintf("%s runs n x %d of %s over %d dependency chain(s).", name, Unroll, o.doc, chains))
	n := Load(Param("n"), GP64())
	// value returns a register holding v: a general one, or for vector ops
	// a ZMM register with v in every quadword.
	value := func(v uint32) reg.Register {
		g := GP64()
		MOVQ(operand.U32(v), g)
		if !o.vector {
			return g
		}
		z := ZMM()
		VPBROADCASTQ(g, z)
		return z
	}
	k := value(3)
	rs := make([]reg.Register, chains)
	for i := range rs {
		rs[i] = value(uint32(0x1000 + i))
	}
	loop := name + "Loop"
	alignLoop()
	Label(loop)
	for i := range Unroll {
		o.emit(rs[i%chains], k)
	}
	DECQ(n)
	JNZ(operand.LabelRef(loop))
	if o.vector {
		VZEROUPPER()
	}
	RET()
	return loop
}

func cpuid() {
	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes CPUID with EAX = leaf and ECX = sub.")
	Load(Param("leaf"), reg.EAX)
	Load(Param("sub"), reg.ECX)
	CPUID()
	Store(reg.EAX, Return("eax"))
	Store(reg.EBX, Return("ebx"))
	Store(reg.ECX, Return("ecx"))
	Store(reg.EDX, Return("edx"))
	RET()
}
