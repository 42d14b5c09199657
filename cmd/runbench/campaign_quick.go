package main

import (
	"runtime"
	"time"

	"bitlab/kernels"
)

// quickCampaignUsage is the help of runbench campaign -quick.
const quickCampaignUsage = "a quick campaign, every step of one in a minute or two (a trial of the campaign, or of make ci-campaign, and the tests'): " +
	"the lowest GOAMD64 level only, the popcount family, Kiwipete at depth 2, two rounds each, no llvm-mca; " +
	"its figures are worth nothing, and every run of it is a selection, which no page reads"

// quickStepTime is the estimate of a step of a quick campaign.
const quickStepTime = 15 * time.Second

// quickCampaign returns the quick campaign (-quick), with count rounds in
// each step: the lowest level this CPU runs, one family, one position at
// a small depth, and no estimates.
func quickCampaign(count int) *campaignShrink {
	return &campaignShrink{level: campaignLevels(runtime.GOARCH, kernels.Feature.Available)[0],
		family: "popcount", position: "kiwipete", depth: 2, count: count}
}
