import CountriesApp
import CountriesDomain
import CountriesPresentation
import SwiftUI

/// The list screen: every country, searchable in any language, grouped by
/// region when the region switch is on, refreshable, with the refresh's
/// progress (cancellable) and error (with retry). A country opens by pushing
/// its code on the scene's navigation path (`NavigationLink(value:)`).
///
/// A screen (article 001): it owns its one view model and hands plain values
/// and closures to stateless components.
struct CountryListScreen: View {
    @State private var model: CountryListViewModel
    @State private var isSettingsShown = false
    private let service: any Serving

    init(service: any Serving) {
        self.service = service
        _model = State(wrappedValue: CountryListViewModel(service))
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
            SettingsScreen(service: service)
        }
    }
}

/// One section of the list: titled by its region when the list is grouped.
struct CountrySectionView: View {
    let section: CountrySection

    var body: some View {
        if let title = section.title {
            Section(title) { rows }
        } else {
            Section { rows }
        }
    }

    private var rows: some View {
        ForEach(section.rows) { row in
            NavigationLink(value: row.code) {
                CountryRowView(row: row)
            }
        }
    }
}

/// The state of the refresh from the web: its progress with a cancel
/// button, or its error with a retry button; nothing otherwise.
struct RefreshStatusView: View {
    let isRefreshing: Bool
    let error: String?
    let retry: () -> Void
    let cancel: () -> Void

    var body: some View {
        if isRefreshing {
            Section {
                HStack {
                    ProgressView()
                    Text("Refreshing from the web…")
                    Spacer()
                    Button("Cancel", role: .cancel, action: cancel)
                }
            }
        } else if let error {
            Section {
                VStack(alignment: .leading) {
                    Label(error, systemImage: "exclamationmark.triangle")
                    Button("Retry", action: retry)
                }
            } footer: {
                Text("The list shows the countries saved on this device.")
            }
        }
    }
}

/// What the list shows when it has no rows (a show: the message only).
struct EmptyListView: View {
    let message: String

    var body: some View {
        ContentUnavailableView {
            Label("No countries", systemImage: "globe")
        } description: {
            Text(message)
        } actions: {
            EmptyView()
        }
    }
}

#Preview("List, by region") {
    RaftPreview { raft in
        NavigationStack {
            CountryListScreen(service: raft)
        }
    }
}

#Preview("List, one section") {
    RaftPreview(showsRegion: false) { raft in
        NavigationStack {
            CountryListScreen(service: raft)
        }
    }
}

#Preview("List, empty") {
    RaftPreview(countries: []) { raft in
        NavigationStack {
            CountryListScreen(service: raft)
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
