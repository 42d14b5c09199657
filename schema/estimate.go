package schema

import "strings"

// Estimates are results files of a static model's estimates (package
// explain, llvm-mca): the measurements' names and units, with the
// configuration line KeyEstimate saying which model made them, so that
// benchstat shows them beside measurements; report keeps them apart.
const (
	// KeyEstimate names the model of estimated results: "llvm-mca 19.1.7
	// -mcpu=skylake"; measured results have no such line.
	KeyEstimate = "estimate"
	// EstimatesFolder is the folder of estimates files: inside a CPU's
	// results folder for that CPU's core, and below results/ for the
	// cores no run has measured. Readers of measurements skip it.
	EstimatesFolder = "estimates"
	// CommentBottleneck starts the comment line giving what bounds an
	// estimated case: "# bottleneck: NAME: words".
	CommentBottleneck = "bottleneck: "
	// CommentLoop starts the comment line describing an estimated case's
	// loop: "# loop: NAME: assembly, 16 instructions, 4 elements per
	// iteration[, path queen]" (or "go" for a generated Go loop).
	CommentLoop = "loop: "
	// CommentNotEstimated starts the comment line of a kernel form left
	// without an estimate: "# not estimated: family/impl mode: why".
	CommentNotEstimated = "not estimated: "
)

// BorrowedNote is what an estimate line adds where the model is another
// core's: LLVM has none of the core's own and runs lender's.
func BorrowedNote(lender string) string { return " (borrowed: LLVM's " + lender + " model)" }

// Borrowed returns the core whose model an estimate line (KeyEstimate's
// value) says it borrows, "" where the model is the core's own.
func Borrowed(estimate string) string {
	_, after, ok := strings.Cut(estimate, " (borrowed: LLVM's ")
	if !ok {
		return ""
	}
	lender, _ := strings.CutSuffix(after, " model)")
	return lender
}
