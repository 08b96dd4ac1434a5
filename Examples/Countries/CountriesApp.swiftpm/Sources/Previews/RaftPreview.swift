// Previews only: CountriesTesting (the raft, the sample countries) is
// compiled into debug builds, which previews use, and never into a release
// build of the app. Every #Preview is behind the same `#if DEBUG`.
#if DEBUG
import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import SwiftUI
import Keel
import KeelSwiftUI

/// Builds a raft (the app's `Vessel` over stand-ins, from CountriesTesting)
/// holding sample countries and a scene over it (``CountriesScene``, id
/// ``sceneID``), then shows `content` with the scene: the previews of every
/// screen run on the same usecases and view models as the app, over an
/// in-memory database. Both are made once, by a `LaunchView`, as a window makes its scene.
struct RaftPreview<Content: View>: View {
    /// The id of the previews' scene.
    static var sceneID: String { "preview" }

    private let countries: [Country]
    private let state: AppState
    private let content: (CountriesScene) -> Content

    /// - Parameters:
    ///   - countries: What the raft's database and web service hold.
    ///   - isSceneInactive: Whether the scene is inactive from the start.
    ///   - showsRegion: The region switch.
    ///   - content: The view to preview, given the scene.
    init(
        countries: [Country] = Country.samples, isSceneInactive: Bool = false, showsRegion: Bool = true,
        @ViewBuilder content: @escaping (CountriesScene) -> Content
    ) {
        self.countries = countries
        var state = AppState()
        if isSceneInactive { state.system.inactiveScenes.insert(Self.sceneID) }
        state.settings.showsRegion = showsRegion
        self.state = state
        self.content = content
    }

    var body: some View {
        LaunchView("Opening the countries…") { [state, countries] in
            let raft = try await Vessel.raft(state: state, countries: countries)
            Task { await raft.followCountriesQuery() }
            return await CountriesScene(raft, id: Self.sceneID)
        } content: { scene in
            content(scene)
        }
    }
}
#endif
