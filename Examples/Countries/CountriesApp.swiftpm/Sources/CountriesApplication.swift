import CountriesApp
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelTimeline
import Observation
import SwiftUI
import KeelSwiftUI

/// The app: opens the container once, then gives every window its own
/// scene (``CountriesScene``), so that each navigates on its own over the
/// same app state.
///
/// Where each object is made, once: the ``Launch`` here (an `App` is made
/// once per process); a window's ``CountriesScene`` in its ``LaunchView``'s
/// `.task`; every view model by that scene. No view makes a view model: a
/// view's struct, and its `@State` initializers, are made again at every
/// pass of its parent.
@main
struct CountriesApplication: App {
    @State private var launch = Launch()

    var body: some Scene {
        WindowGroup {
            LaunchView(launch: launch)
        }
    }
}

/// Opens the container (the ``Vessel``) once for the whole app, and runs its
/// query for as long as the app runs: the country list follows the database.
@MainActor
@Observable
final class Launch {
    /// The container, once open.
    private(set) var vessel: Vessel?
    /// The country-list query, running from the opening on (an `App`, which
    /// holds the launch, lives as long as the process).
    @ObservationIgnored private var following: Task<Void, Never>?
    /// Why the container could not be opened, if it could not.
    private(set) var failure: LocalizedText?
    /// The viewer of the store's timeline, which a debug build keeps (its
    /// debug menu shows it); made once, with the container.
    private(set) var timelineViewer: TimelineViewModel?
    /// The opening under way, which every window waits for.
    @ObservationIgnored private var opening: Task<Void, Never>?

    /// Opens the container with the bundled snapshot as its web service and
    /// the database in Application Support, and returns once it is open or
    /// has failed; joins the opening under way (another window's); does
    /// nothing when already open.
    func open() async {
        guard vessel == nil else { return }
        if let opening { return await opening.value }
        let attempt = Task { @MainActor in
            failure = nil
            do throws(CountryFizzle) {
                let opened = try await Vessel(
                    phase: .bundled, dataDirectory: Vessel.defaultDataDirectory(), timeline: Self.timelineLength)
                following = Task { await opened.followCountriesQuery() }
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
    /// build, none (and no cost) in a release build.
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
    /// ``CountriesScene``'s initializer is `async` so that it cannot be. Closed
    /// and let go when the window goes; a window shown again makes a new one.
    @State private var scene: CountriesScene?

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
            FailureView(message: failure) {
                Task { await open() }
            }
        } else {
            ProgressView("Opening the countries…")
        }
    }

    /// Opens the container (once for the app), then makes this window's
    /// scene, unless it has one.
    private func open() async {
        await launch.open()
        guard scene == nil, let vessel = launch.vessel else { return }
        let made = await CountriesScene(vessel)
        if scene == nil { scene = made }
    }
}
