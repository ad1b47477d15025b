// swift-tools-version:6.1
import PackageDescription

/// Where `make deps` (scripts/build-libmicrohttpd.sh) puts the patched libmicrohttpd it builds.
let libmicrohttpd = Context.packageDirectory + "/.build/libmicrohttpd"

let package = Package(
    name: "layoutd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "layoutd", targets: ["layoutd"]),
        .library(name: "FlowLayout", targets: ["FlowLayout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // openapi.yaml read by the tests that hold it against the service's wire declarations and the
        // HTTP layer's refusals.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The HTTP server in C: daemon, limits, bodies (gzip inflated), one callback per request. It links
        // libmicrohttpd as `make deps` builds it: Debian's source package with patches/ applied.
        .target(
            name: "HTTPServer",
            cSettings: [.unsafeFlags(["-O2", "-Wall", "-Wextra", "-I", libmicrohttpd + "/include"])],
            linkerSettings: [.unsafeFlags(["-Xlinker", libmicrohttpd + "/lib/libmicrohttpd.a"]), .linkedLibrary("z")]
        ),
        // simdjson behind a small C API.
        .target(
            name: "CSimdJSON",
            cxxSettings: [.unsafeFlags(["-O3", "-std=c++17"])],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // The layout engine: pure Swift, the standard library only (make check-engine), no I/O, no JSON.
        .target(name: "FlowLayout"),
        // The one lock of the process (pthread on Linux, os_unfair_lock on Apple; docs/architecture.md §3).
        .target(name: "Locking"),
        // The LRU cache of base layouts.
        .target(name: "LayoutCache", dependencies: ["FlowLayout", "Locking"]),
        // The store of layouts: the one interface the service sees, the archive format, and the
        // in-memory store (`--store memory:`).
        .target(name: "LayoutStore", dependencies: ["FlowLayout", "LayoutCache"]),
        // hiredis, Debian's Redis client library, for the shared store.
        .systemLibrary(name: "CHiredis", path: "Sources/CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),
        // The shared store in Redis (`--store redis://…`), over hiredis.
        .target(name: "LayoutStoreRedis", dependencies: ["LayoutStore", "Locking", "CHiredis"]),
        // zlib, the system library, for gzip-compressed answers.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The playground page and the JavaScript client (clients/), embedded in the binary.
        .target(name: "PlaygroundAssets", cSettings: [.unsafeFlags(["-std=c23"])]),
        // The machinery that makes the wire fast, behind a small API (docs/architecture.md): JSON read
        // by simdjson and written into reused buffers, numbers, gzip, path matching, per-thread memory.
        // Optimised across modules, so the service's calls into it inline and specialise as if they
        // were its own.
        .target(
            name: "WireKit",
            dependencies: ["FlowLayout", "CSimdJSON", "CZlib"],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]
        ),
        // JSON ⇄ engine, routes, errors.
        .target(
            name: "LayoutService",
            dependencies: [
                "FlowLayout", "LayoutCache", "LayoutStore", "Locking", "WireKit", "PlaygroundAssets",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The service bound to the HTTP server.
        .target(
            name: "LayoutServer",
            dependencies: ["LayoutService", "HTTPServer", "Locking", .product(name: "Logging", package: "swift-log")]),
        .executableTarget(
            name: "layoutd",
            dependencies: [
                "LayoutServer", "LayoutStoreRedis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Benchmarks (make bench): in-process figures, and the bare HTTP server as the ceiling.
        .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                "FlowLayout", "LayoutService", "CSimdJSON", "CMallocCounter", "SeededRandom",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/LayoutBenchmarks"
        ),
        .executableTarget(name: "http-baseline", dependencies: ["HTTPServer"], path: "Benchmarks/HTTPBaseline"),
        // The request path under libFuzzer and AddressSanitizer (make fuzz); without them, a replayer of inputs.
        .executableTarget(name: "layoutd-fuzz", dependencies: ["LayoutService", "CZlib"], path: "Sources/LayoutFuzz"),
        // The seeded random generator the tests and benchmarks share, and random layout inputs from it.
        .target(name: "SeededRandom", dependencies: ["FlowLayout"]),
        .testTarget(name: "FlowLayoutTests", dependencies: ["FlowLayout", "LayoutCache", "Locking", "SeededRandom"]),
        .testTarget(
            name: "FlowLayoutPropertyTests",
            dependencies: ["FlowLayout", "LayoutCache", "SeededRandom", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "LayoutStoreTests", dependencies: ["LayoutStore", "LayoutCache", "SeededRandom"]),
        .testTarget(name: "LayoutStoreRedisTests", dependencies: ["LayoutStoreRedis", "LayoutStore", "Locking", "SeededRandom"]),
        .testTarget(
            name: "LayoutdTests",
            dependencies: [
                "layoutd", "LayoutServer", "LayoutService", "HTTPServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "WireKitTests", dependencies: ["WireKit", "FlowLayout", "SeededRandom"]),
        .testTarget(
            name: "LayoutServiceTests",
            dependencies: [
                "LayoutService", "LayoutStore", "Locking", "WireKit", "SeededRandom", "layoutd-fuzz", .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(
            name: "LayoutServerTests",
            dependencies: ["LayoutServer", "SeededRandom", "layoutd-fuzz", .product(name: "Yams", package: "Yams")]),
    ],
    swiftLanguageModes: [.v6]
)
