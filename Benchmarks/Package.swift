// swift-tools-version:6.1
import PackageDescription

/// Micro-benchmarks of Segue's hot kernels (ordo-one/package-benchmark), kept out of the main
/// package so `swift test` / `make test` never builds them. Run: `swift package benchmark`.
let package = Package(
    name: "SegueBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Segue", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The reference point for the fade: a plain fixed-point lerp of two RGBA frames in C,
        // compiled as a C programmer would for this machine (-O3 -march=native).
        .target(name: "CBlend", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
        .executableTarget(
            name: "Kernels",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "SeguePipeline", package: "Segue"),
                "CBlend",
            ],
            path: "Benchmarks/Kernels",
            swiftSettings: [.unsafeFlags(["-target-cpu", "native"])],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
