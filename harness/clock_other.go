//go:build !amd64 && !arm64

package harness

const haveChains = false

const chainUnroll = 1

var selfChecks = []selfCheck{{name: "ADD"}}

func latencyAdd(int) {}
