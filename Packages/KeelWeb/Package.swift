// swift-tools-version: 6.0
import PackageDescription

// KeelWeb: what a web front-end of a Keel app needs, whatever the app —
// tab sessions and their tokens, the live connection (server-sent events that
// follow view models through Observation), security headers, error pages,
// page rendering and form decoding. The reference apps' web targets hold only
// their routes, pages and templates on top of it. It never depends on an app.
let package = Package(
    name: "KeelWeb",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "KeelWeb", targets: ["KeelWeb"]),
        .library(name: "KeelWebTesting", targets: ["KeelWebTesting"]),
        // The HTTP transport of a Keel app's workers on a server (Linux): AsyncHTTPClient.
        .library(name: "KeelHTTPClient", targets: ["KeelHTTPClient"]),
    ],
    dependencies: [
        .package(name: "Keel", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", exact: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    ],
    targets: [
        // glibc's malloc_trim, which Swift's Glibc module does not show.
        .target(name: "CKeelWebMemory"),
        .target(
            name: "KeelWeb",
            dependencies: [
                "CKeelWebMemory",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelCatalog", package: "Keel"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            // keel.js and keel.css, the script and stylesheet every app's pages share (served at /keel),
            // and the timeline viewer's templates.
            resources: [.copy("Resources/Public"), .copy("Resources/Timeline")]),
        // Helpers for the web tests of apps: a page's tab credentials, and the check of page contexts.
        .target(
            name: "KeelWebTesting",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        // Keel's `HTTPTransport` over AsyncHTTPClient: what a server's workers
        // send their requests through (swift-corelibs-foundation's URLSession
        // deadlocks or crashes when requests are cancelled as they complete).
        .target(
            name: "KeelHTTPClient",
            dependencies: [
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelWebClient", package: "Keel"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]),
        .testTarget(
            name: "KeelHTTPClientTests",
            dependencies: [
                "KeelHTTPClient",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelWebClient", package: "Keel"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "KeelWebTests",
            dependencies: [
                "KeelWeb",
                .product(name: "Keel", package: "Keel"),
                .product(name: "KeelTimeline", package: "Keel"),
                .product(name: "KeelCatalog", package: "Keel"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
