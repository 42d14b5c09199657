package experiment

import (
	"os"
	"strings"
	"testing"
)

// TestOn: the test binary was built with the experiments of the
// environment go test ran in (those it enables, not the "no" ones), and
// with no experiment of an unknown name.
func TestOn(t *testing.T) {
	for x := range strings.SplitSeq(os.Getenv("GOEXPERIMENT"), ",") {
		if x != "" && !strings.HasPrefix(x, "no") && !On(x) {
			t.Errorf("GOEXPERIMENT=%s, and On(%q) is false", os.Getenv("GOEXPERIMENT"), x)
		}
	}
	if On("nosuchexperiment") {
		t.Error(`On("nosuchexperiment") is true`)
	}
}
