// Package positions ships bitlab's suite of real chess positions, the source
// of the "chess" workloads and of the quad-bitboard proofs.
package positions

import (
	_ "embed"
	"fmt"
	"strings"

	"bitlab/board"
)

//go:embed perft.fen
var perftFEN string

// Perft returns the standard perft positions (Chess Programming Wiki,
// "Perft Results": the initial position, Kiwipete, positions 3 to 6 and
// position 4 mirrored).
func Perft() []board.Position { return mustParse("perft.fen", perftFEN) }

// mustParse parses one FEN per line, skipping blank lines and # comments.
// The files are embedded and tested, so an error is a build defect.
func mustParse(name, text string) []board.Position {
	var ps []board.Position
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := board.ParseFEN(line)
		if err != nil {
			panic(fmt.Sprintf("positions: %s:%d: %v", name, i+1, err))
		}
		ps = append(ps, p)
	}
	return ps
}
