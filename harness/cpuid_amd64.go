package harness

import (
	"encoding/binary"
	"strings"
)

// cpuidIdentity reads the brand string (leaves 0x80000002..4), the vendor
// (leaf 0), the display family, model and stepping (leaf 1) and, on hybrid
// Intel parts, the running thread's core type (leaf 0x1A).
func cpuidIdentity() identity {
	var b []byte
	le := binary.LittleEndian
	_, v1, v2, v3 := cpuid(0, 0)
	vendor := string(le.AppendUint32(le.AppendUint32(le.AppendUint32(nil, v1), v3), v2))
	if max, _, _, _ := cpuid(0x80000000, 0); max >= 0x80000004 {
		for leaf := uint32(0x80000002); leaf <= 0x80000004; leaf++ {
			a, bx, c, d := cpuid(leaf, 0)
			for _, r := range []uint32{a, bx, c, d} {
				b = le.AppendUint32(b, r)
			}
		}
	}
	id := identity{name: strings.TrimSpace(strings.TrimRight(string(b), "\x00")), vendor: vendor}
	eax, _, _, _ := cpuid(1, 0)
	fam, mod := eax>>8&0xF, eax>>4&0xF
	if fam == 0xF {
		fam += eax >> 20 & 0xFF
	}
	if fam == 6 || fam >= 0xF {
		mod |= (eax >> 16 & 0xF) << 4
	}
	id.family, id.model, id.stepping = int(fam), int(mod), int(eax&0xF)
	if max, _, _, _ := cpuid(0, 0); max >= 0x1A && vendor == "GenuineIntel" {
		if _, _, _, hybrid := cpuid(7, 0); hybrid>>15&1 != 0 {
			a, _, _, _ := cpuid(0x1A, 0)
			id.coreType = int(a >> 24)
		}
	}
	return id
}

// cpuidCaches reads the data and unified caches from CPUID's deterministic
// cache parameters: leaf 4 on Intel, 0x8000001D on AMD (with topology
// extensions). ok is false where neither is available.
func cpuidCaches(vendor string) (c Caches, ok bool) {
	leaf := uint32(4)
	if vendor == "AuthenticAMD" || vendor == "HygonGenuine" {
		maxExt, _, _, _ := cpuid(0x80000000, 0)
		_, _, ext, _ := cpuid(0x80000001, 0)
		if maxExt < 0x8000001D || ext>>22&1 == 0 {
			return c, false
		}
		leaf = 0x8000001D
	} else if max, _, _, _ := cpuid(0, 0); max < 4 {
		return c, false
	}
	for sub := uint32(0); sub < 16; sub++ {
		a, b, cx, _ := cpuid(leaf, sub)
		kind := a & 0x1F // 1 data, 2 instruction, 3 unified
		if kind == 0 {
			break
		}
		if kind == 2 {
			continue
		}
		line := int64(b&0xFFF) + 1
		size := (int64(b>>22) + 1) * (int64(b>>12&0x3FF) + 1) * line * (int64(cx) + 1)
		switch a >> 5 & 7 {
		case 1:
			c.L1d, c.Line = size, line
		case 2:
			c.L2 = size
		case 3:
			c.L3 = size
		}
	}
	return c, c.L1d > 0
}

// hypervisor reports CPUID's hypervisor bit (leaf 1, ECX bit 31), which a
// virtual machine's CPU sets.
func hypervisor() bool {
	_, _, ecx, _ := cpuid(1, 0)
	return ecx>>31&1 != 0
}
