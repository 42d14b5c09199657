package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bitlab/report/internal/reporttest"
	"bitlab/verdict"
)

// TestVerdictPerBuild: a CPU measured at v1 and v3 with GOEXPERIMENT=simd
// and one measured at v1 alone, without it. The page across CPUs has a
// section per build, headed by it (the experiment in the heading where
// every column has it, else in the column), each with a column per CPU
// measured so, then the verdict for compilers that inline intrinsics, a
// column per CPU naming the build it reads; each CPU page has a section
// per build of its own, and the v1-only CPU's only a v1 section.
func TestVerdictPerBuild(t *testing.T) {
	dir := t.TempDir()
	simd := []string{"go: go1.26.8\n", "goexperiment: simd\ngo: go1.26.8-X:simd\n"}
	reporttest.Edit(t, reporttest.Results(t, dir, "a1.txt", "v1", 1), simd...)
	reporttest.Edit(t, reporttest.Results(t, dir, "a3.txt", "v3", 0.5), simd...)
	other := reporttest.Results(t, dir, "b1.txt", "v1", 2)
	reporttest.Edit(t, other, "cpu: Test CPU 9000", "cpu: Other CPU 7000")

	sections := func(page string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`(?m)^### (.*)\n\n(?:[^|\n].*\n\n)*(\| factor \| .*) \|$`).FindAllStringSubmatch(page, -1) {
			out = append(out, m[1]+" / "+m[2])
		}
		return out
	}
	cross := filepath.Join(dir, "cross")
	if err := os.Mkdir(cross, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := CrossPage(mustLoad(t, dir).Set, cross); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(filepath.Join(cross, "README.md"))
	want := []string{
		"Go 1.26 (gc), GOAMD64=v1 / | factor | Other 7000 | Test 9000 with GOEXPERIMENT=simd",
		"Go 1.26 (gc), GOAMD64=v3 with GOEXPERIMENT=simd / | factor | Test 9000",
		verdict.InlinedHeading + " / | factor | Other 7000: Go 1.26 (gc), GOAMD64=v1 | Test 9000: Go 1.26 (gc), GOAMD64=v3 with GOEXPERIMENT=simd",
	}
	if got := sections(string(text)); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("page across CPUs, sections:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	for _, p := range []struct {
		files []string
		want  []string
	}{
		{[]string{filepath.Join(dir, "a1.txt"), filepath.Join(dir, "a3.txt")}, []string{
			"Go 1.26 (gc), GOAMD64=v1 with GOEXPERIMENT=simd / | factor | use | by | evidence",
			"Go 1.26 (gc), GOAMD64=v3 with GOEXPERIMENT=simd / | factor | use | by | evidence",
			verdict.InlinedHeading + " / | factor | use | by | evidence",
		}},
		{[]string{other}, []string{
			"Go 1.26 (gc), GOAMD64=v1 / | factor | use | by | evidence",
			verdict.InlinedHeading + " / | factor | use | by | evidence",
		}},
	} {
		out := t.TempDir()
		if _, err := Page(mustLoad(t, p.files...).Set, out, PageOptions{Origin: "a test"}); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(out, "README.md"))
		verdictPart, _, _ := strings.Cut(string(page), "\n## Across configurations")
		if got := sections(verdictPart); strings.Join(got, "\n") != strings.Join(p.want, "\n") {
			t.Errorf("page of %v, verdict sections:\n%s\nwant\n%s", p.files, strings.Join(got, "\n"), strings.Join(p.want, "\n"))
		}
		level := map[bool]string{true: "v1", false: "v3"}[len(p.files) == 1]
		if !strings.Contains(verdictPart, "From the micro benchmarks of the build Go 1.26 (gc), GOAMD64="+level) {
			t.Errorf("page of %v: the inlined verdict does not read its highest level, %s:\n%s", p.files, level, verdictPart)
		}
	}
}
