// swift-tools-version: 6.0
import PackageDescription

// Keel: a minimal clean architecture for SwiftUI apps.
// The `Keel` product depends on nothing but the toolchain (Foundation, Observation).
// `KeelTesting` adds test helpers; it also depends on nothing but the toolchain.
let package = Package(
    name: "Keel",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Keel", targets: ["Keel"]),
        .library(name: "KeelTesting", targets: ["KeelTesting"]),
    ],
    targets: [
        .target(name: "Keel"),
        .target(name: "KeelTesting", dependencies: ["Keel"]),
        .testTarget(name: "KeelTests", dependencies: ["Keel", "KeelTesting"]),
        .testTarget(name: "KeelTestingTests", dependencies: ["Keel", "KeelTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
