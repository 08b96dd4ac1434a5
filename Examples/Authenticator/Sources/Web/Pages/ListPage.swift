import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelWeb

/// The account list page: the search, filters and sort, and the rows.
struct ListPage: FramedPage {
    let frame: PageFrame
    /// The rows, rendered once for every tab that shows the same ones
    /// (``KeelWeb/SharedFragments``), with this tab's id and token.
    let rowsHTML: String
    /// The id of the live event of those rows: the live connection does not send them again while they are the same.
    let rowsID: String?
    let search: String
    let filters: [Choice]
    let orders: [Choice]
    /// Whether the list offers Undo: an account was just deleted.
    let canUndo: Bool
    /// The moment of the codes (with the settings' offset), in Unix seconds, for the script's countdowns.
    let clock: Double

    /// The page of `session`'s list, just ticked: its codes are the ones of this moment.
    @MainActor
    init(session: AuthenticatorTab, message: LocalizedText?, in frontEnd: AuthenticatorFrontEnd) {
        let list = session.list
        let words = frontEnd.wording(of: session), shown = frontEnd.shownRows(of: session)
        // When the first of the codes shown changes (a page without script reloads then).
        let refresh = list.rows.prefix(shown).lazy.compactMap { list.secondsLeft(for: $0) }.min()
        frame = PageFrame(
            session: session, in: frontEnd, title: "Accounts", page: "list", message: message.map { words($0) }, refresh: refresh)
        // Filled in from the fragment's pieces, cut once: the page itself is not searched for markers.
        let rows = frontEnd.listRows(of: session, ticked: true)
        let fragments = frontEnd.voice(words.language).fragments
        rowsHTML = fragments.render("list-rows", rows, tab: session.id, token: session.token)
        rowsID = fragments.event("list-rows", rows, in: "rows").id
        search = list.searchText
        var filters = [
            Choice(value: "all", title: words("All accounts"), selected: list.filter == .all),
            Choice(value: "favourites", title: words("Favourites"), selected: list.filter == .favourites),
        ]
        filters += list.tags.map { Choice(value: "tag:\($0)", title: words("Tagged “\($0)”"), selected: list.filter == .tag($0)) }
        self.filters = filters
        let order = session.appState.read { $0.settings.sortOrder }
        orders = AccountOrder.allCases.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == order) }
        clock = list.clock.moment.timeIntervalSince1970
        canUndo = list.canUndo
    }
}

/// The rows of the list: the live part of the page. Codes and periods
/// only; the countdowns are drawn by the page's script, so that the rows
/// change, and are pushed, only when what the list shows changes (new codes
/// at a period's end are pushed apart, by ``CodeBoard``).
///
/// The same for every tab that shows the same rows: the tab's id and token
/// are the template's markers (``KeelWeb/SharedFragments``), filled in per tab.
struct ListRows: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        let id: String
        let title: String
        /// The title's first letter, on the row's badge (issuer initials, as authenticators show them).
        let initial: String
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
        /// Whether the row can move up, or down, the custom order (not the first, or the last, of the list).
        let canMoveUp: Bool
        let canMoveDown: Bool
    }

    let rows: [Row]
    let empty: String?
    /// Whether the list is empty because the vault holds no account: the page offers Add and Import.
    let offersAdd: Bool
    /// Whether each row offers to move up and down: the custom order, without search or filter.
    let canReorder: Bool
    /// The link that shows more rows ("Show 50 more"), when the list holds more than are shown.
    let more: String?
    /// How many rows the page shows after that link.
    let nextShown: Int
    /// The serial of the codes shown (``CodeBoard/serial``): the page's script
    /// puts in the `codes` events newer than it, never older ones.
    let codesSerial: Int

    /// How many rows a page shows at first, and how many more each "Show more"
    /// adds: a vault of thousands of accounts costs a tab (its page, each live
    /// update) a page of rows, not the whole list. The search finds the rest.
    static let pageSize = 50

    /// What a tab's rows are made from, read from its list (with Observation
    /// tracking, as a live connection reads it): equal sources make equal
    /// rows, so the tabs that show the same list share one set of them
    /// (``AuthenticatorFrontEnd/listRows(of:ticked:)``).
    struct Source: Equatable {
        /// The rows shown, with their own codes.
        let rows: ArraySlice<AccountRow>
        /// How many rows the list holds.
        let total: Int
        let shown: Int
        let canReorder: Bool
        let empty: LocalizedText?
        let offersAdd: Bool
        let language: String
        /// The serial of the board's codes (``CodeBoard/serial``).
        let codesSerial: Int
        /// Whether the rows show the board's codes (a live update: the tab's
        /// own list is not ticked), or their own (a list just ticked, for a page).
        let showsBoardCodes: Bool

        /// The first `shown` rows of `list`, in `language`.
        @MainActor
        init(list: AccountListViewModel, shown: Int, language: String, codesSerial: Int, showsBoardCodes: Bool) {
            let all = list.rows
            rows = all.prefix(shown)
            total = all.count
            self.shown = shown
            canReorder = list.canReorder && all.count > 1
            empty = list.emptyMessage
            offersAdd = empty != nil && list.filter == .all && list.searchText.allSatisfy(\.isWhitespace)
            self.language = language
            self.codesSerial = codesSerial
            self.showsBoardCodes = showsBoardCodes
        }
    }

    /// The rows of `source`, with `codes` for its time-based accounts when
    /// it shows the board's (read without tracking: new codes alone do not
    /// render the rows again; they are pushed apart).
    init(_ source: Source, codes: [String: CodeBoard.Code], wording: Wording) {
        let hidden = source.total - source.rows.count
        more = hidden > 0 ? wording("Show \(min(hidden, Self.pageSize)) more (\(source.total) accounts in all)") : nil
        nextShown = source.shown + Self.pageSize
        canReorder = source.canReorder
        rows = source.rows.enumerated().map { index, row in
            let id = row.id.description
            var code = row.code
            var nextCode = row.nextCode
            if source.showsBoardCodes, row.period != nil {
                // An account the board has no code for yet (just added) shows none until its `codes` event.
                code = codes[id]?.code
                nextCode = codes[id]?.next
            }
            return Row(
                id: id, title: row.title, initial: row.title.first.map { String($0).uppercased() } ?? "",
                subtitle: row.subtitle, tags: row.tags.joined(separator: ", "),
                favourite: row.isFavourite, code: code, copyText: code.map(Self.copyText),
                nextCode: nextCode, period: row.period, counter: row.counter.map(String.init), hotp: row.kind == .hotp,
                canMoveUp: index > 0, canMoveDown: index < source.total - 1)
        }
        // The rows are shared by the tabs of one language only (each voice has its fragments).
        empty = source.empty.map { wording($0) }
        offersAdd = source.offersAdd
        codesSerial = source.codesSerial
    }

    /// A code as typed: without the spaces that group it. Over its UTF-8 bytes
    /// (a code is ASCII): made for every row of every page served.
    private static func copyText(_ code: String) -> String {
        String(decoding: code.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self)
    }
}
