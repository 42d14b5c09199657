package harness

import (
	"reflect"
	"runtime"
	"strings"

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

// archFeatures lists the arm64 features golang.org/x/sys/cpu reports
// (HWCAP on Linux, sysctl on macOS), by its field names without "Has", in
// lower case: "asimd", "crc32", "sve" and the rest that are present.
func archFeatures() []string {
	var fs []string
	v := reflect.ValueOf(cpu.ARM64)
	for i := range v.NumField() {
		name, ok := strings.CutPrefix(v.Type().Field(i).Name, "Has")
		if ok && v.Field(i).Kind() == reflect.Bool && v.Field(i).Bool() {
			fs = append(fs, strings.ToLower(name))
		}
	}
	return fs
}
