package arm64

import (
	"bitlab/kernels"
	"bitlab/qbb"
)

// Each kernel's contract is its family's (package kernels); the
// throughput forms return the number of outputs written.

func popcountCntThroughput(dst []uint8, src []uint64) int
func popcountCntLatency(src []uint64) uint8

func bitscanRbitClzThroughput(dst []byte, src []uint64) int
func bitscanRbitClzLatency(src []uint64) byte
func bitscanClzThroughput(dst []byte, src []uint64) int
func bitscanClzLatency(src []uint64) byte

func ls1bResetThroughput(dst []uint64, src []uint64) int
func ls1bResetLatency(src []uint64) uint64

func serializeRbitClz(dst []byte, src []uint64) int

func bitReverseRbitThroughput(dst []uint64, src []uint64) int
func bitReverseRbitLatency(src []uint64) uint64

func hyperbolaRbitThroughput(dst, src *uint64, n int, t *byte) int
func hyperbolaRbitLatency(src *uint64, n int, t *byte) uint64

func popcountCntVector(dst []uint8, src []uint64) int

func quad2hexNEON(dst *kernels.Hex, src *uint64, n int)
func quad2boardNEON(dst *kernels.Mailbox, src *uint64, n int)
func quadFillNEON(dst *qbb.QBB, src *uint64, n int)
