// swift-tools-version: 6.0
import PackageDescription

// The Authenticator reference app: one target per layer, each in the folder
// that names the layer, so that the compiler enforces the dependency rule:
//
//   Domain        ← Keel only: entities (accounts, secrets, OTP parameters), the
//                   app state, usecase signatures, Serving, Work protocols, Fizzles
//   Data          ← Domain + swift-crypto + swift-protobuf + GRDB: the code
//                   generator, otpauth URIs, the formats and the encrypted vault
//   App           ← Domain + Data: Vessel (the container), its usecases, phases
//   Testing       ← App + Data + Domain: the raft (the Vessel over an in-memory vault),
//                   a clock moved by hand, samples: for tests and previews, never in a release build
//   Presentation  ← Domain only (never Data): view models and view states
//   Web           ← Presentation + Domain + KeelWeb (never Data or App): the web
//                   front-end's routes, pages and templates
//   authenticator ← App + Presentation: the command line
//   authenticator-web ← Web + App (+ Presentation's words): serves the web front-end
let package = Package(
    name: "Authenticator",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "AuthenticatorDomain", targets: ["AuthenticatorDomain"]),
        .library(name: "AuthenticatorData", targets: ["AuthenticatorData"]),
        .library(name: "AuthenticatorApp", targets: ["AuthenticatorApp"]),
        .library(name: "AuthenticatorPresentation", targets: ["AuthenticatorPresentation"]),
        // For the SwiftUI app's previews, behind `#if DEBUG` (see AuthenticatorApp.swiftpm).
        .library(name: "AuthenticatorTesting", targets: ["AuthenticatorTesting"]),
        .executable(name: "authenticator", targets: ["authenticator"]),
        .executable(name: "authenticator-web", targets: ["authenticator-web"]),
    ],
    dependencies: [
        .package(name: "Keel", path: "../.."),
        .package(name: "KeelWeb", path: "../../Packages/KeelWeb"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
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
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Data",
            exclude: ["Formats/GoogleMigration/migration.proto"]),
        .target(
            name: "AuthenticatorApp",
            dependencies: ["AuthenticatorDomain", "AuthenticatorData", .product(name: "Keel", package: "Keel"), .product(name: "KeelTimeline", package: "Keel")],
            path: "Sources/App"),
        .target(
            name: "AuthenticatorTesting",
            dependencies: ["AuthenticatorApp", "AuthenticatorData", "AuthenticatorDomain", .product(name: "Keel", package: "Keel"), .product(name: "KeelTimeline", package: "Keel")],
            path: "Sources/Testing"),
        .target(
            name: "AuthenticatorPresentation",
            dependencies: ["AuthenticatorDomain", .product(name: "Keel", package: "Keel"), .product(name: "KeelCatalog", package: "Keel")],
            path: "Sources/Presentation",
            // The app's words (AuthenticatorStrings): Xcode compiles the catalog;
            // on Linux it is copied as it is, and read with Keel's StringCatalog.
            resources: [.process("Resources/Localizable.xcstrings")]),
        .target(
            name: "AuthenticatorWeb",
            dependencies: [
                "AuthenticatorPresentation", "AuthenticatorDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelCatalog", package: "Keel"),
                .product(name: "KeelWeb", package: "KeelWeb"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Web",
            resources: [.copy("Resources/Templates"), .copy("Resources/Public")]),
        .executableTarget(
            name: "authenticator-web",
            dependencies: [
                "AuthenticatorWeb", "AuthenticatorApp", "AuthenticatorDomain", "AuthenticatorPresentation",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelWeb", package: "KeelWeb"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/authenticator-web"),
        .executableTarget(
            name: "authenticator",
            dependencies: [
                "AuthenticatorApp", "AuthenticatorPresentation", "AuthenticatorDomain",
                // `code --uri` reads a link and makes its code with the data layer's gears, no vault.
                "AuthenticatorData",
                .product(name: "Keel", package: "Keel"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/authenticator"),
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
                "AuthenticatorData", "AuthenticatorDomain", "AuthenticatorApp", "AuthenticatorPresentation",
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
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/DataTests",
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AuthenticatorAppTests",
            dependencies: [
                "AuthenticatorApp", "AuthenticatorTesting", "AuthenticatorDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelTesting", package: "Keel"),
                // To damage a vault file under a running container.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/AppTests"),
        .testTarget(
            name: "AuthenticatorPresentationTests",
            dependencies: [
                "AuthenticatorPresentation", "AuthenticatorApp", "AuthenticatorData", "AuthenticatorTesting", "AuthenticatorDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelTesting", package: "Keel"),
            ],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "AuthenticatorWebTests",
            dependencies: [
                "AuthenticatorWeb", "AuthenticatorApp", "AuthenticatorTesting", "AuthenticatorDomain", "AuthenticatorPresentation",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "KeelWeb", package: "KeelWeb"),
                .product(name: "KeelWebTesting", package: "KeelWeb"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/WebTests"),
        // Runs the executables as processes: the command line, two at once on
        // one vault, the web server beside it (driven over HTTP), killed at random moments.
        .testTarget(
            name: "AuthenticatorCommandTests",
            dependencies: [
                "authenticator", "authenticator-web", "authenticator-aegis-compat",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/CommandTests"),
    ],
    swiftLanguageModes: [.v6]
)
