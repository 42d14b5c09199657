package kernels

import (
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"bitlab/schema"
)

// A Family is one kind of work: the element types, the plain reference,
// the input domain, the default workloads, and the implementations
// registered for it.
type Family[In any, Out comparable] struct {
	spec  Spec[In, Out]
	impls []*Impl[In, Out]
}

// Spec declares a family.
type Spec[In any, Out comparable] struct {
	Name string // identifier, such as "popcount"
	Doc  string // one line on the input and the output
	// MaxOut is the most outputs one input element produces: 1 for the
	// one-output families, the longest list for the list families.
	MaxOut int
	// Baseline names the portable implementation that summaries compare the
	// others with: the plain, one-bit-or-square-at-a-time technique.
	Baseline string
	// Reference appends the outputs of one input to dst, deliberately
	// plainly; it is only called on inputs in the domain.
	Reference func(dst []Out, x In) []Out
	// Next, for families with a latency form, derives the next input of a
	// dependent chain from an input and the previous output; nil for none.
	Next func(x In, prev Out) In
	// Valid returns an error naming the broken rule for an input outside the
	// family's domain; nil accepts every value of In.
	Valid func(x In) error
	// Plans are the default workloads; nil means defaultPlans.
	Plans Plans
	// Headline is the size class of the family's summary figures: L1 (the
	// default) where the cost does not depend on what a branch predictor can
	// learn, [schema.Stream] where it does. Plans must include it.
	Headline schema.SizeClass
	// RandomSliders are the pieces of the "random" workload's queries
	// (Query inputs only); nil means every slider.
	RandomSliders []Slider
	// Floors are the floors of the family's best techniques, one per
	// instruction such a technique is built on; a core's floor is the
	// lowest (over the headline distributions, by geomean) of those its
	// self-check measured (nil: the family has none).
	Floors []Floor
}

// A Floor bounds the throughput of the family's techniques built on one
// instruction (or a pair of instructions, as such a technique issues
// them) that runbench's self-check times: an element needs at least Need
// of them, so it costs at least that many times their measured cycles. It
// bounds those techniques, not every technique: a kernel built on other
// instructions may run under it on some inputs (a bit loop on words of
// one bit).
type Floor struct {
	Instr   string // the self-check's entry, as uarch names it
	Element string // what an element is, for the pages: "word", "query"
	// PerInstr is how many elements one instruction serves, where that is
	// the same for every input (VPOPCNTQ zmm: eight words); 0 where uses
	// counts per input.
	PerInstr int
	// uses returns the mean number of the instruction the inputs of a
	// batch (a slice of the family's input type) need (perInput).
	uses func(batch any) float64
}

// Need returns the instructions an element needs at least: 1/PerInstr,
// or where that depends on the input (a queen query needs two PEXTs, a
// rook query one), their mean over a distribution's batch, which batch
// returns (called only then).
func (f Floor) Need(batch func() (any, error)) (float64, error) {
	if f.uses == nil {
		return 1 / float64(f.PerInstr), nil
	}
	b, err := batch()
	if err != nil {
		return 0, err
	}
	return f.uses(b), nil
}

// perInput returns a Floor's uses: the mean over a batch of the inputs'
// instruction counts, which count says.
func perInput[In any](count func(In) int) func(batch any) float64 {
	return func(batch any) float64 {
		xs := batch.([]In)
		total := 0
		for _, x := range xs {
			total += count(x)
		}
		return float64(total) / float64(max(1, len(xs)))
	}
}

// newFamily declares a family; the declaration order is the listing order.
// kernels/generic's loop generator reads these declarations too.
func newFamily[In any, Out comparable](s Spec[In, Out]) *Family[In, Out] {
	if !identifier.MatchString(s.Name) || s.Doc == "" || s.MaxOut < 1 || s.Baseline == "" || s.Reference == nil {
		panic("kernels: incomplete family declaration " + s.Name)
	}
	if s.Plans == nil {
		s.Plans = defaultPlans
	}
	if s.Headline == "" {
		s.Headline = schema.L1
	}
	if _, ok := s.Plans[s.Headline]; !ok {
		panic("kernels: " + s.Name + ": no plan for its headline size class")
	}
	for _, fl := range s.Floors {
		if fl.Instr == "" || fl.Element == "" || (fl.PerInstr > 0) == (fl.uses != nil) {
			panic("kernels: " + s.Name + ": a floor needs an instruction, an element, and either PerInstr or a count per input")
		}
		if fl.uses != nil {
			fl.uses([]In(nil)) // a count of another input type panics here, at the declaration
		}
	}
	if s.RandomSliders == nil {
		s.RandomSliders = []Slider{Orthogonal, Diagonal, QueenLines}
	}
	f := &Family[In, Out]{spec: s}
	families = append(families, f)
	return f
}

// one adapts an element function to the append form of a reference.
func one[In any, Out comparable](f func(In) Out) func([]Out, In) []Out {
	return func(dst []Out, x In) []Out { return append(dst, f(x)) }
}

// Floors returns the floors of the family's best techniques.
func (f *Family[In, Out]) Floors() []Floor { return f.spec.Floors }

// Name returns the family identifier.
func (f *Family[In, Out]) Name() string { return f.spec.Name }

