// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for every parser Segue reads untrusted bytes or text with. `make fuzz`
// (CONTRIBUTING.md) builds them with `-sanitize=fuzzer` on the whole build, so the parsers in
// the main package are coverage-instrumented too; the main package never sees the flag.

/// One executable per parser: `fuzz-<name>` from Targets/<name>.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(name: "fuzz-" + name, dependencies: ["FuzzDriver", .product(name: "SeguePipeline", package: "Segue")],
                      path: "Targets/" + name)
}

let package = Package(
    name: "SegueFuzz",
    dependencies: [.package(name: "Segue", path: "..")],
    targets: [.target(name: "FuzzDriver", path: "Driver")] + ["png", "jpeg", "batch-spec", "gesture", "glsl", "timing", "expression"].map(fuzzTarget)
)
