// Command asmfunc calls an assembly function through a func value, so that
// its binary holds the function and the ABIInternal wrapper the compiler
// writes for it.
package main

import "fmt"

// add returns a+b.
func add(a, b int) int

func main() {
	f := add
	fmt.Println(f(1, 2))
}
