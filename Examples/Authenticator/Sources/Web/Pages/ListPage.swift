import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation

/// The account list page: the search, filters and sort, and the rows.
struct ListPage: Sendable {
    let frame: PageFrame
    let rows: ListRows
    let search: String
    let filters: [Choice]
    let orders: [Choice]
    /// The moment of the codes (with the settings' offset), in Unix seconds, for the script's countdowns.
    let clock: Double

    @MainActor
    init(session: AuthenticatorTab, message: String?) {
        let list = session.list
        let refresh = list.rows.compactMap { list.secondsLeft(for: $0) }.min()
        frame = PageFrame(session: session, title: "Accounts", page: "list", message: message, refresh: refresh)
        rows = ListRows(list: list, tab: session.id, token: session.token)
        search = list.searchText
        var filters = [
            Choice(value: "all", title: "All accounts", selected: list.filter == .all),
            Choice(value: "favourites", title: "Favourites", selected: list.filter == .favourites),
        ]
        filters += list.tags.map { Choice(value: "tag:\($0)", title: "Tagged “\($0)”", selected: list.filter == .tag($0)) }
        self.filters = filters
        let order = session.appState.read { $0.settings.sortOrder }
        orders = AccountOrder.allCases.map { Choice(value: $0.rawValue, title: $0.title, selected: $0 == order) }
        clock = list.clock.moment.timeIntervalSince1970
    }
}

/// The rows of the list: the live part of the page. Codes and periods
/// only; the countdowns are drawn by the page's script, so that the rows
/// change, and are pushed, only when a period ends.
struct ListRows: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        let id: String
        let title: String
        let subtitle: String
        let tags: String
        let favourite: Bool
        let code: String?
        /// The code without spaces, for the copy button.
        let copyText: String?
        let nextCode: String?
        let period: Int?
        let counter: String?
        let hotp: Bool
    }

    let rows: [Row]
    let empty: String?
    let tab: String
    let token: String

    @MainActor
    init(list: AccountListViewModel, tab: String, token: String) {
        rows = list.rows.map { row in
            Row(
                id: row.id.description, title: row.title, subtitle: row.subtitle, tags: row.tags.joined(separator: ", "),
                favourite: row.isFavourite, code: row.code, copyText: row.code?.filter { !$0.isWhitespace },
                nextCode: row.nextCode, period: row.period, counter: row.counter.map(String.init), hotp: row.kind == .hotp)
        }
        empty = list.emptyMessage
        self.tab = tab
        self.token = token
    }
}
