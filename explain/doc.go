// Package explain estimates what each kernel's main loop costs on
// microarchitectures bitlab has not run on, and says what bounds it, with
// LLVM's static machine-code analyser llvm-mca ([llvm-mca]). The pipeline:
//
//  1. Build runbench once per target: amd64 at GOAMD64 v1, v3 and v4 (v4
//     for the models of cores with AVX-512 only), and arm64 (the kernels
//     are those a user's binary runs). Nothing built is run: the
//     estimates are static.
//  2. Read each kernel's function from the ELF file (debug/elf and its
//     symbol table: bitlab/kernels/amd64.NAME.abi0 for assembly,
//     bitlab/kernels/generic.NAME for the generated Go loops) and decode it
//     with golang.org/x/arch (x86asm or arm64asm), printed in GNU syntax.
//  3. Cut out the main loop the kernel's generator declared
//     ([bitlab/kernels.Loop]: [bitlab/kernels/amd64.Loops] from
//     internal/asm, [bitlab/kernels/generic.Loops] from internal/gen, the
//     hand-written kernels' own): the backward branch
//     closing a loop of exactly the declared number of instructions, or a Go
//     function's outermost loop. A loop with a loop or a call inside, or a
//     declared data-dependent branch without a named path, is not estimated:
//     a static model cannot know how often the inside runs.
//  4. Write the loop body twice, relative branches turned into labels, the
//     second copy's registers whose first use is a write renamed to free
//     ones: llvm-mca's Zen models treat a register move as an alias of its
//     source, so that a later write to the source redirects the move's
//     readers (a POPCNT chain came out at 1.18 cycles instead of 2);
//     renamed, the copies no longer alias.
//  5. Run llvm-mca once per model (-mcpu) on one file of every loop of a
//     target, each in its own "# LLVM-MCA-BEGIN name" region, with --json;
//     a region whose instructions the model's CPU lacks ("instruction
//     requires" errors) is dropped and reported n/a.
//  6. Cycles per element = TotalCycles / Iterations / (2 copies x elements
//     per iteration): TotalCycles, not the block's reciprocal throughput,
//     since only the simulation follows the dependency chains.
//  7. The bottleneck, from the resource-pressure view: a resource (a port,
//     a pipe, the load or store units) busy at least 90% of the loop's
//     cycles, else the dispatch width when the loop issues at it, else the
//     dependency chain.
//
// The estimates are written as Go benchmark results (golang.org/x/perf
// benchfmt) under the measurements' names, with the configuration line
// "estimate: llvm-mca VERSION -mcpu=CPU", so that benchstat puts them
// beside measurements; a model LLVM borrows from another core (LLVM 19's
// znver5 is its Zen 4 model) says so in the estimate line.
package explain
