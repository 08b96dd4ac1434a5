// The new app's SwiftUI app package (`--swiftui`): NAMEApp.swiftpm, as
// Examples/ReadingList/ReadingListApp.swiftpm, opened in Xcode or Swift
// Playgrounds; a thin view over the view model, and the App that makes both.

/// NAMEApp.swiftpm/Package.swift.
func swiftUIManifest(_ app: AppNames) -> String {
    #"""
    // swift-tools-version: 6.0
    //
    // \#(app.name) for iOS, as an app package: open this folder in Xcode 16 or
    // Swift Playgrounds. It uses the app package next to it (`..`, by path).
    import PackageDescription
    import AppleProductTypes

    let package = Package(
        name: "\#(app.app)",
        platforms: [.iOS("17.0")],
        products: [
            .iOSApplication(
                name: "\#(app.name)",
                targets: ["\#(app.name)SwiftUI"],
                bundleIdentifier: "com.example.\#(app.name.lowercased())",
                teamIdentifier: "",
                displayVersion: "1.0",
                bundleVersion: "1",
                appIcon: .placeholder(icon: .note),
                accentColor: .presetColor(.blue),
                supportedDeviceFamilies: [.pad, .phone],
                supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft]
            )
        ],
        dependencies: [
            .package(name: "\#(app.name)", path: "..")
        ],
        targets: [
            .executableTarget(
                name: "\#(app.name)SwiftUI",
                dependencies: [
                    .product(name: "\#(app.app)", package: "\#(app.name)"),
                    .product(name: "\#(app.presentation)", package: "\#(app.name)"),
                    // The raft of the previews, used behind `#if DEBUG` only.
                    .product(name: "\#(app.testing)", package: "\#(app.name)"),
                ],
                path: "Sources"
            )
        ],
        swiftLanguageModes: [.v6]
    )

    """#
}

/// NAMEApp.swiftpm/Sources/ItemListView.swift.
func listViewSource(_ app: AppNames) -> String {
    #"""
    import \#(app.presentation)
    import SwiftUI

    /// The list screen: a thin view over its view model. It shows what the view
    /// model exposes and sends it what the person does; nothing else.
    struct ItemListView: View {
        let viewModel: ItemListViewModel

        var body: some View {
            List {
                ForEach(viewModel.items) { item in
                    Text(item.name)
                }
            }
            .overlay {
                if let message = viewModel.errorMessage {
                    ContentUnavailableView {
                        Label("No items", systemImage: "wifi.slash")
                    } description: {
                        // The text in the source language; with a string catalog,
                        // KeelSwiftUI's Text(message, bundle:) shows it translated.
                        Text(message.description)
                    } actions: {
                        Button("Try again") { viewModel.send(.retry) }
                    }
                } else if viewModel.isLoading, viewModel.items.isEmpty {
                    ProgressView()
                }
            }
            .task { viewModel.send(.appeared) }
            .navigationTitle("\#(app.name)")
        }
    }

    #if DEBUG
    import \#(app.app)
    import \#(app.testing)

    #Preview {
        NavigationStack {
            ItemListView(viewModel: ItemListViewModel(Vessel.raft()))
        }
    }
    #endif

    """#
}

/// NAMEApp.swiftpm/Sources/NAMEApplication.swift.
func applicationSource(_ app: AppNames) -> String {
    #"""
    import Foundation
    import \#(app.app)
    import \#(app.presentation)
    import SwiftUI

    /// The app: one container for the process, made where an `App` is made
    /// (once); the screen's view model made once with it, never in a view's
    /// initializer, which SwiftUI runs again at every pass.
    @main
    struct \#(app.name)Application: App {
        @State private var viewModel = ItemListViewModel(Vessel(baseURL: URL(string: "https://items.example.com/v1")!))

        var body: some Scene {
            WindowGroup {
                NavigationStack {
                    ItemListView(viewModel: viewModel)
                }
            }
        }
    }

    """#
}
