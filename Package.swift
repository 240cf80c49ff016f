// swift-tools-version:6.1
import PackageDescription

/// Hot pixel loops: no overflow/bounds traps in release (the loops are written over
/// checked extents), so LLVM can vectorise them. See docs/ARCHITECTURE.md "Speed".
let kernelFlags: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .library(name: "SeguePipeline", targets: ["SeguePipeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian: libegl-dev, libgles-dev, libgbm-dev, libpng-dev, libjpeg-dev).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libjpeg reports errors with longjmp, which Swift cannot catch: a small C shim does.
        .target(name: "CSegueJPEG", linkerSettings: [.linkedLibrary("jpeg")]),

        .target(name: "SegueCore", swiftSettings: kernelFlags),
        .target(name: "SegueEffects", dependencies: ["SegueCore"]),
        .target(name: "SegueShaders", path: "Shaders", resources: [.embedInCode("GLSL")]),
        .target(name: "SegueSoftware", dependencies: ["SegueCore", "SegueEffects"], swiftSettings: kernelFlags),
        .target(name: "SegueGL", dependencies: ["SegueCore", "SegueEffects", "SegueShaders", "CEGL", "CGLES3", "CGBM"]),
        .target(name: "SegueIO", dependencies: ["SegueCore", "CPNG", "CSegueJPEG"], swiftSettings: kernelFlags),
        .target(name: "SeguePipeline", dependencies: ["SegueCore", "SegueEffects", "SegueSoftware", "SegueGL", "SegueIO"]),
        // The C blend `segue bench` compiles at run time; the Benchmarks package builds the same file.
        .target(name: "SegueCBlend", resources: [.embedInCode("cblend.c")]),
        .executableTarget(name: "segue", dependencies: [
            "SeguePipeline",
            "SegueCBlend",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "SegueCoreTests", dependencies: ["SegueCore", "SegueEffects"]),
        .testTarget(name: "SegueRenderTests", dependencies: ["SeguePipeline", "SegueSoftware", "SegueGL", "SegueIO"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "SegueIO"]),
    ]
)
