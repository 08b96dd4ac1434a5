import AuthenticatorDomain
import Foundation

/// Builds the list's rows, doing again only what changed.
///
/// The list asks for its rows whenever an input changes. Most inputs change
/// rarely (the accounts, the settings), the time step changes at each period
/// boundary, and the search changes on every keystroke. So the work is done
/// in three stages, each keeping its last result:
///
/// 1. the accounts sorted, each with its folded search text, until the
///    accounts or the order change;
/// 2. every account's row with its code, until the accounts, the settings,
///    a time step or a revealed code change — and then each code is made
///    again only when its own step changed;
/// 3. the rows the search and the filter keep: all a keystroke costs.
///
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

    /// What stage 2 depends on: the inputs but the search and the filter.
    private struct RowInputs: Equatable {
        var accounts: [SavedAccount]
        var settings: VaultSettings
        var steps: [Int: Int64]
        var revealed: [AccountID: String]
    }

    /// A row of stage 2, with what the search and filter of stage 3 look at.
    private struct Candidate {
        let row: AccountRow
        let haystack: String
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
    private var candidates: (inputs: RowInputs, result: [Candidate])?
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
        let words = AccountSearch.words(of: inputs.search)
        let rows = candidates(for: inputs, at: moment)
            .filter { keeps($0, filter: inputs.filter, words: words) }
            .map(\.row)
        last = (inputs, rows)
        return rows
    }

    private func candidates(for inputs: Inputs, at moment: Date) -> [Candidate] {
        let rowInputs = RowInputs(
            accounts: inputs.accounts, settings: inputs.settings, steps: inputs.steps, revealed: inputs.revealed)
        if let candidates, candidates.inputs == rowInputs { return candidates.result }
        let result = sortedAccounts(inputs.accounts, by: inputs.settings.sortOrder).map { saved, haystack in
            Candidate(row: row(for: saved, inputs: inputs, moment: moment), haystack: haystack)
        }
        if codes.count > inputs.accounts.count {
            let ids = Set(inputs.accounts.map(\.id))
            codes = codes.filter { ids.contains($0.key) }
        }
        candidates = (rowInputs, result)
        return result
    }

    private func sortedAccounts(_ accounts: [SavedAccount], by order: AccountOrder) -> [(SavedAccount, haystack: String)] {
        if let sorted, sorted.order == order, sorted.accounts == accounts { return sorted.result }
        let result = AccountSearch.sorted(accounts, by: order).map { ($0, haystack: AccountSearch.haystack(of: $0.account)) }
        sorted = (accounts, order, result)
        return result
    }

    private func keeps(_ candidate: Candidate, filter: AccountFilter, words: [String]) -> Bool {
        switch filter {
        case .all: break
        case .favourites: guard candidate.row.isFavourite else { return false }
        case .tag(let tag): guard candidate.row.tags.contains(tag) else { return false }
        }
        return words.isEmpty || AccountSearch.matches(candidate.haystack, words: words)
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
