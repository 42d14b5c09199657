// Package selfcontained checks that the repository stands on its own: no
// tracked text points at material its users do not have.
package selfcontained

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outside matches references to the development workspace: its shared
// folder and the numbered source documents, which users cannot look up,
// whether named as "seed" and a number or cited by a bare number such as "(003)",
// "000, 001" or "000/003". A bare number is 000 to 004 standing alone: not
// part of a longer word or number, and not after a decimal point, a digit
// group's comma, a hyphen or a hex colour's #. Sources are cited by
// bibliography key (docs/bibliography.md) instead.
var outside = regexp.MustCompile(`\.\./shared|/work/shared|seed 00[0-9]|seeds/|(^|[^0-9A-Za-z_.,#-])00[0-4]([^0-9A-Za-z_]|$)`)

// seedWord matches the workspace's name for its source documents, "the
// seed", in the notebooks, which cite sources by bibliography key. It is
// checked in notebooks/*.md only: elsewhere "seed" also names the random
// inputs' seed and go test's fuzz seed corpus.
var seedWord = regexp.MustCompile(`(?i)\bseeds?\b`)

// TestNoOutsideReferences fails on any reference to the workspace in a
// text file of the module, generated files and committed results included.
func TestNoOutsideReferences(t *testing.T) {
	eachText(t, func(path, rel string, lines []string) {
		if rel == filepath.Join("internal", "selfcontained", "selfcontained_test.go") {
			return // the pattern itself
		}
		notebook := filepath.Dir(rel) == "notebooks" && filepath.Ext(rel) == ".md"
		for i, line := range lines {
			if m := outside.FindString(line); m != "" {
				t.Errorf("%s:%d: %q points outside the repository; cite a docs/bibliography.md key", path, i+1, m)
			}
			if m := seedWord.FindString(line); notebook && m != "" {
				t.Errorf("%s:%d: %q names the workspace's source documents; cite a docs/bibliography.md key", path, i+1, m)
			}
		}
	})
}

// TestOutsidePatterns pins down what the patterns catch and what they leave
// alone.
func TestOutsidePatterns(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"| [popcount.md](popcount.md) | 001 (DarkThought) | popcount |", true},
		{"| [bitscan.md](bitscan.md) | 000, 001 | bitscan-forward |", true},
		{"| [serialization.md](serialization.md) | 000/003 | serialize |", true},
		{`"Bitboard Serialization" ([cpw-serialization], 003) loops`, true},
		// Split, so that this file holds no reference of the kinds it finds.
		{"as seed" + " 002 says", true},
		{"see ../" + "shared/reference", true},
		{"1,000,000 random bitboards", false},
		{"0.001 cycles and 1.000 ns", false},
		{`fill="#000"`, false},
		{"0x0004 and 10016 lists, 2026-11-22T12:01:48Z", false},
		{"v0.0.0-20240603 and 1004 queries", false},
	} {
		if got := outside.MatchString(c.line); got != c.want {
			t.Errorf("outside.MatchString(%q) = %v, want %v", c.line, got, c.want)
		}
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"## What the seed claims", true},
		{"as the Seed warns", true},
		{"the seeds' figures", true},
		{"## What the source claims", false},
		{"seedless, reseeded", false},
	} {
		if got := seedWord.MatchString(c.line); got != c.want {
			t.Errorf("seedWord.MatchString(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// citation matches a bibliography key in square brackets: lower-case words
// of two or more characters joined by hyphens, such as the key of Ryan Mack's
// paper, and not a Markdown link's text. Index expressions like [i-1] do not
// match.
var citation = regexp.MustCompile(`\[([a-z][a-z0-9]+(?:-[a-z0-9]{2,})+)\]($|[^(])`)

// TestCitationsResolve requires every key cited anywhere in the module to
// have its row in docs/bibliography.md.
func TestCitationsResolve(t *testing.T) {
	bib := filepath.Join("..", "..", "docs", "bibliography.md")
	data, err := os.ReadFile(bib)
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if m := regexp.MustCompile(`^\| \[([^]]+)\] \|`).FindStringSubmatch(line); m != nil {
			defined[m[1]] = true
		}
	}
	if len(defined) == 0 {
		t.Fatalf("%s: no rows of the form | [key] | source |", bib)
	}
	eachText(t, func(path, rel string, lines []string) {
		switch filepath.ToSlash(rel) {
		case "docs/bibliography.md", "internal/selfcontained/selfcontained_test.go":
			return
		}
		for i, line := range lines {
			for _, m := range citation.FindAllStringSubmatch(line, -1) {
				if !defined[m[1]] {
					t.Errorf("%s:%d: [%s] has no row in docs/bibliography.md", path, i+1, m[1])
				}
			}
		}
	})
}

// eachText calls visit with the lines of every text file of the module
// outside hidden folders, dist and testdata.
func eachText(t *testing.T, visit func(path, rel string, lines []string)) {
	t.Helper()
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "dist" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".s", ".md", ".txt", ".svg", ".epd", ".mod", "":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			return err // binary files are not text
		}
		rel, _ := filepath.Rel(root, path)
		visit(path, rel, strings.Split(string(data), "\n"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
