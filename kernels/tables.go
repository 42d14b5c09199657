package kernels

import (
	"fmt"
	"reflect"
)

// TableBytes returns the size in bytes of the lookup tables an
// implementation reads, for Info.Tables: each argument points to a
// package-level table (an array, a slice, or a struct of them), whose size
// counts the arrays that slices in it hold (their length) but nothing
// behind other pointers, or is a slice table itself, as the accessors of a
// small set return it (such as [board.PositiveRook]: a copy, of the
// table's size). kernels' TestTablesDeclared checks that every table a
// kernel's code reads is among them. It panics on any other argument: a
// declaration error.
func TableBytes(tables ...any) int {
	n := 0
	for _, t := range tables {
		v := reflect.ValueOf(t)
		switch {
		case v.Kind() == reflect.Pointer && !v.IsNil():
			v = v.Elem()
		case v.Kind() != reflect.Slice:
			panic(fmt.Sprintf("kernels: TableBytes takes pointers to tables or slices, not %T", t))
		}
		n += int(v.Type().Size()) + heldBytes(v)
	}
	return n
}

// heldBytes returns the bytes of the arrays v's slices hold, beyond v's
// own size.
func heldBytes(v reflect.Value) int {
	if !holdsSlices(v.Type()) {
		return 0
	}
	n := 0
	switch v.Kind() {
	case reflect.Slice:
		n = v.Len() * int(v.Type().Elem().Size())
		fallthrough
	case reflect.Array:
		for i := range v.Len() {
			n += heldBytes(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			n += heldBytes(v.Field(i))
		}
	}
	return n
}

// holdsSlices reports whether a value of type t contains a slice, not
// behind a pointer.
func holdsSlices(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice:
		return true
	case reflect.Array:
		return holdsSlices(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsSlices(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
