# bitlab: make bench runs the benchmarks, make test runs every check.
SHELL := /bin/bash -o pipefail

GO ?= go
# Go's own SIMD: kernels/gosimd is written with simd/archsimd, which Go 1.26
# keeps behind GOEXPERIMENT=simd. Where the toolchain has it (go list finds
# the package under the experiment) every build, run and test below has the
# experiment, so the archsimd kernels are measured, proven, and switched off
# by the feature-off passes; make test also builds and vets once without it
# (nosimd). A GOEXPERIMENT of the caller's own is left as it is.
ifeq ($(origin GOEXPERIMENT),undefined)
export GOEXPERIMENT := $(shell GOEXPERIMENT=simd $(GO) list simd/archsimd >/dev/null 2>&1 && echo simd)
endif
# Stamp the bitlab revision into runbench where git can tell it (the results
# header records it); a copy without .git builds unstamped.
BUILDVCS := $(if $(wildcard .git),-buildvcs=true)
# Features switched off, one at a time, for a pass of the whole test suite:
# no kernel may execute an instruction the (pretended) CPU lacks. These
# passes prove the dispatch (a kernel whose declared features are off never
# runs); kernels/amd64's TestRequires proves the declaration (every
# registration's features cover the "// Requires:" line above each
# assembly symbol it runs). The Go runtime does not know avx512gfni
# (golang.org/x/sys/cpu does) and says so as each Go program starts: under
# GODEBUG, the compiler, linker and vet that go test runs too, whose
# warnings it prints under "# bitlab/<pkg>.test" headers and keeps in the
# build cache, to print again in later builds. For a feature the runtime
# does not know, the GODEBUG setting goes to the test binaries alone
# (go test -exec, which caches no test result).
FEATURES_OFF ?= avx512 avx2 bmi2 avx512gfni popcnt
# go test's limit per test binary: its 10-minute default is a few times
# what cmd/runbench's tests take on an idle 2-core machine, and a machine
# running other work (or make test's own packages in parallel) stretches
# them; the tests wait on events, never on the clock.
TEST_TIMEOUT ?= 30m

.PHONY: all bench campaign perft perft-pgo grid grid-test pressure gobench report aa notebooks explain test arm64 test-arm64 fmt vet nosimd tidy staticcheck gotest features-off generate readme dist ci-campaign ci-merge actionlint

all: test

# make bench: the default suite, about four minutes on 2 cores; QUICK=1 for
# a run of about half a minute; ARGS for any other flags of runbench bench
# (go run ./cmd/runbench bench -h), such as -baseline OLD.txt.
bench:
	$(GO) run $(BUILDVCS) ./cmd/runbench bench $(if $(QUICK),-quick) $(ARGS)

# This CPU measured whole at one revision (runbench campaign -h): the full
# suite at each GOAMD64 level it runs, the cache-pressure run, perft of the
# six standard positions at v1 and v3, llvm-mca's estimates; every file
# names the campaign. About 25 minutes on a 2-core machine; it prints its
# plan first. ARGS=-plan prints only the plan.
campaign:
	$(GO) run $(BUILDVCS) ./cmd/runbench campaign $(ARGS)

# The move generator with every slider: perft of the start position and
# Kiwipete, results in results/<cpu>/perft/; QUICK=1 for three rounds,
# GRID=1 for the slider x serialization grid too, PGO=1 to build runbench
# with profile-guided optimization from the generator's profile
# (PERFT_PGO, which make perft-pgo writes), which the results header's pgo
# line records. No other target builds with a profile.
PERFT_PGO := movegen/perft.pgo
perft: $(if $(GRID),grid)
	$(GO) run $(BUILDVCS) $(if $(PGO),$(perft_pgo_flag)) $(if $(GRID),-tags $(GRID_TAG)) ./cmd/runbench perft $(if $(GRID),-grid) $(if $(QUICK),-count 3) $(ARGS)

# The committed profile is the text form go tool preprofile writes, which
# the compiler reads (-pgoprofile) and go build's -pgo, which takes pprof's
# binary form only, does not. The build cache keys a build by its flags,
# not by the profile's content, so the flag names a copy of the profile
# called by its hash: a new profile is a new build.
perft_pgo_flag = -gcflags=all=-pgoprofile=$(shell set -e; f=$(or $(TMPDIR),/tmp)/bitlab-perft-$$(sha256sum $(PERFT_PGO) | cut -c1-16).pgo; cp $(PERFT_PGO) $$f; echo $$f)

