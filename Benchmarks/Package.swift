// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so that the Keel kit stays free of
// dependencies: only this package depends on OpenCombine.
let package = Package(
    name: "KeelBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Keel", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
