// Package positions ships bitlab's suite of real chess positions, the source
// of the "chess" workloads and of the quad-bitboard proofs:
//
//   - perft.fen: the standard perft positions of the Chess Programming Wiki's
//     "Perft Results" page ([cpw-perft]; 7 positions), with their names and
//     the page's counts;
//   - chess960.fen: the Chess960 perft suite of the Ethereal engine
//     ([ethereal-perft]; 960 positions, castling in Shredder-FEN), with its
//     counts to depth 6;
//   - wac.epd: Fred Reinfeld's "Win at Chess" (1958) test suite as EPD, 299 of
//     its 300 positions (WAC.274 is missing from the public copy used), with
//     their ids and without any engine analysis.
package positions

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"bitlab/board"
)

var (
	//go:embed perft.fen
	perftFEN string
	//go:embed wac.epd
	wacEPD string
	//go:embed chess960.fen
	chess960FEN string
)

// Perft returns the standard perft positions (Chess Programming Wiki,
// "Perft Results": the initial position, Kiwipete, positions 3 to 6 and
// position 4 mirrored).
func Perft() []board.Position { return mustParse("perft.fen", perftFEN) }

// PerftCase is a perft position with its name and its counts.
type PerftCase struct {
	Name   string
	FEN    string
	Counts []uint64 // Counts[d-1]: the legal move sequences of depth d
}

// PerftCases returns the perft positions with their names and counts.
func PerftCases() []PerftCase { return mustParseCases("perft.fen", perftFEN) }

// Chess960Cases returns the Chess960 perft suite: 960 positions with
// Shredder-FEN castling fields, named chess960-1 ... chess960-960 by their
// line in the suite, with counts to depth 6.
func Chess960Cases() []PerftCase { return mustParseCases("chess960.fen", chess960FEN) }

// mustParseCases reads perft records, one a line: a FEN, then operations
// separated by semicolons, "id NAME" and "D1 count", "D2 count", ... in
// order. The files are embedded and tested, so an error is a build defect.
func mustParseCases(name, text string) []PerftCase {
	var cs []PerftCase
	for i, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ops := strings.Split(strings.TrimSuffix(line, ";"), ";")
		c := PerftCase{FEN: strings.TrimSpace(ops[0])}
		for _, op := range ops[1:] {
			f := strings.Fields(op)
			if len(f) != 2 {
				panic(fmt.Sprintf("positions: %s:%d: bad operation %q", name, i+1, op))
			}
			if f[0] == "id" {
				c.Name = f[1]
				continue
			}
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil || f[0] != "D"+strconv.Itoa(len(c.Counts)+1) {
				panic(fmt.Sprintf("positions: %s:%d: bad operation %q", name, i+1, op))
			}
			c.Counts = append(c.Counts, n)
		}
		cs = append(cs, c)
	}
	return cs
}

// WinAtChess returns the positions of the "Win at Chess" suite.
func WinAtChess() []board.Position { return mustParse("wac.epd", wacEPD) }

// Suite returns every shipped position: Perft then WinAtChess.
func Suite() []board.Position { return append(Perft(), WinAtChess()...) }

// mustParse parses one FEN or EPD record per line (the first four fields;
// the EPD operations after them are ignored), skipping blank lines and #
// comments.
// The files are embedded and tested, so an error is a build defect.
func mustParse(name, text string) []board.Position {
	var ps []board.Position
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if f := strings.Fields(line); len(f) > 4 && strings.HasSuffix(line, ";") {
			line = strings.Join(f[:4], " ") // EPD: drop the operations
		}
		p, err := board.ParseFEN(line)
		if err != nil {
			panic(fmt.Sprintf("positions: %s:%d: %v", name, i+1, err))
		}
		ps = append(ps, p)
	}
	return ps
}
