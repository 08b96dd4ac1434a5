// swift-tools-version: 6.0
import PackageDescription

// The Authenticator reference app: one target per layer, each in the folder
// that names the layer, so that the compiler enforces the dependency rule:
//
//   Domain  ← Keel only: entities (accounts, secrets, OTP parameters), import
//             reports, Work protocols and Fizzles
//   Data    ← Domain + swift-crypto + swift-protobuf: the code generator, Base32,
//             otpauth URIs and the authenticator formats (gears and workers)
let package = Package(
    name: "Authenticator",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "AuthenticatorDomain", targets: ["AuthenticatorDomain"]),
        .library(name: "AuthenticatorData", targets: ["AuthenticatorData"]),
    ],
    dependencies: [
        .package(name: "Keel", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
    ],
    targets: [
        .target(
            name: "AuthenticatorDomain",
            dependencies: [.product(name: "Keel", package: "Keel")],
            path: "Sources/Domain"),
        .target(
            name: "AuthenticatorData",
            dependencies: [
                "AuthenticatorDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Sources/Data",
            exclude: ["Formats/GoogleMigration/migration.proto"]),
        // Not shipped: the Swift side of the Aegis compatibility check of
        // Scripts/test-authenticator.sh (with Scripts/aegis_compat.py).
        .executableTarget(
            name: "authenticator-aegis-compat",
            dependencies: ["AuthenticatorData", "AuthenticatorDomain", .product(name: "Keel", package: "Keel")],
            path: "Sources/AegisCompat"),
        // Not shipped: the readers' libFuzzer entry point (Fuzz/fuzz.sh), a
        // replayer of inputs when built without the fuzzer.
        .executableTarget(
            name: "authenticator-fuzz",
            dependencies: ["AuthenticatorData", "AuthenticatorDomain", .product(name: "Keel", package: "Keel")],
            path: "Fuzz/AuthenticatorFuzz"),
        .executableTarget(
            name: "AuthenticatorBenchmark",
            dependencies: [
                "AuthenticatorData", "AuthenticatorDomain",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Benchmarks/AuthenticatorBenchmark"),
        .testTarget(
            name: "AuthenticatorDomainTests",
            dependencies: ["AuthenticatorDomain"],
            path: "Tests/DomainTests"),
        .testTarget(
            name: "AuthenticatorDataTests",
            dependencies: [
                "AuthenticatorData", "AuthenticatorDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/DataTests",
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
