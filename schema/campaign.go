package schema

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The header lines that say what code a results file measured and which
// campaign it belongs to.
const (
	// FingerprintComment starts the line of the code's fingerprints
	// (package fingerprint): "fingerprint: popcount=ab12cd34 ... perft=...".
	FingerprintComment = "fingerprint: "
	// CampaignComment starts the line of a file that runbench campaign
	// wrote: "campaign: <revision> <start time>". Every file of one
	// campaign has the same line.
	CampaignComment = "campaign: "
)

// Campaign identifies one run of runbench campaign: the commit it measured
// and when it started. A campaign of a tree with uncommitted changes
// (Dirty) says so in its line, and pages do not treat its files as one
// campaign: two such trees at one commit may hold different code.
type Campaign struct {
	Revision string
	Start    time.Time
	Dirty    bool
}

// dirtySuffix ends the line of a campaign of a tree with uncommitted
// changes, as the revision line says it.
const dirtySuffix = " with uncommitted changes"

var fullRevision = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// String returns the campaign as its header line writes it after
// CampaignComment.
func (c Campaign) String() string {
	s := c.Revision + " " + c.Start.UTC().Format(time.RFC3339)
	if c.Dirty {
		s += dirtySuffix
	}
	return s
}

// Built returns the revision as a results file's revision line writes
// it: the commit, with " with uncommitted changes" for a dirty tree.
func (c Campaign) Built() string {
	if c.Dirty {
		return c.Revision + dirtySuffix
	}
	return c.Revision
}

// IsZero reports whether c names no campaign.
func (c Campaign) IsZero() bool { return c.Revision == "" }

// ParseCampaign reads a campaign back from the text after CampaignComment.
func ParseCampaign(s string) (Campaign, error) {
	rest, dirty := strings.CutSuffix(strings.TrimSpace(s), dirtySuffix)
	rev, start, ok := strings.Cut(rest, " ")
	if !ok || !fullRevision.MatchString(rev) {
		return Campaign{}, fmt.Errorf("campaign %q: want a full commit hash and a start time (RFC 3339)", s)
	}
	t, err := time.Parse(time.RFC3339, start)
	if err != nil {
		return Campaign{}, fmt.Errorf("campaign %q: %v", s, err)
	}
	return Campaign{rev, t.UTC(), dirty}, nil
}
