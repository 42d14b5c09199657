// Command gen writes package fingerprint's hashes_gen.go: the fingerprint
// of each kernel family's code and of perft's, computed from the source
// tree by package source. Its arguments are those of the go:generate line
// in package fingerprint.
package main

import (
	"flag"
	"log"
	"os"

	"bitlab/fingerprint/internal/source"
)

func main() {
	root := flag.String("root", "..", "the bitlab module's root folder")
	out := flag.String("o", "hashes_gen.go", "the file to write")
	flag.Parse()
	parts, err := source.Compute(os.DirFS(*root))
	if err != nil {
		log.Fatal(err)
	}
	src, err := source.Generate(parts, source.Command)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
