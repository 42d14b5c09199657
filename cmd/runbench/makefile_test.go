package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPressureFamilies: make pressure runs every family with a kernel
// that declares lookup tables (on this architecture), and no other.
func TestPressureFamilies(t *testing.T) {
	data, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^PRESSURE_FAMILIES \?= (\S+)$`).FindSubmatch(data)
	if m == nil || !strings.Contains(string(data), "-family $(PRESSURE_FAMILIES)") {
		t.Fatal("the Makefile's pressure target does not run -family $(PRESSURE_FAMILIES)")
	}
	listed := strings.Split(string(m[1]), ",")
	if want := pressureFamilies(); !slices.Equal(listed, want) {
		t.Errorf("PRESSURE_FAMILIES = %v, want the families with tables, in order: %v", listed, want)
	}
}
