# syntax=docker/dockerfile:1

# Build stage: the official Swift 6 image on Debian bookworm, building with the Makefile's own
# `release` target (static Swift standard library), so the image and `make run` cannot drift.
ARG SWIFT_IMAGE=swift:6.3-bookworm
# Where the runtime stage takes the binary from: the build stage below, or (scripts/container-smoke.sh,
# on machines that cannot pull the Swift image) an image holding a binary that `make release` built.
ARG BINARY_IMAGE=build

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        make libsimdjson-dev zlib1g-dev libhiredis-dev pkg-config dpkg-dev patch xz-utils curl \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift Makefile ./
# `make release` builds libmicrohttpd first: Debian's source package with patches/ applied
# (scripts/build-libmicrohttpd.sh), linked statically.
COPY patches ./patches
COPY scripts/build-libmicrohttpd.sh ./scripts/
# The manifest names the test and benchmark targets too, and SwiftPM refuses a manifest whose target
# folders are missing, even when building one product.
COPY Sources ./Sources
COPY clients ./clients
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
RUN make release && install -m 0755 .build/release/layoutd /usr/local/bin/layoutd

FROM ${BINARY_IMAGE} AS binary

# Runtime stage: only the shared libraries the binary links besides glibc (libhiredis0.14: the
# Redis client of --store redis://…).
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libsimdjson14 libstdc++6 zlib1g libhiredis0.14 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin layoutd
COPY --from=binary /usr/local/bin/layoutd /usr/local/bin/layoutd
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/layoutd"]
CMD ["--host", "0.0.0.0", "--port", "8080"]
