import CountriesApp
import CountriesDomain
import SwiftUI

/// Builds a ``Raft`` (the container for previews and tests) holding sample
/// countries, then shows `content` with it: the previews of every screen run
/// on the same usecases as the app, over an in-memory database.
struct RaftPreview<Content: View>: View {
    private let countries: [Country]
    private let state: AppState
    private let content: (Raft) -> Content
    @State private var raft: Raft?
    @State private var failure: String?

    /// - Parameters:
    ///   - countries: What the raft's database and web service hold.
    ///   - inactiveScene: A scene to mark inactive from the start, if any.
    ///   - showsRegion: The region switch.
    ///   - content: The view to preview, given the raft.
    init(
        countries: [Country] = Country.samples, inactiveScene: String? = nil, showsRegion: Bool = true,
        @ViewBuilder content: @escaping (Raft) -> Content
    ) {
        self.countries = countries
        var state = AppState()
        if let inactiveScene { state.system.inactiveScenes.insert(inactiveScene) }
        state.settings.showsRegion = showsRegion
        self.state = state
        self.content = content
    }

    var body: some View {
        if let raft {
            content(raft)
        } else if let failure {
            Text(failure)
        } else {
            ProgressView()
                .task { await launch() }
        }
    }

    private func launch() async {
        do {
            let raft = try await Raft(state: state, countries: countries)
            raft.startFollowingCountries()
            self.raft = raft
        } catch {
            failure = error.message
        }
    }
}