# PERFT_PGO anew: a CPU profile of the default configuration's perft of the
# six standard positions (runbench perft -cpuprofile, built without a
# profile), preprocessed to the compiler's text form (go tool preprofile),
# so that the committed profile is text.
perft-pgo:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(GO) run ./cmd/runbench perft -config default -position start,kiwipete,pos3,pos4,pos5,pos6 -noprogress \
		-out "$$tmp/perft.txt" -cpuprofile "$$tmp/cpu.pprof" >/dev/null; \
	$(GO) tool preprofile -i "$$tmp/cpu.pprof" -o $(PERFT_PGO); echo "wrote $(PERFT_PGO)"

# The slider x serialization grid of the move generator (factor.Grid): its
# configurations' code is generated on demand into
# movegen/configs_grid_gen.go (ignored by git) and built with the tag
# GRID_TAG, factor.GridTag as movegen's internal/configs -tag prints it
# (once, where a target uses it). make test builds, vets and counts it,
# and checks it is what the copier writes from the generator now.
GRID_TAG = $(eval GRID_TAG := $(or $(shell cd movegen && $(GO) run ./internal/configs -tag),$(error cannot print the grid's build tag)))$(GRID_TAG)
grid:
	cd movegen && $(GO) run ./internal/configs -grid

grid-test: grid
	$(GO) vet -tags $(GRID_TAG) ./movegen ./cmd/runbench
	GOARCH=arm64 $(GO) vet -tags $(GRID_TAG) ./movegen
	$(GO) tool staticcheck -tags $(GRID_TAG) ./movegen
	$(GO) test -tags $(GRID_TAG) ./movegen -run '^(TestGrid|TestConfigs|TestChess960Configs|TestChess960Castlings|TestMostMoves)$$'
	$(GO) test -tags $(GRID_TAG) ./cmd/runbench -run '^(TestPerftList|TestConfigNames)$$'

# The lookup-table kernels hot and under cache pressure (an untimed walk of
# a buffer the size of each cache level before every batch), beside the
# table-free kernels of their families, in a results file of its own whose
# names end in /pressure=<class>. PRESSURE_FAMILIES is every family with a
# kernel that declares tables, as runbench list -pressure-families prints
# it.
PRESSURE_FAMILIES ?= $(or $(shell $(GO) run ./cmd/runbench list -pressure-families),$(error cannot list the families with tables))
pressure:
	$(GO) run $(BUILDVCS) ./cmd/runbench bench -family $(PRESSURE_FAMILIES) -dist random,chess -sizes l1 -mode throughput -pressure none,l1,l2,llc,2llc $(ARGS)

# Tables, charts and pages for every results/<cpu>/ folder, then the
# generated parts of the notebooks (from the development machine's results).
NOTEBOOK_RESULTS ?= results/amd-epyc-authenticamd-family-25-model-1-stepping-1

# The pages read each folder's standard runs only (make bench, make
# pressure, make perft; plot pages -h gives the rule): ad-hoc runs change no page.
report:
	$(GO) run ./cmd/plot pages results
	$(MAKE) notebooks

# The A/A test, on an idle machine: N pairs of back-to-back quick runs of
# one build (into AA_DIR, or a temporary folder removed at the end), then
# each gate's false alarms over the pairs and whether it catches a 10%
# slowdown injected into the second run of each pair: into one case
# (AA_CASE, for the case gate) and into one kernel (AA_KERNEL, for the
# default kernel gate). plot aa -inject REGEXP AA_DIR reads a kept folder
# again. The build goes to a temporary folder of its own, always removed.
N ?= 10
AA_DIR ?=
AA_CASE ?= ^Kernel/family=popcount/impl=swar/dist=random/size=4096/mode=throughput$$
AA_KERNEL ?= ^Kernel/family=popcount/impl=swar/
aa:
	@set -e; bin=$$(mktemp -d); dir='$(AA_DIR)'; \
	if [ -z "$$dir" ]; then dir=$$(mktemp -d); trap 'rm -rf "$$bin" "$$dir"' EXIT; else trap 'rm -rf "$$bin"' EXIT; fi; \
	mkdir -p "$$dir"; \
	$(GO) build $(BUILDVCS) -o "$$bin/runbench" ./cmd/runbench; \
	for i in $$(seq -w 1 $(N)); do for side in a b; do \
		out="$$dir/pair$$i-$$side"; echo "pair $$i of $(N), run $$side: $$out.txt"; \
		"$$bin/runbench" bench -quick -noprogress $(ARGS) -out "$$out.txt" >"$$out.log" 2>&1 || { cat "$$out.log"; exit 1; }; \
	done; done; \
	$(GO) run ./cmd/plot aa -inject '$(AA_CASE)' "$$dir"; echo; \
	$(GO) run ./cmd/plot aa -inject '$(AA_KERNEL)' "$$dir"

notebooks:
	$(GO) run ./cmd/plot notebooks notebooks $(NOTEBOOK_RESULTS)

# Estimates of every kernel's main loop by llvm-mca (LLVM 19: apt-get install
# llvm-19) on Zen 3, 4 and 5, Skylake, Ice Lake server, Alder Lake, Sapphire
# Rapids, Neoverse N1 and V2 (package explain), written beside the
# measurements, then the pages. Times nothing.
explain:
	$(GO) run ./cmd/explain $(ARGS)
	$(GO) run ./cmd/plot pages results

# The same kernels under go test -bench, same names (-cpu 1: no suffix).
# go test matches -bench one name element (between slashes) at a time, so
# the default names every element: each family's implementations on random
# inputs, L1 batch, throughput. Each benchmark runs go test's -benchtime,
# 1s, or longer, and the first line says how many match and so how long
# they take at least: BENCH='Kernel/family=popcount/' is 675 benchmarks, at
# least 11 minutes; ARGS='-benchtime 100ms' shortens each.
BENCH ?= Kernel/family=/impl=/dist=random$$/size=4096$$/mode=throughput
gobench:
	$(GO) test ./harness -run '^$$' -cpu 1 -bench '$(BENCH)' $(ARGS)

test: fmt vet nosimd staticcheck tidy actionlint gotest grid-test features-off arm64

fmt:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# vet and staticcheck also look at the arm64 code, for Linux and macOS,
# and at macOS on Intel (the campaign's macos-15-intel runner): the darwin
# builds are checked here; they cannot run on these machines.
OTHER_PLATFORMS ?= linux/arm64 darwin/arm64 darwin/amd64

vet:
	$(GO) vet ./...
	@set -e; for p in $(OTHER_PLATFORMS); do \
		echo "GOOS=$${p%/*} GOARCH=$${p#*/} go vet ./... && go build ./..."; \
		GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) vet ./...; \
		GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build ./...; \
	done

# The build without GOEXPERIMENT=simd, in which kernels/gosimd registers
# nothing, builds and vets too.
nosimd:
	GOEXPERIMENT= $(GO) build ./...
	GOEXPERIMENT= $(GO) vet ./...

# go.mod and go.sum say exactly what the code imports.
tidy:
	$(GO) mod tidy -diff

staticcheck:
	$(GO) tool staticcheck ./...
	@set -e; sc=$$($(GO) tool -n staticcheck); for p in $(OTHER_PLATFORMS); do \
		echo "GOOS=$${p%/*} GOARCH=$${p#*/} staticcheck ./..."; \
		GOOS=$${p%/*} GOARCH=$${p#*/} $$sc ./...; \
	done

# go test also runs every fuzz target's seed corpus.
gotest:
	$(GO) test -timeout $(TEST_TIMEOUT) ./...

features-off:
	@set -e; for f in $(FEATURES_OFF); do \
		echo "GODEBUG=cpu.$$f=off go test ./..."; \
		case "$$(GODEBUG=cpu.$$f=off $(GO) env GOOS 2>&1)" in \
		*'GODEBUG: unknown cpu feature'*) $(GO) test -timeout $(TEST_TIMEOUT) -exec "env GODEBUG=cpu.$$f=off" ./... 2>&1 | grep -v 'no test files';; \
		*) GODEBUG=cpu.$$f=off $(GO) test -timeout $(TEST_TIMEOUT) ./... 2>&1 | grep -v 'no test files';; \
		esac; \
	done

