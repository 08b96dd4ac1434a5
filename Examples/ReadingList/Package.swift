// swift-tools-version: 6.0
import PackageDescription

// The reading list: the small app the README and the "Getting started"
// article build, one feature through every layer. Every code sample of the
// docs is a slice of a file here (Scripts/check-docs.sh checks they are equal),
// so this package building and passing its test proves the samples.
//
//   Domain        ← Keel only: Book, AppState, BookWork, usecase signatures, Serving
//   Data          ← Domain: BookWebWorker (Keel's WebClient)
//   App           ← Domain + Data: the Vessel and its usecases
//   Presentation  ← Domain: BookListViewModel
//   Testing       ← App + Domain: the raft and sample books, for tests and previews
// snippet.package
let package = Package(
    name: "ReadingList",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ReadingListApp", targets: ["ReadingListApp"]),
        .library(name: "ReadingListPresentation", targets: ["ReadingListPresentation"]),
        .library(name: "ReadingListTesting", targets: ["ReadingListTesting"]),
    ],
    dependencies: [
        // A path dependency is named after its folder, whatever your clone is
        // called: `name:` fixes it, so that `package: "Keel"` below resolves.
        // From a URL: .package(url: "<where Keel is hosted>", from: "0.1.0"),
        // and `package:` is the URL's last component ("keel" for …/keel.git).
        .package(name: "Keel", path: "../.."),
    ],
    targets: [
        .target(name: "ReadingListDomain", dependencies: [.product(name: "Keel", package: "Keel"), .product(name: "KeelWebClient", package: "Keel")], path: "Sources/Domain"),
        .target(name: "ReadingListData", dependencies: ["ReadingListDomain", .product(name: "Keel", package: "Keel"), .product(name: "KeelWebClient", package: "Keel")], path: "Sources/Data"),
        .target(
            name: "ReadingListApp", dependencies: ["ReadingListDomain", "ReadingListData", .product(name: "Keel", package: "Keel"), .product(name: "KeelTimeline", package: "Keel")],
            path: "Sources/App"),
        .target(
            name: "ReadingListPresentation", dependencies: ["ReadingListDomain", .product(name: "Keel", package: "Keel")],
            path: "Sources/Presentation"),
        .target(
            name: "ReadingListTesting", dependencies: ["ReadingListApp", "ReadingListDomain", .product(name: "Keel", package: "Keel")],
            path: "Sources/Testing"),
        .testTarget(
            name: "ReadingListTests",
            dependencies: [
                "ReadingListApp", "ReadingListData", "ReadingListDomain", "ReadingListPresentation", "ReadingListTesting",
                .product(name: "KeelTesting", package: "Keel"),
                .product(name: "KeelWebClient", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
            ],
            path: "Tests/ReadingListTests"),
    ],
    swiftLanguageModes: [.v6]
)
// snippet.end
