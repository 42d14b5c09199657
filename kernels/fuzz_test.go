package kernels_test

import (
	"testing"

	"bitlab/board"
	"bitlab/kernels"
	"bitlab/qbb"
)

// One fuzz target per family: each compares every implementation with the
// reference on the fuzzed input, alone and after a second input (so that the
// latency chain carries a non-zero output). The seed corpora run in go test.

func addBitboards(f *testing.F) {
	for _, x := range edgeCases {
		f.Add(x, ^x)
	}
}

// FuzzBitboardFamilies fuzzes every family of bitboardFamilies.
func FuzzBitboardFamilies(f *testing.F) {
	addBitboards(f)
	f.Fuzz(func(t *testing.T, x, y uint64) {
		for _, fam := range bitboardFamilies {
			fam.check(t, []uint64{x, y})
		}
	})
}

func FuzzSerializeColor(f *testing.F) {
	for _, x := range edgeCases {
		f.Add(x, false)
		f.Add(x, true)
	}
	f.Fuzz(func(t *testing.T, x uint64, black bool) {
		side := board.White
		if black {
			side = board.Black
		}
		check(t, kernels.SerializeColor(), []kernels.ColoredBB{{BB: x, Side: side}, {BB: ^x, Side: 1 - side}})
	})
}

func FuzzMoveList(f *testing.F) {
	f.Add(uint64(0), uint8(0), false)
	f.Add(^uint64(0), uint8(27), true)
	f.Add(uint64(0x5555555555555555), uint8(63), false)
	f.Fuzz(func(t *testing.T, x uint64, from uint8, knight bool) {
		s := board.Square(from & 63)
		p, attacks := board.King, board.KingAttacks()[s]
		if knight {
			p, attacks = board.Knight, board.KnightAttacks()[s]
		}
		check(t, kernels.MoveList(), []kernels.Targets{{BB: x & attacks, From: s, Piece: p}})
	})
}

func fuzzSlider(f *testing.F, fam *kernels.Family[kernels.Query, uint64]) {
	for i, x := range edgeCases {
		f.Add(x, uint8(i*13), uint8(i))
	}
	f.Fuzz(func(t *testing.T, occ uint64, sq, piece uint8) {
		q := kernels.Query{Occ: occ, Sq: board.Square(sq & 63), Piece: kernels.Slider(1 + piece%3)}
		r := q
		r.Sq, r.Piece = 63-q.Sq, kernels.QueenLines
		check(t, fam, []kernels.Query{q, r})
	})
}

func FuzzSliding(f *testing.F) { fuzzSlider(f, kernels.Sliding()) }

func FuzzSlidingRotated(f *testing.F) {
	for i, x := range edgeCases {
		f.Add(x, uint8(i*13), uint8(i))
	}
	f.Fuzz(func(t *testing.T, occ uint64, sq, piece uint8) {
		q := kernels.Query{Occ: occ, Sq: board.Square(sq & 63), Piece: kernels.Slider(1 + piece%3)}
		check(t, kernels.SlidingRotated(), []kernels.RotatedQuery{{Query: q, Rot: board.Rotate(occ)}})
	})
}
func FuzzSlidingRay(f *testing.F) { fuzzSlider(f, kernels.SlidingRay()) }

func addQuads(f *testing.F) {
	for _, q := range suiteQBBs()[:8] {
		f.Add(q[0], q[1], q[2], q[3])
	}
}

func FuzzQuad2Hex(f *testing.F) {
	addQuads(f)
	f.Fuzz(func(t *testing.T, a, b, c, d uint64) { check(t, kernels.Quad2Hex(), []qbb.QBB{{a, b, c, d}}) })
}

func FuzzQuad2Board(f *testing.F) {
	addQuads(f)
	f.Fuzz(func(t *testing.T, a, b, c, d uint64) { check(t, kernels.Quad2Board(), []qbb.QBB{{a, b, c, d}}) })
}

func FuzzQuadFill(f *testing.F) {
	addQuads(f)
	f.Fuzz(func(t *testing.T, a, b, c, d uint64) {
		check(t, kernels.QuadFill(), []kernels.Fill{{Gen: qbb.QBB{a, b, c, d}, Empty: ^(a | b | c | d)}, {Gen: qbb.QBB{a, b, c, d}, Empty: a ^ d}})
	})
}
