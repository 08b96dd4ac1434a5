// swift-tools-version: 6.0
import PackageDescription

// Keel: a minimal clean architecture for SwiftUI apps.
// The `Keel` product depends on nothing but the toolchain (Foundation, Observation).
// `KeelTesting` adds test helpers; it also depends on nothing but the toolchain.
// Three extras sit beside it, each its own product, linked only by the apps that
// use them: `KeelWebClient` (the web gear: a small HTTP client for workers),
// `KeelTimeline` (a store's timeline of updates, with rewind, for development)
// and `KeelCatalog` (an app's String Catalog, read on any platform).
// `KeelSwiftUI` holds the kit's views (the timeline viewer): Apple platforms
// only (its sources are empty elsewhere), type-checked on Linux by
// Scripts/check-swiftui.sh.
// Two command plugins scaffold apps on it (Plugins/README.md): `keel-new-app`
// writes a new layered app package, `keel-add-usecase` adds a usecase to one.
let package = Package(
    name: "Keel",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Keel", targets: ["Keel"]),
        .library(name: "KeelWebClient", targets: ["KeelWebClient"]),
        .library(name: "KeelTimeline", targets: ["KeelTimeline"]),
        .library(name: "KeelCatalog", targets: ["KeelCatalog"]),
        .library(name: "KeelTesting", targets: ["KeelTesting"]),
        .library(name: "KeelSwiftUI", targets: ["KeelSwiftUI"]),
        .plugin(name: "keel-new-app", targets: ["KeelNewApp"]),
        .plugin(name: "keel-add-usecase", targets: ["KeelAddUsecase"]),
    ],
    targets: [
        .target(name: "Keel"),
        .target(name: "KeelWebClient", dependencies: ["Keel"]),
        .target(name: "KeelTimeline", dependencies: ["Keel"]),
        .target(name: "KeelCatalog", dependencies: ["Keel"]),
        .target(name: "KeelTesting", dependencies: ["Keel", "KeelWebClient", "KeelTimeline"]),
        .target(name: "KeelSwiftUI", dependencies: ["Keel", "KeelTimeline"]),
        .testTarget(name: "KeelTests", dependencies: ["Keel", "KeelTesting"]),
        .testTarget(name: "KeelWebClientTests", dependencies: ["Keel", "KeelWebClient", "KeelTesting"]),
        .testTarget(name: "KeelTimelineTests", dependencies: ["Keel", "KeelTimeline", "KeelTesting"]),
        .testTarget(name: "KeelCatalogTests", dependencies: ["Keel", "KeelCatalog"]),
        .testTarget(name: "KeelTestingTests", dependencies: ["Keel", "KeelTesting", "KeelTimeline"]),
        // Writes outside the package it runs in: a folder the person names
        // (granted with --allow-writing-to-directory where plugins are sandboxed).
        .plugin(
            name: "KeelNewApp",
            capability: .command(
                intent: .custom(verb: "keel-new-app", description: "Writes a new Keel app package: Domain, Data, App, Presentation, Testing, a test")),
            path: "Plugins/KeelNewApp"),
        .plugin(
            name: "KeelAddUsecase",
            capability: .command(
                intent: .custom(verb: "keel-add-usecase", description: "Adds an action or a query to a Keel app made by keel-new-app"),
                permissions: [.writeToPackageDirectory(reason: "Adds the usecase's signature, Serving requirement, file and test to this app")]),
            path: "Plugins/KeelAddUsecase"),
    ],
    swiftLanguageModes: [.v6]
)
