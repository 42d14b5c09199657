package kernels_test

import (
	"strings"
	"testing"

	"bitlab/board"
	"bitlab/kernels"
)

// outOfDomain pairs a batch with an element outside its family's domain
// with the words the error must contain. Each of these crashed or misbehaved
// before inputs were validated: sliding/pext with square 64 (SIGSEGV),
// movelist/bsf-btr with targets outside the king's attacks (64 moves into an
// 8-element buffer), sliding/hyperbola-gfni with piece 4 (read past its
// table), serialize-color/flip-vertical with side 255 (a square not in the
// input).
var outOfDomain = []struct {
	family string
	src    any
	want   string
}{
	{"sliding", []kernels.Query{{Occ: 1, Sq: 3, Piece: kernels.QueenLines}, {Occ: 0, Sq: 64, Piece: kernels.Orthogonal}}, "input 1 ({Occ:0 Sq:- Piece:1}): square 64 is not below 64"},
	{"sliding", []kernels.Query{{Sq: 5, Piece: 4}}, "slider 4 is not rook"},
	{"sliding", []kernels.Query{{Sq: 5, Piece: 0}}, "slider 0 is not rook"},
	{"sliding-ray", []kernels.Query{{Sq: 200, Piece: kernels.Diagonal}}, "square 200 is not below 64"},
	{"sliding-rotated", []kernels.RotatedQuery{{Query: kernels.Query{Sq: 70, Piece: kernels.Orthogonal}}}, "square 70 is not below 64"},
	{"sliding-rotated", []kernels.RotatedQuery{{Query: kernels.Query{Occ: 1 << 20, Sq: 3, Piece: kernels.QueenLines}}}, "are not those of occupancy 0x100000"},
	{"movelist", []kernels.Targets{{BB: ^uint64(0), From: 0, Piece: board.King}}, "are not attacked from square 0"},
	{"movelist", []kernels.Targets{{BB: 0, From: 64, Piece: board.Knight}}, "square 64 is not below 64"},
	{"movelist", []kernels.Targets{{BB: 0, From: 9, Piece: board.Bishop}}, "neither a king nor a knight"},
	{"serialize-color", []kernels.ColoredBB{{BB: 0xff, Side: 255}}, "side 255 is neither white"},
}

// TestOutOfDomainInputs checks that every implementation refuses a batch
// with an element outside its family's domain when it is bound, naming the
// element and the rule, and that Check reports it rather than crashing.
func TestOutOfDomainInputs(t *testing.T) {
	tested := map[string]bool{}
	for _, tc := range outOfDomain {
		k0, ok := kernels.Lookup(tc.family + "/" + familyBaseline(t, tc.family))
		if !ok {
			t.Fatalf("no family %s", tc.family)
		}
		for _, k := range k0.FamilyOf().Kernels() {
			if k.Supported() != nil {
				continue
			}
			for _, mode := range []kernels.Mode{kernels.Throughput, kernels.Latency} {
				if mode == kernels.Latency && !k.HasLatency() {
					continue
				}
				_, err := k.Bind(tc.src, mode, nil)
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), k.Info().ID()) {
					t.Errorf("%s %s: Bind gave %v, want an error naming it and %q", k.Info().ID(), mode, err, tc.want)
				}
			}
		}
		tested[tc.family] = true
	}
	// Families whose input type has invalid values must be in the table.
	for _, f := range kernels.Families() {
		switch f.InputType().String() {
		case "kernels.Query", "kernels.RotatedQuery", "kernels.Targets", "kernels.ColoredBB":
			if !tested[f.Name()] {
				t.Errorf("%s: no out-of-domain case", f.Name())
			}
		}
	}
	// Check, the verification path, reports instead of panicking.
	bad := []kernels.Query{{Sq: 64, Piece: kernels.Orthogonal}}
	for _, k := range kernels.Sliding().Impls() {
		if err := k.Check(bad, kernels.Expected[uint64]{Off: []int{0, 1}, Out: []uint64{0}}); err == nil || !strings.Contains(err.Error(), "square 64") {
			t.Errorf("%s: Check gave %v", k.Info().ID(), err)
		}
	}
}

func familyBaseline(t *testing.T, name string) string {
	for _, f := range kernels.Families() {
		if f.Name() == name {
			return f.Baseline()
		}
	}
	t.Fatalf("no family %s", name)
	return ""
}
