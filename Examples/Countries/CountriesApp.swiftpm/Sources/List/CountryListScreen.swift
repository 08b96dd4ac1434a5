import CountriesApp
import CountriesDomain
import CountriesPresentation
import SwiftUI

/// The list screen: every country, searchable in any language, grouped by
/// region when the region switch is on, refreshable, with the refresh's
/// progress (cancellable) and error (with retry). A country opens by pushing
/// its code on the scene's navigation path (`NavigationLink(value:)`).
///
/// A screen (article 001) with its one view model, which the scene made
/// once (``CountriesScene/list``); it hands plain values and closures to
/// stateless components.
struct CountryListScreen: View {
    let scene: CountriesScene
    @Bindable private var model: CountryListViewModel
    @State private var isSettingsShown = false

    init(scene: CountriesScene) {
        self.scene = scene
        model = scene.list
    }

    var body: some View {
        List {
            RefreshStatusView(
                isRefreshing: model.isRefreshing,
                error: model.refreshError,
                retry: { model.send(.retry) },
                cancel: { model.send(.cancelRefresh) })
            ForEach(model.sections) { section in
                CountrySectionView(section: section)
            }
        }
        .overlay {
            if model.isLoadingList {
                ProgressView("Reading the saved countries…")
            } else if let message = model.emptyMessage {
                EmptyListView(message: message)
            }
        }
        .navigationTitle("Countries")
        .searchable(text: $model.searchText, prompt: "Name in any language")
        .searchSuggestions {
            ForEach(model.suggestions.suggestions, id: \.self) { name in
                Text(name).searchCompletion(name)
            }
        }
        .refreshable { await model.refresh() }
        .toolbar {
            Button {
                isSettingsShown = true
            } label: {
                Image(systemName: "gearshape")
            }
            .accessibilityLabel("Settings")
        }
        .sheet(isPresented: $isSettingsShown) {
            SettingsScreen(scene: scene)
        }
    }
}

#if DEBUG
#Preview("List, by region") {
    RaftPreview { scene in
        NavigationStack {
            CountryListScreen(scene: scene)
        }
    }
}

#Preview("List, one section") {
    RaftPreview(showsRegion: false) { scene in
        NavigationStack {
            CountryListScreen(scene: scene)
        }
    }
}

#Preview("List, empty") {
    RaftPreview(countries: []) { scene in
        NavigationStack {
            CountryListScreen(scene: scene)
        }
    }
}

#Preview("Refresh status") {
    List {
        RefreshStatusView(isRefreshing: true, error: nil, retry: {}, cancel: {})
        RefreshStatusView(isRefreshing: false, error: "The web service cannot be reached.", retry: {}, cancel: {})
    }
}

#Preview("Empty list") {
    EmptyListView(message: "No country matches “Atlantis”.")
}
#endif
