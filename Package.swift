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
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // System libraries (Debian: libegl-dev, libgles-dev, libgbm-dev, libpng-dev, libjpeg-dev, liblcms2-dev).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // LittleCMS 2: snapshots' ICC profiles and colour conversion (docs/IO.md "Colour").
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // libjpeg reports errors with longjmp, which Swift cannot catch: a small C shim does.
        .target(name: "CSegueJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // libpng's row API, for decoding (its simplified API misreads interlaced 16-bit files).
        .target(name: "CSeguePNG", linkerSettings: [.linkedLibrary("png16")]),
        // The `fast` PNG writer's filter and deflate (fpnge-style), C so that every build,
        // tuned or not, compiles it alike; zlib only for Adler-32.
        .target(name: "CSegueFastPNG", linkerSettings: [.linkedLibrary("deflate")]),
        .target(name: "CSegueKernels"),

        // The layering, bottom up (docs/ARCHITECTURE.md "Modules"): no module imports one above it.
        .target(name: "SegueCore", swiftSettings: kernelFlags),
        .target(name: "SegueGLSL", dependencies: ["SegueCore"]),
        .target(name: "SegueEffects", dependencies: ["SegueCore", "SegueGLSL"]),
        .target(name: "SegueShaders", path: "Shaders", resources: [.embedInCode("GLSL")]),
        .target(name: "SegueSoftware", dependencies: ["SegueCore", "CSegueKernels"], swiftSettings: kernelFlags),
        .target(name: "SegueGL", dependencies: ["SegueCore", "SegueGLSL", "SegueShaders", "CEGL", "CGLES3", "CGBM"]),
        .target(name: "SegueDrawing", dependencies: ["SegueCore"], swiftSettings: kernelFlags),
        .target(name: "SegueIO", dependencies: ["SegueCore", "SegueDrawing", "CSegueKernels", "CPNG", "CLCMS2", "CSeguePNG", "CSegueFastPNG", "CSegueJPEG"], swiftSettings: kernelFlags),
        .target(name: "SegueAuthoring", dependencies: ["SegueCore", "SegueEffects", "SegueGLSL"]),
        .target(name: "SeguePipeline", dependencies: [
            "SegueCore", "SegueEffects", "SegueGLSL", "SegueSoftware", "SegueGL", "SegueDrawing", "SegueIO", "SegueAuthoring",
        ]),
        // `segue serve`: the live authoring page's HTTP server (one render thread, see ARCHITECTURE.md "Serve").
        .target(name: "SegueServe", dependencies: [
            "SegueCore", "SegueEffects", "SegueGLSL", "SegueGL", "SegueIO", "SegueAuthoring", "SeguePipeline",
            .product(name: "Hummingbird", package: "hummingbird"),
        ], resources: [.embedInCode("Web")]),
        // The C blend `segue bench` compiles at run time; the Benchmarks package builds the same file.
        .target(name: "SegueCBlend", resources: [.embedInCode("cblend.c")]),
        .executableTarget(name: "segue", dependencies: [
            "SegueCore", "SegueEffects", "SegueSoftware", "SegueGL", "SegueDrawing", "SegueIO", "SegueAuthoring", "SeguePipeline", "SegueCBlend", "SegueServe",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // One test target per library module; helpers they share live in SegueTestSupport.
        .target(name: "SegueTestSupport", dependencies: ["SegueCore", "CLCMS2", "CPNG"], path: "Tests/SegueTestSupport"),
        .testTarget(name: "SegueCoreTests", dependencies: ["SegueCore", "SegueTestSupport"]),
        .testTarget(name: "SegueEffectsTests", dependencies: ["SegueCore", "SegueEffects"]),
        .testTarget(name: "SegueGLSLTests", dependencies: ["SegueCore", "SegueEffects", "SegueGLSL"]),
        .testTarget(name: "SegueSoftwareTests", dependencies: ["SegueCore", "SegueSoftware", "CSegueKernels", "SegueTestSupport"]),
        .testTarget(name: "SegueGLTests", dependencies: ["SegueCore", "SegueGL", "SegueShaders", "SegueTestSupport"]),
        .testTarget(name: "SegueDrawingTests", dependencies: ["SegueCore", "SegueDrawing", "SegueIO"]),
        .testTarget(name: "SegueIOTests", dependencies: ["SegueCore", "SegueIO", "CPNG", "SegueTestSupport"]),
        .testTarget(name: "SegueAuthoringTests", dependencies: ["SegueCore", "SegueEffects", "SegueGLSL", "SegueAuthoring"]),
        // Renderer-against-renderer checks (parity) run here too: they need both renderers.
        .testTarget(name: "SeguePipelineTests", dependencies: [
            "SegueCore", "SegueEffects", "SegueGLSL", "SegueSoftware", "SegueGL", "SegueIO", "SegueAuthoring", "SeguePipeline",
            "SegueTestSupport",
        ], exclude: ["Xfade/xfade-custom-corpus.txt"]),
        .testTarget(name: "SegueServeTests", dependencies: ["segue", "SegueCore", "SegueIO", "SegueServe", "SegueTestSupport"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "SegueCore", "SegueIO", "SegueTestSupport"]),
    ]
)
