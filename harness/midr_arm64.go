package harness

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// midrIdentity reads the core's implementer and part from MIDR_EL1 where
// Linux lets user code read it (HWCAP_CPUID); the MRS instruction would
// trap elsewhere. /proc/cpuinfo fills in what it leaves out.
func midrIdentity() identity {
	if runtime.GOOS != "linux" || !cpu.ARM64.HasCPUID {
		return identity{}
	}
	v := midr()
	return identity{midrImplementer: int(v >> 24 & 0xff), midrPart: int(v >> 4 & 0xfff)}
}
