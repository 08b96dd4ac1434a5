import CountriesDomain
import CountriesPresentation
import Foundation
import Keel

/// One browser tab: a presentation session holding its own screen view models.
///
/// The app state is shared by the whole process; a tab's view models read it
/// and call its usecases like any screen. The tab is identified by a random
/// id carried in its links and forms, and proves it is itself with a random
/// token on every state-changing request.
@MainActor
final class TabSession {
    /// The tab's identity, carried in its URLs.
    let id: String
    /// The token its forms must send back.
    let token: String
    /// The tab as a scene: deep links, activity.
    let root: RootViewModel
    /// The list screen.
    let list: CountryListViewModel
    /// The details screen shown last, if any.
    private(set) var details: CountryDetailsViewModel?
    /// When the tab was last heard from.
    private(set) var lastSeen: ContinuousClock.Instant
    /// How many live connections the tab has open; a tab with one never expires.
    private(set) var liveConnections = 0

    /// The app state, read-only, shared by every tab.
    let appState: Store<AppState>
    private let service: any Serving

    init(service: any Serving, now: ContinuousClock.Instant) {
        id = TabSession.randomToken()
        token = TabSession.randomToken()
        self.service = service
        appState = service.appState
        root = RootViewModel(service, scene: id)
        list = CountryListViewModel(service)
        lastSeen = now
    }

    /// The details view model of the country `code`, reusing the current one when it matches.
    func details(of code: String) -> CountryDetailsViewModel {
        let code = code.uppercased()
        if let details, details.code == code { return details }
        let viewModel = CountryDetailsViewModel(service, code: code, scene: id)
        details = viewModel
        return viewModel
    }

    /// Applies a settings form through the usecases; returns why it cannot be applied, if it cannot.
    func apply(_ form: SettingsViewState) -> String? {
        form.apply(to: service)
    }

    /// Records that the tab was heard from.
    func touch(_ now: ContinuousClock.Instant) {
        lastSeen = now
    }

    /// Records a live connection opening or closing.
    func liveConnection(opened: Bool, at now: ContinuousClock.Instant) {
        liveConnections += opened ? 1 : -1
        lastSeen = now
    }

    /// Whether `token` is this tab's token (compared in constant time).
    func accepts(token candidate: String) -> Bool {
        let expected = Array(token.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(expected, given) { difference |= left ^ right }
        return difference == 0
    }

    /// Lets go of what the tab holds in shared state: a closed tab is a
    /// scene the app forgets (its routing, its activity).
    func close() {
        root.send(.closed)
        list.suggestions.stop()
        details?.send(.cancel)
    }

    /// 128 random bits, hex-encoded.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
