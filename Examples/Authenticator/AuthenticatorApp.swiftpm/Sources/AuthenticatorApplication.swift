import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelSwiftUI
import SwiftUI

/// The app: opens the container once, with the data key kept in the
/// Keychain, then gives every window its own scene (``AuthenticatorScene``).
///
/// Where each object is made, once: the launch here (an `App` is made once
/// per process); a window's ``AuthenticatorScene`` by its `LaunchView`, in
/// `.task`; every view model by that scene. No view makes a view model: a
/// view's struct, and its `@State` initializers, are made again at every
/// pass of its parent.
@main
struct AuthenticatorApplication: App {
    @State private var launch = Self.launch()

    var body: some Scene {
        WindowGroup {
            LaunchView("Opening the vault…") {
                await AuthenticatorScene(try await launch.open())
            } close: { scene in
                scene.close()
            } content: { scene in
                RootView(scene: scene, timelineViewer: launch.timelineViewer)
            }
        }
    }

    /// The container: the vault file in Application Support, its data key in
    /// the Keychain (``KeychainKeyWorker``). Its timeline shows secrets redacted.
    private static func launch() -> AppLaunch<Vessel> {
        AppLaunch(timelineViewer: { $0.timelineViewer() }) {
            try await Vessel(
                phase: .device, dataDirectory: Vessel.defaultDataDirectory(), timeline: AppLaunch<Vessel>.timelineLength,
                keys: { file in KeychainKeyWorker(file: file) })
        }
    }
}
