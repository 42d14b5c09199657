package harness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"testing"

	"bitlab/kernels"
	"bitlab/schema"
)

// inputsHash returns the first 16 hex digits of the SHA-256 of a batch of
// inputs, each element's fields in order, little-endian.
func inputsHash(t *testing.T, in any) string {
	t.Helper()
	h := sha256.New()
	if err := binary.Write(h, binary.LittleEndian, in); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// TestInputsUnchanged pins the inputs of a workload of every input type,
// and of bitboards and queries at the stream size: the results of every run compare with
// those of earlier runs of the same seed only while the generation draws
// the same elements. A change to any of these hashes changes every
// figure's inputs and needs a new results schema, not a new hash.
func TestInputsUnchanged(t *testing.T) {
	for _, c := range []struct {
		family kernels.AnyFamily
		dist   string
		size   int
		want   string
	}{
		{kernels.Popcount(), "k8", schema.L1Elements, "1542cb18af3452fc"},
		{kernels.Popcount(), "random", schema.StreamElements, "dfc95f6f776b3f08"},
		{kernels.Popcount(), "d4-rep1024", schema.StreamElements, "d39917895f30e6f8"},
		{kernels.Popcount(), "chess", schema.L1Elements, "df7e41c3a96daa7a"},
		{kernels.Serialize(), "d8", schema.L1Elements, "417ad0f5ddb45de3"},
		{kernels.SerializeColor(), "d8", schema.L1Elements, "a9f1a3d5bdf542ed"},
		{kernels.SerializeColor(), "chess", schema.L1Elements, "89eee819978cd3ff"},
		{kernels.MoveList(), "random", schema.L1Elements, "966d1b1e2363b2cf"},
		{kernels.MoveList(), "chess", schema.L1Elements, "cad36ccaddf3c610"},
		{kernels.Sliding(), "random", schema.L1Elements, "d0a261e32d3574cb"},
		{kernels.Sliding(), "chess", schema.L1Elements, "17b8283edcd601e1"},
		{kernels.Sliding(), "rook", schema.L1Elements, "415de775cfaa75e9"},
		{kernels.Sliding(), "gigantua", schema.StreamElements, "45799ffe470b2496"},
		{kernels.SlidingRotated(), "random", schema.L1Elements, "d0db2091e8afa32c"},
		{kernels.SlidingRotated(), "gigantua", schema.L1Elements, "512ec309ef6106cd"},
		{kernels.Quad2Hex(), "random", schema.L1Elements, "ce2bc17508e0f276"},
		{kernels.Quad2Board(), "chess", schema.L1Elements, "b7eb734e41d58586"},
		{kernels.QuadFill(), "random", schema.L1Elements, "25e922946e2240aa"},
		{kernels.QuadFill(), "chess", schema.L1Elements, "7a9d538adfe084c0"},
	} {
		in, err := Inputs(c.family, Workload{Dist: c.dist, Size: c.size, Seed: 1})
		if err != nil {
			t.Fatalf("%s %s: %v", c.family.Name(), c.dist, err)
		}
		if got := inputsHash(t, in); got != c.want {
			t.Errorf("%s %s, %d elements: inputs hash to %s, want %s", c.family.Name(), c.dist, c.size, got, c.want)
		}
	}
}
