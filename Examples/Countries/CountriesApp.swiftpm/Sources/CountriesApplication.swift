import CountriesApp
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelSwiftUI
import SwiftUI

/// The app: opens the container once, then gives every window its own
/// scene (``CountriesScene``), so that each navigates on its own over the
/// same app state.
///
/// Where each object is made, once: the launch here (an `App` is made once
/// per process); a window's ``CountriesScene`` by its `LaunchView`, in
/// `.task`; every view model by that scene. No view makes a view model: a
/// view's struct, and its `@State` initializers, are made again at every
/// pass of its parent.
@main
struct CountriesApplication: App {
    @State private var launch = Self.launch()

    var body: some Scene {
        WindowGroup {
            // snippet.launchView
            LaunchView("Opening the countries…") {
                await CountriesScene(try await launch.open())
            } close: { scene in
                scene.close()
            } content: { scene in
                RootView(scene: scene, timelineViewer: launch.timelineViewer)
            }
            // snippet.end
        }
    }

    /// The container, with the bundled snapshot as its web service and the
    /// database in Application Support; its country-list query runs from the
    /// opening on, as long as the app (and so the process) runs.
    private static func launch() -> AppLaunch<Vessel> {
        // snippet.appLaunch
        AppLaunch(timelineViewer: { $0.timelineViewer() }) {
            let vessel = try await Vessel(
                phase: .bundled, dataDirectory: Vessel.defaultDataDirectory(), timeline: AppLaunch<Vessel>.timelineLength)
            Task { await vessel.followCountriesQuery() }
            return vessel
        }
        // snippet.end
    }
}
