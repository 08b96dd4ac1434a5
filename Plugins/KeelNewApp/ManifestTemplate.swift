// The new app's Package.swift: one target per layer, as Examples/ReadingList.

/// The manifest of the app `app`, naming Keel as `keel` says.
func manifest(_ app: AppNames, keel: KeelDependency) -> String {
    let keelProduct = #".product(name: "Keel", package: "\#(keel.identity)")"#
    let webClientProduct = #".product(name: "KeelWebClient", package: "\#(keel.identity)")"#
    let comment = keel.comment.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
    return #"""
        // swift-tools-version: 6.0
        import PackageDescription

        // \#(app.name): a Keel app, one target per layer (written by keel-new-app).
        //
        //   Domain        ← Keel only: Item, AppState, ItemWork, usecase signatures, Serving
        //                   (and KeelWebClient, for what a web failure means to people)
        //   Data          ← Domain: ItemWebWorker (KeelWebClient's WebClient)
        //   App           ← Domain + Data: the Vessel and its usecases
        //   Presentation  ← Domain: ItemListViewModel
        //   Testing       ← App + Domain: the raft and sample items, for tests and previews
        let package = Package(
            name: "\#(app.name)",
            platforms: [.iOS(.v17), .macOS(.v14)],
            products: [
                .library(name: "\#(app.app)", targets: ["\#(app.app)"]),
                .library(name: "\#(app.presentation)", targets: ["\#(app.presentation)"]),
                .library(name: "\#(app.testing)", targets: ["\#(app.testing)"]),
            ],
            dependencies: [
        \#(comment)
                \#(keel.packageLine),
            ],
            targets: [
                .target(name: "\#(app.domain)", dependencies: [\#(keelProduct), \#(webClientProduct)], path: "Sources/Domain"),
                .target(name: "\#(app.data)", dependencies: ["\#(app.domain)", \#(keelProduct), \#(webClientProduct)], path: "Sources/Data"),
                .target(
                    name: "\#(app.app)", dependencies: ["\#(app.domain)", "\#(app.data)", \#(keelProduct)],
                    path: "Sources/App"),
                .target(
                    name: "\#(app.presentation)", dependencies: ["\#(app.domain)", \#(keelProduct)],
                    path: "Sources/Presentation"),
                .target(
                    name: "\#(app.testing)", dependencies: ["\#(app.app)", "\#(app.domain)", \#(keelProduct)],
                    path: "Sources/Testing"),
                .testTarget(
                    name: "\#(app.tests)",
                    dependencies: [
                        "\#(app.app)", "\#(app.data)", "\#(app.domain)", "\#(app.presentation)", "\#(app.testing)",
                        .product(name: "KeelTesting", package: "\#(keel.identity)"),
                    ],
                    path: "Tests/\#(app.tests)"),
            ],
            swiftLanguageModes: [.v6]
        )

        """#
}

/// What git leaves out: SwiftPM's build folder and its editor settings.
let gitignore = """
    .build/
    .swiftpm/

    """
