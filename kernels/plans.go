package kernels

import "bitlab/schema"

// Plan is what the default suite runs of a family at one size class.
type Plan struct {
	Dists      []string
	QuickDists []string      // for quick runs; nil: left out of them
	Modes      []schema.Mode // nil: every mode the implementation has
}

// Plans are a family's default workloads per size class; a class without a
// plan is not run. Quick runs use the QuickDists of the L1 plan and of the
// family's headline plan.
type Plans map[schema.SizeClass]Plan
