package gobinary

import (
	"os"
	"strings"
	"testing"
)

// TestReadOwnBinary finds this test function in the running test binary and
// its code within the text section; a file that is no binary is an error.
func TestReadOwnBinary(t *testing.T) {
	b, err := Read(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	fn := b.Table.LookupFunc("bitlab/internal/gobinary.TestReadOwnBinary")
	if fn == nil || fn.Entry < b.Addr || fn.End > b.Addr+uint64(len(b.Text)) || len(b.Code(fn.Entry, fn.End)) == 0 {
		t.Fatalf("TestReadOwnBinary: %+v in text at %#x of %d bytes", fn, b.Addr, len(b.Text))
	}
	if _, err := Read("gobinary.go"); err == nil || !strings.Contains(err.Error(), "no ELF or Mach-O binary") {
		t.Errorf("reading a source file: %v, want an error", err)
	}
}
