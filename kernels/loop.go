package kernels

// Loop is what a kernel's generator (or, for hand-written assembly, its
// author) declares of the main loop of one of its forms, for package
// explain, which cuts that loop out of the built binary and models it
// statically: where the loop starts, how many input elements an iteration
// handles, and whether its cost depends on the input. Packages amd64, arm64
// and generic list theirs in their Loops function.
type Loop struct {
	Kernel string // the implementation's identifier, "family/impl"
	Mode   Mode   // the form the loop runs
	Symbol string // the function that runs it, by its name in its package
	// Label is the assembly label the main loop starts at; "" for a Go
	// function, whose outermost loop is its main loop.
	Label string
	// Elements is the number of input elements one iteration handles.
	Elements int
	// Instructions is the number of machine instructions from the label
	// through the backward branch that closes the loop; 0 where the Go
	// compiler decides.
	Instructions int
	// Varies says why an iteration's cost depends on the input, "" where it
	// does not: a loop inside the main loop, or a branch on the input.
	Varies string
	// Path names the input for which an iteration of a loop that Varies
	// runs each of its instructions once, "" where no input does: [PathQueen]
	// for a slider that branches on its lines.
	Path string
}

// PathQueen is the path of a slider that branches on the lines of its
// piece: a queen's query takes both branches.
const PathQueen = "queen"
