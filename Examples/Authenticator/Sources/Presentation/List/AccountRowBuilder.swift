import AuthenticatorDomain
import Foundation

/// Builds the list's rows, doing again only what changed.
///
/// The list asks for its rows whenever an input changes. Most inputs change
/// rarely (the accounts, the settings) and one changes on every keystroke
/// (the search), so each stage keeps its last result: the sorted accounts
/// until the accounts or the order change, each account's folded search text
/// until the account changes, and each code until its time step changes.
/// A tick inside a period changes no input at all.
@MainActor
final class AccountRowBuilder {
    /// What the rows depend on.
    struct Inputs: Equatable {
        var accounts: [SavedAccount]
        var settings: VaultSettings
        var search: String
        var filter: AccountFilter
        var steps: [Int: Int64]
        var revealed: [AccountID: String]
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
    private var sorted: (accounts: [SavedAccount], order: AccountOrder, result: [SavedAccount])?
    private var haystacks: [AccountID: (account: Account, text: String)] = [:]
    private var codes: [AccountID: CachedCode] = [:]
    private var last: (inputs: Inputs, rows: [AccountRow])?

    /// How many codes were made so far (the current and next codes each count).
    private(set) var codesMade = 0

    init(makeCode: @escaping MakeCodeUsecase) {
        self.makeCode = makeCode
    }

    /// The rows for `inputs`, codes made for `moment` (device time).
    func rows(for inputs: Inputs, at moment: Date) -> [AccountRow] {
        if let last, last.inputs == inputs { return last.rows }
        let query = AccountSearch.folded(inputs.search)
        let rows = sortedAccounts(inputs.accounts, by: inputs.settings.sortOrder)
            .filter { matches($0, filter: inputs.filter, query: query) }
            .map { row(for: $0, inputs: inputs, moment: moment) }
        forgetDeleted(keeping: inputs.accounts)
        last = (inputs, rows)
        return rows
    }

    private func sortedAccounts(_ accounts: [SavedAccount], by order: AccountOrder) -> [SavedAccount] {
        if let sorted, sorted.order == order, sorted.accounts == accounts { return sorted.result }
        let result = AccountSearch.sorted(accounts, by: order)
        sorted = (accounts, order, result)
        return result
    }

    private func matches(_ saved: SavedAccount, filter: AccountFilter, query: String) -> Bool {
        switch filter {
        case .all: break
        case .favourites: guard saved.isFavourite else { return false }
        case .tag(let tag): guard saved.tags.contains(tag) else { return false }
        }
        guard !query.isEmpty else { return true }
        return AccountSearch.matches(haystack(of: saved), query: query)
    }

    private func haystack(of saved: SavedAccount) -> String {
        if let cached = haystacks[saved.id], cached.account == saved.account { return cached.text }
        let text = AccountSearch.haystack(of: saved.account)
        haystacks[saved.id] = (saved.account, text)
        return text
    }

    private func row(for saved: SavedAccount, inputs: Inputs, moment: Date) -> AccountRow {
        let account = saved.account
        let parameters = account.parameters
        var code: String?
        var next: String?
        var period: Int?
        if parameters.kind == .hotp {
            code = inputs.revealed[saved.id]
        } else {
            period = parameters.period
            let step = inputs.steps[parameters.period] ?? CodeClock(moment: moment, offset: inputs.settings.timeOffset).step(of: parameters.period)
            let cached = cachedCode(saved, step: step, settings: inputs.settings, moment: moment)
            code = cached.code
            next = cached.next
        }
        return AccountRow(
            id: saved.id, issuer: account.issuer, name: account.name, tags: saved.tags,
            isFavourite: saved.isFavourite, kind: parameters.kind, code: code, nextCode: next,
            period: period, counter: parameters.kind == .hotp ? parameters.counter : nil)
    }

    private func cachedCode(_ saved: SavedAccount, step: Int64, settings: VaultSettings, moment: Date) -> CachedCode {
        if let cached = codes[saved.id], cached.step == step, cached.account == saved.account,
           cached.offset == settings.timeOffset, cached.showsNext == settings.showsNextCode
        {
            return cached
        }
        let period = saved.account.parameters.period
        // The code of the step itself, whatever second of it `moment` is.
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

    /// Drops the caches of accounts no longer saved.
    private func forgetDeleted(keeping accounts: [SavedAccount]) {
        guard codes.count > accounts.count || haystacks.count > accounts.count else { return }
        let ids = Set(accounts.map(\.id))
        codes = codes.filter { ids.contains($0.key) }
        haystacks = haystacks.filter { ids.contains($0.key) }
    }
}
