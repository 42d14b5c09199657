# bitlab: make bench runs the benchmarks, make test runs every check.

GO ?= go
# Features switched off, one at a time, for a second pass of the kernel tests:
# no kernel may execute an instruction the (pretended) CPU lacks.
FEATURES_OFF ?= avx512 avx2 bmi2 avx512gfni popcnt

.PHONY: all bench test fmt vet staticcheck gotest features-off generate readme

all: test

bench:
	$(GO) run ./cmd/runbench

test: fmt vet staticcheck gotest features-off

fmt:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

# go test also runs every fuzz target's seed corpus.
gotest:
	$(GO) test ./...

features-off:
	@set -e; for f in $(FEATURES_OFF); do \
		echo "GODEBUG=cpu.$$f=off go test ./kernels/..."; \
		GODEBUG=cpu.$$f=off $(GO) test ./kernels/...; \
	done

generate:
	$(GO) generate ./...

readme:
	$(GO) test ./cmd/runbench -run TestReadmeTable -update
