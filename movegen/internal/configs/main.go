// Command configs writes package movegen's compiled configurations, run
// by go generate in movegen: for every configuration of package factor
// that differs from the default, the copy of the generator's functions
// from the perft recursion down to the techniques the configuration
// changes, each calling that technique's kernel directly
// (internal/copier), in one file per factor (and per
// architecture where a kernel is assembly, and per Go experiment where it
// needs one: configs_<factor>_amd64_simd_gen.go, built with
// GOEXPERIMENT=simd). With -grid it writes the
// slider x serialization grid's file instead, which is built only with
// the tag factor.GridTag (make grid); -tag prints that tag.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"bitlab/factor"
	"bitlab/movegen/internal/copier"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("configs: ")
	grid := flag.Bool("grid", false, "write only "+copier.GridFile+", the slider x serialization grid (built with -tags "+factor.GridTag+")")
	tag := flag.Bool("tag", false, "print the grid's build tag and write nothing (the Makefile's GRID_TAG)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./internal/configs [-grid | -tag]  (in movegen)\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || *grid && *tag {
		flag.Usage()
		os.Exit(2)
	}
	if *tag {
		fmt.Println(factor.GridTag)
		return
	}
	g, err := copier.Generate(".", *grid)
	if err != nil {
		log.Fatal(err)
	}
	if *grid {
		write(copier.GridFile, g.Files[copier.GridFile])
		return
	}
	// Files of configurations that no longer exist go.
	old, _ := filepath.Glob("configs_*_gen.go")
	for _, name := range old {
		if _, ok := g.Files[name]; !ok && name != copier.GridFile {
			if err := os.Remove(name); err != nil {
				log.Fatal(err)
			}
		}
	}
	for name, src := range g.Files {
		if name != copier.GridFile && strings.HasPrefix(name, "configs_") {
			write(name, src)
		}
	}
}

func write(name string, src []byte) {
	if err := os.WriteFile(name, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
