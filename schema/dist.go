package schema

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
)

// Dist is a parsed input distribution. The grammar:
//
//	k<N>        bitboards with exactly N one-bits, N = 0..64 (every word the
//	            same count: a loop over the bits has a constant trip count)
//	d<N>        bit density N/64: every bit set independently with probability
//	            N/64, so N one-bits on average and a binomial spread around it
//	random      uniform random inputs of the family's type
//	chess       taken from the shipped position suite
//	<d>-rep<R>  R elements of distribution d repeated to fill the batch:
//	            predictable for the branch predictor
type Dist struct {
	Base   string // "k", "d", "random" or "chess"
	N      int    // the N of k<N> and d<N>; -1 otherwise
	Period int    // the repeat period; 0 for none
}

var distPattern = regexp.MustCompile(`^(random|chess|rook|bishop|gigantua|([kd])(\d+))(?:-rep(\d+))?$`)

// ParseDist parses a distribution name.
func ParseDist(s string) (Dist, error) {
	m := distPattern.FindStringSubmatch(s)
	if m == nil {
		return Dist{}, fmt.Errorf("unknown distribution %q (want random, chess, k0..k64, d0..d64, rook, bishop or gigantua, optionally -rep<R>)", s)
	}
	d := Dist{Base: m[1], N: -1}
	if m[2] != "" {
		d.Base = m[2]
		if n, err := strconv.Atoi(m[3]); err != nil || n > 64 {
			return Dist{}, fmt.Errorf("distribution %q: N must be 0..64", s)
		} else {
			d.N = n
		}
	}
	if m[4] != "" {
		p, err := strconv.Atoi(m[4])
		if err != nil || p < 1 {
			return Dist{}, fmt.Errorf("distribution %q: bad repeat period", s)
		}
		d.Period = p
	}
	return d, nil
}

// String returns the distribution's name.
func (d Dist) String() string {
	s := d.Base
	if d.N >= 0 {
		s += strconv.Itoa(d.N)
	}
	if d.Period > 0 {
		s += "-rep" + strconv.Itoa(d.Period)
	}
	return s
}

// Slider reports whether the distribution draws slider queries only:
// random rook or bishop queries, or the queen queries of Gigantua's
// benchmark ([gigantua]: its xorshift96 sequence, one occupancy
// rand64() & rand64() shared by 12 squares rand32() % 64).
func (d Dist) Slider() bool { return d.Base == "rook" || d.Base == "bishop" || d.Base == "gigantua" }

// Bitboard reports whether the distribution draws bitboards by their bit
// count (k<N>, d<N>), which only families with bitboard inputs accept.
func (d Dist) Bitboard() bool { return d.N >= 0 }

// HeadlineDist reports whether the distribution named name counts in a
// family's headline figures, the geometric means that rank its
// implementations (runbench's summary, the pages' geomean rows, the page
// across CPUs, the verdict): every distribution but the learning curve's
// repeated inputs (<d>-rep<R>), which show how far the branch predictor
// reaches, not what an implementation costs on inputs it cannot learn. A
// name that does not parse counts.
func HeadlineDist(name string) bool {
	d, err := ParseDist(name)
	return err != nil || d.Period == 0
}

// CompareDists orders distribution names for tables and charts: k<N> by N,
// then d<N> by N, then the rest by name, then the repeated ones (the
// learning curve) by period; unparsable names last.
func CompareDists(a, b string) int {
	rank := func(s string) (int, int) {
		d, err := ParseDist(s)
		switch {
		case err != nil:
			return 4, 0
		case d.Period > 0:
			return 3, d.Period
		case d.Base == "k":
			return 0, d.N
		case d.Base == "d":
			return 1, d.N
		}
		return 2, 0
	}
	ga, na := rank(a)
	gb, nb := rank(b)
	return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(na, nb), cmp.Compare(a, b))
}
