package gobinary

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestSymbols builds a program with an assembly function for linux/amd64
// and finds the function and its ABIInternal wrapper by their symbols,
// each at its own address, the function's code ending in its RET;
// an unknown symbol is an error.
func TestSymbols(t *testing.T) {
	path := filepath.Join(t.TempDir(), "asmfunc")
	cmd := exec.Command("go", "build", "-o", path, "./testdata/asmfunc")
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	b, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	asm, code, err := b.SymbolCode("main.add.abi0")
	if err != nil {
		t.Fatal(err)
	}
	if len(code) == 0 || code[len(code)-1] != 0xc3 {
		t.Errorf("main.add.abi0: code % x, want it to end in RET (c3)", code)
	}
	wrapper, _, err := b.SymbolCode("main.add")
	if err != nil {
		t.Fatal(err)
	}
	if asm == wrapper {
		t.Errorf("main.add and main.add.abi0 both at %#x", asm)
	}
	for pc, want := range map[uint64]string{asm: "main.add.abi0", wrapper: "main.add", asm + 1: ""} {
		if got := b.SymbolAt(pc); got != want {
			t.Errorf("SymbolAt(%#x) = %q, want %q", pc, got, want)
		}
	}
	if _, _, err := b.SymbolCode("main.sub"); err == nil || !strings.Contains(err.Error(), "no function main.sub") {
		t.Errorf("an unknown symbol: %v, want an error", err)
	}
}
