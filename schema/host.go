package schema

// A results file names the computer it ran on in its "# host: NAME" header
// comment: the host name, or CIHost for a hosted CI runner, whose runner
// label follows in a "# runner: LABEL" comment.
const (
	HostComment   = "host: "
	RunnerComment = "runner: "
	// CIHost is the host of a run on a hosted CI runner (make ci-campaign):
	// a virtual machine the CI service chose, shared with other jobs, so
	// that two runs may differ by their hosts as much as by their code.
	CIHost = "ci"
)