# make test's arm64 pass, where user-mode QEMU is installed (.ci/run installs
# it); without it, a warning says what was skipped.
arm64:
	@if command -v qemu-aarch64 >/dev/null 2>&1; then $(MAKE) --no-print-directory test-arm64; \
	else echo "warning: no qemu-aarch64 (Debian's qemu-user): the arm64 proofs are skipped"; fi

# The portable code on a second GOARCH: the kernel proofs, the harness and the
# reports under user-mode QEMU (Debian's qemu-user package). The commands'
# tests run built binaries natively and stay on the host.
test-arm64:
	GOARCH=arm64 $(GO) test -exec qemu-aarch64 ./board ./qbb ./positions ./kernels/... ./harness ./report/... | grep -v 'no test files'
	GOARCH=arm64 $(GO) build -o $(ARM64_RUNBENCH) ./cmd/runbench
	qemu-aarch64 $(ARM64_RUNBENCH) list | grep ' arm64 '
	@out=$$(mktemp -d)/emulated.txt; qemu-aarch64 $(ARM64_RUNBENCH) bench -quick -family '^(popcount|sliding)$$' -count 2 -out $$out >/dev/null 2>&1; \
		grep -E '^(cpu|uarch):|^# (machine|emulator):' $$out; \
		grep -q '^# emulator: qemu-aarch64' $$out || { echo "the emulated run's header does not say it is emulated"; exit 1; }

