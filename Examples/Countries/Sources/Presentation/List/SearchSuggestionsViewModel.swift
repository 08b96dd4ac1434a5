import CountriesDomain
import Keel
import Observation

/// Completions for the search field: the names that start with what was typed.
///
/// A child view model (article 003): it receives its parent's search text as
/// a sequence at init and reacts to each value; the parent never calls it.
@MainActor
@Observable
public final class SearchSuggestionsViewModel {
    /// Up to ``limit`` names starting with the search text, in the chosen language.
    public private(set) var suggestions: [String] = []
    /// How many suggestions to offer at most.
    public let limit = 5
    /// The language the scene is read in: names are suggested in it until settings choose another.
    package var readerLanguage = NameLanguage.english {
        didSet { if readerLanguage != oldValue { suggest(from: appState) } }
    }

    @ObservationIgnored private let tasks = OwnedTasks()
    /// The search text last received from the parent.
    @ObservationIgnored private var text = ""
    @ObservationIgnored private let appState: Store<AppState>

    /// Creates suggestions following `searchText`, drawn from the countries in
    /// `appState`: they follow the text, and also the language and the
    /// countries (a language switch or a refresh while text is typed).
    ///
    /// `package`: its parent makes it (a SwiftUI view must not).
    package init(following searchText: ObservedValues<String>, appState: Store<AppState>) {
        self.appState = appState
        tasks.run("follow text") { @MainActor [weak self] in
            for await text in searchText {
                guard let self else { return }
                self.text = text
                suggest(from: appState)
            }
        }
        tasks.run("follow names") { @MainActor [weak self] in
            // Each sequence starts with the current value: suggesting again
            // for it is harmless, and keeps a change made before this task
            // subscribed from going unseen.
            for await _ in appState.values({ $0.settings.language }) {
                guard let self else { return }
                suggest(from: appState)
            }
        }
        tasks.run("follow countries") { @MainActor [weak self] in
            for await _ in appState.values({ $0.countries }) {
                guard let self else { return }
                suggest(from: appState)
            }
        }
    }

    private func suggest(from appState: Store<AppState>) {
        let prefix = SearchText.normalized(text)
        guard !prefix.isEmpty else {
            suggestions = []
            return
        }
        let language = appState.read { $0.settings.language } ?? readerLanguage
        let names = (appState.read { $0.countries }.value ?? []).map { $0.name(in: language).common }
        suggestions = Array(
            names.filter { SearchText.normalized($0).hasPrefix(prefix) }.sorted(by: NameOrder.areInIncreasingOrder).prefix(limit))
    }

    /// Stops following the parent.
    public func stop() {
        tasks.cancelAll()
    }
}
