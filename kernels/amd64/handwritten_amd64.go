package amd64

// The kernels of gfni_amd64.s and vbmi2_amd64.s, written by hand because
// avo v0.5.0 lacks GF2P8AFFINEQB and VPCOMPRESSB. internal/asm's
// handwritten.go declares them (source, doc, features, usage, tables and
// main loops), and registers them with the generated kernels.

//go:noescape
func serializeVBMI2(dst []byte, src []uint64) int

//go:noescape
func bitReverseGFNI(dst []uint64, src []uint64) int

//go:noescape
func bitReverseGFNILatency(src []uint64) uint64

//go:noescape
func hyperbolaGFNIThroughput(dst *uint64, src *uint64, n int, t *byte) int

//go:noescape
func hyperbolaGFNILatency(src *uint64, n int, t *byte) uint64

//go:noescape
func hyperbolaZMMThroughput(dst *uint64, src *uint64, n int, t *byte) int

//go:noescape
func hyperbolaZMMLatency(src *uint64, n int, t *byte) uint64
