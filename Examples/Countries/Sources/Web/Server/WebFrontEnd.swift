import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelCatalog
import KeelWeb
import Mustache

/// The web front-end's presentation: tab sessions and their view models,
/// rendered into pages. Everything here runs on the main actor, like the
/// view models it renders; the routes only translate HTTP to and from it.
@MainActor
final class WebFrontEnd {
    /// The tab sessions.
    let sessions: CountryTabs
    let options: WebOptions
    /// The front-end in each language of the app's catalog.
    private let voices: Voices
    /// The app's words, for choosing a tab's language.
    var catalog: StringCatalog { voices.catalog }

    init(service: any Serving, voices: Voices, options: WebOptions) {
        sessions = CountryTabs(
            service: service, lifetime: options.sessionLifetime, closedTabLifetime: options.closedTabLifetime,
            maximum: options.maximumSessions)
        self.voices = voices
        self.options = options
    }

    /// The voice of `session`'s pages: for a page, in the browser's
    /// `languages` (its reader's choice, else the best it accepts), which the
    /// tab keeps for its live updates and forms until its next page.
    /// The tab's scene is read in that language: its country names follow it
    /// until the settings choose one.
    func voice(of session: CountryTab, accepting languages: BrowserLanguages? = nil) -> Voice {
        let voice = voices.voice(of: session, accepting: languages)
        session.screens.readerLanguage = .reading(voice.wording.language)
        return voice
    }

    /// What a request gets back.
    typealias Reply = WebReply

    /// How much a details page waits for its data before showing the loading state.
    static let detailsWait = Duration.milliseconds(800)

    // MARK: Pages

    /// The list, searched for `query` when there is one.
    func listPage(tab: String?, query: String?, accepting languages: BrowserLanguages) async -> Reply {
        let session = sessions.session(tab)
        let voice = voice(of: session, accepting: languages)
        if let query, query != session.list.searchText {
            // The page shows the search's outcome: it waits for the search.
            await OwnedTasks.waitForTasks { session.list.searchText = query }
        }
        // The whole page is shared by the tabs that show the same list.
        return .page(status: 200, html: voice.fragments.render(
            "list", ListPage(session: session, voice: voice), tab: session.id, token: session.token))
    }

    /// The details of the country `code`.
    func detailsPage(tab: String?, code: String, accepting languages: BrowserLanguages) async -> Reply {
        let session = sessions.session(tab)
        let voice = voice(of: session, accepting: languages)
        let details = session.screens.details(of: code)
        if case .notRequested = details.details.state {
            await waitUntilLoaded(OwnedTasks.tasks { details.send(.appeared) })
        }
        // The whole page is shared by the tabs that show the same details (most
        // requests): only its tab markers are filled in for this one.
        let page = DetailsPage(session: session, details: details, voice: voice)
        return .page(
            // No such country is a 404; a failure that may pass (offline, a timeout), a 503 with Retry.
            status: details.errorMessage == nil ? 200 : details.canRetry ? 503 : 404,
            html: voice.fragments.render("details", page, tab: session.id, token: session.token))
    }

    /// The settings form, showing the current settings.
    func settingsPage(tab: String?, saved: Bool, accepting languages: BrowserLanguages) async -> Reply {
        let session = sessions.session(tab)
        let voice = voice(of: session, accepting: languages)
        return .page(status: 200, html: await voice.renderer.render(
            "settings", SettingsPage(session: session, saved: saved, error: nil, wording: voice.wording),
            tab: session.id, token: session.token))
    }

    /// Opens a deep link: to the details it names, or back to the list with the reason it failed.
    func openLink(tab: String?, link: String, accepting languages: BrowserLanguages) async -> Reply {
        let session = sessions.session(tab)
        let voice = voice(of: session, accepting: languages)
        switch await session.root.open(link: link) {
        case .country(let code):
            return .redirect("/country/\(code)?tab=\(session.id)")
        case nil:
            return .page(status: 400, html: await voice.renderer.render(
                "list", ListPage(session: session, voice: voice, message: session.root.linkMessage),
                tab: session.id, token: session.token))
        }
    }

    /// A page saying what `page` says, in its reader's language, with a link back to the list.
    func messagePage(_ page: MessagePage) async -> String {
        await voices.render(page, withTemplate: "message")
    }

    /// Waits until the loading `work` ended, or ``detailsWait`` at most (a
    /// slow load shows the loading state, and the live connection the rest),
    /// or until the request is cancelled.
    private func waitUntilLoaded(_ work: StartedTasks) async {
        let (ended, signal) = AsyncStream<Never>.makeStream()
        Task { await work.ended(); signal.finish() }
        let timeout = Task { try? await Task.sleep(for: Self.detailsWait); signal.finish() }
        for await _ in ended {}
        timeout.cancel()
    }

    // MARK: Events (the forms' posts)

    /// Applies a settings form; the settings page with the reason when it is invalid.
    func applySettings(_ session: CountryTab, showsRegion: Bool, language: String, interface: String?) async -> Reply? {
        var form = SettingsViewState(session.service.appState.read { $0.settings })
        form.showsRegion = showsRegion
        form.languageCode = language
        var error = form.apply(to: session.service)
        // The interface language is the tab's own: empty for its browser's.
        if let interface, !session.choose(interface, in: catalog) { error = error ?? "Choose one of the offered languages." }
        guard let error else { return nil }
        let voice = voice(of: session)
        return .page(status: 400, html: await voice.renderer.render(
            "settings", SettingsPage(session: session, saved: false, error: error, wording: voice.wording),
            tab: session.id, token: session.token))
    }

    // MARK: Live

    /// A page of a tab, as its live connection names it.
    enum LivePage: Sendable, Equatable {
        case list
        case details(code: String)
        case settings
    }

    /// The live state of `page` in `session`: what the live connection shows.
    func liveState(of session: CountryTab, page: LivePage) -> LiveState {
        let hidden = session.root.isContentHidden
        let voice = voice(of: session)
        switch page {
        case .list:
            return LiveState(
                fragment: voice.fragments.event("list-results", ListResults(list: session.list, voice: voice), in: "results"),
                hidden: hidden)
        case .details(let code):
            let details = session.screens.details(of: code)
            return LiveState(
                fragment: voice.fragments.event("details-body", DetailsBody(details: details, wording: voice.wording), in: "details"),
                hidden: hidden)
        case .settings:
            // The settings show the tab's own form: rendered for it alone.
            let body = voice.render("settings-body", SettingsBody(session: session, saved: false, error: nil, wording: voice.wording))
            return LiveState(fragment: .fragment(body, in: "settings"), hidden: hidden)
        }
    }
}
