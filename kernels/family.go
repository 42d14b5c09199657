package kernels

import (
	"fmt"
	"slices"
)

// A Family is one kind of work: the element types, the plain reference, and
// the implementations registered for it.
type Family[In any, Out comparable] struct {
	name, doc string
	maxOut    int
	baseline  string
	// ref appends the reference outputs of one input to dst.
	ref func(dst []Out, x In) []Out
	// next, for families with a latency form, derives the next input of a
	// dependent chain from an input and the previous output.
	next  func(x In, prev Out) In
	impls []*Impl[In, Out]
}

// newFamily declares a family; the declaration order is the listing order.
// baseline names the portable implementation that summaries compare the
// others with: the seed's plain, one-bit-or-square-at-a-time technique.
func newFamily[In any, Out comparable](name, doc string, maxOut int, baseline string, ref func([]Out, In) []Out, next func(In, Out) In) *Family[In, Out] {
	if !identifier.MatchString(name) {
		panic("kernels: bad family identifier " + name)
	}
	f := &Family[In, Out]{name: name, doc: doc, maxOut: maxOut, baseline: baseline, ref: ref, next: next}
	families = append(families, f)
	return f
}

// one adapts an element function to the append form of a reference.
func one[In any, Out comparable](f func(In) Out) func([]Out, In) []Out {
	return func(dst []Out, x In) []Out { return append(dst, f(x)) }
}

// Name returns the family identifier.
func (f *Family[In, Out]) Name() string { return f.name }

// Doc returns one line describing the family's input and output.
func (f *Family[In, Out]) Doc() string { return f.doc }

// Baseline returns the implementation identifier summaries compare with.
func (f *Family[In, Out]) Baseline() string { return f.baseline }

// MaxOut returns the most outputs one input produces.
func (f *Family[In, Out]) MaxOut() int { return f.maxOut }

// Reference appends the reference outputs of x to dst.
func (f *Family[In, Out]) Reference(dst []Out, x In) []Out { return f.ref(dst, x) }

// Next returns the next input of a latency chain; ok is false for families
// without a latency form.
func (f *Family[In, Out]) Next(x In, prev Out) (In, bool) {
	if f.next == nil {
		return x, false
	}
	return f.next(x, prev), true
}

// ReferenceLatency runs the reference along the latency chain of src.
func (f *Family[In, Out]) ReferenceLatency(src []In) Out {
	var y Out
	buf := make([]Out, 0, f.maxOut)
	for _, x := range src {
		y = f.ref(buf[:0], f.next(x, y))[0]
	}
	return y
}

// Input returns the zero value of the family's input element type, for
// callers that pick workloads by type.
func (f *Family[In, Out]) Input() any {
	var x In
	return x
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
		info.Family = f.name
	}
	if info.Family != f.name {
		panic(fmt.Sprintf("kernels: %s registered under family %s", info.ID(), f.name))
	}
	if throughput == nil || (latency != nil && f.next == nil) {
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

// Family returns the implementation's family.
func (k *Impl[In, Out]) Family() *Family[In, Out] { return k.family }

// FamilyOf returns the implementation's family, type-erased.
func (k *Impl[In, Out]) FamilyOf() FamilyInfo { return k.family }

// Supported reports whether this machine has every feature the
// implementation needs.
func (k *Impl[In, Out]) Supported() error { return supported(k.info.Features) }

// HasLatency reports whether the implementation offers a latency form.
func (k *Impl[In, Out]) HasLatency() bool { return k.latency != nil }

// Throughput processes every element of src independently into dst and
// returns the number of outputs written. len(dst) must be at least
// MaxOut*len(src). It panics if the machine lacks a feature the
// implementation needs, rather than executing an instruction it lacks.
func (k *Impl[In, Out]) Throughput(dst []Out, src []In) int {
	k.mustRun(len(dst) < k.family.maxOut*len(src))
	return k.throughput(dst, src)
}

// Latency runs the dependent chain over src and returns the last output.
// It panics for an implementation without a latency form.
func (k *Impl[In, Out]) Latency(src []In) Out {
	k.mustRun(k.latency == nil)
	return k.latency(src)
}

// Forms returns the raw batch functions for timing loops that have already
// checked Supported and the buffer sizes; latency is nil if not offered.
func (k *Impl[In, Out]) Forms() (throughput func(dst []Out, src []In) int, latency func(src []In) Out) {
	if err := k.Supported(); err != nil {
		panic(err)
	}
	return k.throughput, k.latency
}

func (k *Impl[In, Out]) mustRun(bad bool) {
	if err := k.Supported(); err != nil {
		panic(err)
	}
	if bad {
		panic("kernels: " + k.info.ID() + ": bad call (short dst or no latency form)")
	}
}
