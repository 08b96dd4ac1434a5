import CountriesApp
import CountriesDomain
import Foundation
import Observation
import SwiftUI

/// The app: opens the container once, then gives every window (scene) its
/// own root, so that each navigates on its own over the same app state.
@main
struct CountriesApplication: App {
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

    /// Opens the container with the bundled snapshot as its web service and
    /// the database in Application Support; does nothing when already open.
    func open() async {
        guard vessel == nil, !isOpening else { return }
        isOpening = true
        defer { isOpening = false }
        failure = nil
        do {
            vessel = try await Vessel(phase: .bundled, dataDirectory: Vessel.defaultDataDirectory())
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
            FailureView(message: failure) {
                Task { await launch.open() }
            }
        } else {
            ProgressView("Opening the countries…")
        }
    }
}
