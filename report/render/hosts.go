package render

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"bitlab/schema"
)

// hostsNote is a page's line on where its runs ran: which ran on hosted
// CI runners, virtual machines shared with other jobs, and the hosts when
// there are several (one CPU model measured on several machines shares a
// folder); "" when every run ran on one host outside CI.
func (s set) hostsNote() string {
	var ci, hosts, runners []string
	for _, f := range s.Files() {
		path := f.Path
		if f.Host != "" && !slices.Contains(hosts, f.Host) {
			hosts = append(hosts, f.Host)
		}
		if f.Host != schema.CIHost {
			continue
		}
		ci = append(ci, "`"+filepath.Base(path)+"`")
		if f.Runner != "" && !slices.Contains(runners, f.Runner) {
			runners = append(runners, f.Runner)
		}
	}
	slices.Sort(hosts)
	slices.Sort(runners)
	var b strings.Builder
	if len(ci) > 0 {
		on := "hosted CI runners"
		if len(runners) > 0 {
			on += " (" + strings.Join(runners, ", ") + ")"
		}
		fmt.Fprintf(&b, "**Shared hosts**: %s ran on %s, virtual machines the CI service chose and shares with other jobs, "+
			"without hardware counters: their times vary between jobs by far more than within a run (20%% to 125%% is reported), "+
			"so compare their figures within one run, not across runs or machines. ", strings.Join(ci, ", "), on)
	}
	if len(hosts) > 1 {
		fmt.Fprintf(&b, "The runs come from %d hosts (%s): two runs may differ by their hosts as well as by their builds.", len(hosts), strings.Join(hosts, ", "))
	}
	if b.Len() == 0 {
		return ""
	}
	return strings.TrimSpace(b.String()) + "\n\n"
}
