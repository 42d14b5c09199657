// Package generic holds bitlab's portable Go implementations of every
// technique of the sources. Each technique is an element function carrying a
// //bitlab:kernel directive; go generate writes every implementation's own
// batch loops around it (kernels_gen.go), so the element function is inlined
// into a loop that belongs to that implementation alone, and registers them
// with package kernels.
//
// Directives, in the element function's doc comment:
//
//	//bitlab:kernel FAMILY/IMPL [rook|bishop]  the implementation it defines
//	//bitlab:source TEXT                       the bibliography key and section
//	//bitlab:order reversed|unordered          lists in another order than the reference's (Doc says which)
//	//bitlab:tables V1, V2                     the package-level tables its code reads (Info.Tables; kernels' TestTablesDeclared checks)
package generic

//go:generate go run ./internal/gen -families ../families.go -o kernels_gen.go