// Doc returns one line describing the family's input and output.
func (f *Family[In, Out]) Doc() string { return f.spec.Doc }

// Baseline returns the implementation identifier summaries compare with.
func (f *Family[In, Out]) Baseline() string { return f.spec.Baseline }

// MaxOut returns the most outputs one input produces.
func (f *Family[In, Out]) MaxOut() int { return f.spec.MaxOut }

// InputType returns the input element type.
func (f *Family[In, Out]) InputType() reflect.Type { return reflect.TypeFor[In]() }

// OutputBytes returns the most memory the outputs of n inputs take: MaxOut
// outputs each.
func (f *Family[In, Out]) OutputBytes(n int) int64 {
	return int64(f.spec.MaxOut) * int64(n) * int64(unsafe.Sizeof(*new(Out)))
}

// Plans returns the family's default workloads.
func (f *Family[In, Out]) Plans() Plans { return f.spec.Plans }

// Headline returns the size class of the family's summary figures.
func (f *Family[In, Out]) Headline() schema.SizeClass { return f.spec.Headline }

// RandomSliders returns the pieces of random queries.
func (f *Family[In, Out]) RandomSliders() []Slider { return f.spec.RandomSliders }

// Reference appends the reference outputs of x to dst. x must be valid.
func (f *Family[In, Out]) Reference(dst []Out, x In) []Out { return f.spec.Reference(dst, x) }

// Validate checks every element of src against the family's domain and
// returns an error naming the first element outside it and the rule.
func (f *Family[In, Out]) Validate(src []In) error {
	if f.spec.Valid == nil {
		return nil
	}
	for i, x := range src {
		if err := f.spec.Valid(x); err != nil {
			return fmt.Errorf("%s: input %d (%+v): %w", f.spec.Name, i, x, err)
		}
	}
	return nil
}

// ReferenceLatency runs the reference along the latency chain of src.
func (f *Family[In, Out]) ReferenceLatency(src []In) Out {
	var y Out
	buf := make([]Out, 0, f.spec.MaxOut)
	for _, x := range src {
		y = f.spec.Reference(buf[:0], f.spec.Next(x, y))[0]
	}
	return y
}

// Impls returns the family's implementations in listing order.
func (f *Family[In, Out]) Impls() []*Impl[In, Out] { return f.impls }

// Kernels returns the family's implementations, type-erased.
func (f *Family[In, Out]) Kernels() []Kernel {
	ks := make([]Kernel, len(f.impls))
	for i, k := range f.impls {
		ks[i] = k
	}
	return ks
}

// Register adds an implementation. throughput is required; latency may be
// nil, and must be nil for families without a latency form.
func (f *Family[In, Out]) Register(info Info, throughput func(dst []Out, src []In) int, latency func(src []In) Out) *Impl[In, Out] {
	if info.Family == "" {
		info.Family = f.spec.Name
	}
	if info.Family != f.spec.Name {
		panic(fmt.Sprintf("kernels: %s registered under family %s", info.ID(), f.spec.Name))
	}
	if throughput == nil || (latency != nil && f.spec.Next == nil) || (info.Order != InOrder && f.spec.MaxOut == 1) {
		panic("kernels: " + info.ID() + ": bad forms for its family")
	}
	k := &Impl[In, Out]{info: info, family: f, throughput: throughput, latency: latency}
	register(k)
	f.impls = append(f.impls, k)
	slices.SortFunc(f.impls, func(a, b *Impl[In, Out]) int { return compareInfo(a.info, b.info) })
	return k
}

// Impl is one registered implementation of a Family.
type Impl[In any, Out comparable] struct {
	info       Info
	family     *Family[In, Out]
	throughput func(dst []Out, src []In) int
	latency    func(src []In) Out
}

// Info describes the implementation.
func (k *Impl[In, Out]) Info() Info { return k.info }

// FamilyOf returns the implementation's family, type-erased.
func (k *Impl[In, Out]) FamilyOf() AnyFamily { return k.family }

// Supported reports whether this machine has every feature the
// implementation needs.
func (k *Impl[In, Out]) Supported() error { return Supported(k.info.Features) }

// HasLatency reports whether the implementation offers a latency form.
func (k *Impl[In, Out]) HasLatency() bool { return k.latency != nil }

// Throughput processes every element of src independently into dst and
// returns the number of outputs written. len(dst) must be at least
// MaxOut*len(src) and every element of src in the family's domain. It
// panics if the machine lacks a feature the implementation needs, rather
// than executing an instruction it lacks, and on inputs outside the domain.
func (k *Impl[In, Out]) Throughput(dst []Out, src []In) int {
	k.mustRun(len(dst) < k.family.spec.MaxOut*len(src), src)
	return k.throughput(dst, src)
}

// Latency runs the dependent chain over src and returns the last output.
// It panics for an implementation without a latency form.
func (k *Impl[In, Out]) Latency(src []In) Out {
	k.mustRun(k.latency == nil, src)
	return k.latency(src)
}

func (k *Impl[In, Out]) mustRun(bad bool, src []In) {
	if err := k.Supported(); err != nil {
		panic(err)
	}
	if bad {
		panic("kernels: " + k.info.ID() + ": bad call (short dst or no latency form)")
	}
	if err := k.family.Validate(src); err != nil {
		panic(err)
	}
}