ARM64_RUNBENCH ?= $(or $(TMPDIR),/tmp)/bitlab-runbench-arm64

# runbench for machines without Go: linux/amd64 at every GOAMD64 level
# (with GOEXPERIMENT=simd where the toolchain has it: its archsimd kernels
# run where the CPU has their features), linux/arm64 and darwin/arm64
# (without: no archsimd kernel is for arm64), into dist/. Each binary runs on
# its own: copy it over, run it, bring results/ back (see the README).
# go build stamps a binary "modified" where git status lists anything, an
# uncommitted results file too, and a binary run outside the checkout
# cannot tell what changed: its results files then say "with uncommitted
# changes", and dist warns first.
DIST_LEVELS ?= v1 v2 v3 v4
dist:
	@mkdir -p dist
	@if [ -n "$$(git status --porcelain 2>/dev/null)" ]; then \
		echo "warning: git status lists changes (results files count too): every results file of these binaries will say \"with uncommitted changes\"; commit or stash them (git stash -u) and rerun for binaries that record the commit alone"; fi
	@set -e; for l in $(DIST_LEVELS); do \
		echo "dist/runbench-linux-amd64-$$l"; \
		GOOS=linux GOARCH=amd64 GOAMD64=$$l $(GO) build $(BUILDVCS) -o dist/runbench-linux-amd64-$$l ./cmd/runbench; \
	done
	@for p in linux/arm64 darwin/arm64; do \
		echo "dist/runbench-$${p%/*}-$${p#*/}"; \
		GOEXPERIMENT= GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build $(BUILDVCS) -o dist/runbench-$${p%/*}-$${p#*/} ./cmd/runbench || exit 1; \
	done

# Results from many CPUs: the campaign workflow
# (.github/workflows/campaign.yml; the README says how to run it) runs
# make ci-campaign on each hosted runner and make ci-merge after them.
# ci-campaign runs the campaign (make campaign) on this machine as a CI
# run, into CI_OUT/results/<cpu>/ (the job's artifact), every file it
# writes saying "host: ci" and the runner label in BITLAB_RUNNER. CI_ARGS
# passes flags of runbench campaign: -quick for a trial of a minute or
# two, -plan for the plan alone. ci-merge copies the results files of
# every CPU folder below DIR (the downloaded artifacts; one campaign per
# CPU) into results/, then runs make report.
CI_OUT ?= ci-out
ci-campaign:
	$(GO) run ./internal/ci measure -out $(CI_OUT) -- $(CI_ARGS)

ci-merge:
	@test -n "$(DIR)" || { echo "usage: make ci-merge DIR=artifacts/ (the downloaded artifacts)"; exit 2; }
	$(GO) run ./internal/ci merge -into results $(DIR)
	$(MAKE) report

# The workflows, checked by actionlint (expressions, runner labels, the
# actions' inputs; the scripts of run steps are the repository's own,
# so no shellcheck or pyflakes). internal/ci's test plants an error in a
# copy and runs this target on it.
WORKFLOWS ?= .github/workflows/campaign.yml
actionlint:
	$(GO) tool actionlint -shellcheck= -pyflakes= $(WORKFLOWS)

# The fingerprints hash the kernels' generated files: they go last.
generate:
	$(GO) generate ./...
	$(GO) generate ./fingerprint

readme:
	$(GO) test ./cmd/runbench -run TestReadmeTable -update
