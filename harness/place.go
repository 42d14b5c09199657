package harness

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// PlaceResults puts a copy of a results file (its bytes, data) at path, or
// at the first free numbered name after it (name-2.txt ...) where path is
// taken, never over an existing file, as runs started in the same second
// are named. A file at one of those names that holds data already is kept,
// with existed true: merging a folder twice copies nothing twice.
func PlaceResults(path string, data []byte) (placed string, existed bool, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", false, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.partial")
	if err != nil {
		return "", false, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		return "", false, errors.Join(err, tmp.Close())
	}
	if err := errors.Join(tmp.Sync(), tmp.Close()); err != nil {
		return "", false, err
	}
	for n := 1; n < 1000; n++ {
		name := numbered(path, n)
		switch old, err := os.ReadFile(name); {
		case err == nil && bytes.Equal(old, data):
			return name, true, nil
		case err == nil:
			continue
		case !errors.Is(err, fs.ErrNotExist):
			return "", false, err
		}
		switch err := os.Link(tmp.Name(), name); {
		case err == nil:
			return name, false, nil
		case !errors.Is(err, fs.ErrExist): // else another process took the name meanwhile
			return "", false, err
		}
	}
	return "", false, fmt.Errorf("harness: no free name beside %s", path)
}
