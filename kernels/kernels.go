// Package kernels is bitlab's one kernel interface: every implementation of
// every technique registers here as a [Kernel] of a [Family].
//
// A family fixes the shape of the work: its input element type In, its output
// element type Out, and a plain reference. An implementation owns its inner
// loop over a whole batch, so that timing never includes an interface or
// closure call per element:
//
//	Throughput(dst []Out, src []In) int // independent elements
//	Latency(src []In) Out               // a dependent chain, where offered
//
// Throughput writes the outputs of src to dst and returns how many it wrote:
// len(src) for the one-output families, the total list length for the list
// families. dst must hold at least MaxOut*len(src) elements; an
// implementation may use all of that as scratch, but only dst[:n] is its
// result. Latency feeds each output into the next input through the family's
// Next function and returns the last output, so consecutive elements cannot
// overlap in the pipeline.
//
// Implementations live in kernels/generic (portable Go), kernels/amd64 and
// kernels/arm64 (Go assembly for each architecture) and kernels/gosimd (Go
// with simd/archsimd, in builds with GOEXPERIMENT=simd) and register from
// their init functions; import kernels/all for every one of them.
package kernels

import (
	"cmp"
	"fmt"
	"reflect"
	"regexp"
	"slices"

	"bitlab/schema"
)

// Arch is what an implementation is written in.
type Arch string

// The architectures.
const (
	Generic Arch = "generic" // portable Go
	AMD64   Arch = "amd64"   // Go assembly for amd64
	ARM64   Arch = "arm64"   // Go assembly for arm64
	// ArchSIMD is Go with simd/archsimd's vector intrinsics (GOEXPERIMENT=simd, amd64).
	ArchSIMD Arch = "archsimd"
)

// Info describes one implementation.
type Info struct {
	Family   string    // family identifier, such as "popcount"
	Impl     string    // implementation identifier, such as "swar"
	Arch     Arch      // what it is written in
	Features []Feature // CPU features it executes; empty for portable Go
	Source   string    // the bibliography key and section it comes from
	Doc      string    // one line on what it does
	// Order is how the implementation's lists relate to the reference's, for
	// the list families; its Doc says why where it is not [InOrder].
	Order Order
	// Usage is how a move generator can use the implementation: one query
	// per call, a batch of queries in SIMD lanes, or whole batches only.
	Usage Usage
	// Tables is the size in bytes of the lookup tables the implementation
	// reads (every table it may touch, not the part a workload touches);
	// 0 for none.
	Tables int
}

// Order is how an implementation of a list family orders each list
// relative to the family's reference.
type Order uint8

// The orders.
const (
	InOrder   Order = iota // the reference's order
	Reversed               // the reference's order reversed
	Unordered              // the same elements in another order
)

var orderNames = [...]string{InOrder: "in order", Reversed: "reversed", Unordered: "unordered"}

func (o Order) String() string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", uint8(o))
}

// ID returns the stable identifier "family/impl".
func (i Info) ID() string { return i.Family + "/" + i.Impl }

var identifier = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Kernel is a registered implementation with its family's types erased.
type Kernel interface {
	Info() Info
	// Supported returns nil if the implementation can run on this machine,
	// and otherwise an error naming the missing CPU features.
	Supported() error
	// HasLatency reports whether the implementation offers a latency form.
	HasLatency() bool
	// FamilyOf returns the implementation's family.
	FamilyOf() AnyFamily
	// Bind ties the implementation to an input batch, which must be a slice
	// of the family's input type whose every element is in the family's
	// domain, for timing in one mode, its outputs written into a buffer
	// lent by out (nil: a buffer of its own).
	Bind(src any, mode Mode, out *Outputs) (Batch, error)
}

// AnyFamily is a Family with its element types erased.
type AnyFamily interface {
	Name() string
	Doc() string
	// MaxOut is the most outputs one input element can produce.
	MaxOut() int
	// InputType is the input element type.
	InputType() reflect.Type
	// OutputBytes is the most memory the outputs of n inputs take.
	OutputBytes(n int) int64
	// Baseline names the portable implementation summaries compare with.
	Baseline() string
	// Plans says what the default suite runs of the family per size class.
	Plans() Plans
	// Headline is the size class of the family's summary figures.
	Headline() schema.SizeClass
	// RandomSliders are the pieces of the "random" queries of a family
	// whose inputs are Queries.
	RandomSliders() []Slider
	// Floors are the floors of the family's best techniques.
	Floors() []Floor
	Kernels() []Kernel
	// reserve makes room in o for the outputs of n inputs.
	reserve(o *Outputs, n int)
}

// Mode is how a kernel is timed: [schema.Throughput] or [schema.Latency].
type Mode = schema.Mode

// The modes, as package kernels' callers name them.
const (
	Throughput = schema.Throughput
	Latency    = schema.Latency
)

var (
	registry = map[string]Kernel{}
	families []AnyFamily
)

// All returns every registered implementation, ordered by family (in the
// order the families are declared) and then by arch and identifier.
func All() []Kernel {
	var ks []Kernel
	for _, f := range families {
		ks = append(ks, f.Kernels()...)
	}
	return ks
}

// Families returns every family in declaration order, in a slice the
// caller may keep and change.
func Families() []AnyFamily { return slices.Clone(families) }

// Lookup returns the implementation with identifier id ("family/impl").
func Lookup(id string) (Kernel, bool) {
	k, ok := registry[id]
	return k, ok
}

func register(k Kernel) {
	info := k.Info()
	for _, s := range []string{info.Family, info.Impl} {
		if !identifier.MatchString(s) {
			panic(fmt.Sprintf("kernels: identifier %q of %s is not lower-case [a-z0-9-]", s, info.ID()))
		}
	}
	if info.Arch != Generic && info.Arch != AMD64 && info.Arch != ARM64 && info.Arch != ArchSIMD {
		panic(fmt.Sprintf("kernels: %s has unknown arch %q", info.ID(), info.Arch))
	}
	if info.Source == "" || info.Doc == "" {
		panic(fmt.Sprintf("kernels: %s needs a source and a doc line", info.ID()))
	}
	if info.Usage < PerQuery || info.Usage > LoopOnly {
		panic(fmt.Sprintf("kernels: %s declares no usage (PerQuery, SIMDBatch or LoopOnly)", info.ID()))
	}
	if _, dup := registry[info.ID()]; dup {
		panic("kernels: " + info.ID() + " registered twice")
	}
	registry[info.ID()] = k
}

// compareInfo orders implementations within a family: by arch name
// ("amd64" before "generic"), then by identifier.
func compareInfo(x, y Info) int {
	return cmp.Or(cmp.Compare(x.Arch, y.Arch), cmp.Compare(x.Impl, y.Impl))
}
