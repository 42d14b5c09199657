package explain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Install says what to install to get llvm-mca.
const Install = "explain needs LLVM's llvm-mca, version 19: on Debian or Ubuntu `apt-get install llvm-19` (it installs /usr/bin/llvm-mca-19), or set LLVM_MCA to an llvm-mca binary"

// ErrNoMCA reports that no llvm-mca was found.
var ErrNoMCA = errors.New(Install)

// MCA is an llvm-mca binary.
type MCA struct {
	Path    string
	Version string // "19.1.7"
}

// FindMCA returns the llvm-mca of $LLVM_MCA, else llvm-mca-19 on the PATH.
func FindMCA() (MCA, error) {
	path := os.Getenv("LLVM_MCA")
	if path == "" {
		p, err := exec.LookPath("llvm-mca-19")
		if err != nil {
			return MCA{}, ErrNoMCA
		}
		path = p
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		return MCA{}, fmt.Errorf("%s --version: %v (%s)", path, err, Install)
	}
	m := regexp.MustCompile(`LLVM version (\d+\.\d+\.\d+)`).FindSubmatch(out)
	if m == nil {
		return MCA{}, fmt.Errorf("%s --version names no LLVM version: %q", path, out)
	}
	return MCA{Path: path, Version: string(m[1])}, nil
}

// source is the llvm-mca input of one loop: a region of its own.
type source struct {
	name string // the region's name, unique in a run
	text string // region's output
}

// result is what llvm-mca says of one region.
type result struct {
	Cycles      float64            // simulated cycles per iteration of the region (both copies)
	UOps        float64            // micro-operations per iteration
	Dispatch    int                // the model's dispatch width
	Busy        map[string]float64 // cycles per iteration each resource is busy
	Unsupported string             // why the model cannot run the region ("" when it can)
}

// The parts of llvm-mca's --json output explain reads.
type mcaJSON struct {
	CodeRegions []struct {
		Name         string
		Instructions []string
		SummaryView  struct {
			Iterations, TotalCycles, TotaluOps, DispatchWidth float64
		}
		ResourcePressureView struct {
			ResourcePressureInfo []struct {
				InstructionIndex, ResourceIndex int
				ResourceUsage                   float64
			}
		}
	}
	TargetInfo struct{ Resources []string }
}

// errorLine matches llvm-mca's diagnostics: "FILE:LINE:COL: error: MSG".
var errorLine = regexp.MustCompile(`(?m)^[^:\n]*:(\d+):\d+: error: (.*)$`)

// run runs llvm-mca with model m on every source, each a region, in dir.
// A region with an instruction the model's CPU lacks (or any other error
// llvm-mca places in it) is left out and reported Unsupported; the others
// are run again without it.
func (mca MCA) run(dir string, m Model, srcs []source) (map[string]result, error) {
	out := map[string]result{}
	left := slices.Clone(srcs)
	for len(left) > 0 {
		file := filepath.Join(dir, m.CPU+".s")
		ends, err := writeRegions(file, left)
		if err != nil {
			return nil, err
		}
		cmd := exec.Command(mca.Path, "-mtriple="+triple(m.Arch), "-mcpu="+m.CPU, "--json", file)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		if runErr == nil {
			return parseRegions(out, stdout.Bytes(), m.CPU)
		}
		bad, err := mca.badRegions(dir, m, left, ends, stderr.String())
		if err != nil {
			return nil, err
		}
		if len(bad) == 0 {
			return nil, fmt.Errorf("llvm-mca -mcpu=%s %s: %v\n%s", m.CPU, file, runErr, stderr.String())
		}
		var keep []source
		for i, s := range left {
			if msg, ok := bad[i]; ok {
				out[s.name] = result{Unsupported: msg}
			} else {
				keep = append(keep, s)
			}
		}
		left = keep
	}
	return out, nil
}

// writeRegions writes the sources to file, one after the other, and
// returns the last line of each.
func writeRegions(file string, srcs []source) (ends []int, err error) {
	var b strings.Builder
	line := 0
	for _, s := range srcs {
		b.WriteString(s.text)
		line += strings.Count(s.text, "\n")
		ends = append(ends, line)
	}
	return ends, os.WriteFile(file, []byte(b.String()), 0o644)
}

// parseRegions adds to out the result of every region of llvm-mca's JSON
// output for -mcpu=cpu, and returns out.
func parseRegions(out map[string]result, data []byte, cpu string) (map[string]result, error) {
	var j mcaJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("llvm-mca -mcpu=%s: reading its JSON: %v", cpu, err)
	}
	for _, r := range j.CodeRegions {
		sv := r.SummaryView
		if sv.Iterations == 0 {
			return nil, fmt.Errorf("llvm-mca -mcpu=%s: region %s ran no iteration", cpu, r.Name)
		}
		res := result{Cycles: sv.TotalCycles / sv.Iterations, UOps: sv.TotaluOps / sv.Iterations, Dispatch: int(sv.DispatchWidth), Busy: map[string]float64{}}
		for _, p := range r.ResourcePressureView.ResourcePressureInfo {
			// The row past the last instruction is the totals.
			if p.InstructionIndex == len(r.Instructions) && p.ResourceIndex < len(j.TargetInfo.Resources) {
				res.Busy[j.TargetInfo.Resources[p.ResourceIndex]] += p.ResourceUsage
			}
		}
		out[r.Name] = res
	}
	return out, nil
}

// badRegions returns, by index in left, the regions whose errors stopped
// llvm-mca (its stderr), with the error: those its diagnostics name by
// line (ends are the regions' last lines), else, where it names none, each
// region that fails on its own, and for a lone region the diagnostic.
// None means llvm-mca failed for another reason.
func (mca MCA) badRegions(dir string, m Model, left []source, ends []int, stderr string) (map[int]string, error) {
	bad := map[int]string{}
	for _, e := range errorLine.FindAllStringSubmatch(stderr, -1) {
		n, _ := strconv.Atoi(e[1])
		i, _ := slices.BinarySearch(ends, n)
		if i < len(left) && bad[i] == "" {
			bad[i] = e[2]
		}
	}
	if len(bad) == 0 && len(left) > 1 {
		// A diagnostic without a line, such as an instruction the
		// model has no scheduling data for: each region on its own.
		for i, s := range left {
			r, err := mca.run(dir, m, []source{s})
			if err != nil {
				return nil, err
			}
			if u := r[s.name].Unsupported; u != "" {
				bad[i] = u
			}
		}
	}
	if len(bad) == 0 && len(left) == 1 {
		bad[0] = diagnostic(stderr)
	}
	return bad, nil
}

// diagnostic returns llvm-mca's complaint in one line: its error and the
// instruction it names.
func diagnostic(stderr string) string {
	var parts []string
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.Join(strings.Fields(l), " ")
		if e, ok := strings.CutPrefix(l, "error: "); ok {
			e, _, _ = strings.Cut(e, ", use -skip")
			parts = append(parts, e)
		}
		if n, ok := strings.CutPrefix(l, "note: instruction: "); ok {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return strings.TrimSpace(stderr)
	}
	return strings.Join(parts, ": ")
}
