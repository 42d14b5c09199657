package schema

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

// Slug turns a name into a file-name part: lower case, runs of other
// characters as one "-", "(R)" and "(TM)" dropped. "Intel(R) Xeon(R)
// Processor (GenuineIntel family 6 model 207 stepping 2)" becomes
// "intel-xeon-processor-genuineintel-family-6-model-207-stepping-2".
func Slug(name string) string {
	s := strings.ToLower(name)
	s = strings.ReplaceAll(s, "(r)", "")
	s = strings.ReplaceAll(s, "(tm)", "")
	return strings.Trim(nonAlnum.ReplaceAllString(s, "-"), "-")
}

// FeatureList formats CPU feature names as results and listings show them:
// comma-separated, "-" for none.
func FeatureList[F ~string](fs []F) string {
	if len(fs) == 0 {
		return "-"
	}
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = string(f)
	}
	return strings.Join(s, ",")
}

// Figure prints a measured value with three significant digits, as every
// table and summary line does: 123, 12.3, 1.23, 0.123.
func Figure(v float64) string {
	switch a := math.Abs(v); {
	case a == 0:
		return "0"
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a >= 1:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.3g", v)
}
