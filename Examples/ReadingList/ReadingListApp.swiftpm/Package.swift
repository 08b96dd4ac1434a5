// swift-tools-version: 6.0
//
// The reading list for iOS, as an app package: open this folder in Xcode 16
// or Swift Playgrounds. Nothing on Linux can build it; Scripts/check-swiftui.sh
// type-checks its sources against Tools/SwiftUICheck.
import PackageDescription
import AppleProductTypes

let package = Package(
    name: "ReadingListApp",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "Reading List",
            targets: ["ReadingListSwiftUI"],
            bundleIdentifier: "dev.keel.readinglist",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .book),
            accentColor: .presetColor(.orange),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft]
        )
    ],
    dependencies: [
        .package(name: "ReadingList", path: ".."),
        .package(name: "Keel", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "ReadingListSwiftUI",
            dependencies: [
                .product(name: "ReadingListApp", package: "ReadingList"),
                .product(name: "ReadingListPresentation", package: "ReadingList"),
                .product(name: "KeelSwiftUI", package: "Keel"),
                // The raft of the previews, used behind `#if DEBUG` only.
                .product(name: "ReadingListTesting", package: "ReadingList"),
            ],
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
