// swift-tools-version: 6.0
//
// The Countries app for iOS (and for macOS, as an iPad app on Apple silicon),
// as an app package: open this folder in Xcode 16 or Swift Playgrounds.
// The views are thin: every screen renders a view model of the Countries
// package (the same ones the web front-end renders), which this package
// depends on by path. Nothing on Linux can build it; Scripts/check-swiftui.sh
// type-checks its sources against Tools/SwiftUICheck.
import PackageDescription
import AppleProductTypes

let package = Package(
    name: "CountriesApp",
    platforms: [
        .iOS("17.0")
    ],
    products: [
        .iOSApplication(
            name: "Countries",
            targets: ["CountriesSwiftUI"],
            bundleIdentifier: "dev.keel.countries",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .map),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [
                .pad,
                .phone
            ],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad]))
            ],
            appCategory: .education
        )
    ],
    dependencies: [
        .package(name: "Countries", path: ".."),
        // The kit's views: the timeline viewer of the debug menu.
        .package(name: "Keel", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "CountriesSwiftUI",
            dependencies: [
                .product(name: "CountriesDomain", package: "Countries"),
                .product(name: "CountriesApp", package: "Countries"),
                .product(name: "CountriesPresentation", package: "Countries"),
                .product(name: "KeelSwiftUI", package: "Keel"),
                // The raft and samples of the previews, used behind `#if DEBUG`
                // only: a release build links nothing of it (see Previews/RaftPreview.swift).
                .product(name: "CountriesTesting", package: "Countries")
            ],
            path: "Sources",
            // The app's one String Catalog, a link to the Countries package's
            // (Sources/Presentation/Resources): SwiftUI's Text("…") and
            // Button("…") read the main bundle's.
            resources: [.process("Localizable.xcstrings")]
        )
    ],
    swiftLanguageModes: [.v6]
)
