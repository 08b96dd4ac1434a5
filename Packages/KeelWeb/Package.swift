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
    ],
    dependencies: [
        .package(name: "Keel", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
    ],
    targets: [
        .target(
            name: "KeelWeb",
            dependencies: [
                .product(name: "Keel", package: "Keel"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // keel.js, the script every app's pages share (served at /keel).
            resources: [.copy("Resources/Public")]),
        // Helpers for the web tests of apps: a page's tab credentials, and the check of page contexts.
        .target(
            name: "KeelWebTesting",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(
            name: "KeelWebTests",
            dependencies: [
                "KeelWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
