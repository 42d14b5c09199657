package movegen

import (
	"unsafe"

	"bitlab/board"
)

// The side to move as a type parameter, so that the compiler compiles the
// generator once per side with the side a constant (Gigantua's side
// template, [gigantua]): no load of the side, no bounds check on an array
// indexed by it, pawn shifts by constant counts. Go compiles one body of a
// generic function per GC shape, and white and black have different
// underlying types, hence shapes; the body reads the side as the size of
// its type parameter (sideOf), which the compiler folds into a constant
// per shape, and calls no method through the type parameter, so nothing
// goes through the instantiation's dictionary. TestSideSpecialized checks
// both bodies are compiled.
type (
	white uint8  // White to move: a 1-byte type
	black uint16 // Black to move: a 2-byte type
)

// side is the type parameter's constraint: white or black.
type side interface{ white | black }

// The generator's job as a type parameter, compiled the same way as the
// side: listing the moves (interior nodes) or only counting them (the
// leaves' parents) or expanding each move into its child's count (the
// leaves' grandparents, leaf.go), so that the test of which is gone from
// the compiled generator.
type (
	counts  uint8  // count the moves, list none
	lists   uint16 // list the moves (and count them)
	expands uint32 // count the moves of each move's child, list none
)

// job is the type parameter's constraint: counts, lists or expands.
type job interface{ counts | lists | expands }

// listing reports whether J lists the moves.
func listing[J job]() bool {
	var j J
	return unsafe.Sizeof(j) == 2
}

// expanding reports whether J counts the children's moves.
func expanding[J job]() bool {
	var j J
	return unsafe.Sizeof(j) == 4
}

// sideOf returns the side S stands for: board.White for white, board.Black
// for black.
func sideOf[S side]() board.Color {
	var s S
	return board.Color(unsafe.Sizeof(s) - 1)
}
