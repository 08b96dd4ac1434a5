import AuthenticatorDomain
import Foundation

/// Builds the list's rows, doing again only what changed: for one list, or
/// for every list that shares it (the web front-end's tabs share one, so that
/// 500 tabs hold and make one set of rows, not 500).
///
/// The list asks for its rows whenever an input changes. Most inputs change
/// rarely (the accounts, the settings), the time step changes at each period
/// boundary, and the search changes on every keystroke. So the work is done
/// in three stages:
///
/// 1. the accounts sorted, each with its folded search text, until the
///    accounts or the order change;
/// 2. every account's row with its code, until the accounts or the settings
///    change or a time step moves on — and then each code is made again only
///    when its own step changed. A list that asks with older steps (a web tab
///    not ticked since its page was served) gets these rows: a code never
///    goes back to an ended period;
/// 3. the rows the search and the filter keep, with the counter-based codes
///    the list revealed: all a keystroke costs. Without search, filter or
///    revealed code, the rows of stage 2 themselves, shared.
///
/// A tick inside a period changes no input at all.
@MainActor
package final class AccountRowBuilder {
    /// What the rows depend on.
    struct Inputs: Equatable {
        var accounts: [SavedAccount]
        var settings: VaultSettings
        var search: String
        var filter: AccountFilter
        var steps: [Int: Int64]
        var revealed: [AccountID: String]
    }

    /// The rows of stage 2, with what the search of stage 3 looks at.
    private struct Listing {
        let accounts: [SavedAccount]
        let settings: VaultSettings
        let steps: [Int: Int64]
        let rows: [AccountRow]
        let haystacks: [String]

        /// Whether these rows are those of `inputs`, or newer.
        func serves(_ inputs: Inputs) -> Bool {
            accounts == inputs.accounts && settings == inputs.settings
                && !inputs.steps.contains { period, step in step > steps[period] ?? .min }
        }
    }

    /// A code made for an account at a time step.
    private struct CachedCode {
        let account: Account
        let step: Int64
        let offset: Int
        let showsNext: Bool
        let code: String
        let next: String?
    }

    private let makeCode: MakeCodeUsecase
    private var sorted: (accounts: [SavedAccount], order: AccountOrder, result: [(SavedAccount, haystack: String)])?
    private var listing: Listing?
    private var codes: [AccountID: CachedCode] = [:]

    /// How many codes were made so far (the current and next codes each count).
    private(set) var codesMade = 0

    /// A builder making codes with `makeCode`; give the same one to the lists that show the same accounts.
    package init(makeCode: @escaping MakeCodeUsecase) {
        self.makeCode = makeCode
    }

    /// The periods of the time-based accounts among `accounts`, worked out
    /// again only when they change: once for every list sharing the builder.
    func periods(of accounts: [SavedAccount]) -> Set<Int> {
        if let periodsOf, periodsOf.accounts == accounts { return periodsOf.result }
        let result = Set(accounts.lazy.filter { $0.account.parameters.kind != .hotp }.map(\.account.parameters.period))
        periodsOf = (accounts, result)
        return result
    }

    /// Every tag in use among `accounts`, sorted as a person reads them, worked
    /// out again only when they change: once for every list sharing the builder.
    func tags(of accounts: [SavedAccount]) -> [String] {
        if let tagsOf, tagsOf.accounts == accounts { return tagsOf.result }
        let result = Set(accounts.flatMap(\.tags)).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        tagsOf = (accounts, result)
        return result
    }

    private var periodsOf: (accounts: [SavedAccount], result: Set<Int>)?
    private var tagsOf: (accounts: [SavedAccount], result: [String])?

    /// The rows for `inputs`, codes made for `moment` (device time).
    func rows(for inputs: Inputs, at moment: Date) -> [AccountRow] {
        let listing = self.listing(for: inputs, at: moment)
        let words = AccountSearch.words(of: inputs.search)
        if inputs.filter == .all, words.isEmpty, inputs.revealed.isEmpty { return listing.rows }
        var rows: [AccountRow] = []
        for (row, haystack) in zip(listing.rows, listing.haystacks) where keeps(row, haystack, filter: inputs.filter, words: words) {
            rows.append(row.kind == .hotp ? row.revealing(inputs.revealed[row.id]) : row)
        }
        return rows
    }

    private func listing(for inputs: Inputs, at moment: Date) -> Listing {
        if let listing, listing.serves(inputs) { return listing }
        let sorted = sortedAccounts(inputs.accounts, by: inputs.settings.sortOrder)
        let made = Listing(
            accounts: inputs.accounts, settings: inputs.settings, steps: inputs.steps,
            rows: sorted.map { saved, _ in row(for: saved, inputs: inputs, moment: moment) },
            haystacks: sorted.map(\.haystack))
        if codes.count > inputs.accounts.count {
            let ids = Set(inputs.accounts.map(\.id))
            codes = codes.filter { ids.contains($0.key) }
        }
        listing = made
        return made
    }

    private func sortedAccounts(_ accounts: [SavedAccount], by order: AccountOrder) -> [(SavedAccount, haystack: String)] {
        if let sorted, sorted.order == order, sorted.accounts == accounts { return sorted.result }
        let result = AccountSearch.sorted(accounts, by: order).map { ($0, haystack: AccountSearch.haystack(of: $0.account)) }
        sorted = (accounts, order, result)
        return result
    }

    private func keeps(_ row: AccountRow, _ haystack: String, filter: AccountFilter, words: [String]) -> Bool {
        switch filter {
        case .all: break
        case .favourites: guard row.isFavourite else { return false }
        case .tag(let tag): guard row.tags.contains(tag) else { return false }
        }
        return words.isEmpty || AccountSearch.matches(haystack, words: words)
    }

    /// The row of `saved`; a counter-based one without its code (stage 3 puts in those the list revealed).
    private func row(for saved: SavedAccount, inputs: Inputs, moment: Date) -> AccountRow {
        let account = saved.account
        let parameters = account.parameters
        var code: String?
        var next: String?
        var period: Int?
        if parameters.kind != .hotp {
            period = parameters.period
            let step = inputs.steps[parameters.period]
                ?? CodeClock(moment: moment, offset: inputs.settings.timeOffset).step(of: parameters.period)
            let cached = cachedCode(saved, step: step, settings: inputs.settings)
            code = cached.code
            next = cached.next
        }
        return AccountRow(
            id: saved.id, issuer: account.issuer, name: account.name, tags: saved.tags,
            isFavourite: saved.isFavourite, kind: parameters.kind, code: code, nextCode: next,
            period: period, counter: parameters.kind == .hotp ? parameters.counter : nil)
    }

    private func cachedCode(_ saved: SavedAccount, step: Int64, settings: VaultSettings) -> CachedCode {
        if let cached = codes[saved.id], cached.step == step, cached.offset == settings.timeOffset,
           cached.showsNext == settings.showsNextCode, cached.account == saved.account
        {
            return cached
        }
        let period = saved.account.parameters.period
        // The code of the step itself, whatever second of it the moment is.
        let start = Date(timeIntervalSince1970: Double(step) * Double(period) - Double(settings.timeOffset))
        let code = makeCode(saved.account, start).grouped
        let next = settings.showsNextCode ? makeCode(saved.account, start.addingTimeInterval(Double(period))).grouped : nil
        codesMade += settings.showsNextCode ? 2 : 1
        let cached = CachedCode(
            account: saved.account, step: step, offset: settings.timeOffset, showsNext: settings.showsNextCode,
            code: code, next: next)
        codes[saved.id] = cached
        return cached
    }
}
