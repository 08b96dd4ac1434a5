import AuthenticatorApp
import AuthenticatorDomain
import Foundation
import Observation
import SwiftUI

/// The app: opens the container once, with the data key kept in the
/// Keychain, then gives every window (scene) its own root.
@main
struct AuthenticatorApplication: App {
    @State private var launch = Launch()

    var body: some Scene {
        WindowGroup {
            LaunchView(launch: launch)
                .task { await launch.open() }
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
    private(set) var failure: String?
    private var isOpening = false

    /// Opens the vault file in Application Support, its data key in the
    /// Keychain (``KeychainKeyWorker``); does nothing when already open.
    func open() async {
        guard vessel == nil, !isOpening else { return }
        isOpening = true
        defer { isOpening = false }
        failure = nil
        do throws(VaultFizzle) {
            vessel = try await Vessel(
                phase: .device, dataDirectory: Vessel.defaultDataDirectory(),
                keys: { file in KeychainKeyWorker(file: file) })
        } catch {
            failure = error.message
        }
    }
}

/// A window: progress while the container opens, its failure with a retry,
/// then the root of the scene.
struct LaunchView: View {
    let launch: Launch

    var body: some View {
        if let vessel = launch.vessel {
            RootView(service: vessel)
        } else if let failure = launch.failure {
            VStack {
                Label(failure, systemImage: "exclamationmark.triangle")
                Button("Try again") {
                    Task { await launch.open() }
                }
            }
            .padding()
        } else {
            ProgressView("Opening the vault…")
        }
    }
}
