// swift-tools-version: 6.0
import PackageDescription

// The Countries reference app: one target per layer, each in the folder that
// names the layer, so that the compiler enforces the dependency rule:
//
//   Domain        ← Keel only: entities, Work protocols, usecase signatures, AppState, Serving
//   Data          ← Domain + GRDB: workers and gears
//   App           ← Domain + Data: Vessel (the container), its usecases and queries, phases
//   Testing       ← App + Data + Domain: the raft (the Vessel over stand-ins), samples,
//                   fixtures: for tests and previews, never in a release build
//   Presentation  ← Domain only (never Data): view models and view states
//   Web           ← Presentation + Domain + KeelWeb (never Data or App): the web front-end's
//                   routes, pages and templates (Packages/KeelWeb holds what any front-end shares)
//   countries     ← Web + App: the executable, the only place that sees everything
let package = Package(
    name: "Countries",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "countries", targets: ["countries"]),
        // For the SwiftUI app package (CountriesApp.swiftpm), which depends on this one by path.
        .library(name: "CountriesDomain", targets: ["CountriesDomain"]),
        .library(name: "CountriesApp", targets: ["CountriesApp"]),
        .library(name: "CountriesPresentation", targets: ["CountriesPresentation"]),
        // For the SwiftUI app's previews, behind `#if DEBUG` (see CountriesApp.swiftpm).
        .library(name: "CountriesTesting", targets: ["CountriesTesting"]),
    ],
    dependencies: [
        .package(name: "Keel", path: "../.."),
        .package(name: "KeelWeb", path: "../../Packages/KeelWeb"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        .target(
            name: "CountriesDomain",
            dependencies: [.product(name: "Keel", package: "Keel")],
            path: "Sources/Domain"),
        .target(
            name: "CountriesData",
            dependencies: [
                "CountriesDomain",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelWebClient", package: "Keel"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Data",
            resources: [.copy("Resources/countries.json")]),
        .target(
            name: "CountriesApp",
            dependencies: ["CountriesDomain", "CountriesData", .product(name: "Keel", package: "Keel"), .product(name: "KeelWebClient", package: "Keel"), .product(name: "KeelTimeline", package: "Keel")],
            path: "Sources/App"),
        .target(
            name: "CountriesTesting",
            dependencies: ["CountriesApp", "CountriesData", "CountriesDomain", .product(name: "Keel", package: "Keel")],
            path: "Sources/Testing"),
        .target(
            name: "CountriesPresentation",
            dependencies: ["CountriesDomain", .product(name: "Keel", package: "Keel"), .product(name: "KeelCatalog", package: "Keel")],
            path: "Sources/Presentation",
            // The app's words (CountriesStrings): Xcode compiles the catalog;
            // on Linux it is copied as it is, and read with Keel's StringCatalog.
            resources: [.process("Resources/Localizable.xcstrings")]),
        .target(
            name: "CountriesWeb",
            dependencies: [
                "CountriesPresentation", "CountriesDomain",
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
            name: "countries",
            dependencies: [
                "CountriesWeb", "CountriesApp", "CountriesDomain", "CountriesPresentation",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelWeb", package: "KeelWeb"),
                .product(name: "KeelHTTPClient", package: "KeelWeb"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/countries"),
        .executableTarget(
            name: "CountriesBenchmark",
            dependencies: ["CountriesApp", "CountriesData", "CountriesDomain", "CountriesPresentation", .product(name: "Keel", package: "Keel")],
            path: "Benchmarks/CountriesBenchmark"),
        .testTarget(
            name: "CountriesDomainTests",
            dependencies: ["CountriesDomain", .product(name: "Keel", package: "Keel")],
            path: "Tests/DomainTests"),
        .testTarget(
            name: "CountriesDataTests",
            dependencies: [
                "CountriesData", "CountriesDomain",
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/DataTests",
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CountriesAppTests",
            dependencies: [
                "CountriesApp", "CountriesTesting", "CountriesData", "CountriesDomain",
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/AppTests"),
        .testTarget(
            name: "CountriesPresentationTests",
            dependencies: [
                "CountriesPresentation", "CountriesApp", "CountriesData", "CountriesTesting", "CountriesDomain",
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
            ],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "CountriesWebTests",
            dependencies: [
                "CountriesWeb", "CountriesApp", "CountriesTesting", "CountriesDomain", "CountriesPresentation",
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "KeelWeb", package: "KeelWeb"),
                .product(name: "KeelWebTesting", package: "KeelWeb"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/WebTests"),
    ],
    swiftLanguageModes: [.v6]
)
