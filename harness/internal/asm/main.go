// Command asm generates the harness's amd64 assembly with avo: the
// register-register ADD chain that calibrates the core clock, the latency
// and throughput chains of the self-check, and CPUID.
//
// Its arguments are those of the go:generate line in package harness.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
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
	for _, o := range ops() {
		chain(string(schema.Latency)+o.name, 1, o)
		chain(string(schema.Throughput)+o.name, throughputChains, o)
	}
	cpuid()
	Generate()
}

// chain emits a function running n iterations of Unroll instructions spread
// round-robin over chains registers: one chain measures latency, many
// measure throughput.
func chain(name string, chains int, o op) {
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
	Label(name + "Loop")
	for i := range Unroll {
		o.emit(rs[i%chains], k)
	}
	DECQ(n)
	JNZ(operand.LabelRef(name + "Loop"))
	if o.vector {
		VZEROUPPER()
	}
	RET()
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
