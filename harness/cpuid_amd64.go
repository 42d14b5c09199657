package harness

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// cpuidIdentity reads the brand string (leaves 0x80000002..4), the vendor
// (leaf 0) and the display family, model and stepping (leaf 1).
func cpuidIdentity() (name, vendor, family, model, stepping string) {
	var b []byte
	le := binary.LittleEndian
	_, v1, v2, v3 := cpuid(0, 0)
	vendor = string(le.AppendUint32(le.AppendUint32(le.AppendUint32(nil, v1), v3), v2))
	if max, _, _, _ := cpuid(0x80000000, 0); max >= 0x80000004 {
		for leaf := uint32(0x80000002); leaf <= 0x80000004; leaf++ {
			a, bx, c, d := cpuid(leaf, 0)
			for _, r := range []uint32{a, bx, c, d} {
				b = le.AppendUint32(b, r)
			}
		}
	}
	name = strings.TrimSpace(strings.TrimRight(string(b), "\x00"))
	eax, _, _, _ := cpuid(1, 0)
	fam, mod := eax>>8&0xF, eax>>4&0xF
	if fam == 0xF {
		fam += eax >> 20 & 0xFF
	}
	if fam == 6 || fam >= 0xF {
		mod |= (eax >> 16 & 0xF) << 4
	}
	return name, vendor, fmt.Sprint(fam), fmt.Sprint(mod), fmt.Sprint(eax & 0xF)
}
