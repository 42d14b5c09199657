//go:build !amd64

package harness

const haveChains = false

const chainUnroll = 1

var selfChecks = []selfCheck{{name: "ADD", published: 1}}

func latencyAdd(int) {}
