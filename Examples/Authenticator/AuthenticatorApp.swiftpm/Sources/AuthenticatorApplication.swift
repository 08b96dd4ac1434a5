import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelTimeline
import KeelSwiftUI
import Observation
import SwiftUI

/// The app: opens the container once, with the data key kept in the
/// Keychain, then gives every window its own scene (``AuthenticatorScene``).
///
/// Where each object is made, once: the ``Launch`` here (an `App` is made
/// once per process); a window's ``AuthenticatorScene`` in its
/// ``LaunchView``'s `.task`; every view model by that scene. No view makes a
/// view model: a view's struct, and its `@State` initializers, are made again
/// at every pass of its parent.
@main
struct AuthenticatorApplication: App {
    @State private var launch = Launch()

    var body: some Scene {
        WindowGroup {
            LaunchView(launch: launch)
        }
    }
}

/// Opens the container (the ``Vessel``) once for the whole app.
@MainActor
@Observable
final class Launch {
    /// The container, once open.
    private(set) var vessel: Vessel?
    /// Why the container could not be opened, if it could not.
    private(set) var failure: LocalizedText?
    /// The viewer of the store's timeline, which a debug build keeps (its
    /// debug menu shows it); made once, with the container.
    private(set) var timelineViewer: TimelineViewModel?
    /// The opening under way, which every window waits for.
    @ObservationIgnored private var opening: Task<Void, Never>?

    /// Opens the vault file in Application Support, its data key in the
    /// Keychain (``KeychainKeyWorker``), and returns once it is open or has
    /// failed; joins the opening under way (another window's); does nothing
    /// when already open.
    func open() async {
        guard vessel == nil else { return }
        if let opening { return await opening.value }
        let attempt = Task { @MainActor in
            failure = nil
            do throws(VaultFizzle) {
                let opened = try await Vessel(
                    phase: .device, dataDirectory: Vessel.defaultDataDirectory(), timeline: Self.timelineLength,
                    keys: { file in KeychainKeyWorker(file: file) })
                #if DEBUG
                timelineViewer = opened.timelineViewer()
                #endif
                vessel = opened
            } catch {
                failure = error.message
            }
        }
        opening = attempt
        await attempt.value
        opening = nil
    }

    /// How many updates the store keeps in its timeline: 500 in a debug
    /// build (secrets show in it redacted), none (and no cost) in a release build.
    private static var timelineLength: Int? {
        #if DEBUG
        500
        #else
        nil
        #endif
    }
}

/// A window: progress while the container opens, its failure with a retry,
/// then the root of the window's scene.
struct LaunchView: View {
    let launch: Launch
    /// The window's scene. Made in `.task`, once, never in an initializer:
    /// ``AuthenticatorScene``'s initializer is `async` so that it cannot be. Closed
    /// and let go when the window goes; a window shown again makes a new one.
    @State private var scene: AuthenticatorScene?

    var body: some View {
        content
            .task { await open() }
            .onDisappear {
                scene?.close()
                scene = nil
            }
    }

    @ViewBuilder private var content: some View {
        if let scene {
            RootView(scene: scene, timelineViewer: launch.timelineViewer)
        } else if let failure = launch.failure {
            VStack {
                Label {
                    Text(failure)
                } icon: {
                    Image(systemName: "exclamationmark.triangle")
                }
                Button("Try again") {
                    Task { await open() }
                }
            }
            .padding()
        } else {
            ProgressView("Opening the vault…")
        }
    }

    /// Opens the container (once for the app), then makes this window's
    /// scene, unless it has one.
    private func open() async {
        await launch.open()
        guard scene == nil, let vessel = launch.vessel else { return }
        let made = await AuthenticatorScene(vessel)
        if scene == nil { scene = made }
    }
}
