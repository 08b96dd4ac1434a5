// swift-tools-version: 6.0
//
// The Authenticator app for iOS (and for macOS, as an iPad app on Apple
// silicon), as an app package: open this folder in Xcode 16 or Swift
// Playgrounds. The views are thin: every screen renders a view model or view
// state of the Authenticator package (the same ones the web front-end
// renders), which this package depends on by path. The data key is kept in
// the Keychain (Sources/Keychain). Nothing on Linux can build it;
// Scripts/check-swiftui.sh type-checks its sources against Tools/SwiftUICheck.
import PackageDescription
import AppleProductTypes

let package = Package(
    name: "AuthenticatorApp",
    platforms: [
        .iOS("17.0")
    ],
    products: [
        .iOSApplication(
            name: "Authenticator",
            targets: ["AuthenticatorSwiftUI"],
            bundleIdentifier: "dev.keel.authenticator",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .sparkle),
            accentColor: .presetColor(.indigo),
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
            appCategory: .utilities
        )
    ],
    dependencies: [
        .package(name: "Authenticator", path: ".."),
        // The kit's views: the timeline viewer of the debug menu.
        .package(name: "Keel", path: "../../.."),
        // The Keychain worker wraps the data key as the vault file does:
        // scrypt (_CryptoExtras) and AES-GCM (Crypto, CryptoKit on Apple platforms).
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3")
    ],
    targets: [
        .executableTarget(
            name: "AuthenticatorSwiftUI",
            dependencies: [
                .product(name: "AuthenticatorDomain", package: "Authenticator"),
                .product(name: "AuthenticatorApp", package: "Authenticator"),
                .product(name: "AuthenticatorPresentation", package: "Authenticator"),
                .product(name: "KeelSwiftUI", package: "Keel"),
                // The raft and samples of the previews, used behind `#if DEBUG`
                // only: a release build links nothing of it (see Previews/RaftPreview.swift).
                .product(name: "AuthenticatorTesting", package: "Authenticator"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto")
            ],
            path: "Sources",
            // The app's one String Catalog, a link to the Authenticator package's
            // (Sources/Presentation/Resources): SwiftUI's Text("…") and
            // Button("…") read the main bundle's.
            resources: [.process("Localizable.xcstrings")]
        )
    ],
    swiftLanguageModes: [.v6]
)
